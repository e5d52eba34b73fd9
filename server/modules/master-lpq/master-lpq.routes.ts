import { formContracts as c } from '@shared/contracts/forms';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { actorOf } from '../../plugins/session';
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
  const { route } = contractRoutes(fastify);

  route(c.getMasterLpq, async (request) => getMasterLpq(ctx, actorOf(request)));
  route(c.getMasterLpqChecks, async (request) => getMasterLpqChecks(ctx, actorOf(request)));
  route(c.saveMasterLpq, async (request) => saveMasterLpq(ctx, actorOf(request), request.body));

  route(c.getConflictsForm, async (request) => getConflictsForm(ctx, actorOf(request)));
  route(c.saveConflictsForm, async (request) => saveConflictsForm(ctx, actorOf(request), request.body));

  route(c.getDiversityForm, async (request) => getDiversityForm(ctx, actorOf(request)));
  route(c.saveDiversityForm, async (request) => saveDiversityForm(ctx, actorOf(request), request.body));

  route(c.getBusinessPlan, async (request) => getBusinessPlan(ctx, actorOf(request)));
  route(c.saveBusinessPlan, async (request) => saveBusinessPlan(ctx, actorOf(request), request.body));
}
