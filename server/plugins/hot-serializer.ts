import { isDeepStrictEqual } from 'node:util';
import { STORED_DOCUMENT_KEYWORD } from '@shared/contracts/contract';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { AppConfig } from '../config';
import { RawJson } from '../db/prepared';

/**
 * The answer's encoder for the two hot reads (GET /api/attorney/lpq-requests and
 * GET /api/firm/lpq-requests/{id}), which every signed-in user calls all day.
 *
 * Every other route encodes its answer through its contract's zod schema, which parses and rebuilds the
 * whole answer before JSON.stringify. Here the same contract is compiled once, at start-up, to JSON
 * Schema and from it to a fast-json-stringify encoder: it writes only the properties the contract names
 * (a field the contract does not name never leaves, as with zod), at a fraction of zod's cost.
 *
 * A stored document of the contract (storedDocument, passed on whole) may be given as RawJson, the JSON
 * text the database holds: its text is written as it is, unparsed (the firm's read of a package is mostly
 * such documents). Around them, the properties are written by fast-json-stringify, in runs.
 *
 * Under NODE_ENV=test every answer is ALSO encoded through zod (its RawJson parsed) and the two must be
 * the same JSON, else the request fails with a 500 naming the route: every test that reads these routes
 * checks the compiled encoder against the contract.
 */
/**
 * The contract's JSON Schema, rewritten for fast-json-stringify:
 * - zod writes `additionalProperties: false` for its objects; fast-json-stringify would then refuse an
 *   answer with an extra field inside a nullable or union (where it must validate to choose) instead of
 *   leaving the field out. Without it, every object writes only the properties it names, as zod's strip
 *   does.
 * - zod writes a nullable X as `anyOf: [X, {type: 'null'}]`. For an anyOf, fast-json-stringify runs an
 *   ajv validation of the value against each branch, on every answer, to choose one: the whole shared
 *   package was validated on each read of a request, and every nullable field of every item on each page of
 *   the list (a large share of what the list allocated, in V8's sampling heap profiler). Written as X
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

type Schema = Record<string, unknown>;
type Encode = (value: unknown) => string;

const isStoredDocument = (schema: Schema) => schema[STORED_DOCUMENT_KEYWORD] === true;
const holdsStoredDocument = (schema: unknown): boolean =>
  Array.isArray(schema)
    ? schema.some(holdsStoredDocument)
    : !!schema &&
      typeof schema === 'object' &&
      (isStoredDocument(schema as Schema) || Object.values(schema).some(holdsStoredDocument));

/** A stored document: RawJson's text as it is, anything else as zod's pass-through writes it. */
const storedDocument: Encode = (value) => (value instanceof RawJson ? value.text : JSON.stringify(value));

/** The encoder of a (rewritten) JSON Schema: fast-json-stringify's, or one that writes stored documents. */
export function compileEncoder(schema: Schema, where = '(answer)'): Encode {
  if (!holdsStoredDocument(schema))
    return fastJson(schema as unknown as Parameters<typeof fastJson>[0]) as Encode;
  let encode: Encode;
  if (isStoredDocument(schema)) encode = storedDocument;
  else if (schema.type === 'object' && schema.properties) encode = objectEncoder(schema, where);
  else if (schema.type === 'array' && schema.items && !Array.isArray(schema.items)) {
    const item = compileEncoder(schema.items as Schema, `${where}[]`);
    encode = (value) => `[${(value as unknown[]).map(item).join(',')}]`;
  } else throw new Error(`hot serializer: a stored document under ${where} in a schema it cannot write`);
  return schema.nullable === true ? (value) => (value === null ? 'null' : encode(value)) : encode;
}

/**
 * An object holding stored documents: each run of properties without one is a fast-json-stringify
 * object encoder (its braces cut off), the others are written here, in the schema's order. As
 * fast-json-stringify does, a property left undefined is left out, and a required one throws.
 */
function objectEncoder(schema: Schema, where: string): Encode {
  const properties = schema.properties as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const parts: Encode[] = [];
  let run: Record<string, Schema> = {};
  const endRun = () => {
    const keys = Object.keys(run);
    if (!keys.length) return;
    const encode = compileEncoder({
      type: 'object',
      properties: run,
      required: keys.filter((k) => required.has(k)),
    });
    parts.push((value) => encode(value).slice(1, -1));
    run = {};
  };
  for (const [key, property] of Object.entries(properties)) {
    if (!holdsStoredDocument(property)) {
      run[key] = property;
      continue;
    }
    endRun();
    const encode = compileEncoder(property, `${where}.${key}`);
    const name = `${JSON.stringify(key)}:`;
    const isRequired = required.has(key);
    parts.push((value) => {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) return name + encode(v);
      if (isRequired) throw new Error(`"${key}" is required!`);
      return '';
    });
  }
  endRun();
  return (value) => {
    let out = '';
    for (const part of parts) {
      const written = part(value);
      if (written) out = out ? `${out},${written}` : written;
    }
    return `{${out}}`;
  };
}

/** The value with every RawJson parsed: what the zod contract encodes in tests. Other objects (a Date)
 * are left as they are; only arrays and plain objects are walked. */
function parsedRaw(value: unknown): unknown {
  if (value instanceof RawJson) return value.toJSON();
  if (Array.isArray(value)) return value.map(parsedRaw);
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, parsedRaw(v)]));
}

export function hotSerializerCompiler(config: Pick<AppConfig, 'env'>): FastifySerializerCompiler<unknown> {
  return (route) => {
    const jsonSchema = z.toJSONSchema(route.schema as ZodType, {
      io: 'output',
      target: 'draft-07',
      unrepresentable: 'any',
    });
    const fast = compileEncoder(forFastJson(jsonSchema) as Schema, `${route.method} ${route.url}`);
    if (config.env !== 'test') return fast;
    const contract = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    return (data) => {
      const sent = fast(data);
      if (!isDeepStrictEqual(JSON.parse(sent), JSON.parse(contract(parsedRaw(data)) as string)))
        throw new Error(
          `${route.method} ${route.url} (${route.httpStatus}): the answer differs from its contract's encoding`,
        );
      return sent;
    };
  };
}
