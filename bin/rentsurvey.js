#!/usr/bin/env node
// `--version` answers without loading the CLI: scripts call it to probe the install.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const { readFileSync } = await import('node:fs');
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${pkg.version}\n`);
} else if (Number(process.versions.node.split('.')[0]) < 22) {
  // Node 20 and older lack node:sqlite (and what the prompts need): say so, rather than fail on the first --local command.
  process.stderr.write(`error: rentsurvey needs Node.js 22.22 or newer (24 LTS recommended); this is Node.js ${process.versions.node}\n`);
  process.exitCode = 1;
} else {
  // V8's code cache for our bundle: start-up parses ~3 MB of dependencies otherwise.
  const { enableCompileCache } = await import('node:module');
  enableCompileCache?.();
  const { main } = await import('../dist/cli.cjs');
  process.exitCode = await main(process.argv);
}
