// Prompts that behave: only on a terminal, never with --no-input / RENTSURVEY_NO_INPUT / CI;
// irreversible actions ask (or take --yes); Ctrl-C at a prompt is 130 and a newline.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it as plain } from 'vitest';
import { cliSandbox, expectOk, it, parseJson, type CliSandbox } from '../../test/helpers/run-cli.js';
import { alignColumns } from './prompt.js';

const CTRL_C = '\u0003';

async function newKey(cli: CliSandbox): Promise<{ key: string; prefix: string }> {
  const key = expectOk(await cli.run(['local', 'keys', 'create', '--scopes', 'rentsurvey:read'], { allowSecrets: true })).stdout.trim();
  cli.secrets.push(key);
  return { key, prefix: /^rsk_([^_]+)_/.exec(key)![1]! };
}

describe('local reset', () => {
  it('on a terminal, asks; yes resets', async ({ cli }) => {
    const r = await cli.run(['local', 'reset', '--empty'], { isTTY: true, stdin: 'y\r' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Delete the local store in [\s\S]*\?/);
    expect(parseJson(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout)).toEqual({ communities: [], total: 0 });
  });

  it('on a terminal that cannot redraw a prompt (TERM=dumb), does not ask: fails naming --yes', async ({ cli }) => {
    const r = await cli.run(['local', 'reset', '--empty'], { isTTY: true, stdin: 'y\r', env: { TERM: 'dumb' } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr.replace(/\s+/g, ' ')).toMatch(/confirmation needed \(this terminal cannot redraw a prompt \(TERM=dumb or no width\)\)/);
    expect(r.stderr).toMatch(/add --yes/);
  });

  it('--yes does not ask, on a terminal or not', async ({ cli }) => {
    const r = expectOk(await cli.run(['local', 'reset', '--empty', '--yes'], { isTTY: true }));
    expect(r.stderr).not.toMatch(/\?/);
  });

  it('no store yet: nothing to lose, no question, no --yes needed', async () => {
    const cli = await cliSandbox({ store: 'none' });
    try {
      const r = expectOk(await cli.run(['local', 'reset', '--empty']));
      expect(r.stderr).toMatch(/the store is empty/);
      expect(existsSync(join(cli.dataDir, 'rentsurvey.db'))).toBe(true);
    } finally {
      await cli.cleanup();
    }
  });

  it('--no-input, RENTSURVEY_NO_INPUT=1 or CI on a terminal: exit 2 naming --yes, nothing deleted', async ({ cli }) => {
    for (const options of [
      { args: ['--no-input'], env: {} },
      { args: [], env: { RENTSURVEY_NO_INPUT: '1' } },
      { args: [], env: { CI: 'true' } },
    ]) {
      const r = await cli.run([...options.args, 'local', 'reset', '--empty'], { isTTY: true, env: options.env, stdin: 'y\r' });
      expect(r).toMatchObject({ exitCode: 2, stdout: '' });
      // On a terminal the message breaks at spaces to fit its width.
      expect(r.stderr.replace(/\n(?!hint:)/g, ' ')).toMatch(/^error: confirmation needed \(prompts are off \(--no-input, RENTSURVEY_NO_INPUT or CI\)\): Delete the local store/m);
      expect(r.stderr).toMatch(/^hint: add --yes to proceed without a prompt$/m);
    }
    expect(parseJson<{ total: number }>(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout).total).toBeGreaterThan(5);
  });

  it('RENTSURVEY_NO_INPUT=0 and CI=false leave prompts on', async ({ cli }) => {
    const r = await cli.run(['local', 'reset', '--empty'], { isTTY: true, env: { RENTSURVEY_NO_INPUT: '0', CI: 'false' }, stdin: 'n\r' });
    expect(r.stderr).toMatch(/reset cancelled/);
  });

  it('Ctrl-C at the question: exit 130, nothing but a newline after the prompt, nothing deleted', async ({ cli }) => {
    const r = await cli.run(['local', 'reset', '--empty'], { isTTY: true, stdin: CTRL_C });
    expect(r.exitCode).toBe(130);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/\?[^\n]*\n$/);
    expect(r.stderr).not.toMatch(/error|bug|ExitPromptError/i);
    expect(parseJson<{ total: number }>(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout).total).toBeGreaterThan(5);
  });
});

describe('local keys revoke', () => {
  it('without a terminal, needs --yes (exit 2, the key kept); with it, revokes', async ({ cli }) => {
    const { prefix } = await newKey(cli);
    const asked = await cli.run(['local', 'keys', 'revoke', prefix]);
    expect(asked).toMatchObject({ exitCode: 2, stdout: '' });
    expect(asked.stderr).toMatch(new RegExp(`confirmation needed \\(not a terminal\\): Revoke key ${prefix} `));
    expect(asked.stderr).toMatch(/hint: add --yes/);
    const listed = () => cli.run(['local', 'keys', 'list', '--json']);
    const revokedAt = async () =>
      parseJson<{ keys: { prefix: string; revoked_at: string | null }[] }>(expectOk(await listed()).stdout).keys.find((k) => k.prefix === prefix)!.revoked_at;
    expect(await revokedAt()).toBeNull();
    expectOk(await cli.run(['local', 'keys', 'revoke', prefix, '--yes']));
    expect(await revokedAt()).not.toBeNull();
  });

  it('on a terminal, asks: no keeps the key, yes revokes; an unknown key is 4 before any question', async ({ cli }) => {
    const { prefix } = await newKey(cli);
    const no = await cli.run(['local', 'keys', 'revoke', prefix], { isTTY: true, stdin: 'n\r' });
    expect(no.exitCode).toBe(2);
    expect(no.stderr).toMatch(/revoke cancelled; the key still works/);
    const yes = await cli.run(['local', 'keys', 'revoke', prefix], { isTTY: true, stdin: 'y\r' });
    expect(yes.exitCode, yes.stderr).toBe(0);
    expect(yes.stderr).toMatch(`Revoked key ${prefix}`);
    const unknown = await cli.run(['local', 'keys', 'revoke', 'nosuchkey'], { isTTY: true });
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).not.toMatch(/\? /);
  });
});

describe('reversible changes do not ask', () => {
  it('comps deactivate and users update --status inactive run on a terminal without a question', async ({ cli }) => {
    const off = await cli.run(['--local', 'comps', 'deactivate', 'DR-006', 'Zilker Point'], { isTTY: true });
    expect(off.exitCode, off.stderr).toBe(0);
    expect(off.stderr).not.toMatch(/\? /);
    const { demoPeople } = await import('../../test/helpers/community.js');
    const [person] = await demoPeople(cli);
    const inactive = await cli.run(['--local', 'users', 'update', person!.id, '--status', 'inactive'], { isTTY: true });
    expect(inactive.exitCode, inactive.stderr).toBe(0);
    expect(inactive.stderr).not.toMatch(/\? /);
  });
});

describe('login', () => {
  it('--no-input (global, before or after the command) never prompts: exit 2 naming the flag to pass', async ({ cli }) => {
    for (const args of [['login', '--no-input'], ['--no-input', 'login']]) {
      const r = await cli.run(args, { isTTY: true });
      expect(r).toMatchObject({ exitCode: 2, stdout: '' });
      expect(r.stderr).toMatch(/no base URL given and nothing can be asked \(prompts are off/);
      expect(r.stderr).toMatch(/hint: pass --base-url <url>/);
    }
  });
});

describe('alignColumns', () => {
  plain('pads columns to a common width; the first is cut with … to fit', () => {
    const rows = [
      ['Barton Creek Terrace', 'DR-006', '8bf1db16'],
      ['The Retreat at Barton Creek', 'DR-002', 'b99edc54'],
    ];
    expect(alignColumns(rows, 80)).toEqual(['Barton Creek Terrace         DR-006  8bf1db16', 'The Retreat at Barton Creek  DR-002  b99edc54']);
    // 36 columns: 4 for the picker's cursor, 18 for the other columns, 14 for the name.
    expect(alignColumns(rows, 36)).toEqual(['Barton Creek…   DR-006  8bf1db16', 'The Retreat a…  DR-002  b99edc54']);
  });

  plain('an emoji and its skin tone are cut together, never apart', () => {
    // 21 columns: 4 for the cursor, 3 for "  X", 14 for the name; the emoji would end at 14, with no room for "…".
    expect(alignColumns([['1234567890👍🏽 Court', 'X']], 21)).toEqual(['1234567890…  X']);
  });

  plain('wide characters count double', () => {
    // 24 columns: 17 for the name, 8 wide characters and the ellipsis.
    expect(alignColumns([['メープル・コート・アパートメント', 'X']], 24)).toEqual(['メープル・コート…  X']);
  });
});
