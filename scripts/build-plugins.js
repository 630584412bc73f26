// rolldown plugins of scripts/build.js. A plugin that reaches into another
// package's files by path would silently stop matching when an upgrade moves
// them, so each fails the build when it has matched nothing (mustMatch). (The
// lazy-builtins plugin, which deferred Fastify's https and http2 requires, went
// with Fastify: it failed the build the day Fastify left, as it should.)

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
