import { firmProfileSchema, firmRegistrationSchema } from '@shared/firm';
import { firmSectionSchema } from '@shared/requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { registrationLimit } from '../../plugins/rate-limit';
import { currentUser, requireUser, setSessionCookie } from '../../plugins/session';
import {
  createCustomSection,
  deleteCustomSection,
  listCustomSections,
  updateCustomSection,
} from './custom-sections.service';
import { firmDashboardStats, getFirmProfile, registerFirm, saveFirmProfile } from './firm.service';

const idParams = z.object({ id: z.string().max(100) });

/** Firm registration (signed out) and the firm workspace: every /api/firm route is for firm users only. */
export async function firmRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;

  app.post(
    '/api/register/firm',
    {
      schema: { body: firmRegistrationSchema },
      config: { rateLimit: registrationLimit(config) },
    },
    async (request, reply) => {
      const { user, session } = await registerFirm(ctx, request.body);
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return reply.code(201).send(user);
    },
  );

  await app.register(async (scoped) => {
    const firm = scoped.withTypeProvider<ZodTypeProvider>();
    // Before body validation: a signed-out or attorney caller learns nothing from a 400.
    firm.addHook('preValidation', requireUser('firm'));

    firm.get('/api/firm/profile', async (request) => getFirmProfile(ctx, currentUser(request)));
    firm.post('/api/firm/profile', { schema: { body: firmProfileSchema } }, async (request, reply) => {
      const profile = await saveFirmProfile(ctx, currentUser(request), request.body, 'create');
      return reply.code(201).send(profile);
    });
    firm.put('/api/firm/profile', { schema: { body: firmProfileSchema } }, async (request) =>
      saveFirmProfile(ctx, currentUser(request), request.body, 'replace'),
    );

    firm.get('/api/firm/dashboard-stats', async (request) => firmDashboardStats(ctx, currentUser(request)));

    firm.get('/api/firm/custom-sections', async (request) => listCustomSections(ctx, currentUser(request)));
    firm.post(
      '/api/firm/custom-sections',
      { schema: { body: firmSectionSchema } },
      async (request, reply) => {
        const section = await createCustomSection(ctx, currentUser(request), request.body);
        return reply.code(201).send(section);
      },
    );
    firm.put(
      '/api/firm/custom-sections/:id',
      { schema: { params: idParams, body: firmSectionSchema } },
      async (request) => updateCustomSection(ctx, currentUser(request), request.params.id, request.body),
    );
    firm.delete('/api/firm/custom-sections/:id', { schema: { params: idParams } }, async (request, reply) => {
      await deleteCustomSection(ctx, currentUser(request), request.params.id);
      return reply.code(204).send();
    });
  });
}
