#!/usr/bin/env node
// `--version` answers without loading the CLI: scripts call it to probe the install.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const { readFileSync } = await import('node:fs');
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${pkg.version}\n`);
} else if (!supportedNode(process.versions.node)) {
  // Older Nodes lack node:sqlite, or what commander and the prompts need: say so, rather than fail on the first command that needs it.
  process.stderr.write(`error: rentsurvey needs Node.js 22.22.2 or newer in 22, or 24.15 or newer (24 LTS recommended); this is Node.js ${process.versions.node}\n`);
  process.exitCode = 1;
} else {
  // V8's code cache for our bundle: start-up parses ~3 MB of dependencies otherwise.
  const { enableCompileCache } = await import('node:module');
  enableCompileCache?.();
  const { main } = await import('../dist/cli.cjs');
  process.exitCode = await main(process.argv);
}

/** package.json's engines, `^22.22.2 || >=24.15`. */
function supportedNode(version) {
  const [major, minor, patch] = version.split('.').map(Number);
  if (major === 22) return minor > 22 || (minor === 22 && patch >= 2);
  return major > 24 || (major === 24 && minor >= 15);
}
