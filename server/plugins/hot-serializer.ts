import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';

/**
 * The answer's encoder for the two hot reads (issue 17: GET /api/attorney/lpq-requests and
 * GET /api/firm/lpq-requests/{id}), which every signed-in user calls all day.
 *
 * Every other route encodes its answer through its contract's zod schema, which parses and rebuilds the
 * whole answer before JSON.stringify: two to three times the cost of JSON.stringify alone, a tenth of
 * these routes' CPU. Their answers are built key by key by typed mappers (toAttorneyItem,
 * toFirmRequestItem, toPackage) whose output type is the contract's, so here the answer goes out with
 * JSON.stringify, and the contract is checked where it can be without paying for it on every request:
 * under NODE_ENV=test every answer is ALSO encoded through the contract and the two must be the same
 * JSON, else the request fails with a 500 naming the route. Every test that reads these routes (the
 * API tests on both databases, the authorization matrix, the faults) checks that nothing would have been
 * stripped or changed.
 */
export function hotSerializerCompiler(config: Pick<AppConfig, 'env'>): FastifySerializerCompiler<unknown> {
  return (route) => {
    if (config.env !== 'test') return (data) => JSON.stringify(data);
    const contract = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    return (data) => {
      const fast = JSON.stringify(data);
      if (!isDeepStrictEqual(JSON.parse(fast), JSON.parse(contract(data) as string)))
        throw new Error(
          `${route.method} ${route.url} (${route.httpStatus}): the answer differs from its contract's encoding`,
        );
      return fast;
    };
  };
}
