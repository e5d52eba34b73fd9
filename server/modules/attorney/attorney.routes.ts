import { attorneyContracts as c } from '@shared/contracts/attorney';
import { routeSchema } from '@shared/contracts/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { registrationLimit } from '../../plugins/rate-limit';
import { actorOf, onlyFor, setSessionCookie } from '../../plugins/session';
import {
  completeOnboarding,
  getAttorneyProfile,
  getDashboardStats,
  getOnboarding,
  getRecentActivity,
  saveAttorneyProfile,
} from './attorney.service';
import { registerAttorney } from './registration.service';

export async function attorneyRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    c.register.path,
    {
      schema: routeSchema(c.register),
      config: { rateLimit: registrationLimit(ctx.config) },
    },
    async (request, reply) => {
      const { user, session } = await registerAttorney(ctx, actorOf(request), request.body);
      setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
      return reply.code(201).send(user);
    },
  );

  app.get(c.getProfile.path, { ...onlyFor.attorney, schema: routeSchema(c.getProfile) }, async (request) =>
    getAttorneyProfile(ctx, actorOf(request)),
  );

  app.post(
    c.createProfile.path,
    { ...onlyFor.attorney, schema: routeSchema(c.createProfile) },
    async (request, reply) => {
      const profile = await saveAttorneyProfile(ctx, actorOf(request), {
        body: request.body,
        mode: 'create',
      });
      return reply.code(201).send(profile);
    },
  );

  app.put(c.saveProfile.path, { ...onlyFor.attorney, schema: routeSchema(c.saveProfile) }, async (request) =>
    saveAttorneyProfile(ctx, actorOf(request), { body: request.body, mode: 'upsert' }),
  );

  app.get(
    c.dashboardStats.path,
    { ...onlyFor.attorney, schema: routeSchema(c.dashboardStats) },
    async (request) => getDashboardStats(ctx, actorOf(request)),
  );

  app.get(c.activity.path, { ...onlyFor.attorney, schema: routeSchema(c.activity) }, async (request) =>
    getRecentActivity(ctx, actorOf(request)),
  );

  app.get(c.onboarding.path, { ...onlyFor.attorney, schema: routeSchema(c.onboarding) }, async (request) =>
    getOnboarding(ctx, actorOf(request)),
  );

  app.post(
    c.completeOnboarding.path,
    { ...onlyFor.attorney, schema: routeSchema(c.completeOnboarding) },
    async (request) => completeOnboarding(ctx, actorOf(request)),
  );
}
