/**
 * The spec-only OpenAPI document (written by hand from service-interface.md) against
 * the one `serve openapi` generates from src/api: every operation, parameter, body
 * field and answer field of the spec is in ours with the same type, and every field
 * ours adds is marked as our extension — which is what makes the client treat it as
 * optional (src/api/markers.ts, read by src/api/reading.ts).
 */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/api/openapi.js';
import { READING_KEY } from '../../src/api/markers.js';
import { SPEC_ONLY } from './harness.js';

type Json = Record<string, unknown>;
type Doc = { paths: Record<string, Record<string, Json>>; components: Json };

const specOnly = JSON.parse(readFileSync(SPEC_ONLY, 'utf8')) as Doc;
const ours = buildOpenApiDocument('test') as unknown as Doc;

const METHODS = ['get', 'post', 'patch', 'put', 'delete'];

function resolve(doc: Doc, node: unknown): Json {
  let current = node as Json;
  for (let hops = 0; typeof current?.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${String(current.$ref)}`);
    const parts = (current.$ref as string).replace(/^#\//, '').split('/');
    current = parts.reduce<unknown>((at, part) => (at as Json)[part], doc) as Json;
  }
  return current ?? {};
}

/** A schema with allOf merged (the spec writes ner as RentPosition plus two fields). */
function flatten(doc: Doc, node: unknown): Json {
  const schema = resolve(doc, node);
  if (!Array.isArray(schema.allOf)) return schema;
  const parts = (schema.allOf as unknown[]).map((part) => flatten(doc, part));
  const { allOf: _allOf, ...rest } = schema;
  return {
    ...rest,
    type: 'object',
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {}), rest.properties ?? {}) as Json,
    required: [...parts.flatMap((p) => (p.required as string[] | undefined) ?? []), ...((rest.required as string[] | undefined) ?? [])],
  };
}

/** Ours may add null (documented in docs/api-decisions.md): the non-null part, and whether null is allowed. */
function nonNull(doc: Doc, node: unknown): { schema: Json; nullable: boolean } {
  const schema = flatten(doc, node);
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const rest = (schema.type as string[]).filter((t) => t !== 'null');
    return { schema: { ...schema, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  const options = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(options)) {
    const rest = options.filter((option) => resolve(doc, option).type !== 'null');
    if (rest.length === 1 && rest.length < options.length) {
      const { anyOf: _a, oneOf: _o, ...own } = schema;
      return { schema: { ...flatten(doc, rest[0]), ...own }, nullable: true };
    }
  }
  return { schema, nullable: false };
}

const FORMATS = new Set(['uuid', 'date', 'date-time']);
const isMarked = (doc: Doc, node: unknown, ...markers: string[]) => {
  const { schema } = nonNull(doc, node);
  return markers.includes(schema[READING_KEY] as string) || markers.includes(flatten(doc, node)[READING_KEY] as string);
};

/**
 * Differences between a spec schema and ours, as "where: what" lines. The spec's open
 * parts ({} or a shape "not shown") accept anything of ours. `alsoInSpec` names fields
 * the spec lists in another case of the same answer (vacancy with and without data).
 */
export function compareSchemas(spec: Doc, specNode: unknown, mine: Doc, mineNode: unknown, at: string, alsoInSpec = new Set<string>()): string[] {
  const { schema: wanted, nullable: specNullable } = nonNull(spec, specNode);
  const { schema: have, nullable: oursNullable } = nonNull(mine, mineNode);
  if (specNullable && !oursNullable) return [`${at}: the spec allows null, ours not`];
  if (Array.isArray(wanted.oneOf)) {
    const cases = (wanted.oneOf as unknown[]).map((branch) => flatten(spec, branch));
    const everyField = new Set(cases.flatMap((c) => Object.keys((c.properties ?? {}) as Json)));
    return cases.flatMap((branch, i) => compareSchemas(spec, branch, mine, mineNode, `${at} (case ${i + 1})`, everyField));
  }
  const type = wanted.type ?? ('const' in wanted ? typeof wanted.const : undefined);
  if (type === undefined) return []; // open: type not shown
  const problems: string[] = [];
  const haveType = have.type;
  const sameType = type === 'number' ? haveType === 'number' || haveType === 'integer' : haveType === type;
  if (!sameType) return [`${at}: spec type ${String(type)}, ours ${JSON.stringify(haveType ?? have)}`];
  if (typeof wanted.format === 'string' && FORMATS.has(wanted.format) && have.format !== wanted.format)
    problems.push(`${at}: spec format ${wanted.format}, ours ${String(have.format)}`);
  if (Array.isArray(wanted.enum)) {
    const allowed = new Set(wanted.enum as unknown[]);
    const mineValues = have.enum as unknown[] | undefined;
    if (!mineValues || mineValues.some((value) => !allowed.has(value)))
      problems.push(`${at}: spec values ${JSON.stringify(wanted.enum)}, ours ${JSON.stringify(mineValues ?? 'any')}`);
  }
  if (type === 'array') problems.push(...compareSchemas(spec, wanted.items ?? {}, mine, have.items ?? {}, `${at}[]`));
  if (type === 'object') {
    const wantedProps = (wanted.properties ?? {}) as Json;
    const haveProps = (have.properties ?? {}) as Json;
    const haveRequired = new Set((have.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(wantedProps)) {
      const where = `${at}.${name}`;
      if (!(name in haveProps)) {
        problems.push(`${where}: in the spec, not in ours`);
        continue;
      }
      if (isMarked(mine, haveProps[name], 'extension')) problems.push(`${where}: a spec field marked as our extension`);
      if (((wanted.required as string[] | undefined) ?? []).includes(name) && !haveRequired.has(name))
        problems.push(`${where}: required by the spec, optional in ours`);
      problems.push(...compareSchemas(spec, schema, mine, haveProps[name], where));
    }
    for (const name of Object.keys(haveProps))
      if (!(name in wantedProps) && !alsoInSpec.has(name) && !isMarked(mine, haveProps[name], 'extension', 'not-shown'))
        problems.push(`${at}.${name}: ours only, but not marked extension()`);
  }
  return problems;
}

interface Operation {
  key: string;
  spec: Json;
  mine: Json | undefined;
}

function operations(mine: Doc = ours): Operation[] {
  return Object.entries(specOnly.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, spec: op as Json, mine: mine.paths[path]?.[method] as Json | undefined })),
  );
}

function compareOperation(spec: Doc, mine: Doc, { key, spec: wanted, mine: have }: Operation): string[] {
  if (!have) return [`${key}: in the spec, not in ours`];
  const problems: string[] = [];
  const scopes = ((wanted.security as Json[] | undefined)?.[0]?.bearerAuth as string[] | undefined) ?? [];
  const ourScopes = ((have.security as Json[] | undefined)?.[0]?.bearerAuth as string[] | undefined) ?? [];
  if (scopes.length > 0 && JSON.stringify(scopes) !== JSON.stringify(ourScopes))
    problems.push(`${key}: spec scope ${scopes.join(',')}, ours ${ourScopes.join(',')}`);

  const ourParams = ((have.parameters as unknown[] | undefined) ?? []).map((p) => resolve(mine, p));
  for (const param of ((wanted.parameters as unknown[] | undefined) ?? []).map((p) => resolve(spec, p))) {
    const where = `${key} ${String(param.in)} parameter ${String(param.name)}`;
    const match = ourParams.find((p) => p.name === param.name && p.in === param.in);
    if (!match) {
      problems.push(`${where}: in the spec, not in ours`);
      continue;
    }
    if (Boolean(param.required) !== Boolean(match.required)) problems.push(`${where}: required ${String(param.required)} in the spec`);
    const wantedDefault = (param.schema as Json | undefined)?.default;
    if (wantedDefault !== undefined && (match.schema as Json | undefined)?.default !== wantedDefault)
      problems.push(`${where}: spec default ${JSON.stringify(wantedDefault)}, ours ${JSON.stringify((match.schema as Json | undefined)?.default)}`);
    problems.push(...compareSchemas(spec, param.schema, mine, match.schema, where));
  }

  const body = (op: Json) => ((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined;
  if (body(wanted)) {
    if (!body(have)) problems.push(`${key}: the spec has a request body, ours not`);
    else problems.push(...compareSchemas(spec, body(wanted)!.schema, mine, body(have)!.schema, `${key} body`));
  }

  for (const [status, response] of Object.entries(wanted.responses as Json)) {
    const ourResponse = (have.responses as Json)[status] as Json | undefined;
    if (!ourResponse) {
      problems.push(`${key}: spec answers ${status}, ours not`);
      continue;
    }
    const schemaOf = (r: Json) => (((r.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema ?? {}) as Json;
    problems.push(...compareSchemas(spec, schemaOf(response as Json), mine, schemaOf(ourResponse), `${key} ${status}`));
  }
  return problems;
}

describe('the spec-only OpenAPI document', () => {
  it('is valid OpenAPI 3.1 and lists the same 17 operations as ours, besides those ours marks as extensions', async () => {
    expect(await new Validator().validate(specOnly as never)).toEqual({ valid: true });
    const mineKeys = (extension: boolean) =>
      Object.entries(ours.paths).flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([, op]) => (op[READING_KEY] === 'extension') === extension)
          .map(([m]) => `${m.toUpperCase()} ${path}`),
      );
    expect(operations().map((op) => op.key).sort()).toEqual(mineKeys(false).sort());
    expect(mineKeys(false)).toHaveLength(17);
    // Not in the spec: the CLI must do without it (test/interop/users.test.ts).
    expect(mineKeys(true)).toEqual(['GET /users']);
  });

  it('has no extensions of ours in it', () => {
    expect(JSON.stringify(specOnly)).not.toContain(READING_KEY);
    for (const name of ['not_found', 'floor_plan_id', 'floor_plan_name', 'unit_count', 'as_of_date'])
      expect(JSON.stringify(specOnly.paths['/rentsurvey/communities/{id}/overview']), name).not.toContain(`"${name}"`);
  });
});

describe('our generated document covers the spec', () => {
  it('every spec operation, parameter, body and answer field, with the same types; our additions marked extension()', () => {
    expect(operations().flatMap((op) => compareOperation(specOnly, ours, op))).toEqual([]);
  });

  it('marks our extensions in the generated document', () => {
    const answer = (path: string) =>
      ((((ours.paths[path]!.get as Json).responses as Json)['200'] as Json).content as Json)['application/json'] as Json;
    const props = (path: string) => ((answer(path).schema as Json).properties ?? {}) as Record<string, Json>;
    expect(props('/rentsurvey/communities/{id}/overview').as_of_date?.[READING_KEY]).toBe('extension');
    expect(props('/rentsurvey/communities').not_found?.[READING_KEY]).toBe('extension');
    expect(props('/rentsurvey/communities/{id}/vacancy').vacancy_rate?.[READING_KEY]).toBe('not-shown');
  });

  it('the comparison can fail: a spec field dropped, retyped or unmarked is named', () => {
    const broken = structuredClone(ours);
    const getOp = (path: string) => broken.paths[path]!.get as Json;
    const schemaOf = (op: Json) => (((op.responses as Json)['200'] as Json).content as Json)['application/json'] as Json;
    const vacancy = schemaOf(getOp('/rentsurvey/communities/{id}/vacancy')).schema as Json;
    delete (vacancy.properties as Json).community_name;
    (vacancy.properties as Json).has_data = { type: 'string' };
    const batch = schemaOf(getOp('/rentsurvey/communities')).schema as Json;
    (batch.properties as Json).not_found = { type: 'array', items: { type: 'string' } };
    const problems = operations(broken).flatMap((op) => compareOperation(specOnly, broken, op));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/vacancy 200 \(case 1\)\.community_name: in the spec, not in ours/),
        expect.stringMatching(/vacancy 200 \(case 1\)\.has_data: spec type boolean, ours "string"/),
        expect.stringMatching(/GET \/rentsurvey\/communities 200\.not_found: ours only, but not marked extension\(\)/),
      ]),
    );
  });
});
