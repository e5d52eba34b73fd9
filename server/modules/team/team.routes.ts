import { routeSchema } from '@shared/contracts/contract';
import { teamContracts as c } from '@shared/contracts/team';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireUser, setSessionCookie } from '../../plugins/session';
import { getConflictsView, listConflictsQueue, setConflictsStatus } from './conflicts.service';
import {
  acceptInvitation,
  cancelInvitation,
  inviteMember,
  listInvitations,
  lookupInvitation,
  resendInvitation,
} from './invitations.service';
import {
  getFirmSettings,
  listFirmAuditTrail,
  listFirmMembers,
  removeMember,
  saveFirmSettings,
  updateMemberRoles,
} from './members.service';
import { getReviewers, setReviewers } from './reviewers.service';
import { listSelfIdentification } from './self-identification.service';

/** The firm's team (PRODUCT.md §9): members, invitations, settings, reviewers, conflicts, self-identification. */
export async function teamRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;
  // The mailed token is the proof: counted per client address like the other mailed links.
  const byIp = (name: string) => ({
    rateLimit: {
      max: config.rateLimit.max,
      windowMs: config.rateLimit.windowMs,
      key: (r: { ip: string }) => `${name}:${r.ip}`,
    },
  });

  app.post(
    c.lookupInvitation.path,
    { schema: routeSchema(c.lookupInvitation), config: byIp('invitation') },
    (request) => lookupInvitation(ctx, actorOf(request), request.body),
  );
  app.post(
    c.acceptInvitation.path,
    { schema: routeSchema(c.acceptInvitation), config: byIp('accept-invitation') },
    async (request, reply) => {
      const { user, session } = await acceptInvitation(ctx, actorOf(request), request.body);
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return user;
    },
  );

  await app.register(async (scoped) => {
    const firm = scoped.withTypeProvider<ZodTypeProvider>();
    // Firm users only, before body validation: a signed-out or attorney caller learns nothing from a 400.
    firm.addHook('preValidation', requireUser('firm'));

    firm.get(c.listMembers.path, { schema: routeSchema(c.listMembers) }, (request) =>
      listFirmMembers(ctx, actorOf(request)),
    );
    // PRODUCT.md §10: member and role changes need a recent sign-in.
    const recent = { recentSignIn: true };
    firm.put(c.updateMember.path, { schema: routeSchema(c.updateMember), config: recent }, (request) =>
      updateMemberRoles(ctx, actorOf(request), { userId: request.params.userId, roles: request.body.roles }),
    );
    firm.delete(
      c.removeMember.path,
      { schema: routeSchema(c.removeMember), config: recent },
      async (request, reply) => {
        await removeMember(ctx, actorOf(request), { userId: request.params.userId });
        return reply.code(204).send();
      },
    );

    firm.get(c.listInvitations.path, { schema: routeSchema(c.listInvitations) }, (request) =>
      listInvitations(ctx, actorOf(request)),
    );
    firm.post(c.invite.path, { schema: routeSchema(c.invite), config: recent }, async (request, reply) =>
      reply.code(201).send(await inviteMember(ctx, actorOf(request), request.body)),
    );
    firm.post(c.resendInvitation.path, { schema: routeSchema(c.resendInvitation) }, (request) =>
      resendInvitation(ctx, actorOf(request), { id: request.params.id }),
    );
    firm.delete(
      c.cancelInvitation.path,
      { schema: routeSchema(c.cancelInvitation) },
      async (request, reply) => {
        await cancelInvitation(ctx, actorOf(request), { id: request.params.id });
        return reply.code(204).send();
      },
    );

    firm.get(c.getReviewers.path, { schema: routeSchema(c.getReviewers) }, (request) =>
      getReviewers(ctx, actorOf(request), { id: request.params.id }),
    );
    firm.put(c.setReviewers.path, { schema: routeSchema(c.setReviewers) }, (request) =>
      setReviewers(ctx, actorOf(request), { id: request.params.id, userIds: request.body.userIds }),
    );

    firm.get(c.conflictsQueue.path, { schema: routeSchema(c.conflictsQueue) }, (request) =>
      listConflictsQueue(ctx, actorOf(request), { status: request.query.status }),
    );
    firm.get(c.conflictsView.path, { schema: routeSchema(c.conflictsView) }, (request) =>
      getConflictsView(ctx, actorOf(request), { id: request.params.id }),
    );
    firm.post(c.setConflictsStatus.path, { schema: routeSchema(c.setConflictsStatus) }, (request) =>
      setConflictsStatus(ctx, actorOf(request), { id: request.params.id, ...request.body }),
    );

    firm.get(c.selfIdentification.path, { schema: routeSchema(c.selfIdentification) }, (request) =>
      listSelfIdentification(ctx, actorOf(request)),
    );

    firm.get(c.getSettings.path, { schema: routeSchema(c.getSettings) }, (request) =>
      getFirmSettings(ctx, actorOf(request)),
    );
    firm.put(c.saveSettings.path, { schema: routeSchema(c.saveSettings), config: recent }, (request) =>
      saveFirmSettings(ctx, actorOf(request), request.body),
    );
    firm.get(c.audit.path, { schema: routeSchema(c.audit) }, (request) =>
      listFirmAuditTrail(ctx, actorOf(request)),
    );
  });
}
