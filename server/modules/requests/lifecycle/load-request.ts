import { isUuid } from '@shared/uuid';
import type { Db, Tx } from '../../../db/client';
import { type AttorneyUser, authorize } from '../../../policies/authorize';
import { requestPolicies as policies } from '../../../policies/request.policy';
import { findRequestSentTo } from '../attorney/attorney-requests.repo';

/**
 * The request an attorney acts on, judged by policy request.attorneyActs: another attorney's request, an
 * unknown or a malformed id are all 404, so a request's existence is never revealed.
 */
export async function loadAttorneyRequest(db: Db | Tx, attorney: AttorneyUser, requestId: string) {
  const row = isUuid(requestId) ? await findRequestSentTo(db, attorney, requestId) : undefined;
  authorize(policies.attorneyActs, attorney, row);
  return row!;
}
