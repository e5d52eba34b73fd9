import { routeSchema } from '@shared/contracts/contract';
import { formContracts as c } from '@shared/contracts/forms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, onlyFor } from '../../plugins/session';
import {
  getBusinessPlan,
  getConflictsForm,
  getDiversityForm,
  getMasterLpq,
  getMasterLpqChecks,
  saveBusinessPlan,
  saveConflictsForm,
  saveDiversityForm,
  saveMasterLpq,
} from './master-lpq.service';

/** The attorney's forms: master LPQ, conflicts, diversity and business plan (PRODUCT.md §6). */
export async function masterLpqRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    c.getMasterLpq.path,
    { ...onlyFor.attorney, schema: routeSchema(c.getMasterLpq) },
    async (request) => getMasterLpq(ctx, actorOf(request)),
  );
  app.get(
    c.getMasterLpqChecks.path,
    { ...onlyFor.attorney, schema: routeSchema(c.getMasterLpqChecks) },
    async (request) => getMasterLpqChecks(ctx, actorOf(request)),
  );
  app.post(
    c.saveMasterLpq.path,
    { ...onlyFor.attorney, schema: routeSchema(c.saveMasterLpq) },
    async (request) => saveMasterLpq(ctx, actorOf(request), request.body),
  );

  app.get(
    c.getConflictsForm.path,
    { ...onlyFor.attorney, schema: routeSchema(c.getConflictsForm) },
    async (request) => getConflictsForm(ctx, actorOf(request)),
  );
  app.put(
    c.saveConflictsForm.path,
    { ...onlyFor.attorney, schema: routeSchema(c.saveConflictsForm) },
    async (request) => saveConflictsForm(ctx, actorOf(request), request.body),
  );

  app.get(
    c.getDiversityForm.path,
    { ...onlyFor.attorney, schema: routeSchema(c.getDiversityForm) },
    async (request) => getDiversityForm(ctx, actorOf(request)),
  );
  app.put(
    c.saveDiversityForm.path,
    { ...onlyFor.attorney, schema: routeSchema(c.saveDiversityForm) },
    async (request) => saveDiversityForm(ctx, actorOf(request), request.body),
  );

  app.get(
    c.getBusinessPlan.path,
    { ...onlyFor.attorney, schema: routeSchema(c.getBusinessPlan) },
    async (request) => getBusinessPlan(ctx, actorOf(request)),
  );
  app.put(
    c.saveBusinessPlan.path,
    { ...onlyFor.attorney, schema: routeSchema(c.saveBusinessPlan) },
    async (request) => saveBusinessPlan(ctx, actorOf(request), request.body),
  );
}
