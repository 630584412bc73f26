/**
 * Server-test harness: a REAL embedded service (the HTTP server `serve` runs)
 * on a fresh temp data directory, listening on 127.0.0.1:0, spoken to with
 * fetch. --local calls the same request pipeline in process; what is its own
 * there is tested in src/cli/http/in-process.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import { Dataset, type DatasetInput } from '../../src/api/dataset.js';
import { SCOPES, type Scope } from '../../src/api/routes.js';
import { ErrorBody } from '../../src/api/schemas/errors.js';
import type { SeedMode } from '../../src/server/data-dir.js';
import { openHttpService } from '../../src/server/serve.js';
import { openStore, type Store } from '../../src/server/store/index.js';

export { SCOPES, type Scope };

export interface Answer<T = unknown> {
  status: number;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  /** API key for `Authorization: Bearer`; omitted → no Authorization header. */
  key?: string | undefined;
  /** An object is sent as JSON; a string or Uint8Array is sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Use `path` as is (no /v1 prefix). */
  raw?: boolean;
}

export interface Principal {
  organizationId: string;
  userId: string | null;
  key: string;
  keyId: string;
}

export interface TestService {
  dataDir: string;
  /** http://127.0.0.1:PORT (no /v1). */
  origin: string;
  service: Awaited<ReturnType<typeof openHttpService>>;
  store: Store;
  /** The service clock runs with real time, shifted by what `advance` added. */
  advance(ms: number): void;
  /** Moves the service clock so that it reads `iso` now (and keeps running). */
  setNow(iso: string): void;
  /** `path` is relative to /v1 unless it starts with /v1 already. */
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<Answer<T>>;
  /** An organization (made when missing) with a user and a key of the given scopes. */
  principal(options?: {
    organization?: string;
    email?: string;
    fullName?: string;
    role?: 'admin' | 'member';
    scopes?: readonly Scope[];
    /** false: a key that belongs to no user. */
    withUser?: boolean;
  }): Principal;
  key(organizationId: string, scopes?: readonly Scope[], userId?: string | null): string;
  /** Validates and imports a hand-made dataset (DESIGN.md "Dataset files"). */
  importDataset(input: DatasetInput): ReturnType<Store['imports']['importDataset']>;
  /** A second store on the same data directory, like a `--local` CLI run while `serve` runs. */
  openSecondStore(): Store;
  close(): Promise<void>;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

export async function startService(options: { seed?: SeedMode; responseCache?: boolean } = {}): Promise<TestService> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rentsurvey-server-'));
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const service = await openHttpService({
    dataDir,
    seed: options.seed ?? 'empty',
    clock,
    ...(options.responseCache === undefined ? {} : { responseCache: options.responseCache }),
  });
  const { store } = service;
  const extraStores: Store[] = [];
  let origin: string;
  try {
    const address = await service.listen({ host: '127.0.0.1', port: 0 });
    origin = new URL(address).origin;
  } catch (error) {
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  const key = (organizationId: string, scopes: readonly Scope[] = SCOPES, userId: string | null = null) =>
    store.accounts.createApiKey({ organizationId, userId, scopes, label: unique('test') }).key;

  return {
    dataDir,
    origin,
    service,
    store,
    advance(ms) {
      offset += ms;
    },
    setNow(iso) {
      offset = Date.parse(iso) - Date.now();
    },
    async request<T>(method: string, path: string, { key: apiKey, body, headers = {}, raw = false }: RequestOptions = {}) {
      const url = origin + (raw || path.startsWith('/v1') ? path : `/v1${path}`);
      const sent: Record<string, string> = {};
      if (apiKey !== undefined) sent.authorization = `Bearer ${apiKey}`;
      let payload: string | Uint8Array | undefined;
      if (body !== undefined) {
        if (typeof body === 'string' || body instanceof Uint8Array) payload = body;
        else payload = JSON.stringify(body);
        sent['content-type'] = 'application/json';
      }
      const response = await fetch(url, {
        method,
        headers: { ...sent, ...headers },
        ...(payload === undefined ? {} : { body: payload as NonNullable<RequestInit['body']> }),
      });
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      let parsed: unknown = text;
      if (type.includes('json') && text !== '') parsed = JSON.parse(text);
      return { status: response.status, body: parsed as T, headers: response.headers };
    },
    principal({ organization = 'Acme Residential', email, fullName, role = 'admin', scopes = SCOPES, withUser = true } = {}) {
      const organizationId = store.accounts.ensureOrganization(organization);
      const userId = withUser
        ? store.accounts.upsertUser(organizationId, {
            email: email ?? `${unique('user')}@example.com`,
            full_name: fullName ?? 'Test User',
            role,
            status: 'active',
          })
        : null;
      const created = store.accounts.createApiKey({ organizationId, userId, scopes, label: unique('test') });
      return { organizationId, userId, key: created.key, keyId: created.id };
    },
    key,
    importDataset(input) {
      return store.imports.importDataset(Dataset.parse(input));
    },
    openSecondStore() {
      const second = openStore(dataDir);
      extraStores.push(second);
      return second;
    },
    async close() {
      for (const extra of extraStores) extra.close();
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asserts the one error shape of the service: status, code, no stack trace, nothing else. */
export function expectError(answer: Answer, status: number, code?: string): { code: string; message: string; details?: { path: string; message: string }[] } {
  const shown = JSON.stringify(answer.body);
  expect(answer.status, shown).toBe(status);
  expect(answer.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  const parsed = z.strictObject(ErrorBody.shape).safeParse(answer.body);
  expect(parsed.success, `not the error shape: ${shown}`).toBe(true);
  const error = (answer.body as { error: { code: string; message: string; details?: { path: string; message: string }[] } }).error;
  expect(Object.keys(error).sort().filter((k) => !['code', 'message', 'details'].includes(k))).toEqual([]);
  if (code !== undefined) expect(error.code, shown).toBe(code);
  expect(error.message.length).toBeGreaterThan(0);
  expectNoStack(answer);
  return error;
}

/** No stack trace, no source path: never in any answer. */
export function expectNoStack(answer: Answer): void {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  expect(text).not.toMatch(/\n\s+at |\bat [\w.<>]+ \(|node:internal|\/src\/|\.ts:\d+|"stack"/);
  expect(answer.status).toBeLessThan(500);
}

export { MISSING_ID } from './common.js';

export const isoDate = (date: Date) => date.toISOString().slice(0, 10);
