import { firmRequestContracts } from '@shared/contracts/firm';
import { teamContracts as c } from '@shared/contracts/team';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { actorOf, setSessionCookie } from '../../plugins/session';
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
  const { route } = contractRoutes(fastify);

  // PRODUCT.md §15: bulk actions on the pipeline's requests, each request on its own (its contract is the list's).
  route(firmRequestContracts.bulk, async (request) => bulkAction(ctx, actorOf(request), request.body));
  const { config } = ctx;
  // The mailed token is the proof: counted per client address like the other mailed links.
  const byIp = (name: string) => ({
    rateLimit: {
      max: config.rateLimit.max,
      windowMs: config.rateLimit.windowMs,
      key: (r: { ip: string }) => `${name}:${r.ip}`,
    },
  });

  route(
    c.lookupInvitation,
    (request) => lookupInvitation(ctx, actorOf(request), request.body),
    byIp('invitation'),
  );
  route(
    c.acceptInvitation,
    async (request, reply) => {
      const { user, session } = await acceptInvitation(ctx, actorOf(request), request.body);
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return user;
    },
    byIp('accept-invitation'),
  );

  route(c.listMembers, (request) => listFirmMembers(ctx, actorOf(request)));
  // PRODUCT.md §10: member and role changes need a recent sign-in, and (issue 67) so does what grants access
  // or ends it: resending an invitation, assigning reviewers.
  const recent = { recentSignIn: true };
  route(
    c.updateMember,
    (request) =>
      updateMemberRoles(ctx, actorOf(request), { userId: request.params.userId, roles: request.body.roles }),
    recent,
  );
  route(
    c.removeMember,
    async (request, reply) => {
      await removeMember(ctx, actorOf(request), { userId: request.params.userId });
      return reply.code(204).send();
    },
    recent,
  );

  route(c.listInvitations, (request) => listInvitations(ctx, actorOf(request)));
  route(
    c.invite,
    async (request, reply) => reply.code(201).send(await inviteMember(ctx, actorOf(request), request.body)),
    recent,
  );
  route(
    c.resendInvitation,
    (request) => resendInvitation(ctx, actorOf(request), { id: request.params.id }),
    recent,
  );
  route(c.cancelInvitation, async (request, reply) => {
    await cancelInvitation(ctx, actorOf(request), { id: request.params.id });
    return reply.code(204).send();
  });

  route(c.getReviewers, (request) => getReviewers(ctx, actorOf(request), { id: request.params.id }));
  route(
    c.setReviewers,
    (request) =>
      setReviewers(ctx, actorOf(request), { id: request.params.id, userIds: request.body.userIds }),
    recent,
  );

  route(c.conflictsQueue, (request) =>
    listConflictsQueue(ctx, actorOf(request), { status: request.query.status }),
  );
  route(c.conflictsView, (request) => getConflictsView(ctx, actorOf(request), { id: request.params.id }));
  route(c.answerConflictsRow, (request) =>
    answerConflictsRow(ctx, actorOf(request), {
      id: request.params.id,
      rowId: request.params.rowId,
      ...request.body,
    }),
  );

  route(c.selfIdentification, (request) => listSelfIdentification(ctx, actorOf(request)));

  // PRODUCT.md §13: the exports for the firm's conflicts system.
  const sendFile = (reply: FastifyReply, file: ConflictsFile) =>
    reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .send(file.body);
  route(c.conflictsCsv, async (request, reply) =>
    sendFile(reply, await exportConflicts(ctx, actorOf(request), { id: request.params.id, format: 'csv' })),
  );
  route(c.conflictsXlsx, async (request, reply) =>
    sendFile(reply, await exportConflicts(ctx, actorOf(request), { id: request.params.id, format: 'xlsx' })),
  );
  route(c.conflictsWaitingCsv, async (request, reply) =>
    sendFile(reply, await exportConflictsWaiting(ctx, actorOf(request))),
  );

  route(c.selfIdentificationCountsCsv, async (request, reply) =>
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="self-identification-counts.csv"')
      .send(await selfIdentificationCountsCsv(ctx, actorOf(request))),
  );

  route(c.getSettings, (request) => getFirmSettings(ctx, actorOf(request)));
  route(c.saveSettings, (request) => saveFirmSettings(ctx, actorOf(request), request.body), recent);
  route(c.audit, (request) => listFirmAuditTrail(ctx, actorOf(request)));
}
