// The build's plugins that match other packages' files by path must fail the
// build when they match nothing (an upgrade moved the file), not do nothing.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { statSync } from 'node:fs';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyBuiltins, modernBuffers, zipTable, zodEnglishOnly } from './build-plugins.js';

let dir;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rentsurvey-build-plugins-'));
  // The entries resolve zod from the project's own node_modules.
  await symlink(fileURLToPath(new URL('../node_modules', import.meta.url)), join(dir, 'node_modules'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function build(name, source, plugins) {
  const input = join(dir, `${name}.js`);
  await writeFile(input, source);
  const bundle = await rolldown({ input, platform: 'node', plugins, logLevel: 'silent' });
  try {
    const { output } = await bundle.generate({ format: 'cjs', codeSplitting: false });
    return output.map((chunk) => chunk.code ?? '').join('\n');
  } finally {
    await bundle.close();
  }
}

describe('zod-english-only', () => {
  it("leaves zod's other locales out of a bundle that uses zod", async () => {
    // All of z, as the CLI's contract chunk keeps it: z.locales among it.
    const source = "export { z } from 'zod';\n";
    const [whole, english] = [await build('whole', source, []), await build('english', source, [zodEnglishOnly()])];
    // German is one of the locales zod re-exports.
    expect(whole).toContain('Ungültige');
    expect(english).not.toContain('Ungültige');
  });

  it('fails the build, naming what it looked for, when zod no longer imports its locales that way', async () => {
    await expect(build('no-zod', "export const answer = 42;\n", [zodEnglishOnly()])).rejects.toThrow(
      /plugin zod-english-only matched nothing for zod's \.\.\/locales\/index\.js: update what it looks for, or remove it/,
    );
  });
});

describe('lazy-builtins', () => {
  const source = "import childProcess from 'node:child_process';\nexport const spawnOf = () => childProcess.spawn;\n";
  const rule = { builtin: 'node:child_process', importer: /\/uses-child-process\.js$/ };

  it('loads the built-in when a property is first read, not when the bundle loads', async () => {
    const bundled = join(dir, 'lazy.cjs');
    await writeFile(bundled, await build('uses-child-process', source, [lazyBuiltins([rule])]));
    const loaded = () => "process.moduleLoadList.includes('NativeModule child_process')";
    const script = `const m = require(${JSON.stringify(bundled)}); const before = ${loaded()}; const spawn = m.spawnOf(); console.log(JSON.stringify([before, ${loaded()}, typeof spawn]))`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(JSON.parse(run.stdout)).toEqual([false, true, 'function']);
  });

  it('fails the build, naming the rule, when it matches nothing', async () => {
    const other = { builtin: 'node:child_process', importer: /\/somewhere-else\.js$/ };
    await expect(build('uses-child-process', source, [lazyBuiltins([rule, other])])).rejects.toThrow(
      /plugin lazy-builtins matched nothing for node:child_process from \/\\\/somewhere-else\\\.js\$\/: update what it looks for, or remove it/,
    );
  });
});

describe('zip-table', () => {
  const { codes } = createRequire(import.meta.url)('zipcodes/lib/codes.js');

  it('answers every US zip code of the zipcodes package as the package does, in a fraction of its size', async () => {
    const source = "export { lookup } from 'zipcodes';\n";
    const bundled = join(dir, 'zip-table.cjs');
    const code = await build('zips', source, [zipTable(codes)]);
    await writeFile(bundled, code);
    const { lookup } = createRequire(import.meta.url)(bundled);
    const { lookup: packaged } = createRequire(import.meta.url)('zipcodes');
    const zips = Object.keys(codes);
    expect(zips.length).toBeGreaterThan(40_000);
    for (const zip of zips) {
      const { latitude, longitude, city, state } = packaged(zip);
      expect(lookup(zip), zip).toEqual({ latitude, longitude, city, state });
    }
    expect(lookup('00000')).toBeUndefined();
    expect(code.length).toBeLessThan(statSync(createRequire(import.meta.url).resolve('zipcodes/lib/codes.js')).size / 3);
  });

  it('fails the build when nothing imports zipcodes', async () => {
    await expect(build('no-zips', 'export const answer = 42;\n', [zipTable(codes)])).rejects.toThrow(/plugin zip-table matched nothing for zipcodes/);
  });
});

describe('modern-buffers', () => {
  const file = /\/old-buffers\.js$/;

  it('turns new Buffer() into Buffer.alloc / Buffer.from: the same bytes, and no DEP0005 warning from bundled code', async () => {
    const source = "export const made = [new Buffer(3), new Buffer('héllo'), new Buffer('aGk=', 'base64'), new Buffer([1, 2])].map((b) => [...b]);\n";
    const bundled = join(dir, 'buffers.cjs');
    await writeFile(bundled, await build('old-buffers', source, [modernBuffers([file])]));
    const run = spawnSync(process.execPath, ['-e', `console.log(JSON.stringify(require(${JSON.stringify(bundled)}).made))`], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([[0, 0, 0], [...Buffer.from('héllo')], [104, 105], [1, 2]]);
  });

  it('fails the build when the file no longer calls new Buffer()', async () => {
    await expect(build('old-buffers', 'export const b = Buffer.alloc(1);\n', [modernBuffers([file])])).rejects.toThrow(
      /plugin modern-buffers found no new Buffer\( in \/\\\/old-buffers\\\.js\$\//,
    );
  });
});
