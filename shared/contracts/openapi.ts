import { PAGE, pageQuerySchema } from '../paging';
import { API_COMPONENTS } from './components';
import { type Contract, isRawResponse, type TaggedContract } from './contract';
import { COMPONENT_REF, convertSchemas, type JsonSchema, type SchemaUse } from './openapi-schemas';

type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema };
type Header = { description: string; schema: JsonSchema };
export type OpenApiResponse = {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
  headers?: Record<string, Header>;
};
type Response = OpenApiResponse | { $ref: string };

export type OpenApiOperation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  'x-audience': Contract['audience'];
  /** PRODUCT.md §14: the API token scopes that reach the operation. */
  'x-api-scopes'?: string[];
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, Response>;
};

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  security: Record<string, string[]>[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
  };
};

/** `/api/lpqs/:id` → `/api/lpqs/{id}`; Fastify's trailing wildcard becomes a `{path}` parameter. */
export const openApiPath = (path: string) =>
  path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path}');

/** The session cookie as a browser sends it over HTTPS (server/plugins/session.ts sessionCookieName). */
export const SESSION_COOKIE_OVER_HTTPS = '__Host-lp_session';

const STATUS_TEXTS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  501: 'Not implemented',
  503: 'Not ready',
};

/** The error answers, each declared once (components.responses) and referred to by the operations. */
const ERROR_RESPONSES: Record<string, string> = {
  400: 'The request is invalid: `errors` names each invalid field with its message',
  401: 'Not signed in, or the session has ended',
  403: 'Not allowed: the account’s type or roles do not reach it, a request from another site that would change something, or `code: "reauthenticate"` when a recent sign-in is needed',
  404: 'Not found, or not this caller’s to read',
  409: 'The record’s state does not allow it',
  413: 'The request body is too large',
  429: 'Too many attempts: try again later (after Retry-After’s seconds when the answer has it)',
};
const errorName = (status: string) => `Error${status}`;
/** The heading of an error an operation states its own reason for (404, 409, 429). */
const ERROR_TITLES: Record<string, string> = { 404: 'Not found', 409: 'Conflict', 429: 'Too many attempts' };

/** What each area (a contract file's tag) holds, for the document's tags. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Accounts: 'Registration, sign-in and sign-out, e-mail verification and password reset',
  'Account security': 'Two-step sign-in (authenticator app, recovery codes, passkeys), sessions and password',
  Attorney: 'The attorney’s registration, profile, dashboard and onboarding',
  'Attorney forms':
    'The master LPQ, the conflicts and diversity forms, the business plan and autosaved drafts',
  Files: 'Uploading documents (signed URLs, Uppy’s S3 protocol) and reading them',
  'Attorney requests and sharing':
    'The requests firms sent the attorney: sharing, updates, revoking, the access log',
  'Position LPQ': 'The questionnaire of one position, answered for one request',
  'Data rights': 'The attorney’s data export and account deletion',
  Firm: 'The firm’s registration, profile, dashboard and library of question sections',
  'Firm requests': 'The firm’s invitations and the packages attorneys shared with it',
  'Firm team': 'The firm’s members, roles, invitations, reviewers, conflicts checks, settings and audit',
  Integrations: 'The firm’s API tokens and signed webhooks (admins)',
  'Certification and audit trail':
    'Checking a shared version’s fingerprint; downloading and checking a request’s audit trail',
  Operations: 'Health, readiness, metrics, local development helpers and this documentation',
};

const SIGNED_IN = new Set<Contract['audience']>(['signed-in', 'attorney', 'firm']);

/** The error answers an operation can give, by status, with when (a contract's own words first). */
function errorsOf(contract: TaggedContract): Record<string, string | true> {
  const errors: Record<string, string | true> = {};
  const hasParams = !!contract.params || contract.path.endsWith('/*');
  if (contract.body || contract.query || hasParams) errors[400] = true;
  if (SIGNED_IN.has(contract.audience)) errors[401] = true;
  if (contract.audience === 'attorney' || contract.audience === 'firm' || contract.method !== 'GET')
    errors[403] = true;
  if (contract.errors?.[404]) errors[404] = contract.errors[404];
  else if (hasParams) errors[404] = true;
  if (contract.errors?.[409]) errors[409] = contract.errors[409];
  if (contract.body || contract.method === 'PUT') errors[413] = true;
  if (contract.errors?.[429]) errors[429] = contract.errors[429];
  return errors;
}

/** A list paged by shared/paging.ts: its query takes the page's cursor. */
const isPaged = (contract: Contract) =>
  !!contract.query &&
  'shape' in contract.query &&
  (contract.query.shape as Record<string, unknown>).cursor === pageQuerySchema.shape.cursor;

const LINK_HEADER: Header = {
  description: `The next page’s URL as \`<…>; rel="next"\` while there is one (at most ${PAGE.maxLimit} rows a page, ${PAGE.defaultLimit} by default)`,
  schema: { type: 'string' },
};

function parametersOf(json: JsonSchema | undefined, where: 'path' | 'query'): Parameter[] {
  if (!json) return [];
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema,
  }));
}

/** The schemas of a contract, each with the key its JSON Schema is found under after the conversion. */
function usesOf(contract: TaggedContract): SchemaUse[] {
  const key = (part: string) => `${contract.operationId} ${part}`;
  const uses: SchemaUse[] = [];
  if (contract.params) uses.push({ key: key('params'), schema: contract.params, io: 'input' });
  if (contract.query) uses.push({ key: key('query'), schema: contract.query, io: 'input' });
  if (contract.body) uses.push({ key: key('body'), schema: contract.body, io: 'input' });
  for (const [status, response] of Object.entries(contract.response))
    if (!isRawResponse(response)) uses.push({ key: key(status), schema: response, io: 'output' });
  return uses;
}

function operationOf(contract: TaggedContract, json: Record<string, JsonSchema>): OpenApiOperation {
  const key = (part: string) => json[`${contract.operationId} ${part}`];
  const parameters = [...parametersOf(key('params'), 'path'), ...parametersOf(key('query'), 'query')];
  if (contract.path.endsWith('/*'))
    parameters.unshift({ name: 'path', in: 'path', required: true, schema: { type: 'string' } });
  const responses: OpenApiOperation['responses'] = {};
  for (const [status, response] of Object.entries(contract.response)) {
    if (isRawResponse(response)) {
      const headers = Object.entries(response.headers ?? {}).map(([name, description]) => [
        name,
        { description, schema: { type: 'string' } },
      ]);
      responses[status] = {
        description: response.description,
        ...(response.contentType
          ? { content: { [response.contentType]: { schema: { type: 'string', format: 'binary' } } } }
          : {}),
        ...(headers.length ? { headers: Object.fromEntries(headers) } : {}),
      };
    } else {
      responses[status] = {
        description: response.description ?? STATUS_TEXTS[status] ?? 'OK',
        content: { 'application/json': { schema: key(status) } },
        ...(isPaged(contract) ? { headers: { Link: LINK_HEADER } } : {}),
      };
    }
  }
  for (const [status, when] of Object.entries(errorsOf(contract)))
    responses[status] =
      contract.audience === 'signed-url'
        ? // S3's protocol: its errors are S3 XML documents (<Error><Code>…), as an S3 client expects.
          {
            description: ERROR_RESPONSES[status],
            content: { 'application/xml': { schema: { type: 'string' } } },
          }
        : when === true
          ? { $ref: `#/components/responses/${errorName(status)}` }
          : errorResponse(status, `${ERROR_TITLES[status]}: ${when}`);
  const operation: OpenApiOperation = {
    operationId: contract.operationId,
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    tags: [contract.tag],
    'x-audience': contract.audience,
    // Public operations say so: the document's default is the session cookie.
    // PRODUCT.md §14: an API token reaches the operation only with one of its scopes (OpenAPI 3.1 lets a
    // non-OAuth scheme list the roles it needs).
    security: SIGNED_IN.has(contract.audience)
      ? [{ session: [] }, ...(contract.apiScopes ?? []).map((scope) => ({ apiToken: [scope] }))]
      : [],
    ...(contract.apiScopes?.length ? { 'x-api-scopes': [...contract.apiScopes] } : {}),
    ...(parameters.length ? { parameters } : {}),
    responses,
  };
  const body = key('body');
  if (contract.body && body) {
    operation.requestBody = {
      // A body the schema accepts as missing (share, decline: the spec's client sends none) is optional.
      required: !contract.body.safeParse(undefined).success,
      content: { 'application/json': { schema: body } },
    };
  }
  return operation;
}

function errorResponse(status: string, description: string): OpenApiResponse {
  return {
    description,
    content: { 'application/json': { schema: { $ref: `${COMPONENT_REF}ApiError` } } },
    ...(status === '429'
      ? {
          headers: {
            'Retry-After': {
              description: 'Seconds until the limit resets, when known',
              schema: { type: 'integer' },
            },
          },
        }
      : {}),
  };
}

/**
 * The OpenAPI 3.1 document of these contracts. Holds no secret: only shapes, paths and texts. Every
 * schema a contract names is a component (API_COMPONENTS); each operation lists its success answers,
 * the error answers that apply to it, and who may call it.
 */
export function buildOpenApiDocument(contracts: TaggedContract[], version: string): OpenApiDocument {
  // The error answers (components.responses) refer to ApiError: it is used as well.
  const errors: SchemaUse = { key: 'errors', schema: API_COMPONENTS.ApiError, io: 'output' };
  const { byKey, schemas } = convertSchemas([...contracts.flatMap(usesOf), errors], API_COMPONENTS);
  const paths: OpenApiDocument['paths'] = {};
  for (const contract of contracts) {
    const path = openApiPath(contract.path);
    paths[path] ??= {};
    paths[path][contract.method.toLowerCase()] = operationOf(contract, byKey);
  }
  // The shared error answers the operations refer to (a 409 or 429 is written with its own reason).
  const referred = new Set(
    [...JSON.stringify(paths).matchAll(/"#\/components\/responses\/([^"]+)"/g)].map((match) => match[1]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lateral Passport API',
      version,
      description:
        'JSON in and out, with a cookie session. State-changing requests from another site are refused. ' +
        'Every answer is serialized through the schema shown here: no other field is ever sent.',
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    // The default; every operation states its own (`[]` when public).
    security: [{ session: [] }],
    tags: [...new Set(contracts.map((c) => c.tag))].map((name) =>
      TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name },
    ),
    paths,
    components: {
      schemas,
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES)
          .filter(([status]) => referred.has(errorName(status)))
          .map(([status, description]) => [errorName(status), errorResponse(status, description)]),
      ),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE_OVER_HTTPS,
          description:
            'Set by sign-in (HttpOnly, Secure, SameSite=Lax). On a server whose public URL is plain HTTP (local development) it is named lp_session and is not Secure.',
        },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'lpt_…',
          description:
            'A firm’s API token (PRODUCT.md §14), made by an admin under Integrations and sent as `Authorization: Bearer lpt_…`. It acts as a recruiter of its firm on the operations that list one of its scopes (`requests:read`, `requests:write`, `packages:read`) and on no other (403); every package read through it is an access event named ‘API token NAME’. Each token may make 600 requests a minute (429 with Retry-After).',
        },
      },
    },
  };
}
