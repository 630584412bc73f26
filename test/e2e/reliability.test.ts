// What only real processes show (issue 13): a start killed while it creates the
// store, logins racing on config.json, and writes whose answer was lost on the way.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, createSandbox, parseJson, ROOT, type Sandbox } from '../helpers/cli.js';
import { HUNG_MS } from '../helpers/limits.js';

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

describe('config.json written by processes at the same moment', () => {
  it('12 logins of different profiles at once: every profile is kept', async () => {
    const profiles = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const results = await Promise.all(
      profiles.map((profile) =>
        execa(process.execPath, [BIN, '--profile', profile, 'login', '--base-url', `http://${profile}.example`, '--with-token', '--no-verify'], {
          reject: false,
          extendEnv: false,
          env: { ...sb.env, PATH: process.env.PATH ?? '' },
          cwd: ROOT,
          input: `rsk_${profile}_secretsecretsecret\n`,
        }),
      ),
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
