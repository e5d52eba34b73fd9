import { routeSchema } from '@shared/contracts/contract';
import { firmContracts as c } from '@shared/contracts/firm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { registrationLimit } from '../../plugins/rate-limit';
import { actorOf, onlyFor, setSessionCookie } from '../../plugins/session';
import {
  createCustomSection,
  deleteCustomSection,
  listCustomSections,
  updateCustomSection,
} from './custom-sections.service';
import { getFirmProfile, registerFirm, saveFirmProfile } from './firm.service';

/** Firm registration (signed out) and the firm workspace: every /api/firm route is for firm users only. */
export async function firmRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;

  app.post(
    c.register.path,
    {
      schema: routeSchema(c.register),
      config: { rateLimit: registrationLimit(config) },
    },
    async (request, reply) => {
      const { user, session } = await registerFirm(ctx, actorOf(request), request.body);
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return reply.code(201).send(user);
    },
  );

  app.get(c.getProfile.path, { ...onlyFor.firm, schema: routeSchema(c.getProfile) }, async (request) =>
    getFirmProfile(ctx, actorOf(request)),
  );
  app.post(
    c.createProfile.path,
    { ...onlyFor.firm, schema: routeSchema(c.createProfile) },
    async (request, reply) => {
      const profile = await saveFirmProfile(ctx, actorOf(request), { profile: request.body, mode: 'create' });
      return reply.code(201).send(profile);
    },
  );
  app.put(c.saveProfile.path, { ...onlyFor.firm, schema: routeSchema(c.saveProfile) }, async (request) =>
    saveFirmProfile(ctx, actorOf(request), { profile: request.body, mode: 'replace' }),
  );

  app.get(
    c.listCustomSections.path,
    { ...onlyFor.firm, schema: routeSchema(c.listCustomSections) },
    async (request) => listCustomSections(ctx, actorOf(request)),
  );
  app.post(
    c.createCustomSection.path,
    { ...onlyFor.firm, schema: routeSchema(c.createCustomSection) },
    async (request, reply) => {
      const section = await createCustomSection(ctx, actorOf(request), request.body);
      return reply.code(201).send(section);
    },
  );
  app.put(
    c.updateCustomSection.path,
    { ...onlyFor.firm, schema: routeSchema(c.updateCustomSection) },
    async (request) =>
      updateCustomSection(ctx, actorOf(request), { id: request.params.id, section: request.body }),
  );
  app.delete(
    c.deleteCustomSection.path,
    { ...onlyFor.firm, schema: routeSchema(c.deleteCustomSection) },
    async (request, reply) => {
      await deleteCustomSection(ctx, actorOf(request), { id: request.params.id });
      return reply.code(204).send();
    },
  );
}
