/**
 * What the stress files speak to `rentsurvey serve` (test/helpers/cli.ts
 * startServe) with: JSON requests, and keys of the local store.
 */
import { execa } from 'execa';
import { BIN, ROOT } from '../../helpers/cli.js';
import { sandboxEnv } from '../../helpers/sandbox-env.js';

export interface JsonAnswer<T = unknown> {
  status: number;
  body: T;
}

/** One JSON request to `{baseUrl}/v1{path}`; network failures reject. */
export async function api<T = unknown>(baseUrl: string, key: string, method: string, path: string, body?: unknown): Promise<JsonAnswer<T>> {
  const response = await fetch(`${baseUrl}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

/** `rentsurvey local keys create --all-scopes` for an organization of `dataDir` (made when missing). */
export async function localKey(dataDir: string, org: string): Promise<string> {
  const result = await execa(process.execPath, [BIN, 'local', 'keys', 'create', '--all-scopes', '--org', org, '--data-dir', dataDir], {
    reject: false,
    extendEnv: false,
    env: { PATH: process.env.PATH ?? '', ...sandboxEnv(`${dataDir}-home`), NO_COLOR: '1' },
    cwd: ROOT,
    stdin: 'ignore',
  });
  const key = String(result.stdout).trim();
  if (result.exitCode !== 0 || !/^rsk_\S+$/.test(key)) throw new Error(`local keys create failed:\n${String(result.stderr)}`);
  return key;
}
