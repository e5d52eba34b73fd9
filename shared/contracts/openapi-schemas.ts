import { z } from 'zod';
import { DOCUMENTED_AS } from './contract';

export type JsonSchema = Record<string, unknown>;
export type SchemaUse = { key: string; schema: z.ZodType; io: 'input' | 'output' };

export const COMPONENT_REF = '#/components/schemas/';
/** Marks, until the names are settled, a reference made while converting requests (zod's input form). */
const INPUT = 'in:';
/** The ids an operation's own schema gets in a conversion: inlined afterwards, never a component. */
const OPERATION = 'op:';

/**
 * One conversion of every schema of the document with zod's registry form of z.toJSONSchema: each
 * named component (API_COMPONENTS) becomes a `$ref` wherever a contract uses it, and a passed-through
 * answer (DOCUMENTED_AS) a `$ref` to its documented schema. Requests and answers are converted apart
 * (zod's `input` and `output`: defaults, coercions and transforms differ), then merged: a component whose
 * two forms are the same is written once, one that differs gets its request form as `<Name>Input`.
 */
export function convertSchemas(uses: SchemaUse[], components: Record<string, z.ZodType>) {
  const idOfComponent = new Map<z.ZodType, string>();
  for (const [name, schema] of Object.entries(components)) {
    const other = idOfComponent.get(schema);
    if (other) throw new Error(`OpenAPI: one schema is named both ${other} and ${name}`);
    idOfComponent.set(schema, name);
  }
  const converted = {
    output: convert('output', uses, idOfComponent),
    input: convert('input', uses, idOfComponent),
  };
  const all: Record<string, JsonSchema> = {};
  for (const io of ['output', 'input'] as const)
    for (const [id, json] of Object.entries(converted[io].schemas))
      all[refOf(io, id).slice(COMPONENT_REF.length)] = json;

  // An operation's own schema is written where it is used (inside another operation's, too).
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (!value || typeof value !== 'object') return value;
    const { $ref, ...rest } = value as JsonSchema;
    const target = typeof $ref === 'string' ? $ref.slice(COMPONENT_REF.length) : '';
    const own = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inline(v)]));
    if (target.startsWith(OPERATION) || target.startsWith(INPUT + OPERATION))
      return { ...(inline(all[target]) as JsonSchema), ...own };
    return $ref === undefined ? own : { $ref, ...own };
  };

  // The components each side reaches, from the operations' schemas through the components they name.
  const reached = new Set<string>();
  const reach = (value: unknown) => {
    for (const ref of refsIn(value)) {
      const id = ref.slice(COMPONENT_REF.length);
      if (reached.has(id)) continue;
      reached.add(id);
      reach(inline(all[id]));
    }
  };
  const byKey: Record<string, JsonSchema> = {};
  for (const use of uses) {
    const id = converted[use.io].ids.get(use.schema) ?? '';
    // A named component is referred to; an operation's own schema is written out.
    byKey[use.key] = id.startsWith(OPERATION)
      ? (inline(all[refOf(use.io, id).slice(COMPONENT_REF.length)]) as JsonSchema)
      : { $ref: refOf(use.io, id) };
    reach(byKey[use.key]);
  }

  // A request's component is the answer's when both forms are the same, to the components they name.
  const sameMemo = new Map<string, boolean>();
  const sameBothWays = (name: string): boolean => {
    const known = sameMemo.get(name);
    if (known !== undefined) return known;
    sameMemo.set(name, true);
    const input = all[INPUT + name];
    const same =
      reached.has(name) &&
      JSON.stringify(withoutInputMarks(inline(input))) === JSON.stringify(open(inline(all[name]))) &&
      refsIn(inline(input)).every((ref) => sameBothWays(ref.slice(COMPONENT_REF.length + INPUT.length)));
    sameMemo.set(name, same);
    return same;
  };
  const finalName = (id: string) => {
    if (!id.startsWith(INPUT)) return id;
    const name = id.slice(INPUT.length);
    return sameBothWays(name) || !reached.has(name) ? name : `${name}Input`;
  };
  const rename = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rename);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) =>
        k === '$ref' && typeof v === 'string' && v.startsWith(COMPONENT_REF)
          ? [k, COMPONENT_REF + finalName(v.slice(COMPONENT_REF.length))]
          : [k, rename(v)],
      ),
    );
  };
  const schemas: Record<string, JsonSchema> = {};
  for (const id of [...reached].sort((a, b) => finalName(a).localeCompare(finalName(b)))) {
    const name = finalName(id);
    // One schema for both sides is the request's: it does not close its objects (see `open`).
    const source = !id.startsWith(INPUT) && reached.has(INPUT + id) && sameBothWays(id) ? INPUT + id : id;
    if (!(name in schemas)) schemas[name] = rename(inline(all[source])) as JsonSchema;
  }
  for (const key of Object.keys(byKey)) byKey[key] = rename(byKey[key]) as JsonSchema;
  return { byKey, schemas };
}

const refOf = (io: 'input' | 'output', id: string) => COMPONENT_REF + (io === 'input' ? INPUT : '') + id;

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value))
      if (k === '$ref' && typeof v === 'string' && v.startsWith(COMPONENT_REF)) found.push(v);
      else refsIn(v, found);
  return found;
}

/**
 * An answer's schema without `additionalProperties: false`, which zod writes for an answer's objects
 * only (a request's extra keys are stripped, not refused): the one difference most schemas have between
 * the two sides, too small to name a schema twice for.
 */
function open(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(open);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k, v]) => !(k === 'additionalProperties' && v === false))
      .map(([k, v]) => [k, open(v)]),
  );
}

const withoutInputMarks = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value).replaceAll(`"${COMPONENT_REF}${INPUT}`, `"${COMPONENT_REF}`));

/** One side's conversion: the components and that side's operation schemas in one zod registry. */
function convert(io: 'input' | 'output', uses: SchemaUse[], idOfComponent: Map<z.ZodType, string>) {
  const registry = z.registry<{ id: string }>();
  const ids = new Map<z.ZodType, string>();
  for (const [schema, id] of idOfComponent) {
    registry.add(schema, { id });
    ids.set(schema, id);
  }
  for (const use of uses)
    if (use.io === io && !ids.has(use.schema)) {
      const id = `${OPERATION}${ids.size}`;
      registry.add(use.schema, { id });
      ids.set(use.schema, id);
    }
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: (id) => refOf(io, id),
    override: ({ zodSchema, jsonSchema }) => {
      const documented = DOCUMENTED_AS.get(zodSchema);
      if (!documented) return;
      const name = idOfComponent.get(documented);
      if (!name) throw new Error('OpenAPI: a documented schema must be named in API_COMPONENTS');
      const { description } = jsonSchema;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
      Object.assign(jsonSchema, { $ref: refOf(io, name), ...(description ? { description } : {}) });
    },
  });
  if ('__shared' in schemas) throw new Error('OpenAPI: a schema refers to itself; name it in API_COMPONENTS');
  const clean: Record<string, JsonSchema> = {};
  for (const [id, json] of Object.entries(schemas)) {
    const { $id: _id, $schema: _schema, ...rest } = json as JsonSchema;
    clean[id] = rest;
  }
  return { schemas: clean, ids };
}
