// relaunch() for real: a Node process (the "CLI") runs a script again with a V8 flag, its stdio
// inherited, signals forwarded, and ends with the second process's status.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { build } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const RELAUNCH = new URL('./relaunch.ts', import.meta.url).pathname;

describe('relaunch', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rentsurvey-relaunch-'));
    // relaunch.ts and what it imports, as one module plain Node runs.
    await build({ input: RELAUNCH, platform: 'node', output: { format: 'esm', file: join(dir, 'relaunch.mjs') } });
    // The script both processes run: the first relaunches it, the second reports and ends.
    await writeFile(
      join(dir, 'cli.mjs'),
      `const { relaunch } = await import('./relaunch.mjs');
const status = await relaunch(process.argv[1], process.argv.slice(2), ['--max-semi-space-size=16']);
if (status !== undefined) process.exit(status);
console.log(JSON.stringify({ execArgv: process.execArgv, args: process.argv.slice(2) }));
if (process.argv[2] === 'wait') {
  process.on('SIGTERM', () => { console.log('second process: SIGTERM'); process.exit(143); });
  console.error('ready');
  setInterval(() => {}, 1000);
} else if (process.argv[2] === 'abort') process.abort();
else process.exit(7);
`,
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('runs the command line again with the flags, on the same stdio, and ends with its status', async () => {
    const run = await execa(process.execPath, [join(dir, 'cli.mjs'), 'pricing', 'export'], { reject: false });
    expect(run.exitCode).toBe(7);
    expect(JSON.parse(run.stdout)).toEqual({ execArgv: ['--max-semi-space-size=16'], args: ['pricing', 'export'] });
  });

  it('does nothing when Node already runs with the flags, or with other values for them (on its command line or in NODE_OPTIONS)', async () => {
    for (const [execArgv, env] of [
      [['--max-semi-space-size=16'], {}],
      [['--max-semi-space-size=4'], {}],
      [[], { NODE_OPTIONS: '--max-old-space-size=96 --max-semi-space-size=4' }],
      [['--max_semi_space_size=8'], {}],
    ] as const) {
      const run = await execa(process.execPath, [...execArgv, join(dir, 'cli.mjs'), 'x'], { reject: false, env });
      expect(run.exitCode).toBe(7);
      expect(JSON.parse(run.stdout)).toEqual({ execArgv, args: ['x'] });
    }
  });

  it('ends with 128 + the signal when the second process is killed by one (an out-of-memory abort: 134)', async () => {
    const run = await execa(process.execPath, [join(dir, 'cli.mjs'), 'abort'], { reject: false });
    expect(run.exitCode).toBe(134);
  });

  it('forwards a SIGTERM sent to the first process, whose status is then the second one’s', async () => {
    const run = execa(process.execPath, [join(dir, 'cli.mjs'), 'wait'], { reject: false });
    await new Promise<void>((resolve) => run.stderr!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve()));
    run.kill('SIGTERM');
    const result = await run;
    expect(result.exitCode).toBe(143);
    expect(result.stdout).toContain('second process: SIGTERM');
  });
});
