// Bundles src/cli/main.ts into dist/ with rolldown. Code splitting keeps each
// command's modules (and heavy dependencies such as zod) in
// chunks that load only when that command runs, so `--help` stays fast.
//
// The output is CommonJS (.cjs) from our ESM source: Node loads a CommonJS
// chunk without the ESM loader's resolution, URL and package.json work per
// import, which was a fifth of serve's start-up. Measured against the ESM
// build of the same source, paired runs: serve spawn → first answer −18 ms,
// `--local portfolio --json` −18 ms, remote `portfolio --json` −16 ms, TAB −4 ms.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createRequire, isBuiltin } from 'node:module';
import { rolldown } from 'rolldown';
import { INK_TOP_LEVEL_AWAITS, lazyBuiltins, modernBuffers, withoutTopLevelAwait, zipTable, zodEnglishOnly } from './build-plugins.js';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

/**
 * In CommonJS a chunk that requires, at load, one that is still loading (a cycle) gets
 * its exports half filled. Chunks that require cli.cjs (what they share with it) are
 * safe only because cli.cjs loads them lazily, after it has run: the build stops
 * if a change ever makes any such loop of static requires.
 */
function assertNoStaticCycle(output) {
  const imports = new Map(output.filter((file) => file.type === 'chunk').map((chunk) => [chunk.fileName, chunk.imports]));
  const done = new Set();
  const visit = (file, path) => {
    if (path.includes(file)) throw new Error(`build: chunks require each other at load: ${[...path.slice(path.indexOf(file)), file].join(' → ')}`);
    if (done.has(file)) return;
    for (const imported of imports.get(file) ?? []) visit(imported, [...path, file]);
    done.add(file);
  };
  for (const file of imports.keys()) visit(file, []);
}

/**
 * Everything the CLI runs is bundled, its libraries included: `npm install -g` then installs
 * no dependencies (no install scripts, a few MB). What cannot be bundled (a native add-on, a
 * file a library opens by path) goes into package.json's `dependencies`, which the build
 * leaves external; the build stops if the output requires any other package at run time.
 */
const runtimeDependencies = Object.keys(pkg.dependencies ?? {});
function assertOnlyDeclaredExternals(output) {
  const files = new Set(output.map((file) => file.fileName));
  for (const chunk of output.filter((file) => file.type === 'chunk'))
    for (const imported of chunk.imports) {
      if (files.has(imported) || isBuiltin(imported)) continue;
      const name = imported.split('/').slice(0, imported.startsWith('@') ? 2 : 1).join('/');
      if (!runtimeDependencies.includes(name))
        throw new Error(`build: ${chunk.fileName} requires ${imported} at run time, which package.json's dependencies do not list: bundle it, or list it there`);
    }
}

/**
 * dist/rentsurvey.1, the man page, from the command definitions (src/cli/man-page.ts):
 * bundled on its own (the program's tree, its handlers left unloaded), run once, removed.
 */
async function writeManPage(dir) {
  const bundle = await rolldown({
    input: 'src/cli/man-page.ts',
    platform: 'node',
    transform: { target: 'node22', define: { __RENTSURVEY_VERSION__: JSON.stringify(pkg.version) } },
    // The handlers are never imported here: only the definitions' tree is read (the tree's
    // own imports of each group's definition, src/cli/commands/index.ts, are bundled).
    plugins: [
      {
        name: 'handlers-unloaded',
        resolveDynamicImport: (_specifier, importer) => (importer?.replaceAll('\\', '/').endsWith('src/cli/commands/index.ts') ? null : false),
      },
    ],
  });
  const script = join(dir, 'man-page.cjs');
  try {
    await bundle.write({ file: script, format: 'cjs', codeSplitting: false });
  } finally {
    await bundle.close();
  }
  try {
    await writeFile(join(dir, 'rentsurvey.1'), await createRequire(import.meta.url)(resolve(script)).manPage());
  } finally {
    await rm(script);
  }
}

/** How every bundle of dist/ is written: the CLI's and the report's chart worker. */
const CJS_OUTPUT = {
  format: 'cjs',
  // Our source is ESM, which is strict: so stays what it is bundled into.
  strict: true,
  sourcemap: true,
  // Whitespace out and local names shortened (function and class names kept; no rewriting of
  // code): V8 reads, hashes and lazily compiles half the text. −2 ms CPU of --local portfolio
  // and of a TAB. --debug's stack traces still name src/ files, through the source maps.
  minify: { compress: false, mangle: { keepNames: true }, codegen: { removeWhitespace: true } },
};

/** Libraries' production builds (React's for the dashboard, ECharts' for the report): their development builds are larger, slower, and write warnings on the screen. */
const PRODUCTION = { 'process.env.NODE_ENV': '"production"' };

/** Where the report's chart worker is written, beside the chunks (src/output/report/drawing.ts). */
const CHART_WORKER = 'chart-worker.cjs';

/**
 * The report's chart worker, a file of its own with ECharts and the report's sections: a worker
 * started on a chunk of the CLI's bundle could require cli.cjs, and so run the CLI.
 */
async function writeChartWorker(dir, output) {
  // The renderer finds the worker beside its own chunk (__dirname).
  const renderer = output.find((file) => file.type === 'chunk' && file.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith('src/output/report/html.ts')));
  if (!renderer?.fileName.startsWith('chunks/')) throw new Error(`build: the report's renderer is in ${renderer?.fileName}, not beside ${CHART_WORKER} in chunks/`);
  const bundle = await rolldown({
    input: 'src/output/report/chart-worker.ts',
    platform: 'node',
    transform: { target: 'node22', define: PRODUCTION },
  });
  try {
    await bundle.write({ ...CJS_OUTPUT, file: join(dir, 'chunks', CHART_WORKER), codeSplitting: false });
  } finally {
    await bundle.close();
  }
}

// Build beside dist/ and swap it in, so that a CLI running meanwhile (tests,
// a second build) never finds dist/ half written or missing.
const staging = `dist-build-${process.pid}`;
const bundle = await rolldown({
  input: { cli: 'src/cli/main.ts' },
  // The entry may export what its lazy chunks share with it: one module fewer than a facade over it.
  preserveEntrySignatures: 'allow-extension',
  platform: 'node',
  external: runtimeDependencies.map((name) => new RegExp(`^${name}(/|$)`)),
  transform: {
    target: 'node22',
    define: { __RENTSURVEY_VERSION__: JSON.stringify(pkg.version), __CHART_WORKER__: JSON.stringify(CHART_WORKER), ...PRODUCTION },
  },
  plugins: [
    zodEnglishOnly(),
    zipTable(createRequire(import.meta.url)('zipcodes/lib/codes.js').codes),
    modernBuffers([/\/node_modules\/archiver-utils\/index\.js$/]),
    // commander imports child_process (with net and stream, ≈ 4 ms of every start) for executable subcommands, which we have none of.
    lazyBuiltins([{ builtin: 'node:child_process', importer: /\/node_modules\/commander\/lib\/command\.js$/ }]),
    // The dashboard's Ink and yoga-layout await as they load, which CommonJS cannot: see the plugin.
    withoutTopLevelAwait(INK_TOP_LEVEL_AWAITS),
  ],
});
const { output } = await bundle.write({
  ...CJS_OUTPUT,
  dir: staging,
  entryFileNames: '[name].cjs',
  chunkFileNames: 'chunks/[name]-[hash].cjs',
});
await bundle.close();
assertNoStaticCycle(output);
assertOnlyDeclaredExternals(output);

await writeManPage(staging);
await writeChartWorker(staging, output);

const retired = `dist-old-${process.pid}`;
await rename('dist', retired).catch((error) => {
  if (error.code !== 'ENOENT') throw error;
});
await rename(staging, 'dist');
await rm(retired, { recursive: true, force: true });
