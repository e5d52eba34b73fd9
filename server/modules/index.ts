import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { accountRoutes } from './account/account.routes';
import { attorneyRoutes } from './attorney/attorney.routes';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { draftRoutes } from './drafts/drafts.routes';
import { filesRoutes } from './files/files.routes';
import { firmRoutes } from './firm/firm.routes';
import { masterLpqRoutes } from './master-lpq/master-lpq.routes';
import { positionLpqRoutes } from './position-lpq/position-lpq.routes';
import { attorneyRequestRoutes } from './requests/attorney-requests.routes';
import { firmRequestRoutes } from './requests/firm-requests.routes';
import { recordRoutes } from './requests/record.routes';
import { securityRoutes } from './security/security.routes';
import { teamRoutes } from './team/team.routes';

/** Every module's routes; each gets the shared context. */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  await app.register(authRoutes, { ctx });
  await app.register(securityRoutes, { ctx });
  await app.register(filesRoutes, { ctx });
  await app.register(attorneyRoutes, { ctx });
  await app.register(masterLpqRoutes, { ctx });
  await app.register(firmRoutes, { ctx });
  await app.register(firmRequestRoutes, { ctx });
  await app.register(teamRoutes, { ctx });
  await app.register(attorneyRequestRoutes, { ctx });
  await app.register(positionLpqRoutes, { ctx });
  await app.register(auditRoutes, { ctx });
  await app.register(recordRoutes, { ctx });
  await app.register(accountRoutes, { ctx });
  await app.register(draftRoutes, { ctx });
}
