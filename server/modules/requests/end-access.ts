import type { RevocationCause } from '@shared/sharing';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { lpqRequests } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { mailFirm } from './firm-recipients';
import { transitionRequest } from './request-state';
import { packageRevokedMail } from './sharing.mails';

type RequestRow = typeof lpqRequests.$inferSelect;

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
