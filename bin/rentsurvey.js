#!/usr/bin/env node
import { launch } from './launch.js';

await launch(async () => {
  // V8's code cache for our bundle: start-up parses ~3 MB of dependencies otherwise.
  const { enableCompileCache } = await import('node:module');
  enableCompileCache?.();
  return import('../dist/cli.cjs');
});
