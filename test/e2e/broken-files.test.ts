// A store file that is garbage or cut short (a disk error, a copy that stopped half-way, a
// file written over): every command that needs it stops, names the file, says what is wrong
// and how to start again, and leaves the file as it was — never a stack trace, never reseeded.
import { copyFile, mkdir, readFile, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, demoStore, ROOT, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
let template: string;

beforeAll(async () => {
  sb = await createSandbox();
  template = join(await demoStore(join(sb.root, 'template')), 'rentsurvey.db');
}, 60_000);

afterAll(async () => {
  await sb?.cleanup();
});

/** Every kind of command that opens the store of a data directory. */
const commands = (dir: string) => [
  ['--local', '--data-dir', dir, 'portfolio', '--json'],
  ['--local', '--data-dir', dir, 'pricing', 'export', '--days', '7', '--out', join(dir, 'out.csv')],
  ['--local', '--data-dir', dir, 'digest'],
  ['--local', '--data-dir', dir, 'communities', 'create', '--name', 'New', '--address', '1 Main St', '--zipcode', '78701'],
  ['local', 'import', join(ROOT, 'examples', 'dataset.json'), '--data-dir', dir],
  ['local', 'keys', 'create', '--all-scopes', '--data-dir', dir],
  ['serve', '--port', '0', '--data-dir', dir],
];

const broken: [string, (file: string) => Promise<void>, string][] = [
  ['garbage', (file) => writeFile(file, Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919) % 251))), 'is not a rentsurvey store (file is not a database)'],
  ['cut short', async (file) => {
    await copyFile(template, file);
    await truncate(file, 1 << 20);
  }, 'is damaged (database disk image is malformed)'],
];

describe.each(broken)('a store file that is %s', (name, spoil, problem) => {
  let dir: string;
  let file: string;
  let before: Buffer;

  beforeAll(async () => {
    // 'cut short' puts a space in the paths the hint prints: those must come quoted to paste.
    dir = join(sb.root, name);
    await mkdir(dir);
    file = join(dir, 'rentsurvey.db');
    await spoil(file);
    before = await readFile(file);
  });

  it('every command that needs it: exit 1, the file, what is wrong and how to start again; the file as it was', async () => {
    const runs = await Promise.all(commands(dir).map((args) => sb.run(args, { timeout: 30_000 })));
    const quoted = (path: string) => (path.includes(' ') ? `'${path}'` : path);
    runs.forEach((r, i) => {
      const shown = `rentsurvey ${commands(dir)[i]!.join(' ')}:\n${r.stderr}`;
      expect(r.exitCode, shown).toBe(1);
      expect(r.stdout, shown).toBe('');
      expect(r.stderr, shown).toBe(
        `error: ${file} ${problem}\n` +
          `hint: keep a copy of it (mv ${quoted(file)} ${quoted(`${file}.broken`)}), then ` +
          `\`rentsurvey local reset --data-dir ${quoted(dir)}\` starts a new store (local import brings your data back)\n`,
      );
    });
    expect((await readFile(file)).equals(before)).toBe(true);
  }, 60_000);

  it('local reset, as the hint says, starts a new store', async () => {
    await copyFile(file, `${file}.broken`);
    const reset = await sb.run(['local', 'reset', '--empty', '--yes', '--data-dir', dir]);
    expect(reset.exitCode, reset.stderr).toBe(0);
    const portfolio = await sb.run(['--local', '--data-dir', dir, 'portfolio', '--json']);
    expect(portfolio.exitCode, portfolio.stderr).toBe(0);
    expect(JSON.parse(portfolio.stdout)).toEqual({ communities: [], total: 0 });
    expect((await readFile(`${file}.broken`)).equals(before)).toBe(true);
  });
});
