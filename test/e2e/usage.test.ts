import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, parseNdjson, type Sandbox } from '../helpers/cli.js';

// Small usage contracts that scripts rely on.
describe('usage', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox();
  });
  afterAll(() => sandbox?.cleanup());

  it('a group without its subcommand prints its help on stderr and exits 2', async () => {
    const r = await sandbox.run(['pricing']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/Usage: rentsurvey pricing/);
    expect(r.stderr).toMatch(/export/);
  });

  it('--ndjson is a shorthand for --format ndjson, and shorthands exclude each other', async () => {
    const r = await sandbox.run(['--local', 'portfolio', '--ndjson', '--fields', 'name,comp_count'], { timeout: 60_000 });
    expect(r.exitCode).toBe(0);
    const rows = parseNdjson(r.stdout);
    expect(rows.length).toBeGreaterThan(20);
    expect(Object.keys(rows[0] as object)).toEqual(['name', 'comp_count']);
    const both = await sandbox.run(['--local', 'portfolio', '--ndjson', '--json']);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toMatch(/only one of --json, --csv and --ndjson/);
  }, 60_000);

  it('a key with a control character is an input error (2), not a network failure', async () => {
    const r = await sandbox.run(['portfolio'], {
      env: { RENTSURVEY_BASE_URL: 'http://127.0.0.1:9', RENTSURVEY_API_KEY: 'rsk_abc\u0001def' },
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/control characters/);
  });
});

describe('local store lifecycle', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox();
  });
  afterAll(() => sandbox?.cleanup());

  it('a store emptied with local reset --empty stays empty: the next command does not re-seed the demo', async () => {
    const reset = await sandbox.run(['local', 'reset', '--empty', '--yes']);
    expect(reset.exitCode).toBe(0);
    const portfolio = await sandbox.run(['--local', 'portfolio', '--json']);
    expect(portfolio.exitCode).toBe(0);
    expect(portfolio.stderr).not.toMatch(/demo data/i);
    expect(JSON.parse(portfolio.stdout)).toEqual({ communities: [], total: 0 });
    // Importing a dataset into it makes that organization the one --local reads.
    expect((await sandbox.run(['local', 'import', 'examples/dataset.json'])).exitCode).toBe(0);
    expect((await sandbox.run(['local', 'import', 'examples/observations.csv'])).exitCode).toBe(0);
    const after = JSON.parse((await sandbox.run(['--local', 'portfolio', '--json'])).stdout) as { total: number };
    expect(after.total).toBe(2);
  }, 60_000);
});

describe('local import errors', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox();
    await sandbox.run(['local', 'reset', '--empty', '--yes']);
  });
  afterAll(() => sandbox?.cleanup());

  const write = async (name: string, content: string) => {
    const { writeFile } = await import('node:fs/promises');
    const path = `${sandbox.root}/${name}`;
    await writeFile(path, content);
    return path;
  };

  it('names the JSON path of the first bad field, exits 2 and writes nothing', async () => {
    const { readFile } = await import('node:fs/promises');
    const data = JSON.parse(await readFile('examples/dataset.json', 'utf8')) as { surveys: { observations: { market_rent_cents: unknown }[] }[] };
    data.surveys[3]!.observations[0]!.market_rent_cents = '1800';
    const r = await sandbox.run(['local', 'import', await write('bad.json', JSON.stringify(data))]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('surveys.3.observations.0.market_rent_cents');
    expect(JSON.parse((await sandbox.run(['--local', 'portfolio', '--json'])).stdout)).toEqual({ communities: [], total: 0 });
  });

  it('a JSON syntax error, a missing file and a bad CSV line are one clear line each, exit 2', async () => {
    const syntax = await sandbox.run(['local', 'import', await write('syntax.json', '{"organization": "x",}')]);
    expect([syntax.exitCode, syntax.stderr]).toEqual([2, expect.stringMatching(/is not valid JSON/)]);
    const missing = await sandbox.run(['local', 'import', `${sandbox.root}/nope.json`]);
    expect([missing.exitCode, missing.stderr]).toEqual([2, expect.stringMatching(/no such file/)]);
    const csv = await write('bad.csv', 'subject_key,date,floor_plan_key,market_rent_cents\nAC-001,2026-13-16,A1,100000\n');
    const line = await sandbox.run(['local', 'import', csv]);
    expect([line.exitCode, line.stderr]).toEqual([2, expect.stringMatching(/line 2: date/)]);
    // A bad row far into a long file: its line, and nothing of the rows before it is kept.
    const store = ['--data-dir', `${sandbox.root}/deep-store`];
    expect((await sandbox.run(['local', 'import', 'examples/dataset.json', ...store])).exitCode).toBe(0);
    const good = 'AC-001,2026-11-16,A1,100000\n'.repeat(20_000);
    const deep = await sandbox.run(['local', 'import', await write('deep.csv', `subject_key,date,floor_plan_key,market_rent_cents\n${good}AC-001,2026-11-16,A1,-5\n`), ...store]);
    expect([deep.exitCode, deep.stderr]).toEqual([2, expect.stringMatching(/deep\.csv line 20002: market_rent_cents/)]);
    const portfolio = JSON.parse((await sandbox.run(['--local', ...store, 'portfolio', '--json'])).stdout) as { communities: { id: string; external_community_id: string }[] };
    const maple = portfolio.communities.find((c) => c.external_community_id === 'AC-001')!.id;
    const history = await sandbox.run(['--local', ...store, '--json', 'pricing', 'history', maple, '--start', '2026-11-16', '--end', '2026-11-16']);
    expect(history.exitCode).toBe(0);
    expect(history.stdout).not.toContain('"market_rent_cents":100000');
    for (const r of [syntax, missing, line, deep]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('system errors are the user’s to fix, not bugs', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox();
  });
  afterAll(() => sandbox?.cleanup());

  it('serve on a port in use says so, without calling it a bug', async () => {
    const { createServer } = await import('node:net');
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = String((busy.address() as { port: number }).port);
    try {
      const r = await sandbox.run(['serve', '--port', port, '--empty', '--data-dir', `${sandbox.root}/busy`]);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`port ${port} on 127.0.0.1 is already in use`));
      expect(r.stderr).not.toMatch(/this is a bug/);
    } finally {
      busy.close();
    }
  });

  it('communities update --email none clears the e-mail (the API’s null)', async () => {
    const list = await sandbox.run(['--local', 'communities', 'list', '--json'], { timeout: 60_000 });
    const id = (JSON.parse(list.stdout) as { communities: { id: string; email: string | null }[] }).communities[0]!.id;
    const r = await sandbox.run(['--local', 'communities', 'update', id, '--email', 'none', '--json']);
    expect(r.exitCode).toBe(0);
    expect((JSON.parse(r.stdout) as { email: string | null }).email).toBeNull();
  }, 60_000);
});
