import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { enqueueMail } from '../../../mail/outbox';
import type { AuditActor } from '../../audit/audit-chain';
import { appendAuditEvent } from '../../audit/trail-seal';
import { conflictsPrecheckWithdrawnMail } from '../sharing/sharing.mails';
import { conflictsMembers, withdrawPrecheckRows } from './conflicts-rows.repo';

/** The conflicts members' queue (PRODUCT.md §13), where the pre-check mails lead. */
export const queueUrl = (ctx: AppContext) => `${ctx.publicUrl}/firm/conflicts`;

/**
 * A request that leaves 'pending' without a share (declined by the attorney, withdrawn by the firm) closes its
 * pre-check in the same transaction: the rows and their answers go, as on the attorney's withdrawal, the trail
 * records it and the conflicts members are told. Returns whether there was one (the caller then calls
 * ctx.onMailQueued after its commit).
 */
export async function closePrecheckOnEnd(
  ctx: AppContext,
  tx: Tx,
  request: { id: string; firmId: string; firmName: string; positionTitle: string },
  actor: AuditActor,
  to: 'declined' | 'withdrawn',
): Promise<boolean> {
  if (!(await withdrawPrecheckRows(tx, request.id))) return false;
  await appendAuditEvent(tx, {
    requestId: request.id,
    actor,
    type: 'conflicts_precheck_withdrawn',
    details: { parts: ['conflictsForm'], request: to },
  });
  const mail = conflictsPrecheckWithdrawnMail({
    firmName: request.firmName,
    positionTitle: request.positionTitle,
    url: queueUrl(ctx),
  });
  for (const m of await conflictsMembers(tx, request.firmId))
    await enqueueMail(tx, { kind: 'conflicts_precheck_withdrawn', to: m.email, ...mail });
  return true;
}
