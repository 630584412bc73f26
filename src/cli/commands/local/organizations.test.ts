// The organization --local works in: `local import` of another organization's dataset
// never switches silently, and `local organizations use` is the way back.
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { expectOk, it, parseJson, type CliSandbox } from '../../../../test/helpers/run-cli.js';

const MARKET = join(import.meta.dirname, '../../../../examples/market-changes.json');
const DEMO = 'Demo Residential';
const HARBOR = 'Harbor Residential';

const names = async (cli: CliSandbox) =>
  parseJson<{ communities: { name: string }[] }>(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout).communities.map((c) => c.name);

interface Organization {
  name: string;
  communities: number;
  users: number;
  current: boolean;
}
const organizations = async (cli: CliSandbox) =>
  parseJson<{ organizations: Organization[] }>(expectOk(await cli.run(['local', 'organizations', 'list', '--json'])).stdout).organizations;

describe('local import of another organization’s dataset', () => {
  it('without a terminal and without --yes: exit 2 saying which organization and how to go back; nothing imported', async ({ cli }) => {
    const r = await cli.run(['local', 'import', MARKET]);
    expect(r).toMatchObject({ exitCode: 2, stdout: '' });
    expect(r.stderr).toContain(`holds the data of "${HARBOR}": importing it switches --local from "${DEMO}" (25 communities, 8 users) to "${HARBOR}"`);
    expect(r.stderr).toMatch(/confirmation needed \(not a terminal\)/);
    expect(r.stderr).toContain(`hint: add --yes to import and switch; afterwards \`rentsurvey local organizations use '${DEMO}'\` switches back`);
    expect(await names(cli)).toHaveLength(25);
    expect((await organizations(cli)).map((o) => o.name)).toEqual([DEMO]);
  });

  it('with --yes: says on stderr where --local works now and the way back, which works', async ({ cli }) => {
    const r = expectOk(await cli.run(['local', 'import', MARKET, '--yes']));
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `warning: --local now works in "${HARBOR}", no longer in "${DEMO}" (kept as it was); go back with \`rentsurvey local organizations use '${DEMO}'\``,
    );
    expect(await names(cli)).toEqual(['Maple Court', 'Pine Ridge']);
    expect(await organizations(cli)).toEqual([
      expect.objectContaining({ name: DEMO, communities: 25, users: 8, current: false }),
      expect.objectContaining({ name: HARBOR, communities: 2, users: 0, current: true }),
    ]);

    const back = expectOk(await cli.run(['local', 'organizations', 'use', DEMO]));
    expect(back.stderr).toBe(`--local now works in "${DEMO}" (25 communities, 8 users)\n`);
    expect(await names(cli)).toHaveLength(25);
    // The same dataset again, now that its organization holds data too: it asks again.
    expect((await cli.run(['local', 'import', MARKET])).exitCode).toBe(2);
    // Names in any case; an unknown one lists those there are.
    expectOk(await cli.run(['local', 'organizations', 'use', 'harbor residential']));
    expect(await names(cli)).toEqual(['Maple Court', 'Pine Ridge']);
    const unknown = await cli.run(['local', 'organizations', 'use', 'Nobody Inc']);
    expect(unknown).toMatchObject({ exitCode: 4, stdout: '' });
    expect(unknown.stderr).toContain(`hint: the store holds "${DEMO}", "${HARBOR}"`);
  });

  it('re-importing into the organization --local works in, or into a new or empty store, asks nothing', async ({ cli }) => {
    expectOk(await cli.run(['local', 'import', MARKET, '--yes']));
    const again = expectOk(await cli.run(['local', 'import', MARKET]));
    expect(again.stderr).toMatch(new RegExp(`; --local now reads ${HARBOR}\\n$`));
    expect(again.stderr).not.toMatch(/warning/);
    const fresh = join(cli.root, 'fresh-store');
    const created = expectOk(await cli.run(['local', 'import', MARKET, '--data-dir', fresh]));
    expect(created.stderr).not.toMatch(/warning|switch/);
    expectOk(await cli.run(['local', 'reset', '--empty', '--yes']));
    expectOk(await cli.run(['local', 'import', MARKET]));
  });

  it('on a terminal, asks first: no leaves everything as it was, yes imports', async ({ cli }) => {
    const no = await cli.run(['local', 'import', MARKET], { isTTY: true, stdin: 'n\r' });
    expect(no.exitCode).toBe(2);
    expect(no.stderr).toMatch(/Import and switch\?/);
    expect(no.stderr).toMatch(/import cancelled; nothing changed/);
    expect(await names(cli)).toHaveLength(25);
    const yes = await cli.run(['local', 'import', MARKET], { isTTY: true, stdin: 'y\r' });
    expect(yes.exitCode, yes.stderr).toBe(0);
    expect(yes.stderr).toMatch(/go back with/);
    expect(await names(cli)).toEqual(['Maple Court', 'Pine Ridge']);
  });

  it('with --data-dir, the way back names it too', async ({ cli }) => {
    const r = expectOk(await cli.run(['local', 'import', MARKET, '--yes', '--data-dir', cli.dataDir]));
    const command = /go back with `(rentsurvey local organizations use .*)`/.exec(r.stderr)?.[1];
    expect(command).toBe(`rentsurvey local organizations use '${DEMO}' --data-dir ${cli.dataDir}`);
    expectOk(await cli.run(['local', 'organizations', 'use', DEMO, '--data-dir', cli.dataDir]));
    expect(await names(cli)).toHaveLength(25);
  });
});
