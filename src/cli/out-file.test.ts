// --out <file>: files named by what they hold (out-file.ts, print-file.ts). Without --format the
// extension chooses the format, for every command that writes a file; a contradiction, or a format
// the command cannot write, is refused naming both; a folder that does not exist is refused, not made.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { expectOk, it, type CliSandbox } from '../../test/helpers/run-cli.js';

/** A workbook is a zip: "PK". */
const isWorkbook = async (path: string) => (await readFile(path)).subarray(0, 2).toString() === 'PK';

async function written(cli: CliSandbox, name: string, args: string[]) {
  const out = join(cli.root, name);
  const r = expectOk(await cli.run(['--local', ...args, '--out', out]));
  expect(r.stdout, `${args.join(' ')} --out ${name}`).toBe('');
  expect(r.stderr).toContain(out);
  return out;
}

describe('--out: the extension chooses the format', () => {
  it('lists and records: each extension writes what the format flag prints on stdout', async ({ cli }) => {
    for (const [args, flags] of [
      [['overview', '--all'], { csv: ['--csv'], json: ['--json'], ndjson: ['--ndjson'], md: ['--format', 'md'] }],
      [['portfolio'], { json: ['--json'], csv: ['--csv'] }],
      [['pricing', 'history', 'DR-006', '--days', '30'], { csv: ['--csv'], ndjson: ['--ndjson'] }],
      [['overview', 'DR-006'], { md: ['--format', 'md'], json: ['--json'] }],
      [['digest'], { md: ['--format', 'md'], html: ['--format', 'html'] }],
    ] as const) {
      for (const [extension, flag] of Object.entries(flags)) {
        const out = await written(cli, `list.${extension}`, [...args]);
        const printed = expectOk(await cli.run(['--local', ...args, ...flag])).stdout;
        expect(await readFile(out, 'utf8'), `${args.join(' ')} --out list.${extension}`).toBe(printed);
      }
    }
  });

  it('workbooks: overview --all --out pos.xlsx, pricing export --out m.xlsx', async ({ cli }) => {
    expect(await isWorkbook(await written(cli, 'pos.xlsx', ['overview', '--all']))).toBe(true);
    expect(await isWorkbook(await written(cli, 'm.xlsx', ['pricing', 'export', '--days', '7']))).toBe(true);
    // Its CSV otherwise, by its extension or by default.
    for (const name of ['m.csv', 'pricing']) expect(await readFile(await written(cli, name, ['pricing', 'export', '--days', '7']), 'utf8')).toMatch(/^community_id,/);
  });

  it('--out - is stdout, in the format typed', async ({ cli }) => {
    const r = expectOk(await cli.run(['--local', 'portfolio', '--csv', '--out', '-']));
    expect(r.stdout).toMatch(/^id,name,/);
  });
});

describe('--out: refused before anything runs (exit 2), naming both', () => {
  const refused = async (cli: CliSandbox, args: string[], message: RegExp) => {
    const r = await cli.run(['--local', ...args]);
    expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
    expect(await readdir(cli.root), args.join(' ')).not.toContain(expect.stringMatching(/^(pos|x|m|r|p)\./));
  };

  it('an extension that contradicts --format (or --json, --csv)', async ({ cli }) => {
    const at = (name: string) => join(cli.root, name);
    await refused(cli, ['overview', '--all', '--format', 'xlsx', '--out', at('pos.csv')], /--out .*pos\.csv names CSV \(\.csv\), but --format xlsx writes a workbook \(\.xlsx\)/);
    await refused(cli, ['portfolio', '--json', '--out', at('p.csv')], /--out .*p\.csv names CSV \(\.csv\), but --json writes JSON \(\.json\)/);
    await refused(cli, ['pricing', 'export', '--format', 'csv', '--out', at('m.xlsx')], /--out .*m\.xlsx names a workbook \(\.xlsx\), but --format csv writes CSV \(\.csv\)/);
  });

  it('a format the command cannot write', async ({ cli }) => {
    const at = (name: string) => join(cli.root, name);
    await refused(cli, ['report', 'DR-006', '--out', at('x.pdf')], /--out .*x\.pdf names a \.pdf file; `rentsurvey report` writes HTML \(\.html\)/);
    await refused(cli, ['report', 'DR-006', '--out', at('r.csv')], /--out .*r\.csv names CSV \(\.csv\); `rentsurvey report` writes HTML \(\.html\)/);
    await refused(cli, ['overview', '--all', '--out', at('x.html')], /--out .*x\.html names HTML \(\.html\); `rentsurvey overview` writes JSON/);
    await refused(cli, ['pricing', 'export', '--out', at('m.json')], /--out .*m\.json names JSON \(\.json\); `rentsurvey pricing export` writes CSV \(\.csv\) or a workbook \(\.xlsx\)/);
    // A list whose file says no format: nothing to go by.
    await refused(cli, ['portfolio', '--out', at('p')], /--out .*p: say what the file holds, by its extension or with --format\nhint: .*\.json, \.csv, \.ndjson, \.md or \.xlsx/);
  });

  it('a folder that does not exist: named, and not created', async ({ cli }) => {
    for (const args of [['pricing', 'export', '--days', '7'], ['report', 'DR-006'], ['overview', '--all'], ['portfolio', '--format', 'xlsx']]) {
      const folder = join(cli.root, 'no-such-folder');
      const out = join(folder, args[0] === 'report' ? 'r.html' : args.includes('xlsx') ? 'p.xlsx' : 'x.csv');
      const r = await cli.run(['--local', ...args, '--out', out]);
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(`--out ${out}: no folder ${folder}`);
      expect(existsSync(folder)).toBe(false);
    }
  });
});
