import { type Audience, type Contract, type RouteSchema, routeSchema } from '@shared/contracts/contract';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { onlyFor } from './session';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type ContractHandler<C extends Contract> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<C>,
  ZodTypeProvider
>;

/** The guard each audience's routes carry (the contract's audience documents it, this enforces it). */
const GUARDS: Partial<Record<Audience, (typeof onlyFor)[keyof typeof onlyFor]>> = {
  attorney: onlyFor.attorney,
  firm: onlyFor.firm,
  'signed-in': onlyFor.signedIn,
};

/**
 * A route from its contract: method, path and schema from the contract, the guard from its audience, so a
 * route cannot say one thing and its contract another. `config` is the route's own (rate limit, recent sign-in).
 * `app` is the plugin's instance with zod types, for the routes that are not a contract's.
 */
export function contractRoutes(fastify: FastifyInstance) {
  const app: ZodApp = fastify.withTypeProvider<ZodTypeProvider>();
  const route = <C extends Contract>(
    contract: C,
    handler: ContractHandler<C>,
    config?: FastifyContextConfig,
  ) => {
    app.route({
      method: contract.method,
      url: contract.path,
      schema: routeSchema(contract),
      ...GUARDS[contract.audience],
      ...(config ? { config } : {}),
      handler,
    });
  };
  return { app, route };
}
