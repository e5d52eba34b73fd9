import { attorneyContracts as c } from '@shared/contracts/attorney';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { registrationLimit } from '../../plugins/rate-limit';
import { actorOf, setSessionCookie } from '../../plugins/session';
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
  const { route } = contractRoutes(fastify);

  route(
    c.register,
    async (request, reply) => {
      const { user, session } = await registerAttorney(ctx, actorOf(request), request.body);
      setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
      return reply.code(201).send(user);
    },
    { rateLimit: registrationLimit(ctx.config) },
  );

  route(c.getProfile, async (request) => getAttorneyProfile(ctx, actorOf(request)));

  route(c.createProfile, async (request, reply) => {
    const profile = await saveAttorneyProfile(ctx, actorOf(request), {
      body: request.body,
      mode: 'create',
    });
    return reply.code(201).send(profile);
  });

  route(c.saveProfile, async (request) =>
    saveAttorneyProfile(ctx, actorOf(request), { body: request.body, mode: 'upsert' }),
  );

  route(c.dashboardStats, async (request) => getDashboardStats(ctx, actorOf(request)));

  route(c.activity, async (request) => getRecentActivity(ctx, actorOf(request)));

  route(c.onboarding, async (request) => getOnboarding(ctx, actorOf(request)));

  route(c.completeOnboarding, async (request) => completeOnboarding(ctx, actorOf(request)));
}
