// The build's plugins that match other packages' files by path must fail the
// build when they match nothing (an upgrade moved the file), not do nothing.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyBuiltins, zodEnglishOnly } from './build-plugins.js';

let dir;
let entry;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rentsurvey-build-plugins-'));
  entry = join(dir, 'entry.js');
  await writeFile(entry, "import https from 'node:https';\nexport const create = () => https.createServer;\n");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function build(plugins) {
  const bundle = await rolldown({ input: entry, platform: 'node', plugins, logLevel: 'silent' });
  try {
    const { output } = await bundle.generate({ format: 'cjs' });
    return output[0].code;
  } finally {
    await bundle.close();
  }
}

describe('build plugins that match other packages by path', () => {
  it('lazy-builtins makes a matched built-in load on first use', async () => {
    const code = await build([lazyBuiltins([{ builtin: /^node:https$/, importer: /\/entry\.js$/ }])]);
    expect(code).toContain('new Proxy');
  });

  it('lazy-builtins fails the build when a rule matches nothing, naming it', async () => {
    const rules = [
      { builtin: /^node:https$/, importer: /\/entry\.js$/ },
      { builtin: /^node:http2$/, importer: /\/entry\.js$/ },
    ];
    await expect(build([lazyBuiltins(rules)])).rejects.toThrow(/plugin lazy-builtins matched nothing for \/\^node:http2\$\/ from/);
  });

  it('zod-english-only fails the build when zod no longer imports its locales that way', async () => {
    await expect(build([zodEnglishOnly()])).rejects.toThrow(/plugin zod-english-only matched nothing for zod's \.\.\/locales\/index\.js/);
  });
});
