// Preloaded (node --import) by bench/lazy-modules.js: writes every module file
// the process loaded (through require or import, our chunks and node_modules
// alike) to $RS_BENCH_MODULES when it exits, one URL a line.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const loaded = new Set();
registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith('file:')) loaded.add(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => writeFileSync(process.env.RS_BENCH_MODULES, [...loaded].join('\n')));
