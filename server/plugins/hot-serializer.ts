import { isDeepStrictEqual } from 'node:util';
import { STORED_DOCUMENT_KEYWORD } from '@shared/contracts/contract';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { AppConfig } from '../config';
import { RawJson } from '../db/prepared';

/**
 * The answer's encoder for the hot routes (GET /api/attorney/lpq-requests, GET /api/firm/lpq-requests/{id},
 * autosave's PUT), which every signed-in user calls all day.
 *
 * Every other route encodes its answer through its contract's zod schema, which parses and rebuilds the
 * whole answer before JSON.stringify. Here the same contract is compiled once, at start-up, to JSON
 * Schema and from it to a picker: a function that copies, from the answer, only the properties the
 * contract names (a field the contract does not name never leaves, as with zod's strip), checks the
 * required ones are there, and hands the copy to JSON.stringify.
 *
 * Why not fast-json-stringify, which this used before: it writes by string concatenation, and on these
 * answers (nested firm questions, 15 KB a page) that left about four times the answer's size in garbage per
 * request. Under load every in-flight request's garbage outlives a scavenge, is copied and promoted, and the
 * young generation's collections took a fifth of the process (bench/load.ts, V8's --trace-gc-nvp); the copy
 * here is the answer's size, and JSON.stringify writes it in one buffer.
 *
 * A stored document of the contract (storedDocument, passed on whole) may be given as RawJson, the JSON
 * text the database holds: its text is written as it is, unparsed (the firm's read of a package is mostly
 * such documents). Around them, the properties are written by the picker, in runs.
 *
 * Under NODE_ENV=test every answer is ALSO encoded through zod (its RawJson parsed) and the two must be
 * the same JSON, else the request fails with a 500 naming the route: every test that reads these routes
 * checks the compiled encoder against the contract.
 */
/**
 * The contract's JSON Schema, simplified for the picker:
 * - zod writes `additionalProperties: false` for its objects (strip: only the named properties are
 *   copied, which is what the picker does for every object); it is dropped, so `additionalProperties`
 *   left means a record or a catch-all whose other keys are copied too.
 * - zod writes a nullable X as `anyOf: [X, {type: 'null'}]`: rewritten as X with `nullable: true`, so the
 *   picker copies null or X without choosing a branch.
 */
function simplified(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplified);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema))
    if (!(key === 'additionalProperties' && value === false)) out[key] = simplified(value);
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

type Picker = (value: unknown) => unknown;

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const isPrimitive = (schema: Schema): boolean => {
  const type = schema.type;
  if (Array.isArray(type)) return type.every((t) => PRIMITIVE_TYPES.has(t as string));
  if (typeof type === 'string') return PRIMITIVE_TYPES.has(type);
  if ('enum' in schema || 'const' in schema) return true;
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  return Array.isArray(branches) && branches.every(isPrimitive);
};

/** A primitive is copied as it is; anything else where the contract says primitive never leaves whole. */
const primitive: Picker = (value) =>
  value === null || typeof value !== 'object' || value instanceof Date ? value : String(value);
const anything: Picker = (value) => value;

/**
 * The picker of a (rewritten) JSON Schema: a copy of the value holding only what the schema names, with
 * every required property checked. Generated once as code (object literals, as fast-json-stringify
 * generates its writers): a copy built key by key in a loop cost twice JSON.stringify itself. A shape it
 * cannot copy safely (a union of objects) is refused at start-up, naming where.
 */
function compilePicker(schema: Schema, where = '(answer)'): Picker {
  const functions: string[] = [];
  const root = pickerCode(schema, where, functions);
  if (root === 'anything' || root === 'primitive') return root === 'anything' ? anything : primitive;
  const code = `${functions.join('\n')}\nreturn ${root};`;
  return new Function('primitive', 'anything', 'required', code)(
    primitive,
    anything,
    requiredMissing,
  ) as Picker;
}

const requiredMissing = (key: string) => {
  throw new Error(`"${key}" is required!`);
};

/** The name of the function that picks `schema` (generated into `functions`), or a shared one. */
function pickerCode(schema: Schema, where: string, functions: string[]): string {
  let name: string;
  if (isStoredDocument(schema) || Object.keys(schema).every((k) => k === 'description' || k === 'nullable'))
    return 'anything';
  if (isPrimitive(schema)) return 'primitive';
  if (schema.type === 'array' && schema.items && !Array.isArray(schema.items)) {
    const item = pickerCode(schema.items as Schema, `${where}[]`, functions);
    if (item === 'anything') return 'anything';
    name = `p${functions.length}`;
    functions.push(`function ${name}(v) { return v.map(${item}); }`);
  } else if (schema.type === 'object') {
    const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(
      ([key, property]) => [key, pickerCode(property, `${where}.${key}`, functions)] as const,
    );
    const required = ((schema.required as string[] | undefined) ?? []).filter((key) =>
      properties.some(([k]) => k === key),
    );
    const rest = schema.additionalProperties;
    const other =
      rest === undefined || rest === false
        ? null
        : rest === true
          ? 'anything'
          : pickerCode(rest as Schema, `${where}.*`, functions);
    name = `p${functions.length}`;
    const at = (key: string) => `v[${JSON.stringify(key)}]`;
    const checks = required.map((key) => `if (${at(key)} === undefined) required(${JSON.stringify(key)});`);
    // undefined stays undefined (JSON.stringify leaves the property out); null stays null.
    const fields = properties.map(([key, pick]) =>
      pick === 'anything'
        ? `${JSON.stringify(key)}: ${at(key)}`
        : `${JSON.stringify(key)}: ${at(key)} == null ? ${at(key)} : ${pick}(${at(key)})`,
    );
    const named = JSON.stringify(Object.fromEntries(properties.map(([key]) => [key, true])));
    if (other) functions.push(`const ${name}named = ${named};`);
    const copyRest = other
      ? `for (const k of Object.keys(v)) if (!Object.hasOwn(${name}named, k) && v[k] !== undefined) o[k] = ${other}(v[k]);`
      : '';
    functions.push(
      `function ${name}(v) { ${checks.join(' ')} const o = { ${fields.join(', ')} }; ${copyRest} return o; }`,
    );
  } else throw new Error(`hot serializer: ${where} has a shape the picker cannot copy safely`);
  if (schema.nullable !== true) return name;
  functions.push(`function ${name}n(v) { return v == null ? null : ${name}(v); }`);
  return `${name}n`;
}

/** The encoder of a (rewritten) JSON Schema: the picker's copy through JSON.stringify, or one that writes stored documents. */
export function compileEncoder(schema: Schema, where = '(answer)'): Encode {
  if (!holdsStoredDocument(schema)) {
    const pick = compilePicker(schema, where);
    return (value) => JSON.stringify(pick(value));
  }
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
 * An object holding stored documents: each run of properties without one is a picked object's JSON (its
 * braces cut off), the others are written here, in the schema's order. A property left undefined is left
 * out, and a required one throws.
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
    const encode = compileEncoder(simplified(jsonSchema) as Schema, `${route.method} ${route.url}`);
    if (config.env !== 'test') return encode;
    const contract = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    return (data) => {
      const sent = encode(data);
      if (!isDeepStrictEqual(JSON.parse(sent), JSON.parse(contract(parsedRaw(data)) as string)))
        throw new Error(
          `${route.method} ${route.url} (${route.httpStatus}): the answer differs from its contract's encoding`,
        );
      return sent;
    };
  };
}
