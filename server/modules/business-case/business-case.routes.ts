import { businessCaseContracts as c } from '@shared/contracts/business-case';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { actorOf } from '../../plugins/session';
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
  const { route } = contractRoutes(fastify);

  route(c.get, async (request) =>
    getBusinessCase(ctx, actorOf(request), { id: request.params.id, version: request.query.version }),
  );

  route(c.saveAssumptions, async (request) =>
    saveBusinessCaseAssumptions(ctx, actorOf(request), {
      id: request.params.id,
      version: request.query.version,
      assumptions: request.body,
    }),
  );

  route(c.workbook, async (request, reply) => {
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

  route(c.getDefaults, async (request) => getBusinessCaseDefaults(ctx, actorOf(request)));

  route(c.saveDefaults, async (request) => saveBusinessCaseDefaults(ctx, actorOf(request), request.body));
}
