import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { accountRoutes } from './account/account.routes';
import { attorneyRoutes } from './attorney/attorney.routes';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { businessCaseRoutes } from './business-case/business-case.routes';
import { draftRoutes } from './drafts/drafts.routes';
import { filesRoutes } from './files/files.routes';
import { firmRoutes } from './firm/firm.routes';
import { integrationRoutes } from './integrations/integrations.routes';
import { webhookRoutes } from './integrations/webhooks.routes';
import { masterLpqRoutes } from './master-lpq/master-lpq.routes';
import { positionLpqRoutes } from './position-lpq/position-lpq.routes';
import { attorneyRequestRoutes } from './requests/attorney/attorney-requests.routes';
import { firmRequestRoutes } from './requests/firm/firm-requests.routes';
import { recordRoutes } from './requests/record/record.routes';
import { securityRoutes } from './security/security.routes';
import { ssoRoutes } from './sso/sso.routes';
import { teamRoutes } from './team/team.routes';

/**
 * Every module's routes, on the one Fastify scope app.ts opens for all routes. Each scope is a request and
 * a reply class of its own, and Fastify's shared request path, handed a score of classes, ran on
 * megamorphic property loads: a tenth of a hot request's CPU. So a module adds no hooks to the scope (a
 * test reads the route files): its guard goes on each route (`...onlyFor.firm`, plugins/session.ts), and
 * routes that need a scope of their own (the local upload's raw body) open one for themselves.
 */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  const modules = [
    authRoutes,
    securityRoutes,
    ssoRoutes,
    filesRoutes,
    attorneyRoutes,
    masterLpqRoutes,
    firmRoutes,
    firmRequestRoutes,
    businessCaseRoutes,
    teamRoutes,
    integrationRoutes,
    webhookRoutes,
    attorneyRequestRoutes,
    positionLpqRoutes,
    auditRoutes,
    recordRoutes,
    accountRoutes,
    draftRoutes,
  ];
  for (const routes of modules) await routes(app, { ctx });
}
