// A store made by an earlier rentsurvey, opened by this one through the CLI: upgraded once, saying
// so on stderr (a large store takes a minute), answering as before; on a full disk, left as it
// was and upgraded once there is room.
import { mkdirSync } from 'node:fs';
import { rm, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/server/store/migrations.js';
import { createSandbox, type Sandbox } from '../helpers/cli.js';
import { SUBJECT, storeAtSchema } from '../helpers/old-store.js';
import { cannotMountTmpfs, fillDisk, mountTmpfs, unmountTmpfs } from '../helpers/tmpfs.js';

let sb: Sandbox;
const mounted: string[] = [];
beforeAll(async () => {
  sb = await createSandbox();
});
afterAll(async () => {
  for (const dir of mounted) unmountTmpfs(dir);
  await sb?.cleanup();
});

/** The store's schema version and SQLite's check of it, read-only. */
function inspect(file: string) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return {
      version: (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version,
      integrity: (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check,
    };
  } finally {
    db.close();
  }
}

const upgradeNotice = (data: string) => `Upgrading the store in ${data} (schema 3 → ${migrations.length}); this happens once, and a large store takes a minute…`;

describe('a store of schema 3 opened by this rentsurvey', () => {
  it('is upgraded on first use, saying so on stderr, and answers', async () => {
    const data = join(sb.root, 'old');
    mkdirSync(data);
    storeAtSchema(join(data, 'rentsurvey.db'), 3);
    const vacancy = ['--local', '--data-dir', data, 'vacancy', 'trend', SUBJECT, '--json'];
    const first = await sb.run(vacancy);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr).toContain(upgradeNotice(data));
    const trend = JSON.parse(first.stdout) as { trends: { date: string; subject_vacancy: number; avg_comp_vacancy: number }[] };
    expect(trend.trends.length).toBeGreaterThan(0);
    // The last survey: 4 of the subject's 120 units on the date (rows that said only that, no longer stored);
    // 4 of the comparable's within the window (one dated row on the date, one a month out, 3 units on the date).
    expect(trend.trends.at(-1)).toMatchObject({ date: '2026-11-23T00:00:00.000Z', subject_vacancy: 3.3, avg_comp_vacancy: 3.3 });
    expect(inspect(join(data, 'rentsurvey.db'))).toEqual({ version: migrations.length, integrity: 'ok' });

    const again = await sb.run(vacancy);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('Upgrading');
    expect(again.stdout).toBe(first.stdout);
  }, 60_000);

  describe.skipIf(cannotMountTmpfs !== undefined)(`on a full disk${cannotMountTmpfs ? ` (skipped: ${cannotMountTmpfs})` : ''}`, () => {
    it('fails naming the disk, leaves the store at schema 3 and whole, and upgrades once there is room', async () => {
      const data = join(sb.root, 'full');
      mkdirSync(data);
      mountTmpfs(data, '4m');
      mounted.push(data);
      const file = join(data, 'rentsurvey.db');
      storeAtSchema(file, 3);
      // The store fits; its upgrade (new tables beside the old, in the WAL) does not.
      const filler = fillDisk(data);
      await truncate(filler, (await stat(filler)).size - 96 * 1024);
      const portfolio = ['--local', '--data-dir', data, 'portfolio', '--json'];
      const full = await sb.run(portfolio);
      expect(full.exitCode, full.stderr).toBe(1);
      expect(full.stderr).toContain(`no space left on the device of ${file}`);
      expect(full.stdout).toBe('');
      await rm(filler);
      expect(inspect(file)).toEqual({ version: 3, integrity: 'ok' });

      const roomy = await sb.run(portfolio);
      expect(roomy.exitCode, roomy.stderr).toBe(0);
      expect(roomy.stderr).toContain(upgradeNotice(data));
      expect(JSON.parse(roomy.stdout)).toMatchObject({ communities: [{ id: SUBJECT, name: 'Maple Court' }] });
      expect(inspect(file)).toEqual({ version: migrations.length, integrity: 'ok' });
    }, 60_000);
  });
});
