// --format xlsx through the CLI: every command that prints rows writes a real workbook to --out,
// read back here with exceljs; pricing export streams one; a terminal, a pipe and other misuses are refused.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect } from 'vitest';
import { addDays } from '../domain/dates.js';
import { demoSubjects, expectOk, it, MISSING_ID, parseCsv, parseJson, type CliSandbox } from '../../test/helpers/run-cli.js';

async function workbook(path: string): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  return book;
}

/** A sheet's header and its rows as objects keyed by the header. */
function table(sheet: ExcelJS.Worksheet): { header: string[]; rows: Record<string, ExcelJS.Cell>[] } {
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, ExcelJS.Cell>[] = [];
  for (let n = 2; n <= sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    rows.push(Object.fromEntries(header.map((key, i) => [key, row.getCell(i + 1)])));
  }
  return { header, rows };
}

const xlsx = (cli: CliSandbox, out: string, ...args: string[]) => cli.run(['--local', ...args, '--format', 'xlsx', '--out', out]);

describe('--format xlsx', () => {
  it('portfolio: one row per community, money as currency in dollars, dates as dates; the file named on stderr', async ({ cli }) => {
    const out = join(cli.root, 'portfolio.xlsx');
    const r = expectOk(await xlsx(cli, out, 'portfolio', '--include-pricing'));
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/Wrote .*portfolio\.xlsx: sheet portfolio/);
    const json = parseJson<{ communities: { id: string; name: string; latest_pricing_date: string | null; pricing_summary?: { avg_market_rent_cents: number | null } }[] }>(
      expectOk(await cli.run(['--local', 'portfolio', '--include-pricing', '--json'])).stdout,
    );
    const sheet = (await workbook(out)).getWorksheet('portfolio')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const { header, rows } = table(sheet);
    expect(header).toContain('avg_market_rent_dollars');
    expect(rows.length).toBe(json.communities.length);
    for (const community of json.communities) {
      const row = rows.find((cells) => cells.id!.value === community.id)!;
      expect(row.name!.value).toBe(community.name);
      const cents = community.pricing_summary?.avg_market_rent_cents;
      if (cents === null || cents === undefined) expect(row.avg_market_rent_dollars!.value).toBeNull();
      else {
        expect(row.avg_market_rent_dollars!.value).toBeCloseTo(cents / 100, 2);
        expect(row.avg_market_rent_dollars!.numFmt).toBe('"$"#,##0.00');
      }
      expect(row.latest_pricing_date!.value).toEqual(community.latest_pricing_date === null ? null : new Date(`${community.latest_pricing_date}T00:00:00Z`));
    }
    expect(rows.some((row) => row.avg_market_rent_dollars!.value !== null)).toBe(true);
  });

  it('overview <community>: a sheet of floor plans and one of the overall metrics; PSI as percentages', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const out = join(cli.root, 'overview.xlsx');
    expectOk(await xlsx(cli, out, 'overview', subject.id));
    const json = parseJson<{ floor_plans: { base_rent: { psi: number | null; subject_rent: number | null } }[]; overall_metrics: { overall_psi_ner: number | null; cri_ner: number | null } }>(
      expectOk(await cli.run(['--local', 'overview', subject.id, '--json'])).stdout,
    );
    const book = await workbook(out);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Floor plans', 'Overall']);
    const plans = table(book.getWorksheet('Floor plans')!).rows;
    expect(plans.length).toBe(json.floor_plans.length);
    json.floor_plans.forEach((plan, i) => {
      expect(plans[i]!.base_psi!.value).toBe(plan.base_rent.psi);
      if (plan.base_rent.psi !== null) expect(plans[i]!.base_psi!.numFmt).toBe('0.0%');
      expect(plans[i]!.base_subject_rent!.value).toBe(plan.base_rent.subject_rent === null ? null : plan.base_rent.subject_rent / 100);
    });
    const [overall] = table(book.getWorksheet('Overall')!).rows;
    expect(overall!.overall_psi_ner!.value).toBe(json.overall_metrics.overall_psi_ner);
    expect(overall!.cri_ner!.value).toBe(json.overall_metrics.cri_ner);
    expect(overall!.community!.value).toBe(subject.name);
  });

  it('--fields (dollar names too), --sort and --limit as for csv; a record is one row', async ({ cli }) => {
    const out = join(cli.root, 'top.xlsx');
    expectOk(await xlsx(cli, out, 'portfolio', '--include-pricing', '--fields', 'name,avg_market_rent_dollars', '--sort', '-avg_market_rent_cents', '--limit', '3'));
    const { header, rows } = table((await workbook(out)).worksheets[0]!);
    expect(header).toEqual(['name', 'avg_market_rent_dollars']);
    expect(rows.length).toBe(3);
    const rents = rows.map((row) => row.avg_market_rent_dollars!.value as number);
    expect(rents).toEqual([...rents].sort((a, b) => b - a));

    const [subject] = await demoSubjects(cli);
    const record = join(cli.root, 'vacancy.xlsx');
    expectOk(await xlsx(cli, record, 'vacancy', subject.id));
    const vacancy = table((await workbook(record)).worksheets[0]!).rows;
    expect(vacancy.length).toBe(1);
    expect(vacancy[0]!.vacancy_rate!.numFmt).toBe('0.0%');
  });

  it('pricing export --format xlsx: the same rows as its CSV, typed', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const csv = join(cli.root, 'market.csv');
    const out = join(cli.root, 'market.xlsx');
    const flags = ['pricing', 'export', '--communities', subject.id, '--include-comps', '--days', '21'];
    expectOk(await cli.run(['--local', ...flags, '--out', csv]));
    const r = expectOk(await xlsx(cli, out, ...flags));
    expect(r.stderr).toMatch(/Exported (\d+) pricing records/);
    const count = Number(/Exported (\d+)/.exec(r.stderr)![1]);
    const { header, rows } = table((await workbook(out)).getWorksheet('Pricing')!);
    expect(rows.length).toBe(count);
    expect(count).toBeGreaterThan(20);
    expect(header.slice(0, 7)).toEqual(['subject_id', 'subject_name', 'role', 'distance_miles', 'community_id', 'community_name', 'as_of_date']);
    expect(header).toContain('market_rent_dollars');
    const fromCsv = parseCsv(await readFile(csv, 'utf8')).rows;
    rows.forEach((row, i) => {
      const line = fromCsv[i]!;
      expect(row.community_id!.value).toBe(line.community_id);
      expect(row.as_of_date!.value).toEqual(new Date(`${line.as_of_date}T00:00:00Z`));
      expect(row.market_rent_dollars!.value).toBe(Number(line.market_rent_cents) / 100);
      expect(row.bedrooms!.value).toBe(Number(line.bedrooms));
    });
  });

  it('overview --all: one row per community, as its --json has them', async ({ cli }) => {
    const json = parseJson<{ communities: { community: { id: string }; psi_ner: number | null; gap_to_market_cents: number | null; vacancy_14d_pct: number | null }[] }>(
      expectOk(await cli.run(['--local', 'overview', '--all', '--json'])).stdout,
    ).communities;
    const out = join(cli.root, 'positioning.xlsx');
    expectOk(await xlsx(cli, out, 'overview', '--all'));
    const { header, rows } = table((await workbook(out)).worksheets[0]!);
    expect(header.slice(0, 3)).toEqual(['community_id', 'community_name', 'external_community_id']);
    expect(rows.map((row) => row.community_id!.value)).toEqual(json.map((row) => row.community.id));
    json.forEach((expected, i) => {
      const row = rows[i]!;
      expect(row.psi_ner!.value).toBe(expected.psi_ner);
      expect(row.gap_to_market_dollars!.value).toBe(expected.gap_to_market_cents === null ? null : expected.gap_to_market_cents / 100);
      // Vacancy is a percent (4.5): in a workbook, the percentage 4.5% (0.045).
      expect(row.vacancy_14d_pct!.value).toBeCloseTo(expected.vacancy_14d_pct! / 100, 10);
      expect(row.vacancy_14d_pct!.numFmt).toBe('0.0%');
    });
  });

  it('digest: every change, as its --json has them', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const since = addDays(subject.latest_pricing_date!, -21);
    const json = parseJson<{ changes: { subject_id: string; kind: string }[] }>(expectOk(await cli.run(['--local', 'digest', '--since', since, '--json'])).stdout);
    expect(json.changes.length).toBeGreaterThan(0);
    const out = join(cli.root, 'digest.xlsx');
    expectOk(await xlsx(cli, out, 'digest', '--since', since));
    const { rows } = table((await workbook(out)).worksheets[0]!);
    expect(rows.map((row) => [row.subject_id!.value, row.kind!.value])).toEqual(json.changes.map((c) => [c.subject_id, c.kind]));
  });

  it('a failed pricing export leaves no workbook, nor a temporary file', async ({ cli }) => {
    const out = join(cli.root, 'failed.xlsx');
    const r = await xlsx(cli, out, 'pricing', 'export', '--communities', MISSING_ID, '--days', '7');
    expect(r.exitCode).toBe(4);
    expect((await readdir(cli.root)).filter((name) => name.includes('failed.xlsx'))).toEqual([]);
  });

  it('refused without --out (terminal or pipe), xlsx where nothing is a list, --dollars with it: exit 2', async ({ cli }) => {
    for (const isTTY of [true, false]) {
      const r = await cli.run(['--local', 'portfolio', '--format', 'xlsx'], { isTTY });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toMatch(/--format xlsx writes a workbook to a file/);
      expect(r.stderr).toMatch(/--out <file\.xlsx>/);
      expect(r.stdout).toBe('');
    }
    const dash = await cli.run(['--local', 'portfolio', '--format', 'xlsx', '--out', '-']);
    expect(dash.exitCode).toBe(2);
    const out = join(cli.root, 'x.xlsx');
    // (--out x.xlsx without --format is a workbook: out-file.test.ts.)
    const fixed = await cli.run(['--local', 'local', 'reset', '--demo', '--yes', '--format', 'xlsx', '--out', out]);
    expect(fixed.exitCode).toBe(2);
    const dollars = await cli.run(['--local', 'portfolio', '--format', 'xlsx', '--out', out, '--dollars']);
    expect(dollars.exitCode).toBe(2);
    expect((await readdir(cli.root)).filter((name) => name.endsWith('.xlsx'))).toEqual([]);
  });
});
