import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, test } from 'vitest';
import { endpoints } from './endpoints.js';
import { buildOpenApiDocument } from './openapi.js';

const doc = buildOpenApiDocument('test');
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method, op: op as Record<string, unknown> })),
);

describe('OpenAPI document', () => {
  test('validates as OpenAPI 3.1', async () => {
    const result = await new Validator().validate(doc as never);
    expect(result).toEqual({ valid: true });
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]?.url).toMatch(/\/v1$/);
  });

  test('has the 17 operations of the spec and our one extension, marked, each with its scope', () => {
    expect(operations).toHaveLength(18);
    expect(Object.keys(endpoints)).toHaveLength(18);
    for (const { op } of operations) {
      const endpoint = endpoints[op.operationId as keyof typeof endpoints];
      expect(op.security).toEqual([{ bearerAuth: [endpoint.scope] }]);
    }
    const extensions = operations.filter(({ op }) => op['x-rentsurvey'] === 'extension');
    expect(extensions.map(({ method, path }) => `${method.toUpperCase()} ${path}`)).toEqual(['GET /users']);
    expect(extensions[0]?.op.security).toEqual([{ bearerAuth: ['users:read'] }]);
  });

  test('writes path parameters in OpenAPI form and documents errors', () => {
    type Op = { responses: Record<string, unknown> };
    const overview = doc.paths['/rentsurvey/communities/{id}/overview']?.get as Op;
    expect(Object.keys(overview.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    const addComp = doc.paths['/rentsurvey/communities/{id}/comps']?.post as Op;
    expect(Object.keys(addComp.responses)).toEqual(expect.arrayContaining(['201', '409', '413', '415']));
  });

  test('documents query defaults and coerced types', () => {
    const portfolio = doc.paths['/rentsurvey/portfolio']?.get as { parameters: { name: string; schema: unknown }[] };
    const byName = Object.fromEntries(portfolio.parameters.map((p) => [p.name, p.schema]));
    expect(byName.include_pricing).toMatchObject({ type: 'boolean', default: false });
    expect(byName.include_comp_count).toMatchObject({ type: 'boolean', default: true });
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
  });
});
