import type { FirmRole } from '@shared/team';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { firmMembers, firms } from '../../db/schema';
import { buildFirmUser } from '../../test/factories';

/**
 * A member of an existing firm with these roles, signed in (PRODUCT.md §9). Registered as a firm account of
 * its own, then moved into the firm: the invitation flow itself is tested in team.invitations.test.ts.
 */
export async function addFirmMember(
  app: FastifyInstance,
  firmId: string,
  roles: FirmRole[],
  opts: { firstName?: string; lastName?: string } = {},
) {
  const actor = await buildFirmUser(app, opts);
  await app.ctx.db.update(firmMembers).set({ firmId, roles }).where(eq(firmMembers.userId, actor.user.id));
  await app.ctx.db.delete(firms).where(eq(firms.id, actor.firmId));
  return { ...actor, firmId, user: { ...actor.user, firm: { id: firmId, roles } } };
}
