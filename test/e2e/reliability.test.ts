// What only real processes show (issues 13 and 23): a start killed while it creates the
// store, an export killed at any moment, logins racing on config.json, and writes whose
// answer was lost on the way.
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { BIN, createSandbox, demoStore, parseJson, ROOT, type Sandbox } from '../helpers/cli.js';
import { HUNG_MS } from '../helpers/limits.js';
import { createBarrier, processesMentioning } from '../helpers/processes.js';
import { sandboxEnv } from '../helpers/sandbox-env.js';

let sb: Sandbox;

beforeAll(async () => {
  sb = await createSandbox();
});

afterAll(async () => {
  await sb?.cleanup();
});

/** `rentsurvey …args` started in the sandbox, to be killed. */
function start(args: string[]) {
  return execa(process.execPath, [BIN, ...args], {
    reject: false,
    extendEnv: false,
    env: { ...sb.env, PATH: process.env.PATH ?? '' },
    cwd: ROOT,
    stdin: 'ignore',
  });
}

const isBuilding = (name: string) => name.startsWith('rentsurvey.db.building-');

describe('a start killed while it creates the demo store', () => {
  // serve is killed the same way, repeatedly, in the stress suite (test/stress/crash.stress.ts).
  it('SIGKILL during --local portfolio: the next start creates the demo data (was "No communities yet" for good)', async () => {
    let killedMidSeed = false;
    for (let attempt = 0; attempt < 4 && !killedMidSeed; attempt++) {
      const dir = join(sb.root, `seed-${attempt}-${Math.random().toString(36).slice(2)}`);
      const child = start(['--local', '--data-dir', dir, 'portfolio', '--json']);
      // Wait until the store is being built, then kill at some point while it is.
      const deadline = Date.now() + HUNG_MS;
      while (!(existsSync(dir) && (await readdir(dir)).some(isBuilding)) && Date.now() < deadline) await sleep(5);
      await sleep(Math.random() * (400 >> attempt));
      child.kill('SIGKILL');
      await child;
      killedMidSeed = !existsSync(join(dir, 'rentsurvey.db'));
      if (!killedMidSeed) continue; // the seed finished first; try again, sooner

      const next = await sb.run(['--local', '--data-dir', dir, 'portfolio', '--json']);
      expect(next.exitCode, next.stderr).toBe(0);
      expect(parseJson<{ total: number }>(next.stdout).total).toBe(25);
      expect(next.stderr).toMatch(/Created demo data in /);
      // What the killed start left behind is gone.
      expect((await readdir(dir)).filter(isBuilding)).toEqual([]);
    }
    expect(killedMidSeed, 'never managed to kill the start before its seed finished').toBe(true);
  }, 120_000);
});

describe('a pricing export killed at any moment', () => {
  // Seeded, so that a failure can be run again with the same moments (mulberry32).
  const seed = Number(process.env.RELIABILITY_SEED ?? 23);
  const random = (() => {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  })();
  const PREVIOUS = 'the previous export\n';
  let store: string;
  let whole: string;
  let runs = 0;

  const exportTo = (out: string) => start(['--local', '--data-dir', store, 'pricing', 'export', '--include-comps', '--days', '3650', '--out', out]);
  const temps = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith('.tmp'));

  beforeAll(async () => {
    store = await demoStore(join(sb.root, 'killed-export-store'));
    const out = join(sb.root, 'whole.csv');
    const first = await exportTo(out);
    expect(first.exitCode, String(first.stderr)).toBe(0);
    whole = await readFile(out, 'utf8');
  }, 60_000);

  /**
   * Starts an export over a previous file and kills it with `signal`: at a
   * random moment after the start, or while it writes (its temporary file seen).
   * Then no process of that run is left and the file is the previous one or the whole new one.
   */
  async function killOnce(signal: NodeJS.Signals, whileWriting: boolean) {
    const dir = join(sb.root, `killed-${signal}-${++runs}`);
    await mkdir(dir);
    const out = join(dir, 'f.csv');
    await writeFile(out, PREVIOUS);
    const child = exportTo(out);
    // The started process's own end: execa's result waits for its stdout and stderr to close too,
    // which a process it started (and that outlived it) would hold open.
    let ended = false;
    const exited = once(child.nodeChildProcess, 'exit').then(([code, killedBy]) => {
      ended = true;
      return (code ?? killedBy) as number | NodeJS.Signals;
    });
    if (whileWriting) while (!ended && (await temps(dir)).length === 0) await sleep(2);
    await sleep(random() * (whileWriting ? 600 : 1500));
    child.kill(signal);
    const status = await exited;
    const moment = `${signal} ${whileWriting ? 'while writing' : 'after the start'} (run ${runs}, seed ${seed}): ended with ${status}`;
    // A process that outlived the one that was started holds the output's path on its command line.
    expect(processesMentioning(out), moment).toEqual([]);
    await child;
    const content = await readFile(out, 'utf8');
    expect(content === PREVIOUS || content === whole, `${moment}: ${out} is neither the previous file nor the whole export`).toBe(true);
    return { dir, out, moment, status };
  }

  it.each(['SIGTERM', 'SIGINT'] as const)('%s: the file as it was or whole, no process and no temporary file left', async (signal) => {
    for (const whileWriting of [false, true, false, true]) {
      const { dir, moment, status } = await killOnce(signal, whileWriting);
      expect(await temps(dir), moment).toEqual([]);
      // Done before the signal, ended by its handler, or by the signal itself (before the handler was set).
      expect([0, 128 + (signal === 'SIGINT' ? 2 : 15), signal], moment).toContain(status);
    }
  }, 120_000);

  it('SIGKILL: the file as it was or whole, no process left; the next export removes the temporary file it left', async () => {
    let abandoned = 0;
    for (const whileWriting of [false, true, false, true]) {
      const { dir, out, moment } = await killOnce('SIGKILL', whileWriting);
      // Killed while it wrote, it had no chance to remove its temporary file.
      abandoned += (await temps(dir)).length;
      const next = await exportTo(out);
      expect(next.exitCode, `${moment}; then: ${String(next.stderr)}`).toBe(0);
      expect(await readFile(out, 'utf8')).toBe(whole);
      expect(await temps(dir), moment).toEqual([]);
    }
    expect(abandoned, 'no SIGKILL came while the export wrote: nothing was left to remove').toBeGreaterThan(0);
  }, 120_000);
});

/** Each command line in a process of its own, all let go at the same moment (a barrier, not a sleep). */
async function atOnce(runs: { args: string[]; input?: string }[]) {
  const barrier = await createBarrier(sb.root, runs.length);
  try {
    return await Promise.all(
      runs.map(({ args, input }) =>
        execa(process.execPath, [...barrier.nodeArgs, BIN, ...args], {
          reject: false,
          extendEnv: false,
          env: { ...sb.env, PATH: process.env.PATH ?? '', ...barrier.env },
          cwd: ROOT,
          ...(input === undefined ? { stdin: 'ignore' as const } : { input }),
        }),
      ),
    );
  } finally {
    await barrier.close();
  }
}

describe('config.json written by processes at the same moment', () => {
  it('12 logins of different profiles at once: every profile is kept', async () => {
    const profiles = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const results = await atOnce(
      profiles.map((profile) => ({
        args: ['--profile', profile, 'login', '--base-url', `http://${profile}.example`, '--with-token', '--no-verify'],
        input: `rsk_${profile}_secretsecretsecret\n`,
      })),
    );
    for (const result of results) expect(result.exitCode, String(result.stderr)).toBe(0);
    const config = JSON.parse(await readFile(join(sb.configHome, 'rentsurvey', 'config.json'), 'utf8')) as {
      profiles: Record<string, { base_url: string; api_key: string }>;
    };
    expect(Object.keys(config.profiles).sort()).toEqual([...profiles].sort());
    for (const profile of profiles) expect(config.profiles[profile]).toEqual({ base_url: `http://${profile}.example`, api_key: `rsk_${profile}_secretsecretsecret` });
    expect(existsSync(join(sb.configHome, 'rentsurvey', 'config.json.lock'))).toBe(false);
  }, 60_000);
});

describe('--since-last runs of the same state at the same moment', () => {
  let store: string;
  const today = new Date().toISOString().slice(0, 10);
  const daysBefore = (days: number) => addDays(today, -days);
  const REFUSED = /^error: another rentsurvey \(process \d+\) is running with \S+: one --since-last run at a time$/m;
  const dataLines = (csv: string) => csv.split('\n').slice(1).filter((line) => line !== '');

  beforeAll(async () => {
    store = await demoStore(join(sb.root, 'since-last-store'));
    // --out's folder must exist: rentsurvey does not create it.
    await mkdir(join(sb.root, 'since-last'));
  }, 60_000);

  it('two pricing exports to one file: one reports the rows, the other is refused (exit 5) or finds nothing new; every row once over the rounds', async () => {
    const out = join(sb.root, 'since-last', 'delta.csv');
    const state = join(sb.root, 'since-last', '.delta.csv.rentsurvey-state.json');
    const local = ['--local', '--data-dir', store];
    const reported: string[] = [];
    let refusals = 0;
    let watermark = '';
    for (const end of [daysBefore(14), daysBefore(7), today]) {
      const args = [...local, 'pricing', 'export', '--since-last', '--end', end, '--out', out];
      const results = await atOnce([{ args }, { args }]);
      const shown = results.map((r) => `exit ${r.exitCode}: ${String(r.stderr)}`).join('\n');
      const exported = results.filter((r) => r.exitCode === 0 && /^Exported \d{1,3}(,\d{3})* pricing records/m.test(String(r.stderr)));
      const others = results.filter((r) => !exported.includes(r));
      expect(exported, shown).toHaveLength(1);
      for (const other of others) {
        const refused = other.exitCode === 5 && REFUSED.test(String(other.stderr));
        expect(refused || (other.exitCode === 0 && /Nothing new since/.test(String(other.stderr))), shown).toBe(true);
        if (refused) refusals++;
      }
      reported.push(...dataLines(await readFile(out, 'utf8')));
      const saved = (JSON.parse(await readFile(state, 'utf8')) as { last_exported_date: string }).last_exported_date;
      expect(saved >= watermark && saved <= end, `state ${saved} after ${watermark}, export to ${end}`).toBe(true);
      watermark = saved;
    }
    expect(refusals, 'the two exports never ran at the same time').toBeGreaterThan(0);
    // The first --since-last run reaches back 30 days; the deltas together are that whole range, each row once.
    const whole = join(sb.root, 'since-last', 'whole.csv');
    const reference = await sb.run([...local, 'pricing', 'export', '--start', daysBefore(14 + 29), '--end', today, '--out', whole]);
    expect(reference.exitCode, reference.stderr).toBe(0);
    expect(reported.sort()).toEqual(dataLines(await readFile(whole, 'utf8')).sort());
    expect(existsSync(`${state}.lock`)).toBe(false);
  }, 120_000);

  it('two digests at once: one runs, the other is refused (exit 5) or runs after it; a lock of a live process refuses, of a gone one is taken over', async () => {
    const args = ['--local', '--data-dir', store, 'digest', '--since-last', '--json'];
    const results = await atOnce([{ args }, { args }]);
    const shown = results.map((r) => `exit ${r.exitCode}: ${String(r.stderr)}`).join('\n');
    expect(results.filter((r) => r.exitCode === 0).length, shown).toBeGreaterThanOrEqual(1);
    for (const r of results) expect(r.exitCode === 0 || (r.exitCode === 5 && REFUSED.test(String(r.stderr))), shown).toBe(true);
    const folder = join(sandboxEnv(sb.root).XDG_STATE_HOME, 'rentsurvey');
    const [stateName, ...more] = (await readdir(folder)).filter((name) => name.startsWith('digest.'));
    expect(more).toEqual([]);
    const lock = join(folder, `${stateName}.lock`);
    expect(existsSync(lock)).toBe(false);

    // Held by a process that runs (this test's): refused, naming it.
    await writeFile(lock, `${process.pid} ${hostname()} held-by-the-test`);
    const refused = await sb.run(args);
    expect(refused.exitCode, refused.stderr).toBe(5);
    expect(refused.stderr).toContain(`another rentsurvey (process ${process.pid}) is running with ${join(folder, stateName!)}`);
    // Held by a process that is gone (killed with SIGKILL): taken over.
    const gone = await execa(process.execPath, ['-e', 'console.log(process.pid)']);
    await writeFile(lock, `${gone.stdout} ${hostname()} left-by-a-killed-run`);
    const next = await sb.run(args);
    expect(next.exitCode, next.stderr).toBe(0);
    expect(existsSync(lock)).toBe(false);
  }, 120_000);
});

describe('a write whose answer is lost or mangled', () => {
  let server: Server;
  let baseUrl: string;
  let answer: (res: ServerResponse) => void;
  const hits: string[] = [];
  const KEY = 'rsk_LOSTLOST_never-printed-secret';
  const SUBJECT = '11111111-2222-4333-8444-555555555555';
  const COMP = '22222222-3333-4444-8555-666666666666';

  beforeAll(async () => {
    sb.secrets.push(KEY);
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hits.push(`${req.method} ${req.url}`);
        answer(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const run = (args: string[]) => sb.run(args, { env: { RENTSURVEY_BASE_URL: baseUrl, RENTSURVEY_API_KEY: KEY } });
  const faults: [string, (res: ServerResponse) => void][] = [
    ['a truncated JSON body', (res) => res.writeHead(201, { 'content-type': 'application/json' }).end('{"success":true,"comp_id":"1111')],
    ['an HTML page with 200', (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>')],
    ['an empty 201', (res) => res.writeHead(201, { 'content-type': 'application/json' }).end()],
    ['a JSON answer that breaks the contract', (res) => res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":1}')],
    ['a connection dropped mid-answer', (res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"success":true');
      setTimeout(() => res.socket?.destroy(), 20);
    }],
    ['a proxy\'s 502 page', (res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad Gateway</h1>')],
  ];
  const writes: [string, string[], RegExp][] = [
    ['comps add', ['comps', 'add', SUBJECT, '--name', 'Oak Flats', '--address', '9 Elm St', '--zipcode', '78702'], new RegExp(`check with \`rentsurvey comps list ${SUBJECT} --include-inactive\` before retrying`)],
    ['comps deactivate', ['comps', 'deactivate', SUBJECT, COMP], new RegExp(`check with \`rentsurvey comps list ${SUBJECT} --include-inactive\``)],
    ['communities create', ['communities', 'create', '--name', "O'Hara Court", '--address', '1 Main St', '--zipcode', '78701'], /check with `rentsurvey communities list --search 'O'\\''Hara Court'` before retrying/],
    ['communities update', ['communities', 'update', SUBJECT, '--name', 'Renamed'], new RegExp(`check with \`rentsurvey communities show ${SUBJECT}\``)],
    ['users update', ['users', 'update', SUBJECT, '--name', 'New Name'], new RegExp(`check with \`rentsurvey users show ${SUBJECT}\``)],
    ['users invite', ['users', 'invite', '--email', 'a@b.example', '--name', 'A', '--role', 'member'], /inviting a@b\.example again is safe/],
  ];

  // Each fault with one write, each write with one fault (write-outcome.test.ts has every pair in-process).
  it.each(faults.map(([name, fault], i) => [name, writes[i]![0], fault, writes[i]!] as const))(
    '%s after %s: "may have been applied", the command that shows it, exit 1, sent once',
    async (_, __, fault, [name, args, readBack]) => {
      answer = fault;
      hits.length = 0;
      const r = await run(args);
      expect(r.exitCode, `${name}: ${r.stderr}`).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr, name).toMatch(/the request may have been applied/);
      expect(r.stderr, name).toMatch(readBack);
      expect(hits.filter((hit) => !hit.startsWith('GET')), name).toHaveLength(1);
    },
  );

  it('a refusal in our shape is definite: no such warning', async () => {
    answer = (res) => res.writeHead(409, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'conflict', message: 'already there' } }));
    const r = await run(writes[0]![1]);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).not.toMatch(/may have been applied/);
  });

  it('a GET with a mangled answer is an error, not a "may have been applied"', async () => {
    answer = (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    const r = await run(['comps', 'list', SUBJECT]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/answered 200 OK from \S+ with a body that is not JSON \(text\/html\)/);
    expect(r.stderr).not.toMatch(/may have been applied/);
  });
});

describe('whole numbers on the command line: digits only, like the service', () => {
  it.each([
    ['communities', 'list', '--limit', '1e1'],
    ['communities', 'list', '--offset', '0x10'],
    ['pricing', 'history', '11111111-2222-4333-8444-555555555555', '--days', '1.0'],
    ['communities', 'list', '--limit', ''],
  ])('%s %s %s %s → exit 2 before any request', async (...args) => {
    const r = await sb.run(args, { env: { RENTSURVEY_BASE_URL: 'http://127.0.0.1:9', RENTSURVEY_API_KEY: 'rsk_nothing_nothing' } });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^error: --(limit|offset|days): ".*" is not a whole number from/m);
  });
});
