// A full disk, for real: a small tmpfs the test mounts (root, or CAP_SYS_ADMIN; CI runs as root),
// filled to the last byte. An export onto it, an import into a store on it, and `serve` on a store
// that cannot write: each says so, keeps what was there, and nothing is corrupt once space returns.
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioStructure } from '../../bench/portfolio.js';
import { createKey, createSandbox, demoStore, ROOT, startServe, type Sandbox } from '../helpers/cli.js';
import { cannotMountTmpfs as cannotMount, fillDisk, mountTmpfs as mount, unmountTmpfs as unmount } from '../helpers/tmpfs.js';

/** SQLite's own check of a store file, opened read-only. */
function integrity(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]).map((row) => row.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

describe.skipIf(cannotMount !== undefined)(`on a full disk${cannotMount ? ` (skipped: cannot mount a tmpfs here: ${cannotMount})` : ''}`, () => {
  let sb: Sandbox;
  const mounted: string[] = [];

  /** A new tmpfs of `size` in the sandbox. */
  const disk = (name: string, size: string) => {
    const dir = join(sb.root, name);
    mkdirSync(dir);
    mount(dir, size);
    mounted.push(dir);
    return dir;
  };

  beforeAll(async () => {
    sb = await createSandbox();
  });

  afterAll(async () => {
    for (const dir of mounted) unmount(dir);
    await sb?.cleanup();
  });

  it('pricing export --out onto it: exit 1 naming the path and "no space left", the previous file intact, no temporary file', async () => {
    const store = await demoStore(join(sb.root, 'export-store'));
    for (const [name, size, full] of [
      ['fills-up', '1m', false],
      ['full', '1m', true],
    ] as const) {
      const dir = disk(`export-${name}`, size);
      const out = join(dir, 'market.csv');
      await writeFile(out, 'the previous export\n');
      if (full) fillDisk(dir);
      const r = await sb.run(['--local', '--data-dir', store, 'pricing', 'export', '--include-comps', '--days', '365', '--out', out]);
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.stderr, name).toBe(`error: cannot write ${out}: no space left on the device; ${out} left unchanged\n`);
      expect(await readFile(out, 'utf8')).toBe('the previous export\n');
      expect((await readdir(dir)).sort()).toEqual(full ? ['filler', 'market.csv'] : ['market.csv']);
    }
  }, 60_000);

  it('local import into a store on it: exit 1 naming the store and "no space left", the store as it was; all of it once space returns', async () => {
    const dir = disk('import', '4m');
    const data = join(dir, 'store');
    const file = join(data, 'rentsurvey.db');
    expect((await sb.run(['local', 'reset', '--empty', '--yes', '--data-dir', data])).exitCode).toBe(0);
    expect((await sb.run(['local', 'import', join(ROOT, 'examples', 'dataset.json'), '--data-dir', data])).exitCode).toBe(0);
    const list = ['--local', '--data-dir', data, 'communities', 'list', '--all', '--json'];
    const before = (await sb.run(list)).stdout;
    const dataset = join(sb.root, 'portfolio.json');
    await writeFile(dataset, JSON.stringify(portfolioStructure(40)));

    // Filled up by the import (128 kB left), and full before it starts: then the store cannot even be opened.
    for (const room of [128 * 1024, 0]) {
      const filler = fillDisk(dir);
      await truncate(filler, (await stat(filler)).size - room);
      const r = await sb.run(['local', 'import', dataset, '--yes', '--data-dir', data]);
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.stderr, `${room} bytes left`).toBe(
        room > 0
          ? `error: import rejected, nothing written: no space left on the device of ${file}\nhint: free some space and import again\n`
          : `error: no space left on the device of ${file}; nothing was written\nhint: free some space and try again\n`,
      );
      await rm(filler);
      expect(integrity(file)).toBe('ok');
      expect((await sb.run(list)).stdout).toBe(before);
    }
    const again = await sb.run(['local', 'import', dataset, '--yes', '--data-dir', data]);
    expect(again.exitCode, again.stderr).toBe(0);
    // --local now reads the imported organization: its 40 subjects.
    expect((JSON.parse((await sb.run(list)).stdout) as { communities: unknown[] }).communities).toHaveLength(40);
  }, 60_000);

  it('serve on a store that cannot write: writes answered 507 storage_full in the service error shape, reads still 200; writes again and nothing corrupt once space returns', async () => {
    const dir = disk('serve', '8m');
    const data = join(dir, 'store');
    expect((await sb.run(['local', 'reset', '--empty', '--yes', '--data-dir', data])).exitCode).toBe(0);
    expect((await sb.run(['local', 'import', join(ROOT, 'examples', 'dataset.json'), '--data-dir', data])).exitCode).toBe(0);
    const key = await createKey(data);
    const served = await startServe(data);
    try {
      const call = async (method: string, path: string, body?: unknown) => {
        const answer = await fetch(`${served.baseUrl}/v1${path}`, {
          method,
          headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
      };
      const create = (n: number) => call('POST', '/communities', { name: `Full Disk ${n}`, address: `${n} Main St`, zipcode: '78701' });
      const portfolio = await call('GET', '/rentsurvey/portfolio');
      expect(portfolio.status).toBe(200);

      const filler = fillDisk(dir);
      // A write may still fit in space SQLite had (its log is reused); each one needs more, until none fits.
      const created: string[] = [];
      let refused: { status: number; body: Record<string, unknown> } | undefined;
      for (let n = 0; n < 200 && !refused; n++) {
        const answer = await create(n);
        if (answer.status === 201) created.push(answer.body.id as string);
        else refused = answer;
      }
      expect(refused).toEqual({
        status: 507,
        body: { error: { code: 'storage_full', message: "no space left on the store's device; nothing was written" } },
      });
      expect((await create(1000)).status).toBe(507);
      const reads = await Promise.all(['/rentsurvey/portfolio', '/communities?limit=100', `/rentsurvey/communities/${(portfolio.body.communities as { id: string }[])[0]!.id}/pricing`].map((path) => call('GET', path)));
      expect(reads.map((read) => read.status)).toEqual([200, 200, 200]);

      await rm(filler);
      const after = await create(2000);
      expect(after.status).toBe(201);
      const listed = await call('GET', '/communities?limit=100');
      const ids = (listed.body.communities as { id: string }[]).map((c) => c.id);
      for (const id of [...created, after.body.id as string]) expect(ids).toContain(id);
    } finally {
      await served.stop();
    }
    expect(integrity(join(data, 'rentsurvey.db'))).toBe('ok');
  }, 60_000);
});
