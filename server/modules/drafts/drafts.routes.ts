import { routeSchema } from '@shared/contracts/contract';
import { formContracts as c } from '@shared/contracts/forms';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { hotSerializerCompiler } from '../../plugins/hot-serializer';
import { actorOf, onlyFor, userFromStatement } from '../../plugins/session';
import { sessionToken } from '../../policies/authorize';
import { deleteDraft, getDraft, saveDraft } from './drafts.service';

/** Autosaved drafts of the attorney's forms (shared/drafts.ts). */
export async function draftRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { app, route } = contractRoutes(fastify);

  route(c.getDraft, (request) => getDraft(ctx, actorOf(request), { name: request.params.form }));
  // Hot (autosave): the session lookup is part of the save's statement (drafts.service.ts), and the answer
  // is written by the hot routes' compiled encoder.
  app.put(
    c.saveDraft.path,
    {
      ...onlyFor.attorney,
      schema: routeSchema(c.saveDraft),
      serializerCompiler: hotSerializerCompiler(ctx.config),
      config: { sessionInStatement: 'attorney' },
    },
    async (request) => {
      const { user, answer } = await saveDraft(ctx, sessionToken(request.uncheckedSessionId!), {
        name: request.params.form,
        body: request.body,
      });
      userFromStatement(request, user, 'attorney');
      return answer();
    },
  );
  route(c.deleteDraft, async (request, reply) => {
    await deleteDraft(ctx, actorOf(request), { name: request.params.form });
    return reply.code(204).send();
  });
}
