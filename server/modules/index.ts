import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { authRoutes } from './auth/auth.routes';

/** Every module's routes; each gets the shared context. */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  await app.register(authRoutes, { ctx });
}
