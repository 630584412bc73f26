// Installing rentsurvey as users do: the built package packed (`npm pack`) and installed from
// the tarball with `npm install -g --prefix` into a fresh prefix and home. Figures: the time of
// the install, as a ratio to installing a package of a package.json alone (npm's own cost, in
// the same rounds), and the footprint of the prefix (goal ≤ 40 MB, issue 31; test/e2e/install.test.ts
// fails past it). npm's cache is the bench's own: the first round fills it from the registry
// (what a first install costs, dependencies downloaded), the others install from it.
//
//   node bench/run.js install                     (after npm run build)
//   BENCH_INSTALL_BEFORE=/other/checkout node bench/run.js install   (its build packed too, in the same rounds)
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { median, ms, ratio, root, row } from './lib.js';

const ROUNDS = Number(process.env.BENCH_INSTALL_RUNS ?? 4);
const home = join(root, 'install-home');
const cache = join(root, 'npm-cache');
// A user's npm: a fresh home, the bench's cache, nothing of the npm run that started the bench.
const npmEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
Object.assign(npmEnv, { HOME: home, npm_config_cache: cache, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' });

function npm(args, cwd) {
  const result = spawnSync('npm', args, { cwd, env: npmEnv, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return result;
}

/** Bytes on disk under `path`, as du counts them. */
function diskUsage(path) {
  const stat = lstatSync(path);
  return stat.blocks * 512 + (stat.isDirectory() ? readdirSync(path).reduce((sum, name) => sum + diskUsage(join(path, name)), 0) : 0);
}

/** The tarball of the checkout `dir` as it is built (no build again: --ignore-scripts). */
function pack(dir, into) {
  mkdirSync(into, { recursive: true });
  const [{ filename }] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', into], dir).stdout);
  return join(into, filename);
}

/** One `npm install -g` of `tarball` into a new prefix: wall time, footprint, whether npm warned of install scripts. */
function installOnce(tarball, name) {
  const prefix = join(root, `prefix-${name}-${Math.random().toString(16).slice(2)}`);
  const started = performance.now();
  const { stderr } = npm(['install', '--global', '--prefix', prefix, tarball], root);
  return { wall: performance.now() - started, bytes: diskUsage(prefix), scripts: /install.?scripts/i.test(stderr) };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function installBench() {
  mkdirSync(home, { recursive: true });
  const empty = join(root, 'empty-package');
  mkdirSync(empty, { recursive: true });
  writeFileSync(join(empty, 'package.json'), JSON.stringify({ name: 'empty-package', version: '1.0.0', bin: {} }));
  const cases = [
    { label: 'npm install -g of a package.json alone', tarball: pack(empty, join(root, 'packed-empty')) },
    { label: 'npm install -g rentsurvey (this build)', tarball: pack(resolve(import.meta.dirname, '..'), join(root, 'packed-this')), goal: 40 * 1024 * 1024 },
    ...(process.env.BENCH_INSTALL_BEFORE ? [{ label: '  before', tarball: pack(resolve(process.env.BENCH_INSTALL_BEFORE), join(root, 'packed-before')) }] : []),
  ];
  const samples = cases.map(() => []);
  for (let round = 0; round < ROUNDS; round++) cases.forEach((c, i) => samples[i].push(installOnce(c.tarball, i)));
  console.log(`\nInstall (npm pack, then npm install -g --prefix into a fresh prefix; ${ROUNDS} rounds, the first from the registry, then from npm's cache; medians)`);
  const warm = samples.map((s) => median(s.slice(1).map((x) => x.wall)));
  cases.forEach(({ label, goal }, i) => {
    const [first] = samples[i];
    const bytes = median(samples[i].map((x) => x.bytes));
    const notes = [`first ${ms(first.wall)}`, `footprint ${mb(bytes)}${goal ? ` (goal ≤ ${mb(goal)})` : ''}`, samples[i].some((x) => x.scripts) ? 'npm warned of install scripts' : 'no install scripts'];
    row(label, ms(warm[i]), ratio(warm[i], warm[0]), notes.join(', '));
  });
}
