/**
 * Requests generated from the contract (src/api/endpoints.ts): each operation's
 * params, query and body schemas, read as JSON Schema, become fast-check
 * arbitraries of values that are valid or nearly so; mutations then break them
 * in the ways clients do (wrong types, unknown fields, odd numbers and dates,
 * bad ids, headers, methods, paths).
 */
import fc from 'fast-check';
import * as z from 'zod/mini';
import { endpoints, type Endpoint, type OperationId } from '../../../src/api/endpoints.js';

type JsonSchema = {
  type?: string;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** Ids a request may name: the fuzzed organization's records by kind, and others' or nobody's. */
export interface IdPool {
  community: string[];
  comp: string[];
  user: string[];
  plan: string[];
  foreign: string[];
}

type IdKind = 'community' | 'comp' | 'user' | 'plan';

const JUNK_STRINGS = ['', ' ', '%', '%00', '\u0000', 'null', 'undefined', '[]', '{}', "' OR 1=1 --", '../../etc/passwd', '😀', 'a'.repeat(5000), '\ud800', 'x\r\nInjected: 1'];
const ODD_NUMBERS = ['1e1', '0x10', '', ' 12', '+5', '1.0', '-0', '-1', '00', '9'.repeat(30), 'NaN', 'Infinity', '١٢', '12abc'];
const ODD_DATES = ['0000-01-01', '0001-01-01', '0099-12-31', '9999-12-31', '10000-01-01', '2026-02-29', '2028-02-29', '2026-13-01', '26-01-01', '2026-1-1', '2026-01-01T00:00:00Z', 'today'];
const ODD_BOOLEANS = ['true', 'false', '1', '0', 'TRUE', 'yes', '', 'true '];

/** encodeURIComponent, also for lone surrogates (which it refuses): their UTF-8 replacement. */
const encode = (value: string) => encodeURIComponent(value.replace(/\p{Cs}/gu, '\ufffd'));

const isoDate = fc
  .integer({ min: -3_000, max: 3_000 })
  .map((days) => new Date(Date.UTC(2026, 0, 1) + days * 86_400_000).toISOString().slice(0, 10));

/** Mostly an id of the right kind; sometimes of another kind, organization, or none. */
function idArbitrary(pool: IdPool, kind: IdKind = 'community'): fc.Arbitrary<string> {
  const own = [...pool.community, ...pool.comp, ...pool.user, ...pool.plan];
  return fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...pool[kind]) },
    { weight: 2, arbitrary: fc.constantFrom(...pool[kind]).map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom(...own) },
    { weight: 1, arbitrary: fc.constantFrom(...pool.foreign) },
    { weight: 1, arbitrary: fc.uuid() },
  );
}

function idKind(name: string, path: string): IdKind {
  if (name === 'comp_id') return 'comp';
  if (name === 'floor_plan_id') return 'plan';
  return path.startsWith('/users') ? 'user' : 'community';
}

/** An arbitrary of values that (mostly) satisfy `schema`; `path` (the endpoint's) tells which ids fit. */
function fromSchema(schema: JsonSchema, pool: IdPool, path: string, name = ''): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => fromSchema(s, pool, path, name)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1_000, 1_000_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'array':
      return fc.array(fromSchema(schema.items ?? {}, pool, path, name), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, fromSchema(value, pool, path, key)]));
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    case 'string': {
      if (schema.format === 'uuid') return idArbitrary(pool, idKind(name, path));
      if (schema.format === 'date') return isoDate;
      if (schema.format === 'email')
        return fc.oneof(fc.emailAddress(), fc.integer({ min: 0, max: 1e6 }).map((n) => `fuzz${n}@fuzz.example`));
      if (schema.format === 'uri') return fc.webUrl({ validSchemes: ['https', 'http'] });
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      if (name === 'ids') return fc.array(idArbitrary(pool), { minLength: 1, maxLength: 8 }).map((ids) => ids.join(','));
      const length = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) };
      return fc.oneof(
        { weight: 4, arbitrary: fc.string({ ...length, unit: fc.constantFrom('a', 'b', 'Z', '0', ' ', 'é', '漢', '%', "'", '-') }) },
        { weight: 1, arbitrary: fc.string({ ...length, unit: 'grapheme' }) },
        { weight: 1, arbitrary: fc.string({ ...length, unit: 'binary' }) },
      );
    }
  }
  return fc.jsonValue();
}

const toJsonSchema = (schema: z.ZodMiniType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;

export interface FuzzRequest {
  operation: OperationId;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Sent as is when a string. */
  body?: string;
  /** What the mutations did, for the failure message. */
  mutations: string[];
}

export interface FuzzKeys {
  /** Every scope, of the fuzzed organization. */
  full: string;
  readOnly: string;
  foreign: string;
}

function queryString(query: Record<string, unknown>): string {
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encode(key)}=${encode(String(value))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** One operation's requests: valid-ish values from its schemas, then zero to three mutations. */
function operationRequests(operation: OperationId, endpoint: Endpoint, pool: IdPool, keys: FuzzKeys): fc.Arbitrary<FuzzRequest> {
  const params = endpoint.params ? fromSchema(toJsonSchema(endpoint.params, 'input'), pool, endpoint.path) : fc.constant({});
  // Query values as a client holds them (numbers, booleans), written as the client writes them.
  const query = endpoint.query ? fromSchema(toJsonSchema(endpoint.query, 'output'), pool, endpoint.path) : fc.constant({});
  const body = endpoint.body ? fromSchema(toJsonSchema(endpoint.body, 'input'), pool, endpoint.path) : fc.constant(undefined);
  const base = fc.record({ params, query, body }).map(({ params, query, body }): FuzzRequest => {
    const path = `/v1${endpoint.path.replace(/:([a-z_]+)/g, (_, name: string) => encode(String((params as Record<string, unknown>)[name])))}`;
    const headers: Record<string, string> = { authorization: `Bearer ${keys.full}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return {
      operation,
      method: endpoint.method,
      path: path + queryString(query as Record<string, unknown>),
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      mutations: [],
    };
  });
  // Two in five requests as generated; the others broken one to three ways.
  const mutations = fc.oneof(
    { weight: 2, arbitrary: fc.constant([]) },
    { weight: 3, arbitrary: fc.array(mutation(endpoint, pool, keys), { minLength: 1, maxLength: 3 }) },
  );
  return fc.tuple(base, mutations).map(([request, mutations]) =>
    mutations.reduce((r, m) => ({ ...m.apply(r), mutations: [...r.mutations, m.name] }), request),
  );
}

interface Mutation {
  name: string;
  apply(request: FuzzRequest): FuzzRequest;
}

const mutate = (name: string, apply: (request: FuzzRequest) => FuzzRequest): Mutation => ({ name, apply });

function replaceQueryValue(path: string, value: string): string {
  const [route, search = ''] = path.split('?');
  const pairs = search.split('&').filter(Boolean);
  if (pairs.length === 0) return `${route}?limit=${encode(value)}`;
  const [key] = (pairs[0] as string).split('=');
  pairs[0] = `${key}=${encode(value)}`;
  return `${route}?${pairs.join('&')}`;
}

function mutation(endpoint: Endpoint, pool: IdPool, keys: FuzzKeys): fc.Arbitrary<Mutation> {
  const withBody = (request: FuzzRequest, body: string | undefined): FuzzRequest => {
    const { body: _, ...rest } = request;
    return body === undefined ? rest : { ...rest, body, headers: { 'content-type': 'application/json', ...request.headers } };
  };
  const jsonField = (request: FuzzRequest, change: (object: Record<string, unknown>) => void) => {
    let object: Record<string, unknown>;
    try {
      const parsed = JSON.parse(request.body ?? '{}') as unknown;
      object = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      object = {};
    }
    change(object);
    return withBody(request, JSON.stringify(object));
  };
  const field = fc.constantFrom(...Object.keys((endpoint.body && toJsonSchema(endpoint.body, 'input').properties) ?? { name: 1 }));
  return fc.oneof(
    // bodies
    fc.jsonValue({ maxDepth: 3 }).map((value) => mutate('body: any JSON', (r) => withBody(r, JSON.stringify(value)))),
    fc.constantFrom('{', '{"a":', 'nul', '[1,', '\u0000', '', '{"name":"x"}}', '"\\ud800"').map((text) => mutate(`body: ${JSON.stringify(text)}`, (r) => withBody(r, text))),
    fc.tuple(field, fc.anything({ maxDepth: 2 })).map(([key, value]) => mutate(`body.${key} = ${fc.stringify(value)}`, (r) => jsonField(r, (o) => (o[key] = value ?? null)))),
    field.map((key) => mutate(`body: drop ${key}`, (r) => jsonField(r, (o) => delete o[key]))),
    fc.string({ minLength: 1, maxLength: 12 }).map((key) => mutate(`body: unknown field ${key}`, (r) => jsonField(r, (o) => (o[key] = 1)))),
    fc.tuple(field, fc.integer({ min: 200, max: 300 })).map(([key, n]) => mutate(`body.${key}: ${n} characters`, (r) => jsonField(r, (o) => (o[key] = `${'x'.repeat(n)}@x.example`)))),
    fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data; boundary=x', '', 'application/jsonx').map((type) =>
      mutate(`content-type: ${type}`, (r) => ({ ...r, headers: { ...r.headers, 'content-type': type } })),
    ),
    // query
    fc.constantFrom(...ODD_NUMBERS, ...ODD_DATES, ...ODD_BOOLEANS, ...JUNK_STRINGS.slice(0, 10)).map((value) => mutate(`query value ${JSON.stringify(value)}`, (r) => ({ ...r, path: replaceQueryValue(r.path, value) }))),
    fc.constantFrom('limit', 'offset', 'days', 'start_date', 'end_date', 'ids', 'include_pricing', 'unknown', '__proto__', 'constructor', 'a[b]', 'ids[]').map((key) =>
      mutate(`query: add ${key}`, (r) => ({ ...r, path: `${r.path}${r.path.includes('?') ? '&' : '?'}${key}=1` })),
    ),
    fc.constant(mutate('query: repeat a parameter', (r) => ({ ...r, path: r.path.includes('?') ? `${r.path}&${r.path.split('?')[1]}` : `${r.path}?limit=1&limit=2` }))),
    // path ids and paths
    fc.constantFrom(...JUNK_STRINGS.map(encode), '%zz', '%E2%9C', '..', '00000000-0000-0000-0000-00000000000g', 'x'.repeat(300)).map((id) =>
      mutate(`path id ${JSON.stringify(id.slice(0, 20))}`, (r) => ({ ...r, path: r.path.replace(/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/, id) })),
    ),
    fc.constantFrom('/', '//', '/../', '/%2e%2e/', '/x', '.json').map((extra) => mutate(`path + ${extra}`, (r) => {
      const [route, search] = r.path.split('?');
      return { ...r, path: `${route}${extra}${search === undefined ? '' : `?${search}`}` };
    })),
    fc.constant(mutate('path in upper case', (r) => ({ ...r, path: r.path.toUpperCase() }))),
    // headers
    fc.constantFrom('', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer rsk_nope_nope', `bearer ${keys.full}`, `Bearer ${keys.readOnly}`, `Bearer ${keys.foreign}`, `Bearer ${keys.full} extra`).map((value) =>
      mutate(`authorization: ${value.replace(/rsk_\S+/, 'rsk_…')}`, (r) => ({ ...r, headers: { ...r.headers, authorization: value } })),
    ),
    fc.constant(mutate('no authorization', (r) => {
      const { authorization: _, ...headers } = r.headers;
      return { ...r, headers };
    })),
    fc.constantFrom(['accept', 'text/html'], ['x-forwarded-for', '1.1.1.1'], ['if-none-match', '*'], ['range', 'bytes=0-1'], ['transfer-encoding', 'gzip'], ['content-encoding', 'gzip']).map(([name, value]) =>
      mutate(`header ${name}: ${value}`, (r) => ({ ...r, headers: { ...r.headers, [name as string]: value as string } })),
    ),
    // methods
    fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'FOO', 'get', 'PROPFIND').map((method) => mutate(`method ${method}`, (r) => ({ ...r, method }))),
    // ids of the pool, in another slot
    idArbitrary(pool, 'user').map((id) => mutate('another id', (r) => ({ ...r, path: r.path.replace(/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/, id) }))),
  );
}

/** Requests over every operation of the contract, each about equally often. */
export function contractRequests(pool: IdPool, keys: FuzzKeys): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    ...(Object.entries(endpoints) as [OperationId, Endpoint][]).map(([operation, endpoint]) => operationRequests(operation, endpoint, pool, keys)),
  );
}

/** Requests node:http's parser sees before any route: written as raw bytes. */
export function rawFrames(key: string): fc.Arbitrary<{ name: string; bytes: string }> {
  const auth = `Authorization: Bearer ${key}\r\n`;
  return fc.oneof(
    fc.constantFrom('FOO', 'GETT', 'G E T', 'get', 'BREW', '\u0000', 'M-SEARCH', 'PURGE').map((method) => ({ name: `method ${JSON.stringify(method)}`, bytes: `${method} /v1/communities HTTP/1.1\r\nHost: x\r\n${auth}\r\n` })),
    fc.constantFrom('HTTP/9.9', 'HTTP/1', 'HTTPS/1.1', 'http/1.1', 'HTTP/1.1 extra').map((version) => ({ name: `version ${version}`, bytes: `GET /v1/communities ${version}\r\nHost: x\r\n\r\n` })),
    fc.constant({ name: 'no Host', bytes: `GET /v1/communities HTTP/1.1\r\n${auth}Connection: close\r\n\r\n` }),
    fc.integer({ min: 60_000, max: 100_000 }).map((n) => ({ name: `${n}-byte header`, bytes: `GET /v1/communities HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(n)}\r\n\r\n` })),
    fc.integer({ min: 51, max: 1_700 }).map((n) => ({
      name: `batch of ${n} ids`,
      bytes: `GET /v1/rentsurvey/communities?ids=${Array.from({ length: n }, (_, i) => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`).join(',')} HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`,
    })),
    fc.constantFrom('Bad Header: y', 'X: \u0000', ': empty', 'Content-Length: -1', 'Content-Length: 1\r\nContent-Length: 2', 'Transfer-Encoding: chunked\r\nContent-Length: 3').map((header) => ({
      name: `header ${JSON.stringify(header)}`,
      bytes: `POST /v1/communities HTTP/1.1\r\nHost: x\r\n${auth}${header}\r\n\r\n`,
    })),
    // An X first: no method starts so, and a frame of only line breaks would be waited on, not answered.
    fc.string({ maxLength: 40, unit: 'binary' }).map((junk) => ({ name: `junk ${JSON.stringify(junk)}`, bytes: `X${junk}\r\n\r\n` })),
    fc.constantFrom('CONNECT x:443 HTTP/1.1', 'OPTIONS * HTTP/1.1', 'GET http://x/v1/communities HTTP/1.1', 'GET /v1/communities?\u00ff HTTP/1.1', 'GET  /v1/communities HTTP/1.1').map((line) => ({
      name: line,
      bytes: `${line}\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`,
    })),
  );
}
