// Bundles src/cli/main.ts into dist/ with rolldown. Code splitting keeps each
// command's modules (and heavy dependencies such as zod) in
// chunks that load only when that command runs, so `--help` stays fast.
//
// The output is CommonJS (.cjs) from our ESM source: Node loads a CommonJS
// chunk without the ESM loader's resolution, URL and package.json work per
// import, which was a fifth of serve's start-up. Measured against the ESM
// build of the same source, paired runs: serve spawn → first answer −18 ms,
// `--local portfolio --json` −18 ms, remote `portfolio --json` −16 ms, TAB −4 ms.
import { readFile, rename, rm } from 'node:fs/promises';
import { rolldown } from 'rolldown';
import { INK_TOP_LEVEL_AWAITS, lazyBuiltins, withoutTopLevelAwait, zodEnglishOnly } from './build-plugins.js';

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

// Build beside dist/ and swap it in, so that a CLI running meanwhile (tests,
// a second build) never finds dist/ half written or missing.
const staging = `dist-build-${process.pid}`;
const bundle = await rolldown({
  input: { cli: 'src/cli/main.ts' },
  // The entry may export what its lazy chunks share with it: one module fewer than a facade over it.
  preserveEntrySignatures: 'allow-extension',
  platform: 'node',
  // The zip table is a few MB of data: load it from node_modules at run time. So are the
  // workbook and chart libraries (--format xlsx, report), large and loaded by those alone:
  // bundled, exceljs' old Buffer() calls would also warn, as code outside node_modules.
  external: ['zipcodes', 'exceljs', 'echarts'],
  // React's production build for the dashboard: its development build is larger, slower, and writes warnings on the screen.
  transform: { target: 'node22', define: { __RENTSURVEY_VERSION__: JSON.stringify(pkg.version), 'process.env.NODE_ENV': '"production"' } },
  plugins: [
    zodEnglishOnly(),
    // commander imports child_process (with net and stream, ≈ 4 ms of every start) for executable subcommands, which we have none of.
    lazyBuiltins([{ builtin: 'node:child_process', importer: /\/node_modules\/commander\/lib\/command\.js$/ }]),
    // The dashboard's Ink and yoga-layout await as they load, which CommonJS cannot: see the plugin.
    withoutTopLevelAwait(INK_TOP_LEVEL_AWAITS),
  ],
});
const { output } = await bundle.write({
  dir: staging,
  format: 'cjs',
  // Our source is ESM, which is strict: so stays what it is bundled into.
  strict: true,
  sourcemap: true,
  // Whitespace out and local names shortened (function and class names kept; no rewriting of
  // code): V8 reads, hashes and lazily compiles half the text. −2 ms CPU of --local portfolio
  // and of a TAB. --debug's stack traces still name src/ files, through the source maps.
  minify: { compress: false, mangle: { keepNames: true }, codegen: { removeWhitespace: true } },
  entryFileNames: '[name].cjs',
  chunkFileNames: 'chunks/[name]-[hash].cjs',
});
await bundle.close();
assertNoStaticCycle(output);

const retired = `dist-old-${process.pid}`;
await rename('dist', retired).catch((error) => {
  if (error.code !== 'ENOENT') throw error;
});
await rename(staging, 'dist');
await rm(retired, { recursive: true, force: true });
