import * as z from 'zod/mini';
import { endpoints, type Endpoint } from './endpoints.js';
import { READING_KEY } from './markers.js';
import { routes, SCOPES, type OperationId } from './routes.js';
import { ErrorBody } from './schemas/errors.js';

type JsonSchema = Record<string, unknown>;

const componentUri = (id: string) => `#/components/schemas/${id}`;

function toSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' });
  // Named schemas live once under components; point the local $defs refs there.
  delete json.$schema;
  delete json.$defs;
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
}

function objectShape(schema: z.ZodMiniType | undefined): Record<string, z.ZodMiniType> {
  return schema instanceof z.ZodMiniObject ? (schema.shape as Record<string, z.ZodMiniType>) : {};
}

function parameters(endpoint: Endpoint) {
  const path = Object.entries(objectShape(endpoint.params)).map(([name, schema]) => ({
    name,
    in: 'path',
    required: true,
    schema: toSchema(schema, 'output'),
  }));
  const query = Object.entries(objectShape(endpoint.query)).map(([name, schema]) => {
    const json = toSchema(schema, 'output');
    return {
      name,
      in: 'query',
      required: !schema.safeParse(undefined).success,
      schema: json,
      ...(typeof json.description === 'string' ? { description: json.description } : {}),
    };
  });
  return [...path, ...query];
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: componentUri('Error') } } },
});

function operation(operationId: string, endpoint: Endpoint) {
  const responses: Record<string, unknown> = {
    [endpoint.status]: {
      description: endpoint.status === 201 ? 'Created' : 'OK',
      content: { 'application/json': { schema: toSchema(endpoint.response, 'output') } },
    },
    400: errorResponse('Invalid request: malformed JSON, a failed validation or an unknown field'),
    401: errorResponse('Missing, unknown or deactivated API key'),
    403: errorResponse(`The key lacks the ${endpoint.scope} scope`),
  };
  if (endpoint.params) responses[404] = errorResponse('No such record in the caller’s organization');
  if (endpoint.method !== 'GET') {
    responses[409] = errorResponse('Duplicate or limit reached');
    responses[413] = errorResponse('Body larger than 1 MB');
    responses[415] = errorResponse('Body is not application/json');
  }
  if (operationId === 'inviteUser') responses[502] = errorResponse('The invitation e-mail could not be sent');
  if (operationId === 'createCommunity' || operationId === 'updateCommunity')
    responses[422] = errorResponse('A manager e-mail matches no user of the organization');
  return {
    operationId,
    summary: endpoint.summary,
    // An operation only our service has: a client of the spec cannot count on it.
    ...(endpoint.extension ? { [READING_KEY]: 'extension' } : {}),
    tags: [endpoint.tag],
    security: [{ bearerAuth: [endpoint.scope] }],
    'x-required-scope': endpoint.scope,
    parameters: parameters(endpoint),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the service, generated from the endpoint table. */
export function buildOpenApiDocument(version: string, serverUrl = 'http://127.0.0.1:8787/v1') {
  const paths: Record<string, Record<string, unknown>> = {};
  // In the order of routes.ts; components by name: the document does not depend on the order modules loaded in.
  for (const operationId of Object.keys(routes) as OperationId[]) {
    const endpoint: Endpoint = endpoints[operationId];
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(operationId, endpoint);
  }
  // Components: every schema registered with an id (z.globalRegistry) by the modules of src/api/schemas.
  const { schemas } = z.toJSONSchema(z.globalRegistry, { target: 'draft-2020-12', uri: componentUri, io: 'output' });
  const components: Record<string, JsonSchema> = { Error: toSchema(ErrorBody, 'output') };
  for (const [id, schema] of Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) {
    const { $schema: _, ...rest } = schema as JsonSchema;
    components[id] = rest;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rental pricing, community and user management service',
      version: '1.0',
      'x-rentsurvey-version': version,
      description: 'Generated from the rentsurvey API contract (src/api). Money is integer cents; dates are YYYY-MM-DD.',
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: 'pricing', description: 'Rent pricing views and comparables' },
      { name: 'communities', description: 'Community management records' },
      { name: 'users', description: 'User invitation and administration' },
    ],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: `API key. Scopes: ${SCOPES.join(', ')}.`,
        },
      },
      schemas: components,
    },
    paths,
  };
}
