import { businessCaseContracts as c } from '@shared/contracts/business-case';
import { routeSchema } from '@shared/contracts/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, onlyFor } from '../../plugins/session';
import { contentDisposition } from '../../storage/storage';
import {
  getBusinessCase,
  getBusinessCaseDefaults,
  getBusinessCaseWorkbook,
  saveBusinessCaseAssumptions,
  saveBusinessCaseDefaults,
} from './business-case.service';

/** PRODUCT.md §12, the firm's workbench: firm users only; the attorney has no route to any of it. */
export async function businessCaseRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(c.get.path, { ...onlyFor.firm, schema: routeSchema(c.get) }, async (request) =>
    getBusinessCase(ctx, actorOf(request), { id: request.params.id, version: request.query.version }),
  );

  app.put(
    c.saveAssumptions.path,
    { ...onlyFor.firm, schema: routeSchema(c.saveAssumptions) },
    async (request) =>
      saveBusinessCaseAssumptions(ctx, actorOf(request), {
        id: request.params.id,
        version: request.query.version,
        assumptions: request.body,
      }),
  );

  app.get(c.workbook.path, { ...onlyFor.firm, schema: routeSchema(c.workbook) }, async (request, reply) => {
    const { buffer, version, positionTitle } = await getBusinessCaseWorkbook(ctx, actorOf(request), {
      id: request.params.id,
      version: request.query.version,
    });
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header(
        'Content-Disposition',
        contentDisposition(`Business case ${positionTitle} v${version}.xlsx`, false),
      )
      .send(buffer);
  });

  app.get(c.getDefaults.path, { ...onlyFor.firm, schema: routeSchema(c.getDefaults) }, async (request) =>
    getBusinessCaseDefaults(ctx, actorOf(request)),
  );

  app.put(c.saveDefaults.path, { ...onlyFor.firm, schema: routeSchema(c.saveDefaults) }, async (request) =>
    saveBusinessCaseDefaults(ctx, actorOf(request), request.body),
  );
}
