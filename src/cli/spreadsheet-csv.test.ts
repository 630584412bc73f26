// Every CSV the CLI writes is safe to open in a spreadsheet (OWASP CSV injection), and
// --excel (RENTSURVEY_CSV=excel, `config set csv excel`) writes what Excel reads by double-click.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { addDays } from '../domain/dates.js';
import { demoSubjects, expectOk, it, parseCsv, parseJson, type CliSandbox } from '../../test/helpers/run-cli.js';

const FORMULA = '=HYPERLINK("http://x.example","click")';
const NEUTRALIZED = `'${FORMULA}`;

/** A demo subject (with comparables and pricing) renamed to a formula; its id. */
async function formulaSubject(cli: CliSandbox): Promise<{ id: string; latest: string }> {
  const [subject] = await demoSubjects(cli);
  expectOk(await cli.run(['--local', 'communities', 'update', subject.id, '--name', FORMULA]));
  return { id: subject.id, latest: subject.latest_pricing_date! };
}

const csvOf = async (cli: CliSandbox, args: string[]) => parseCsv(expectOk(await cli.run(['--local', ...args, '--csv'])).stdout);

describe('CSV safe to open (a community named like a formula)', () => {
  it("every command's --csv, pricing export and digest write the name with a leading '", async ({ cli }) => {
    const { id, latest } = await formulaSubject(cli);
    const portfolio = await csvOf(cli, ['portfolio']);
    expect(portfolio.rows.find((row) => row.id === id)?.name).toBe(NEUTRALIZED);
    const list = await csvOf(cli, ['communities', 'list', '--all']);
    expect(list.rows.find((row) => row.id === id)?.name).toBe(NEUTRALIZED);
    const show = await csvOf(cli, ['communities', 'show', id]);
    expect(show.rows[0]?.name).toBe(NEUTRALIZED);

    const out = join(cli.root, 'market.csv');
    expectOk(await cli.run(['--local', 'pricing', 'export', '--communities', id, '--include-comps', '--days', '14', '--out', out]));
    const exported = parseCsv(await readFile(out, 'utf8'));
    const own = exported.rows.filter((row) => row.community_id === id);
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((row) => row.community_name))).toEqual(new Set([NEUTRALIZED]));
    expect(new Set(exported.rows.map((row) => row.subject_name))).toEqual(new Set([NEUTRALIZED]));

    const digest = await csvOf(cli, ['digest', '--communities', id, '--since', addDays(latest, -21)]);
    expect(digest.rows.length).toBeGreaterThan(0);
    expect(new Set(digest.rows.map((row) => row.subject_name))).toEqual(new Set([NEUTRALIZED]));
  });

  it('--json and --ndjson are untouched; numbers stay plain numbers (a negative PSI)', async ({ cli }) => {
    const { id } = await formulaSubject(cli);
    const json = parseJson<{ communities: { id: string; name: string }[] }>(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout);
    expect(json.communities.find((c) => c.id === id)?.name).toBe(FORMULA);
    const ndjson = expectOk(await cli.run(['--local', 'portfolio', '--format', 'ndjson'])).stdout;
    expect(ndjson).toContain(JSON.stringify(FORMULA));

    const overview = await csvOf(cli, ['overview', id]);
    const psis = overview.rows.flatMap((row) => [row.base_psi!, row.ner_psi!]).filter((psi) => psi !== '');
    expect(psis.length).toBeGreaterThan(0);
    for (const psi of psis) expect(psi).toMatch(/^-?\d+(\.\d+)?(e-?\d+)?$/);
    // The demo subjects sit on both sides of their market: some plan is priced below it.
    const all = await Promise.all((await demoSubjects(cli)).map((s) => csvOf(cli, ['overview', s.id])));
    expect([...psis, ...all.flatMap((o) => o.rows.map((row) => row.base_psi!))].some((psi) => /^-0\.\d+$/.test(psi))).toBe(true);
  });
});

describe('--excel: a CSV Excel opens right by double-click', () => {
  const excelLooks = (text: string) => {
    expect(text.startsWith('\uFEFF')).toBe(true);
    const body = text.slice(1);
    // Every line ends CRLF (a cell's own line breaks are quoted, and none of these have any).
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
  };

  it('byte-order mark, CRLF, money in dollars', async ({ cli }) => {
    const r = expectOk(await cli.run(['--local', 'portfolio', '--include-pricing', '--excel']));
    excelLooks(r.stdout);
    const { header, rows } = parseCsv(r.stdout.slice(1));
    expect(header).toContain('avg_market_rent_dollars');
    expect(header).not.toContain('avg_market_rent_cents');
    expect(rows.some((row) => /^\d+\.\d\d$/.test(row.avg_market_rent_dollars!))).toBe(true);
  });

  it('RENTSURVEY_CSV=excel and the profile setting do the same for --csv and pricing export; the flag and env win in that order', async ({ cli }) => {
    const plain = expectOk(await cli.run(['--local', 'portfolio', '--csv'])).stdout;
    expect(plain.startsWith('id,')).toBe(true);
    excelLooks(expectOk(await cli.run(['--local', 'portfolio', '--csv'], { env: { RENTSURVEY_CSV: 'excel' } })).stdout);

    expectOk(await cli.run(['config', 'set', 'csv', 'excel']));
    expect(expectOk(await cli.run(['config', 'get', 'csv'])).stdout).toBe('excel\n');
    excelLooks(expectOk(await cli.run(['--local', 'portfolio', '--csv'])).stdout);
    const out = join(cli.root, 'p.csv');
    expectOk(await cli.run(['--local', 'pricing', 'export', '--days', '7', '--out', out]));
    const exported = await readFile(out, 'utf8');
    excelLooks(exported);
    expect(parseCsv(exported.slice(1)).header).toContain('market_rent_dollars');
    // The environment beats the profile; a flag beats both.
    expect(expectOk(await cli.run(['--local', 'portfolio', '--csv'], { env: { RENTSURVEY_CSV: 'plain' } })).stdout).toBe(plain);
    excelLooks(expectOk(await cli.run(['--local', 'portfolio', '--excel'], { env: { RENTSURVEY_CSV: 'plain' } })).stdout);
    // A new login keeps the setting.
    expectOk(await cli.run(['login', '--local']));
    expect(expectOk(await cli.run(['config', 'get', 'csv'])).stdout).toBe('excel\n');
    // JSON is the service's answer whatever the CSV setting.
    expect(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout.startsWith('{')).toBe(true);
  });

  it('refused with another format, and an unknown RENTSURVEY_CSV or setting → 2', async ({ cli }) => {
    const json = await cli.run(['--local', 'portfolio', '--excel', '--json']);
    expect(json.exitCode).toBe(2);
    expect(json.stderr).toMatch(/--json/);
    const env = await cli.run(['--local', 'portfolio', '--csv'], { env: { RENTSURVEY_CSV: 'xls' } });
    expect(env.exitCode).toBe(2);
    expect(env.stderr).toMatch(/RENTSURVEY_CSV: "xls" is not one of plain, excel/);
    const set = await cli.run(['config', 'set', 'csv', 'xls']);
    expect(set.exitCode).toBe(2);
  });
});
