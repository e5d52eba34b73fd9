import { z } from 'zod';
import { type Contract, isRawResponse, type TaggedContract } from './contract';

type JsonSchema = Record<string, unknown>;
type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema };

export type OpenApiOperation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  'x-audience': Contract['audience'];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<
    string,
    {
      description: string;
      content?: Record<string, { schema: JsonSchema }>;
      headers?: Record<string, { description: string; schema: JsonSchema }>;
    }
  >;
};

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

/** `/api/lpqs/:id` → `/api/lpqs/{id}`; Fastify's trailing wildcard becomes a `{path}` parameter. */
export const openApiPath = (path: string) =>
  path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path}');

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): Parameter[] {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: s,
  }));
}

const STATUS_TEXTS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  501: 'Not implemented',
  503: 'Not ready',
};

const API_ERROR: JsonSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'The message of each invalid field, by its path',
    },
  },
  required: ['message'],
};

function operationOf(contract: TaggedContract): OpenApiOperation {
  const parameters = [...parametersOf(contract.params, 'path'), ...parametersOf(contract.query, 'query')];
  if (contract.path.endsWith('/*'))
    parameters.unshift({ name: 'path', in: 'path', required: true, schema: { type: 'string' } });
  const responses: OpenApiOperation['responses'] = {};
  for (const [status, response] of Object.entries(contract.response)) {
    if (isRawResponse(response)) {
      responses[status] = {
        description: response.description,
        ...(response.contentType
          ? { content: { [response.contentType]: { schema: { type: 'string', format: 'binary' } } } }
          : {}),
        ...(response.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(response.headers).map(([name, description]) => [
                  name,
                  { description, schema: { type: 'string' } },
                ]),
              ),
            }
          : {}),
      };
    } else {
      responses[status] = {
        description: response.description ?? STATUS_TEXTS[status] ?? 'OK',
        content: { 'application/json': { schema: jsonSchema(response, 'output') } },
      };
    }
  }
  responses.default = {
    description: 'An error: 400 (with the invalid fields), 401, 403, 404, 409, 413, 429 or 5xx',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
  };
  const operation: OpenApiOperation = {
    operationId: contract.operationId,
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    tags: [contract.tag],
    'x-audience': contract.audience,
    ...(['signed-in', 'attorney', 'firm'].includes(contract.audience) ? { security: [{ session: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    responses,
  };
  if (contract.body) {
    operation.requestBody = {
      // A body the schema accepts as missing (share, decline: the spec's client sends none) is optional.
      required: !contract.body.safeParse(undefined).success,
      content: { 'application/json': { schema: jsonSchema(contract.body, 'input') } },
    };
  }
  return operation;
}

/** The OpenAPI 3.1 document of these contracts. Holds no secret: only shapes, paths and texts. */
export function buildOpenApiDocument(contracts: TaggedContract[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const contract of contracts) {
    const path = openApiPath(contract.path);
    paths[path] ??= {};
    paths[path][contract.method.toLowerCase()] = operationOf(contract);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lateral Passport API',
      version,
      description:
        'JSON in and out, with a cookie session. State-changing requests from another site are refused. ' +
        'Every answer is serialized through the schema shown here: no other field is ever sent.',
    },
    tags: [...new Set(contracts.map((c) => c.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: API_ERROR },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'lp_session',
          description: 'Set by sign-in; named __Host-lp_session over HTTPS',
        },
      },
    },
  };
}
