/**
 * The CLI against somebody else's server: Stoplight Prism mocking the spec-only
 * document (spec-only.openapi.json) in dynamic mode, which makes up conformant
 * answers the spec allows and our service never sends (negative counts, dates in
 * 1891, timestamps without milliseconds, user ids that are not UUIDs, extra fields,
 * rent amounts of any type). Every read command, in every format, must exit 0 with
 * whole output, on each seed. Other seeds: RENTSURVEY_INTEROP_SEEDS=4,5,6 npx vitest run test/interop
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanRun, FORMATS, READS, runCli, startPrism, type Mock } from './harness.js';

const SEEDS = (process.env.RENTSURVEY_INTEROP_SEEDS ?? '1,2,3').split(',').map((seed) => seed.trim()).filter(Boolean);

let mocks = new Map<string, Mock>();

beforeAll(async () => {
  const started = await Promise.all(SEEDS.map((seed) => startPrism(seed)));
  mocks = new Map(started.map((mock) => [mock.seed, mock]));
}, 90_000);

afterAll(async () => {
  await Promise.all([...mocks.values()].map((mock) => mock.stop()));
});

describe.concurrent.each(SEEDS)('against a Prism mock of the spec alone, seed %s', (seed) => {
  it.each(READS.map((read) => [read.args.join(' '), read] as const))('%s: exit 0 and whole output in every format', async (_label, read) => {
    const mock = mocks.get(seed)!;
    const env = { RENTSURVEY_BASE_URL: mock.baseUrl, RENTSURVEY_API_KEY: 'rsk_interop_key' };
    const formats = read.formats ?? FORMATS;
    const results = await Promise.all(formats.map((format) => runCli([...read.args, '--format', format], env)));
    for (const [i, format] of formats.entries()) {
      const result = results[i]!;
      const label = `seed ${seed}: rentsurvey ${read.args.join(' ')} --format ${format}`;
      expectCleanRun(result, format, label);
      expect(result.exitCode, `${label}\n${result.stderr}`).toBe(0);
    }
    if (read.path && formats.includes('json')) {
      // --json prints the body exactly as received: with a seed, Prism answers the same request the same way.
      const direct = await fetch(mock.baseUrl + read.path, { headers: { authorization: 'Bearer rsk_interop_key' } });
      const json = results[formats.indexOf('json')]!.stdout;
      expect(JSON.parse(json), `seed ${seed}: ${read.args.join(' ')} --json`).toEqual(await direct.json());
    }
  });

  it('users: list says why it cannot (the spec has no GET /users); an e-mail is looked for in community records', async () => {
    const mock = mocks.get(seed)!;
    const env = { RENTSURVEY_BASE_URL: mock.baseUrl, RENTSURVEY_API_KEY: 'rsk_interop_key' };
    const list = await runCli(['users', 'list'], env);
    expectCleanRun(list, 'table', `seed ${seed}: rentsurvey users list`);
    expect(list.exitCode, list.stderr).toBe(1);
    expect(list.stderr).toMatch(/^error: this service cannot list users: GET \/v1\/users is an extension/m);
    for (const format of FORMATS) {
      const show = await runCli(['users', 'show', 'somebody@example.com', '--format', format], env);
      const label = `seed ${seed}: rentsurvey users show somebody@example.com --format ${format}`;
      expectCleanRun(show, format, label);
      // Found in the mock's made-up community records (0), or not there (4), or there under an id that is no UUID (1).
      expect([0, 1, 4], `${label}\n${show.stderr}`).toContain(show.exitCode);
    }
  });

  it('a community named as the mock names it resolves through the spec’s own endpoints', async () => {
    const mock = mocks.get(seed)!;
    const env = { RENTSURVEY_BASE_URL: mock.baseUrl, RENTSURVEY_API_KEY: 'rsk_interop_key' };
    const direct = await fetch(`${mock.baseUrl}/v1/rentsurvey/portfolio?include_comp_count=false`, { headers: { authorization: 'Bearer rsk_interop_key' } });
    const { communities } = (await direct.json()) as { communities: { name?: unknown }[] };
    const name = communities.map((c) => c.name).find((n): n is string => typeof n === 'string' && n.trim() !== '' && !n.includes(','));
    if (name === undefined) return; // this seed's portfolio names nothing an analyst could type
    for (const args of [['vacancy', name], ['pricing', 'history', name, '--latest']]) {
      const result = await runCli([...args, '--format', 'table'], env);
      const label = `seed ${seed}: rentsurvey ${args.join(' ')}`;
      expectCleanRun(result, 'table', label);
      // Mock data may name two communities alike: then the candidates are listed (2), never a crash.
      expect([0, 2], `${label}\n${result.stderr}`).toContain(result.exitCode);
    }
  });
});
