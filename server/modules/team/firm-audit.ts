import type { Tx } from '../../db/client';
import type { FirmMember } from '../../policies/authorize';
import { actorName } from './team.presenter';
import { type FirmAuditInput, recordFirmAudit } from './team.repo';

/** PRODUCT.md §9: a line of the firm's audit trail for what one of its members did, in the change's transaction. */
export const recordMemberAudit = (
  tx: Tx,
  member: FirmMember,
  entry: Pick<FirmAuditInput, 'action' | 'subject' | 'detail'>,
) =>
  recordFirmAudit(tx, {
    firmId: member.firm.id,
    actor: { id: member.id, name: actorName(member) },
    ...entry,
  });
