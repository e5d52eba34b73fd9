import { businessPlanSchema } from '@shared/business-plan';
import { conflictsFormSchema } from '@shared/conflicts';
import { diversityFormSchema } from '@shared/diversity';
import { masterLpqBodySchema } from '@shared/master-lpq';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../plugins/session';
import {
  getBusinessPlan,
  getConflictsForm,
  getDiversityForm,
  getMasterLpq,
  saveBusinessPlan,
  saveConflictsForm,
  saveDiversityForm,
  saveMasterLpq,
} from './questionnaires.service';

/** The attorney's forms: master LPQ, conflicts, diversity and business plan (PRODUCT.md §6). */
export async function questionnaireRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Guarded before body validation: a signed-out or firm caller learns nothing from a 400.
  const attorneyOnly = { preValidation: requireUser('attorney') };

  app.get('/api/attorney/master-lpq', attorneyOnly, async (request) =>
    getMasterLpq(ctx, currentUser(request)),
  );
  app.post(
    '/api/attorney/master-lpq',
    { ...attorneyOnly, schema: { body: masterLpqBodySchema } },
    async (request) => saveMasterLpq(ctx, currentUser(request), request.body),
  );

  app.get('/api/attorney/conflicts-form', attorneyOnly, async (request) =>
    getConflictsForm(ctx, currentUser(request)),
  );
  app.put(
    '/api/attorney/conflicts-form',
    { ...attorneyOnly, schema: { body: conflictsFormSchema } },
    async (request) => saveConflictsForm(ctx, currentUser(request), request.body),
  );

  app.get('/api/attorney/diversity-form', attorneyOnly, async (request) =>
    getDiversityForm(ctx, currentUser(request)),
  );
  app.put(
    '/api/attorney/diversity-form',
    { ...attorneyOnly, schema: { body: diversityFormSchema } },
    async (request) => saveDiversityForm(ctx, currentUser(request), request.body),
  );

  app.get('/api/attorney/business-plan', attorneyOnly, async (request) =>
    getBusinessPlan(ctx, currentUser(request)),
  );
  app.put(
    '/api/attorney/business-plan',
    { ...attorneyOnly, schema: { body: businessPlanSchema } },
    async (request) => saveBusinessPlan(ctx, currentUser(request), request.body),
  );
}
