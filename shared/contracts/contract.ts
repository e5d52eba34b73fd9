import { z } from 'zod';
import type { ApiScope } from '../integrations';

/**
 * One endpoint of the API: its method, path, the schemas of what it takes and of every answer it gives.
 * The route registers with `routeSchema(contract)`, the OpenAPI document and the docs page are generated
 * from the same objects, so neither can drift from what the server does.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call an endpoint (documentation; the route's guard enforces it). */
export type Audience = 'public' | 'signed-in' | 'attorney' | 'firm' | 'signed-url' | 'local';

/**
 * An answer that is not a JSON document (a file, a redirect, an empty body): described in the OpenAPI
 * document and on the docs page, never passed through a serializer.
 */
export type RawResponse = {
  kind: 'raw';
  description: string;
  /** The body's media type; none for a redirect or an empty answer. */
  contentType?: string;
  /** Headers the answer carries that matter to the client (an ETag), each with what it holds. */
  headers?: Record<string, string>;
};

export type ContractResponse = z.ZodType | RawResponse;

export type Contract = {
  method: HttpMethod;
  /** Fastify's path syntax (`/api/lpqs/:id`). */
  path: string;
  summary: string;
  description?: string;
  audience: Audience;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * PRODUCT.md §14: the API token scopes that reach this endpoint (any one of them suffices). An endpoint
   * without any is refused to every token (403): the session plugin reads this, the OpenAPI document shows it.
   */
  apiScopes?: readonly ApiScope[];
  /** Success answers by status. Errors are always `{ message, errors? }` (shared/http.ts ApiErrorBody). */
  response: Record<number, ContractResponse>;
  /**
   * The error answers particular to this endpoint, each with when it is given: a record not there yet
   * (404 without a path parameter), a conflict with the record's state (409), a limit on attempts (429).
   * The usual ones (400, 401, 403, 404 of a path parameter, 413) follow from the audience, the method and
   * the parameters (shared/contracts/openapi.ts).
   */
  errors?: { 404?: string; 409?: string; 429?: string };
};

/** A contract with its area (the OpenAPI tag, the docs page's heading) and its operation id. */
export type TaggedContract = Contract & { tag: string; operationId: string };

/** An area's contracts, each stamped with the area's name and `<area>.<key>` as its operation id. */
export function defineContracts<const T extends Record<string, Contract>>(
  tag: string,
  contracts: T,
): { [K in keyof T]: T[K] & { tag: string; operationId: string } } {
  const area = tag.replace(/[^A-Za-z]+(.)?/g, (_m, c: string | undefined) => c?.toUpperCase() ?? '');
  const prefix = area.charAt(0).toLowerCase() + area.slice(1);
  return Object.fromEntries(
    Object.entries(contracts).map(([k, c]) => [k, { ...c, tag, operationId: `${prefix}.${k}` }]),
  ) as { [K in keyof T]: T[K] & { tag: string; operationId: string } };
}

export const raw = (
  description: string,
  contentType?: string,
  headers?: Record<string, string>,
): RawResponse => ({
  kind: 'raw',
  description,
  contentType,
  ...(headers ? { headers } : {}),
});

export const isRawResponse = (r: ContractResponse): r is RawResponse =>
  !(r instanceof z.ZodType) && (r as RawResponse).kind === 'raw';

type JsonResponses<R> = { [K in keyof R as R[K] extends z.ZodType ? K : never]: R[K] };

export type RouteSchema<C extends Contract> = {
  params: C['params'];
  querystring: C['query'];
  body: C['body'];
  response: JsonResponses<C['response']>;
};

/**
 * Fastify's `schema` of a route from its contract. Only JSON answers get a response schema: the zod
 * serializer strips every field the schema does not name, so nothing else leaves the server.
 */
export function routeSchema<C extends Contract>(contract: C): RouteSchema<C> {
  const response = Object.fromEntries(
    Object.entries(contract.response).filter(([, r]) => !isRawResponse(r)),
  ) as JsonResponses<C['response']>;
  const schema: Record<string, unknown> = { response };
  if (contract.params) schema.params = contract.params;
  if (contract.query) schema.querystring = contract.query;
  if (contract.body) schema.body = contract.body;
  return schema as RouteSchema<C>;
}

// ---- Pieces the answers share. Answers are described, not validated: no lengths or refinements, so a
// value stored by an older rule still goes out; transforms would break encoding.

export const messageResponse = z.object({ message: z.string() });

/** An ISO 8601 timestamp as the server writes it (`Date#toISOString`). */
export const timestamp = () => z.string().meta({ description: 'ISO 8601 date-time' });
/** A calendar date, yyyy-mm-dd. */
export const calendarDate = () => z.string().meta({ description: 'yyyy-mm-dd' });

/**
 * The JSON Schema keyword that marks a stored document (an OpenAPI `x-` extension): the server may send it
 * as the JSON text the database holds, without parsing it (server/plugins/hot-serializer.ts).
 */
export const STORED_DOCUMENT_KEYWORD = 'x-stored-document';

/**
 * What a passed-through answer holds, for the OpenAPI document only: the schema its values were validated
 * with when written. The server never parses an answer with it (a value stored by an older rule still goes
 * out), but a client generated from the document gets real types instead of `unknown`.
 */
export const DOCUMENTED_AS = new WeakMap<object, z.ZodType>();

/**
 * A JSON document stored as the user wrote it, after `documented` (the shared schema named in
 * `description`) validated it: passed on whole, on purpose (its keys are the user's own answers, never a
 * column of ours). The OpenAPI document describes it with `documented`.
 */
export function storedDocument(description: string, documented: z.ZodType) {
  const schema = z.record(z.string(), z.unknown()).meta({ description, [STORED_DOCUMENT_KEYWORD]: true });
  DOCUMENTED_AS.set(schema, documented);
  return schema;
}

/**
 * A stored form answered with its metadata: the form's own top-level keys (from its body schema's
 * shape) are kept, anything else a row might hold is stripped. The values were validated on write; the
 * OpenAPI document gives each key its form's type, optional (a row saved before a field existed lacks it).
 */
export function storedForm<M extends z.ZodRawShape>(
  form: z.ZodObject,
  meta: M,
  description: string,
): z.ZodObject<{ [k: string]: z.ZodOptional<z.ZodUnknown> } & M> {
  const keys = Object.fromEntries(Object.keys(form.shape).map((k) => [k, z.unknown().optional()]));
  const schema = z.object({ ...keys, ...meta }).meta({ description }) as z.ZodObject<
    { [k: string]: z.ZodOptional<z.ZodUnknown> } & M
  >;
  DOCUMENTED_AS.set(schema, storedFormDocumented(form, meta, description));
  return schema;
}

/** The schema the OpenAPI document describes a passed-through answer with (see DOCUMENTED_AS). */
export function documentedOf(schema: z.ZodType): z.ZodType {
  const documented = DOCUMENTED_AS.get(schema);
  if (!documented) throw new Error('a passed-through answer without its documented schema');
  return documented;
}

/** The documented side of a stored form: its fields with their form's types, all optional, and the metadata. */
export function storedFormDocumented(form: z.ZodObject, meta: z.ZodRawShape, description: string) {
  // From the shape: .partial() refuses an object with refinements (the firm profile has some).
  const fields = Object.entries(form.shape).map(([key, field]) => [key, (field as z.ZodType).optional()]);
  return z.object({ ...Object.fromEntries(fields), ...meta }).meta({ description });
}

/** A malformed id is as unknown as someone else's: the service answers 404, not 400. */
export const idParams = z.object({ id: z.string().max(100) });
