// rolldown plugins of scripts/build.js. A plugin that reaches into another
// package's files by path would silently stop matching when an upgrade moves
// them, so each fails the build when it has matched nothing (mustMatch).

import { RolldownMagicString } from 'rolldown';

/**
 * `plugin` with a check at the end of the build: each of `expected` (what its
 * resolveId must have seen at least once, by name) was matched. A plugin that
 * matched nothing does nothing, and its reason to exist is gone or has moved.
 */
function mustMatch(plugin, expected) {
  const seen = new Set();
  return {
    ...plugin,
    buildStart() {
      seen.clear();
    },
    resolveId(source, importer, extra) {
      const resolved = plugin.resolveId(source, importer, extra);
      if (resolved) seen.add(resolved.match);
      return resolved?.id;
    },
    buildEnd(error) {
      const missed = expected.filter((name) => !seen.has(name));
      if (!error && missed.length > 0)
        throw new Error(`build: plugin ${plugin.name} matched nothing for ${missed.join('; ')}: update what it looks for, or remove it`);
    },
  };
}

/**
 * Built-ins that a dependency imports when it loads but uses only in code we
 * never run load on first use instead: each rule names the built-in and the
 * file that imports it. Only a default import can be deferred this way (a
 * named one fails the build: the stand-in has no such export); each property
 * read loads the built-in, once (Node caches it).
 */
export function lazyBuiltins(rules) {
  const describe = ({ builtin, importer }) => `${builtin} from ${importer}`;
  return mustMatch(
    {
      name: 'lazy-builtins',
      resolveId(source, importer) {
        const rule = rules.find(({ builtin, importer: from }) => source === builtin && from.test(importer ?? ''));
        return rule ? { id: `\0lazy-builtin:${source}`, match: describe(rule) } : undefined;
      },
      load(id) {
        if (!id.startsWith('\0lazy-builtin:')) return undefined;
        const builtin = JSON.stringify(id.slice('\0lazy-builtin:'.length));
        return { code: `export default new Proxy({}, { get: (_, key) => process.getBuiltinModule(${builtin})[key] });`, moduleType: 'js' };
      },
    },
    rules.map(describe),
  );
}

const ZOD_LOCALES = "zod's ../locales/index.js";

/**
 * zod re-exports every locale (`z.locales`: ~60 modules, 400 kB of the zod
 * chunk) while we use only English, which zod registers itself. Leaving the
 * others out of the bundle makes every command that loads zod evaluate less.
 */
export function zodEnglishOnly() {
  return mustMatch(
    {
      name: 'zod-english-only',
      resolveId(source, importer) {
        const dir = /^(.*\/node_modules\/zod\/v4)\/(classic|core|mini)\/[^/]+$/.exec(importer ?? '')?.[1];
        return source === '../locales/index.js' && dir ? { id: `\0zod-english-only:${dir}/locales/en.js`, match: ZOD_LOCALES } : undefined;
      },
      load(id) {
        if (!id.startsWith('\0zod-english-only:')) return undefined;
        return { code: `export { default as en } from ${JSON.stringify(id.slice('\0zod-english-only:'.length))};`, moduleType: 'js' };
      },
    },
    [ZOD_LOCALES],
  );
}

/**
 * CommonJS has no top-level await, and two modules the dashboard's libraries load use it:
 * yoga-layout (Ink's layout engine) awaits its WebAssembly as it loads, and Ink's reconciler
 * awaits React's devtools when DEV=true. Each rule names a file and the exact text to put in
 * place (the build fails when the text is no longer there): yoga-layout's module exports a
 * `ready` promise instead, which the dashboard awaits before it draws (enums are there at once,
 * Node and Config once the WebAssembly is compiled); the devtools hook goes (a tool for Ink's own
 * developers, which no bundle of ours has).
 */
export function withoutTopLevelAwait(rules) {
  const describe = (rule) => `${rule.from} in ${rule.file}`;
  const seen = new Set();
  return {
    name: 'without-top-level-await',
    buildStart() {
      seen.clear();
    },
    transform(code, id) {
      const applying = rules.filter(({ file, from }) => id.replaceAll('\\', '/').endsWith(file) && code.includes(from));
      if (applying.length === 0) return undefined;
      const changed = new RolldownMagicString(code);
      for (const rule of applying) {
        changed.replaceAll(rule.from, rule.to);
        seen.add(describe(rule));
      }
      return { code: changed.toString(), map: changed.generateMap({ hires: true, source: id }).toString(), moduleType: 'js' };
    },
    buildEnd(error) {
      const missed = rules.map(describe).filter((name) => !seen.has(name));
      if (!error && missed.length > 0)
        throw new Error(`build: plugin without-top-level-await matched nothing for ${missed.join('; ')}: update what it looks for, or remove it`);
    },
  };
}

/** The rules of withoutTopLevelAwait for yoga-layout 3.2 and Ink 8. */
export const INK_TOP_LEVEL_AWAITS = [
  {
    file: 'node_modules/yoga-layout/dist/src/index.js',
    from: 'const Yoga = wrapAssembly(await loadYoga());',
    to:
      'import YGEnums from "./generated/YGEnums.js";\n' +
      'const Yoga = { ...YGEnums };\n' +
      'export const ready = loadYoga().then((assembly) => { Object.assign(Yoga, wrapAssembly(assembly)); });',
  },
  { file: 'node_modules/ink/build/reconciler.js', from: "import.meta.resolve('react-devtools-core');", to: "throw new Error('react-devtools-core: not in this bundle');" },
  { file: 'node_modules/ink/build/reconciler.js', from: "await import('./devtools.js');", to: '/* devtools: not in this bundle */' },
  { file: 'node_modules/ink/build/reconciler.js', from: 'const loaded = await loadPackageJson();', to: 'const loaded = {};' },
];

/**
 * The `zipcodes` package as src/server/zip-table.ts uses it: `lookup` of a US
 * zip code, answering its latitude, longitude, city and state. The package
 * holds 5 MB of JavaScript objects (US and Canada, each field named on every
 * row); this is the US rows as one line each in a string (1.3 MB), read into a
 * Map on the first lookup. `codes` is the package's US table (lib/codes.js).
 */
export function zipTable(codes) {
  const rows = Object.values(codes).map(({ zip, latitude, longitude, city, state }) => {
    if (!/^\d{5}$/.test(zip) || [city, state].some((text) => /[\t\n]/.test(text)) || ![latitude, longitude].every(Number.isFinite))
      throw new Error(`build: zip-table: a row of the zipcodes package the table cannot hold: ${JSON.stringify({ zip, latitude, longitude, city, state })}`);
    return `${zip}\t${latitude}\t${longitude}\t${city}\t${state}`;
  });
  return mustMatch(
    {
      name: 'zip-table',
      resolveId(source) {
        return source === 'zipcodes' ? { id: '\0zip-table', match: 'zipcodes' } : undefined;
      },
      load(id) {
        if (id !== '\0zip-table') return undefined;
        const code = `const ROWS = ${JSON.stringify(rows.join('\n'))};
let places;
export function lookup(zip) {
  if (!places) {
    places = new Map();
    for (const row of ROWS.split('\\n')) {
      const [zip, latitude, longitude, city, state] = row.split('\\t');
      places.set(zip, { latitude: Number(latitude), longitude: Number(longitude), city, state });
    }
  }
  return places.get(String(zip));
}
`;
        return { code, moduleType: 'js' };
      },
    },
    ['zipcodes'],
  );
}

/**
 * `new Buffer(…)` in the files of `files` (each a pattern of its path), as
 * Buffer.alloc or Buffer.from: Node warns (DEP0005) about the old constructor
 * when code outside node_modules calls it, and bundled code is outside it
 * (exceljs' zip writer, archiver-utils, still calls it). What the old
 * constructor did with a number, a string and an encoding, or an array, the
 * two do, zero-filled.
 */
export function modernBuffers(files) {
  const seen = new Set();
  const helper = 'const __buffer = (value, encoding) => (typeof value === "number" ? Buffer.alloc(value) : Buffer.from(value, encoding));\n';
  return {
    name: 'modern-buffers',
    buildStart() {
      seen.clear();
    },
    transform(code, id) {
      const file = files.find((pattern) => pattern.test(id));
      if (!file || !code.includes('new Buffer(')) return undefined;
      seen.add(file);
      return { code: helper + code.replaceAll('new Buffer(', '__buffer('), map: null };
    },
    buildEnd(error) {
      const missed = files.filter((file) => !seen.has(file));
      if (!error && missed.length > 0)
        throw new Error(`build: plugin modern-buffers found no new Buffer( in ${missed.join('; ')}: update what it looks for, or remove it`);
    },
  };
}
