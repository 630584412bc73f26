// Bundles src/cli/main.ts into dist/ with esbuild. Code splitting keeps each
// command's modules (and heavy dependencies such as zod, undici, fastify) in
// chunks that load only when that command runs, so `--help` stays fast.
import { build } from 'esbuild';
import { readFile, rename, rm } from 'node:fs/promises';

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

const retired = `dist-old-${process.pid}`;
await rename('dist', retired).catch((error) => {
  if (error.code !== 'ENOENT') throw error;
});
await rename(staging, 'dist');
await rm(retired, { recursive: true, force: true });
