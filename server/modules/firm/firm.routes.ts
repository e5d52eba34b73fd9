import { firmContracts as c } from '@shared/contracts/firm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { registrationLimit } from '../../plugins/rate-limit';
import { actorOf, setSessionCookie } from '../../plugins/session';
import {
  createCustomSection,
  deleteCustomSection,
  listCustomSections,
  updateCustomSection,
} from './custom-sections.service';
import { getFirmProfile, registerFirm, saveFirmProfile } from './firm.service';

/** Firm registration (signed out) and the firm workspace: every /api/firm route is for firm users only. */
export async function firmRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { route } = contractRoutes(fastify);
  const { config } = ctx;

  route(
    c.register,
    async (request, reply) => {
      const { user, session } = await registerFirm(ctx, actorOf(request), request.body);
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return reply.code(201).send(user);
    },
    { rateLimit: registrationLimit(config) },
  );

  route(c.getProfile, async (request) => getFirmProfile(ctx, actorOf(request)));
  route(c.createProfile, async (request, reply) => {
    const profile = await saveFirmProfile(ctx, actorOf(request), { profile: request.body, mode: 'create' });
    return reply.code(201).send(profile);
  });
  route(c.saveProfile, async (request) =>
    saveFirmProfile(ctx, actorOf(request), { profile: request.body, mode: 'replace' }),
  );

  route(c.listCustomSections, async (request) => listCustomSections(ctx, actorOf(request)));
  route(c.createCustomSection, async (request, reply) => {
    const section = await createCustomSection(ctx, actorOf(request), request.body);
    return reply.code(201).send(section);
  });
  route(c.updateCustomSection, async (request) =>
    updateCustomSection(ctx, actorOf(request), { id: request.params.id, section: request.body }),
  );
  route(c.deleteCustomSection, async (request, reply) => {
    await deleteCustomSection(ctx, actorOf(request), { id: request.params.id });
    return reply.code(204).send();
  });
}
