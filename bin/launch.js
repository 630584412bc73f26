// What every start of the CLI does before loading it: bin/rentsurvey.js starts
// the build (dist/), scripts/dev.js the source through tsx (`npm run dev`).

/**
 * Runs the CLI whose `main` `load` returns (or resolves to), with the process's
 * argv, and sets the exit code. `--version` answers without loading the CLI:
 * scripts call it to probe the install.
 */
async function launch(load) {
  const args = process.argv.slice(2);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    process.stdout.write(`${require('../package.json').version}\n`);
  } else if (!supportedNode(process.versions.node)) {
    // Older Nodes lack node:sqlite, or what commander and the prompts need: say so, rather than fail on the first command that needs it.
    process.stderr.write(`error: rentsurvey needs Node.js 22.22.2 or newer in 22, or 24.15 or newer (24 LTS recommended); this is Node.js ${process.versions.node}\n`);
    process.exitCode = 1;
  } else {
    // A stack trace printed by --debug names our source files (the build's source maps), not chunks/*.cjs.
    // Only then: reading the maps costs start-up.
    if (args.includes('--debug')) process.setSourceMapsEnabled(true);
    const { main } = await load();
    process.exitCode = await main(process.argv);
  }
}

/** package.json's engines, `^22.22.2 || >=24.15`. */
function supportedNode(version) {
  const [major, minor, patch] = version.split('.').map(Number);
  if (major === 22) return minor > 22 || (minor === 22 && patch >= 2);
  return major > 24 || (major === 24 && minor >= 15);
}

module.exports = { launch };
