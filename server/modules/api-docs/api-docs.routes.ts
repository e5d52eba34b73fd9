import { ALL_CONTRACTS } from '@shared/contracts/index';
import { buildOpenApiDocument, type OpenApiDocument } from '@shared/contracts/openapi';
import { opsContracts } from '@shared/contracts/ops';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route';
import { renderApiDocsPage } from './docs-page';

/** The API's version as the OpenAPI document states it. */
export const API_VERSION = '1.0';

/**
 * GET /api/openapi.json and GET /api/docs: generated from shared/contracts, the same objects the routes
 * register their schemas with. Public: they hold shapes, paths and texts, nothing of any user.
 */
export async function apiDocsRoutes(fastify: FastifyInstance) {
  const { route } = contractRoutes(fastify);
  let document: OpenApiDocument | undefined;
  let page: string | undefined;
  // Built on first use, once per process: z.toJSONSchema over every contract costs a few milliseconds.
  const openApi = () => {
    document ??= buildOpenApiDocument(ALL_CONTRACTS, API_VERSION);
    return document;
  };

  route(opsContracts.openapi, async () => openApi());

  route(opsContracts.docs, async (_request, reply) => {
    page ??= renderApiDocsPage(openApi());
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
