#!/usr/bin/env node
// CommonJS (bin/package.json), as dist/ is: Node starts it without its ESM loader (≈ 2–3 ms of every run).
const { launch } = require('./launch.js');

launch(() => {
  // V8's code cache for our bundle: start-up parses ~3 MB of dependencies otherwise.
  require('node:module').enableCompileCache?.();
  return require('../dist/cli.cjs');
});
