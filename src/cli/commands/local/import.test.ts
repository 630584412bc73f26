import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { expectOk, it, parseJson, type CliSandbox } from '../../../../test/helpers/run-cli.js';

const EXAMPLES = join(import.meta.dirname, '../../../../examples');
const write = async (cli: CliSandbox, name: string, content: string) => {
  const path = join(cli.root, name);
  await writeFile(path, content);
  return path;
};
const empty = async (cli: CliSandbox) => expectOk(await cli.run(['local', 'reset', '--empty', '--yes']));
const portfolio = async (cli: CliSandbox) => parseJson<{ total: number }>(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout);

describe('local import', () => {
  it('a dataset, then observations: --local reads the imported organization', async ({ cli }) => {
    await empty(cli);
    const json = expectOk(await cli.run(['local', 'import', join(EXAMPLES, 'dataset.json')]));
    expect(json.stderr).toMatch(/^Imported .*dataset\.json into .*; --local now reads /);
    const csv = expectOk(await cli.run(['local', 'import', join(EXAMPLES, 'observations.csv')]));
    expect(csv.stderr).toMatch(/^Imported \d+ observations in \d+ surveys from /);
    expect((await portfolio(cli)).total).toBe(2);
  });

  it('reads JSON from stdin with "-"', async ({ cli }) => {
    await empty(cli);
    expectOk(await cli.run(['local', 'import', '-'], { stdin: await readFile(join(EXAMPLES, 'dataset.json'), 'utf8') }));
    expect((await portfolio(cli)).total).toBe(2);
  });

  it('names the JSON path of the first bad field, exits 2 and writes nothing', async ({ cli }) => {
    await empty(cli);
    const data = JSON.parse(await readFile(join(EXAMPLES, 'dataset.json'), 'utf8')) as { surveys: { observations: { market_rent_cents: unknown }[] }[] };
    data.surveys[3]!.observations[0]!.market_rent_cents = '1800';
    const r = await cli.run(['local', 'import', await write(cli, 'bad.json', JSON.stringify(data))]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('surveys.3.observations.0.market_rent_cents');
    expect(r.stderr).toMatch(/hint: format: docs\/import-format\.md/);
    expect((await portfolio(cli)).total).toBe(0);
  });

  it('a JSON syntax error, a missing file and a bad CSV line are one clear line each, exit 2', async ({ cli }) => {
    await empty(cli);
    const syntax = await cli.run(['local', 'import', await write(cli, 'syntax.json', '{"organization": "x",}')]);
    expect([syntax.exitCode, syntax.stderr]).toEqual([2, expect.stringMatching(/is not valid JSON/)]);
    const missing = await cli.run(['local', 'import', join(cli.root, 'nope.json')]);
    expect([missing.exitCode, missing.stderr]).toEqual([2, expect.stringMatching(/no such file/)]);
    const csv = await write(cli, 'bad.csv', 'subject_key,date,floor_plan_key,market_rent_cents\nAC-001,2026-13-16,A1,100000\n');
    const line = await cli.run(['local', 'import', csv]);
    expect([line.exitCode, line.stderr]).toEqual([2, expect.stringMatching(/line 2: date/)]);
    const columns = await cli.run(['local', 'import', await write(cli, 'cols.csv', 'subject_key,date\nA,2026-01-01\n')]);
    expect(columns.exitCode).toBe(2);
    expect(columns.stderr).toMatch(/lacks columns floor_plan_key, market_rent_cents/);
    for (const r of [syntax, missing, line, columns]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a bad row far into a long CSV (read as a stream): its line, and nothing of the rows before it kept', async ({ cli }) => {
    await empty(cli);
    expectOk(await cli.run(['local', 'import', join(EXAMPLES, 'dataset.json')]));
    const good = 'AC-001,2026-11-16,A1,100000\n'.repeat(20_000);
    const deep = await cli.run(['local', 'import', await write(cli, 'deep.csv', `subject_key,date,floor_plan_key,market_rent_cents\n${good}AC-001,2026-11-16,A1,-5\n`)]);
    expect([deep.exitCode, deep.stderr]).toEqual([2, expect.stringMatching(/deep\.csv line 20002: market_rent_cents/)]);
    const list = parseJson<{ communities: { id: string; external_community_id: string }[] }>(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout);
    const maple = list.communities.find((c) => c.external_community_id === 'AC-001')!.id;
    const history = expectOk(await cli.run(['--local', '--json', 'pricing', 'history', maple, '--start', '2026-11-16', '--end', '2026-11-16']));
    expect(history.stdout).not.toContain('"market_rent_cents":100000');
  });

  it('observations of an organization that is not there → 4; references the store refuses → 2, nothing written', async ({ cli }) => {
    await empty(cli);
    const csv = await write(cli, 'obs.csv', 'subject_key,date,floor_plan_key,market_rent_cents\nAC-001,2026-01-16,A1,100000\n');
    const noOrg = await cli.run(['local', 'import', csv]);
    expect(noOrg.exitCode).toBe(4);
    expect(noOrg.stderr).toMatch(/the store has no organization yet/);
    expectOk(await cli.run(['local', 'import', join(EXAMPLES, 'dataset.json')]));
    const named = await cli.run(['local', 'import', csv, '--org', 'Nobody Inc']);
    expect(named.exitCode).toBe(4);
    const unknownKey = await cli.run(['local', 'import', await write(cli, 'ref.csv', 'subject_key,date,floor_plan_key,market_rent_cents\nNOPE,2026-01-16,A1,100000\n')]);
    expect(unknownKey.exitCode).toBe(2);
    expect(unknownKey.stderr).toMatch(/^error: import rejected, nothing written: /);
  });
});
