// SIGKILL of `serve` under write load, again and again: every write the service
// acknowledged is there after the restart, nothing is half-written, and SQLite's
// integrity_check and foreign_key_check are clean.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, startServe, type Served } from '../helpers/cli.js';
import { addFigures } from './lib/figures.js';
import { api, localKey } from './lib/serve.js';
import { sandboxEnv } from '../helpers/sandbox-env.js';

const KILLS = Number(process.env.STRESS_KILLS ?? 5);
const SEED_KILLS = Number(process.env.STRESS_SEED_KILLS ?? 2);
const WRITERS = 8;

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rentsurvey-stress-crash-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

interface Acknowledged {
  /** external_community_id → community id */
  communities: Map<string, string>;
  /** subject id → comparable ids */
  comps: Map<string, Set<string>>;
  /** community id → names it may have: the last acknowledged one, and one in flight when the server died */
  names: Map<string, Set<string>>;
}

/** One writer: creates a community, adds comparables to it, renames it; records what was acknowledged. */
async function writer(server: Served, key: string, id: string, acked: Acknowledged, stop: { now: boolean }) {
  let n = 0;
  while (!stop.now) {
    const external = `${id}-${n++}`;
    try {
      const created = await api<{ id: string }>(server.baseUrl, key, 'POST', '/communities', { name: `Crash ${external}`, address: `${n} Crash St`, zipcode: '78701', external_community_id: external });
      if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
      const subject = created.body.id;
      acked.communities.set(external, subject);
      acked.names.set(subject, new Set([`Crash ${external}`]));
      for (let c = 0; c < 3 && !stop.now; c++) {
        const comp = await api<{ comp_id: string }>(server.baseUrl, key, 'POST', `/rentsurvey/communities/${subject}/comps`, { name: `Comp ${external}-${c}`, address: `${c} Comp Ave`, zipcode: '78702' });
        if (comp.status !== 201) throw new Error(`add comp answered ${comp.status}: ${JSON.stringify(comp.body)}`);
        acked.comps.set(subject, (acked.comps.get(subject) ?? new Set()).add(comp.body.comp_id));
      }
      const renamed = `Renamed ${external}`;
      // Either name may be the one kept if the server dies while this PATCH is in flight.
      acked.names.get(subject)!.add(renamed);
      const patched = await api(server.baseUrl, key, 'PATCH', `/communities/${subject}`, { name: renamed });
      if (patched.status !== 200) throw new Error(`rename answered ${patched.status}`);
      acked.names.set(subject, new Set([renamed]));
    } catch (error) {
      // The server was killed: what was in flight is neither acknowledged nor refused.
      if (stop.now) return;
      throw error;
    }
  }
}

async function verify(server: Served, key: string, acked: Acknowledged): Promise<number> {
  let verified = 0;
  const ids = [...acked.communities.values()];
  for (let i = 0; i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50);
    const batch = await api<{ communities: { id: string; name: string }[]; not_found: string[] }>(server.baseUrl, key, 'GET', `/rentsurvey/communities?ids=${chunk.join(',')}`);
    expect(batch.status).toBe(200);
    expect(batch.body.not_found, 'acknowledged communities missing after the crash').toEqual([]);
    for (const community of batch.body.communities) {
      expect([...acked.names.get(community.id)!], `name of ${community.id}`).toContain(community.name);
      verified += 2; // the create and the last acknowledged (or in-flight) rename
    }
  }
  for (const [subject, comps] of acked.comps) {
    const list = await api<{ comps: { id: string }[] }>(server.baseUrl, key, 'GET', `/rentsurvey/communities/${subject}/comps?include_inactive=true`);
    const present = new Set(list.body.comps.map((c) => c.id));
    for (const comp of comps) expect(present.has(comp), `acknowledged comparable ${comp} of ${subject} missing`).toBe(true);
    verified += comps.size;
  }
  return verified;
}

/** integrity_check and foreign_key_check clean; with `apiComparables`, every comparable written whole. */
function checkDatabase(dataDir: string, apiComparables = false) {
  const db = new DatabaseSync(join(dataDir, 'rentsurvey.db'));
  try {
    expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    // A comparable is written whole or not at all: its market community, the link, and (added over the API) two jobs.
    const halfWritten = db
      .prepare(
        `SELECT COUNT(*) AS n FROM communities c WHERE c.managed = 0 AND (
           NOT EXISTS (SELECT 1 FROM comps WHERE comp_id = c.id)
           OR (? AND (SELECT COUNT(*) FROM jobs WHERE community_id = c.id) <> 2))`,
      )
      .get(apiComparables ? 1 : 0);
    expect(halfWritten).toEqual({ n: 0 });
  } finally {
    db.close();
  }
}

describe('SIGKILL of serve under write load', () => {
  it(`${KILLS} kills while ${WRITERS} clients write: every acknowledged write survives, integrity_check ok`, async () => {
    const dataDir = join(root, 'store');
    let server = await startServe(dataDir, { args: ['--empty'] });
    const key = await localKey(dataDir, 'Crash Org');
    const acked: Acknowledged = { communities: new Map(), comps: new Map(), names: new Map() };
    let verified = 0;
    for (let round = 0; round < KILLS; round++) {
      const stop = { now: false };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(server, key, `r${round}w${w}`, acked, stop));
      // Let the load build, then kill at a moment nobody chose.
      await sleep(400 + Math.random() * 1_200);
      stop.now = true;
      await server.kill('SIGKILL');
      await Promise.all(writers);
      checkDatabase(dataDir, true);
      server = await startServe(dataDir);
      verified = await verify(server, key, acked);
    }
    await server.stop();
    checkDatabase(dataDir, true);
    expect(acked.communities.size, 'the load wrote nothing before the kills').toBeGreaterThan(KILLS);
    addFigures({ writesVerified: verified, kills: KILLS });
    process.stdout.write(`crash: ${KILLS} SIGKILLs, ${acked.communities.size} communities and ${[...acked.comps.values()].reduce((n, s) => n + s.size, 0)} comparables acknowledged, ${verified} writes verified\n`);
  });
});

describe('SIGKILL of serve while it creates the demo store', () => {
  it(`${SEED_KILLS} starts killed mid-seed: each next start creates the whole demo store`, async () => {
    let kills = 0;
    for (let attempt = 0; kills < SEED_KILLS && attempt < SEED_KILLS * 4; attempt++) {
      const dataDir = join(root, `seed-${attempt}`);
      const child = execa(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], {
        reject: false,
        extendEnv: false,
        env: { PATH: process.env.PATH ?? '', ...sandboxEnv(`${dataDir}-home`), NO_COLOR: '1' },
        cwd: ROOT,
        stdin: 'ignore',
      });
      const building = async () => existsSync(dataDir) && (await readdir(dataDir)).some((name) => name.startsWith('rentsurvey.db.building-'));
      const deadline = Date.now() + 30_000;
      while (!(await building()) && Date.now() < deadline) await sleep(5);
      await sleep(Math.random() * 1_000);
      child.kill('SIGKILL');
      await child;
      if (existsSync(join(dataDir, 'rentsurvey.db'))) continue; // the seed won the race: try again
      kills++;
      const server = await startServe(dataDir);
      const key = await localKey(dataDir, 'Demo Residential');
      const portfolio = await api<{ total: number }>(server.baseUrl, key, 'GET', '/rentsurvey/portfolio');
      expect(portfolio.body.total).toBe(25);
      await server.stop();
      expect((await readdir(dataDir)).filter((name) => name.includes('.building-'))).toEqual([]);
      checkDatabase(dataDir);
    }
    expect(kills, 'never killed serve before its seed finished').toBe(SEED_KILLS);
    addFigures({ seedKills: kills });
  });
});
