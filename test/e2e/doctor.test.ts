// doctor on what only a real machine shows: a data folder on a device with little room left
// (a small tmpfs the test mounts; see test/helpers/tmpfs.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_SPACE_MIN } from '../../src/cli/commands/doctor/checks.js';
import { createSandbox, parseJson, type Sandbox } from '../helpers/cli.js';
import { cannotMountTmpfs, mountTmpfs, unmountTmpfs } from '../helpers/tmpfs.js';

describe.skipIf(cannotMountTmpfs !== undefined)(`doctor on a small disk${cannotMountTmpfs ? ` (skipped: cannot mount a tmpfs here: ${cannotMountTmpfs})` : ''}`, () => {
  let sb: Sandbox;
  let small: string;

  beforeAll(async () => {
    sb = await createSandbox();
    small = join(sb.root, 'small');
    mkdirSync(small);
    mountTmpfs(small, `${FREE_SPACE_MIN / 1024 / 1024 / 4}m`);
  });

  afterAll(async () => {
    if (small) unmountTmpfs(small);
    await sb?.cleanup();
  });

  it('a data folder with less free space than doctor asks for: ✗, saying how much is left and what to do', async () => {
    const dataDir = join(small, 'rentsurvey');
    const run = await sb.run(['--local', '--data-dir', dataDir, 'doctor', '--json']);
    expect(run.exitCode).toBe(1);
    const free = parseJson<{ checks: Array<{ check: string; ok: boolean; detail: string; remedy: string }> }>(run.stdout).checks.find((c) => c.check === 'free-space');
    expect(free).toMatchObject({ ok: false, remedy: expect.stringContaining('--data-dir') });
    expect(free!.detail).toMatch(new RegExp(`^Free space: only (2[0-5]|1\\d)\\.\\d MB free on the device of the data folder ${dataDir}$`));
    // A data folder on a roomy disk passes.
    const roomy = parseJson<{ checks: Array<{ check: string; ok: boolean }> }>((await sb.run(['--local', 'doctor', '--json'])).stdout);
    expect(roomy.checks.find((c) => c.check === 'free-space')?.ok).toBe(true);
  });
});
