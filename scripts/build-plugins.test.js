// The build's plugins that match other packages' files by path must fail the
// build when they match nothing (an upgrade moved the file), not do nothing.
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zodEnglishOnly } from './build-plugins.js';

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
