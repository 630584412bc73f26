// Bundles src/cli/main.ts into dist/ with esbuild. Code splitting keeps each
// command's modules (and heavy dependencies such as zod, undici, fastify) in
// chunks that load only when that command runs, so `--help` stays fast.
import { build } from 'esbuild';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

/**
 * Built-ins that a dependency requires when it loads but uses only in code we
 * never run load on first use instead: Fastify's https and http2 servers (tls,
 * all of crypto, nghttp2: ~20 ms of every serve start). Only property reads
 * reach them (https.createServer…), each when it runs.
 */
const LAZY_BUILTINS = [{ builtin: /^node:(https|http2)$/, importer: /node_modules\/fastify\/lib\/server\.js$/ }];
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) =>
      LAZY_BUILTINS.some(({ builtin, importer }) => builtin.test(args.path) && importer.test(args.importer))
        ? { path: args.path, namespace: 'lazy-builtin' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      contents: `let loaded;
module.exports = new Proxy({}, { get: (_, key) => (loaded ??= require(${JSON.stringify(args.path)}))[key] });`,
      loader: 'js',
    }));
  },
};

/**
 * zod re-exports every locale (`z.locales`: ~60 modules, 400 kB of the zod
 * chunk) while we use only English, which zod registers itself. Leaving the
 * others out of the bundle makes every command that loads zod evaluate less.
 */
const englishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /node_modules\/zod\/v4\/(classic|core|mini)$/.test(args.resolveDir)
        ? { path: 'zod-locales', namespace: 'zod-english-only', pluginData: args.resolveDir }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from '../locales/en.js';",
      resolveDir: args.pluginData,
      loader: 'js',
    }));
  },
};

/**
 * Built-ins are required, not imported, in what esbuild writes. An ESM import of
 * a built-in makes a namespace of all its exports, reading every lazy getter:
 * `node:util` costs ~10 ms more imported than required, `node:fs` ~5 (A/B of the
 * two builds: `--local portfolio --json` 124 → 111 ms wall). esbuild keeps
 * external imports as `import`, so each of its import statements of a `node:`
 * module becomes the same bindings read from `require` (the banner's), on as
 * many lines, so that the source maps still hold. A form it does not know
 * stays an import (slower, not wrong) and the build says so.
 */
const BUILTIN_IMPORT = /^import (?:(\w+)|\* as (\w+)|(\w+), (\{[^}]*\})|(\{[^}]*\})) from "(node:[\w/]+)";$/gm;
async function requireBuiltins(dir) {
  // `{ default as x }` is the module itself, as a default import is.
  const bindings = (list, required) => {
    const names = list.slice(1, -1).split(',').map((name) => name.trim()).filter(Boolean);
    const whole = names.filter((name) => name.startsWith('default as ')).map((name) => `${name.slice('default as '.length)} = ${required}`);
    const named = names.filter((name) => !name.startsWith('default as ')).map((name) => name.replace(/^(\w+) as (\w+)$/, '$1: $2'));
    return [...whole, ...(named.length > 0 ? [`{ ${named.join(', ')} } = ${required}`] : [])].join(', ');
  };
  const files = [join(dir, 'cli.js'), ...(await readdir(join(dir, 'chunks'))).filter((f) => f.endsWith('.js')).map((f) => join(dir, 'chunks', f))];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    const rewritten = text.replace(BUILTIN_IMPORT, (statement, single, namespace, first, rest, list, builtin) => {
      const required = `require("${builtin}")`;
      const declaration =
        single || namespace
          ? `const ${single ?? namespace} = ${required};`
          : first
            ? `const ${first} = ${required}, ${bindings(rest, first)};`
            : `const ${bindings(list, required)};`;
      // As many lines as the import had, so that the source maps still hold.
      return declaration + '\n'.repeat(statement.split('\n').length - 1);
    });
    if (/^import [^;]* from "node:/m.test(rewritten)) console.warn(`build: ${file} still imports a built-in (a form requireBuiltins does not know)`);
    if (rewritten !== text) await writeFile(file, rewritten);
  }
}

// Build beside dist/ and swap it in, so that a CLI running meanwhile (tests,
// a second build) never finds dist/ half written or missing.
const staging = `dist-build-${process.pid}`;
await build({
  entryPoints: { cli: 'src/cli/main.ts' },
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  // The zip table is a few MB of data: load it from node_modules at run time.
  external: ['zipcodes'],
  define: { __RENTSURVEY_VERSION__: JSON.stringify(pkg.version) },
  // CommonJS dependencies inside an ESM bundle call require().
  banner: {
    js: "import { createRequire as __rsCreateRequire } from 'node:module'; const require = __rsCreateRequire(import.meta.url);",
  },
  plugins: [lazyBuiltins, englishOnly],
  logLevel: 'warning',
});

await requireBuiltins(staging);

const retired = `dist-old-${process.pid}`;
await rename('dist', retired).catch((error) => {
  if (error.code !== 'ENOENT') throw error;
});
await rename(staging, 'dist');
await rm(retired, { recursive: true, force: true });
