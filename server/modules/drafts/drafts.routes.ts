import { draftBodySchema } from '@shared/drafts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../plugins/session';
import { deleteDraft, getDraft, saveDraft } from './drafts.service';

const params = z.object({ form: z.string().max(100) });

/** Autosaved drafts of the attorney's forms (issue 13). */
export async function draftRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const attorneyOnly = { preValidation: requireUser('attorney') };

  app.get('/api/attorney/drafts/:form', { ...attorneyOnly, schema: { params } }, (request) =>
    getDraft(ctx, currentUser(request), request.params.form),
  );
  app.put(
    '/api/attorney/drafts/:form',
    { ...attorneyOnly, schema: { params, body: draftBodySchema } },
    (request) => saveDraft(ctx, currentUser(request), request.params.form, request.body),
  );
  app.delete(
    '/api/attorney/drafts/:form',
    { ...attorneyOnly, schema: { params } },
    async (request, reply) => {
      await deleteDraft(ctx, currentUser(request), request.params.form);
      return reply.code(204).send();
    },
  );
}
