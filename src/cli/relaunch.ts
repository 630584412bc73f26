/**
 * Runs this same command line again in a fresh Node with other V8 flags, for
 * a command that needs them (a long `pricing export`: a smaller young
 * generation). The new process inherits stdin, stdout and stderr, so it sees
 * the same terminal or pipes; this one forwards the signals it gets (a `kill`
 * of this pid, a cron timeout) and ends with the new one's status.
 */
import type { ExitCode } from './errors.js';
import { ENDING_SIGNALS, signalStatus } from './signals.js';

/** Whether Node was started with a value for each flag's option, on its command line or in NODE_OPTIONS (a user's choice stands). */
function startedWith(nodeFlags: readonly string[]): boolean {
  // V8 reads --max_semi_space_size as --max-semi-space-size.
  const name = (flag: string) => flag.split('=')[0]!.replaceAll('_', '-');
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].map(name);
  return nodeFlags.every((flag) => given.includes(name(flag)));
}

/**
 * The relaunch of the running CLI (bin script `script`), or undefined when
 * Node already runs with these flags (the relaunched process itself) or with
 * other values for them.
 */
export async function relaunch(script: string, args: readonly string[], nodeFlags: readonly string[]): Promise<ExitCode | undefined> {
  if (startedWith(nodeFlags)) return undefined;
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [...process.execArgv, ...nodeFlags, script, ...args], { stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of ENDING_SIGNALS) process.on(signal, forward);
  try {
    return await new Promise<ExitCode>((resolve, reject) => {
      child.once('error', reject);
      // Killed by a signal (an out-of-memory abort is SIGABRT): the status a shell reports for it.
      child.once('exit', (code, signal) => resolve((code ?? (signal ? signalStatus(signal) : 128)) as ExitCode));
    });
  } finally {
    for (const signal of ENDING_SIGNALS) process.off(signal, forward);
  }
}
