import { routeSchema } from '@shared/contracts/contract';
import { firmRequestContracts } from '@shared/contracts/firm';
import { teamContracts as c } from '@shared/contracts/team';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, onlyFor, setSessionCookie } from '../../plugins/session';
import { bulkAction } from './bulk-actions.service';
import {
  answerConflictsRow,
  type ConflictsFile,
  exportConflicts,
  exportConflictsWaiting,
  getConflictsView,
  listConflictsQueue,
} from './conflicts.service';
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
import { listSelfIdentification, selfIdentificationCountsCsv } from './self-identification.service';

/** The firm's team (PRODUCT.md §9): members, invitations, settings, reviewers, conflicts, self-identification. */
export async function teamRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // PRODUCT.md §15: bulk actions on the pipeline's requests, each request on its own (its contract is the list's).
  app.post(
    firmRequestContracts.bulk.path,
    { ...onlyFor.firm, schema: routeSchema(firmRequestContracts.bulk) },
    async (request) => bulkAction(ctx, actorOf(request), request.body),
  );
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

  app.get(c.listMembers.path, { ...onlyFor.firm, schema: routeSchema(c.listMembers) }, (request) =>
    listFirmMembers(ctx, actorOf(request)),
  );
  // PRODUCT.md §10: member and role changes need a recent sign-in, and (issue 67) so does what grants access
  // or ends it: resending an invitation, assigning reviewers.
  const recent = { recentSignIn: true };
  app.put(
    c.updateMember.path,
    { ...onlyFor.firm, schema: routeSchema(c.updateMember), config: recent },
    (request) =>
      updateMemberRoles(ctx, actorOf(request), { userId: request.params.userId, roles: request.body.roles }),
  );
  app.delete(
    c.removeMember.path,
    { ...onlyFor.firm, schema: routeSchema(c.removeMember), config: recent },
    async (request, reply) => {
      await removeMember(ctx, actorOf(request), { userId: request.params.userId });
      return reply.code(204).send();
    },
  );

  app.get(c.listInvitations.path, { ...onlyFor.firm, schema: routeSchema(c.listInvitations) }, (request) =>
    listInvitations(ctx, actorOf(request)),
  );
  app.post(
    c.invite.path,
    { ...onlyFor.firm, schema: routeSchema(c.invite), config: recent },
    async (request, reply) => reply.code(201).send(await inviteMember(ctx, actorOf(request), request.body)),
  );
  app.post(
    c.resendInvitation.path,
    { ...onlyFor.firm, schema: routeSchema(c.resendInvitation), config: recent },
    (request) => resendInvitation(ctx, actorOf(request), { id: request.params.id }),
  );
  app.delete(
    c.cancelInvitation.path,
    { ...onlyFor.firm, schema: routeSchema(c.cancelInvitation) },
    async (request, reply) => {
      await cancelInvitation(ctx, actorOf(request), { id: request.params.id });
      return reply.code(204).send();
    },
  );

  app.get(c.getReviewers.path, { ...onlyFor.firm, schema: routeSchema(c.getReviewers) }, (request) =>
    getReviewers(ctx, actorOf(request), { id: request.params.id }),
  );
  app.put(
    c.setReviewers.path,
    { ...onlyFor.firm, schema: routeSchema(c.setReviewers), config: recent },
    (request) =>
      setReviewers(ctx, actorOf(request), { id: request.params.id, userIds: request.body.userIds }),
  );

  app.get(c.conflictsQueue.path, { ...onlyFor.firm, schema: routeSchema(c.conflictsQueue) }, (request) =>
    listConflictsQueue(ctx, actorOf(request), { status: request.query.status }),
  );
  app.get(c.conflictsView.path, { ...onlyFor.firm, schema: routeSchema(c.conflictsView) }, (request) =>
    getConflictsView(ctx, actorOf(request), { id: request.params.id }),
  );
  app.put(
    c.answerConflictsRow.path,
    { ...onlyFor.firm, schema: routeSchema(c.answerConflictsRow) },
    (request) =>
      answerConflictsRow(ctx, actorOf(request), {
        id: request.params.id,
        rowId: request.params.rowId,
        ...request.body,
      }),
  );

  app.get(
    c.selfIdentification.path,
    { ...onlyFor.firm, schema: routeSchema(c.selfIdentification) },
    (request) => listSelfIdentification(ctx, actorOf(request)),
  );

  // PRODUCT.md §13: the exports for the firm's conflicts system.
  const sendFile = (reply: FastifyReply, file: ConflictsFile) =>
    reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .send(file.body);
  app.get(
    c.conflictsCsv.path,
    { ...onlyFor.firm, schema: routeSchema(c.conflictsCsv) },
    async (request, reply) =>
      sendFile(reply, await exportConflicts(ctx, actorOf(request), { id: request.params.id, format: 'csv' })),
  );
  app.get(
    c.conflictsXlsx.path,
    { ...onlyFor.firm, schema: routeSchema(c.conflictsXlsx) },
    async (request, reply) =>
      sendFile(
        reply,
        await exportConflicts(ctx, actorOf(request), { id: request.params.id, format: 'xlsx' }),
      ),
  );
  app.get(
    c.conflictsWaitingCsv.path,
    { ...onlyFor.firm, schema: routeSchema(c.conflictsWaitingCsv) },
    async (request, reply) => sendFile(reply, await exportConflictsWaiting(ctx, actorOf(request))),
  );

  app.get(
    c.selfIdentificationCountsCsv.path,
    { ...onlyFor.firm, schema: routeSchema(c.selfIdentificationCountsCsv) },
    async (request, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="self-identification-counts.csv"')
        .send(await selfIdentificationCountsCsv(ctx, actorOf(request))),
  );

  app.get(c.getSettings.path, { ...onlyFor.firm, schema: routeSchema(c.getSettings) }, (request) =>
    getFirmSettings(ctx, actorOf(request)),
  );
  app.put(
    c.saveSettings.path,
    { ...onlyFor.firm, schema: routeSchema(c.saveSettings), config: recent },
    (request) => saveFirmSettings(ctx, actorOf(request), request.body),
  );
  app.get(c.audit.path, { ...onlyFor.firm, schema: routeSchema(c.audit) }, (request) =>
    listFirmAuditTrail(ctx, actorOf(request)),
  );
}
