import { attorneyProfileSchema, attorneyRegistrationSchema } from '@shared/attorney';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { registrationLimit } from '../../plugins/rate-limit';
import { currentUser, requireUser, setSessionCookie } from '../../plugins/session';
import { listActivity } from './activity';
import { getAttorneyProfile, getDashboardStats, saveAttorneyProfile } from './attorney.service';
import { completeOnboarding, getOnboarding } from './onboarding';
import { registerAttorney } from './registration.service';

export async function attorneyRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Guarded before body validation: a signed-out or firm caller learns nothing from a 400.
  const attorneyOnly = { preValidation: requireUser('attorney') };

  app.post(
    '/api/register/attorney',
    {
      schema: { body: attorneyRegistrationSchema },
      config: { rateLimit: registrationLimit(ctx.config) },
    },
    async (request, reply) => {
      const { user, session } = await registerAttorney(ctx, request.body);
      setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
      return reply.code(201).send(user);
    },
  );

  app.get('/api/attorney/profile', attorneyOnly, async (request) =>
    getAttorneyProfile(ctx, currentUser(request)),
  );

  app.post(
    '/api/attorney/profile',
    { ...attorneyOnly, schema: { body: attorneyProfileSchema } },
    async (request, reply) => {
      const profile = await saveAttorneyProfile(ctx, currentUser(request), request.body, 'create');
      return reply.code(201).send(profile);
    },
  );

  app.put(
    '/api/attorney/profile',
    { ...attorneyOnly, schema: { body: attorneyProfileSchema } },
    async (request) => saveAttorneyProfile(ctx, currentUser(request), request.body, 'upsert'),
  );

  app.get('/api/attorney/dashboard-stats', attorneyOnly, async (request) =>
    getDashboardStats(ctx, currentUser(request)),
  );

  app.get('/api/attorney/activity', attorneyOnly, async (request) =>
    listActivity(ctx.db, currentUser(request).id),
  );

  app.get('/api/attorney/onboarding', attorneyOnly, async (request) =>
    getOnboarding(ctx, currentUser(request)),
  );

  app.post('/api/attorney/onboarding/complete', attorneyOnly, async (request) =>
    completeOnboarding(ctx, currentUser(request)),
  );
}
