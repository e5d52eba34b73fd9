import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { AppConfig } from '../config';

/**
 * The answer's encoder for the two hot reads (issue 17: GET /api/attorney/lpq-requests and
 * GET /api/firm/lpq-requests/{id}), which every signed-in user calls all day.
 *
 * Every other route encodes its answer through its contract's zod schema, which parses and rebuilds the
 * whole answer before JSON.stringify. Here the same contract is compiled once, at start-up, to JSON
 * Schema and from it to a fast-json-stringify encoder: it writes only the properties the contract names
 * (a field the contract does not name never leaves, as with zod), at about half zod's cost.
 *
 * Under NODE_ENV=test every answer is ALSO encoded through zod and the two must be the same JSON, else the
 * request fails with a 500 naming the route: every test that reads these routes checks the compiled
 * encoder against the contract.
 */
/**
 * The contract's JSON Schema, rewritten for fast-json-stringify:
 * - zod writes `additionalProperties: false` for its objects; fast-json-stringify would then refuse an
 *   answer with an extra field inside a nullable or union (where it must validate to choose) instead of
 *   leaving the field out. Without it, every object writes only the properties it names, as zod's strip
 *   does.
 * - zod writes a nullable X as `anyOf: [X, {type: 'null'}]`. For an anyOf, fast-json-stringify runs an
 *   ajv validation of the value against each branch, on every answer, to choose one: the whole shared
 *   package was validated on each read of a request, and 20 items × 6 fields on each page of the list
 *   (a third of the memory the list allocated, measured with V8's sampling heap profiler). Written as X
 *   with `nullable: true`, it writes null or X directly.
 */
function forFastJson(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forFastJson);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema))
    if (!(key === 'additionalProperties' && value === false)) out[key] = forFastJson(value);
  const branches = out.anyOf as Record<string, unknown>[] | undefined;
  const isNull = (b: Record<string, unknown>) => b.type === 'null' && Object.keys(b).length === 1;
  if (Array.isArray(branches) && branches.length === 2 && branches.some(isNull)) {
    const { anyOf: _, ...rest } = out;
    const other = branches.find((b) => !isNull(b));
    if (other && typeof other.type === 'string') return { ...rest, ...other, nullable: true };
  }
  return out;
}

export function hotSerializerCompiler(config: Pick<AppConfig, 'env'>): FastifySerializerCompiler<unknown> {
  return (route) => {
    const jsonSchema = z.toJSONSchema(route.schema as ZodType, {
      io: 'output',
      target: 'draft-07',
      unrepresentable: 'any',
    });
    const fast = fastJson(forFastJson(jsonSchema) as Parameters<typeof fastJson>[0]);
    if (config.env !== 'test') return fast;
    const contract = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    return (data) => {
      const sent = fast(data);
      if (!isDeepStrictEqual(JSON.parse(sent), JSON.parse(contract(data) as string)))
        throw new Error(
          `${route.method} ${route.url} (${route.httpStatus}): the answer differs from its contract's encoding`,
        );
      return sent;
    };
  };
}
