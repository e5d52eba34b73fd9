import type { RevocationCause } from '@shared/sharing';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import type { lpqRequests } from '../../../db/schema';
import { HttpError } from '../../../plugins/errors';
import type { AuditActor } from '../../audit/audit-chain';
import { appendAuditEvent } from '../../audit/trail-seal';
import { mailFirm } from '../firm/firm-recipients';
import { transitionRequest } from '../lifecycle/request-state';
import { packageRevokedMail } from './sharing.mails';

type RequestRow = typeof lpqRequests.$inferSelect;

/** PRODUCT.md §11: how each cause reads in the request's audit trail. */
const TRAIL_EVENT: Record<
  RevocationCause,
  (row: RequestRow) => { type: 'revoked' | 'expired' | 'deleted'; details: Record<string, unknown> }
> = {
  attorney: (row) => ({ type: 'revoked', details: { version: row.currentVersion } }),
  expired: (row) => ({
    type: 'expired',
    details: { version: row.currentVersion, accessUntil: row.accessUntil },
  }),
  account_deleted: (row) => ({ type: 'deleted', details: { version: row.currentVersion } }),
};

/**
 * Ends a firm's access inside the caller's transaction: shared → revoked with a guarded update, the firm
 * is mailed. Returns null when the request was not shared (already revoked, or never shared).
 */
export async function endAccess(
  ctx: Pick<AppContext, 'publicUrl'>,
  tx: Tx,
  input: {
    requestId: string;
    cause: RevocationCause;
    /** Who ended it, for the audit trail: the attorney, or the expiry job. */
    actor: AuditActor;
    attorneyName: string;
    scope?: SQL;
  },
): Promise<RequestRow | null> {
  let row: RequestRow;
  try {
    row = await transitionRequest(tx, {
      requestId: input.requestId,
      to: 'revoked',
      scope: input.scope,
      set: { revokedAt: new Date(), revokedBy: input.cause },
    });
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) return null;
    throw err;
  }
  await appendAuditEvent(tx, {
    requestId: row.id,
    actor: input.actor,
    ...TRAIL_EVENT[input.cause](row),
  });
  await mailFirm(
    tx,
    row,
    'package_revoked',
    packageRevokedMail({
      attorneyName: input.attorneyName,
      firmName: row.firmName,
      positionTitle: row.positionTitle,
      url: `${ctx.publicUrl}/firm/requests/${row.id}`,
      cause: input.cause,
    }),
  );
  return row;
}
