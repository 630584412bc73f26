// `rentsurvey report`: what the HTML holds, read back as text (the browser test in
// test/e2e/report-browser.test.ts opens it in Chromium), from --local and from a
// service over HTTP; escaping; and the refusals.
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { formatSignedPercent } from '../../../domain/format.js';
import { escapeHtml } from '../../../output/html.js';
import {
  cliSandbox,
  copyDemoStore,
  demoSubjects,
  expectOk,
  it,
  MISSING_ID,
  parseJson,
  remoteSandbox,
  startServer,
  type CliSandbox,
  type TestServer,
} from '../../../../test/helpers/run-cli.js';

let server: TestServer;

beforeAll(async () => {
  const root = await cliSandbox({ store: 'none' });
  server = await startServer(await copyDemoStore(join(root.root, 'served')));
});
afterAll(() => server?.close());

interface Overview {
  community: { name: string };
  floor_plans: { bedrooms: number; base_rent: { psi: number | null } }[];
}

const figures = (html: string) => html.match(/<figure[^>]*>\s*<svg[\s\S]*?<\/svg>\s*<\/figure>/g) ?? [];

async function reportOn(cli: CliSandbox, args: string[]): Promise<string> {
  const out = join(cli.root, 'report.html');
  const r = expectOk(await cli.run([...args, '--out', out]));
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/Wrote .*report\.html: \d+ communit(y|ies), \d+ KB/);
  return readFile(out, 'utf8');
}

describe('report', () => {
  it("a community's rent charts carry the comparables' forecast band, and its track record is said in one line as forecast --backtest has it", async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const html = await reportOn(cli, ['--local', 'report', subject.id]);
    const answer = parseJson<{ communities: { series: { kind: string; backtest: { by_horizon: { mae: number; mae_baseline: number }[] } }[] }[] }>(
      expectOk(await cli.run(['--local', 'forecast', subject.id, '--horizons', '13', '--json'])).stdout,
    );
    const ner = answer.communities[0]!.series.filter((s) => s.kind === 'market_ner').map((s) => s.backtest.by_horizon[0]!);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;
    expect(html).toContain(`Track record 13 weeks ahead (${ner.length} series, `);
    expect(html).toContain(`mean error ${dollars(mean(ner.map((b) => b.mae)))} against ${dollars(mean(ner.map((b) => b.mae_baseline)))} for the best baseline`);
    // Every rent chart: the forecast line and its 80 % band.
    const rentFigures = figures(html).filter((f) => /bedrooms, and the comparables(&#39;|&#x27;|') forecast/.test(f));
    expect(rentFigures.length).toBe(ner.length);
    for (const figure of rentFigures) {
      expect(figure).toContain('Forecast');
      expect(figure).toContain('80 % interval');
    }
  });

  it("a community: its positioning table, a rent chart per bedroom count, PSI per plan, vacancy with projections", async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const html = await reportOn(cli, ['--local', 'report', subject.id]);
    const overview = parseJson<Overview>(expectOk(await cli.run(['--local', 'overview', subject.id, '--json'])).stdout);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<h2>${subject.name}</h2>`);
    // The overview's figures, as its table prints them.
    const table = expectOk(await cli.run(['--local', 'overview', subject.id])).stdout;
    const psis = overview.floor_plans.map((plan) => plan.base_rent.psi).filter((psi) => psi !== null);
    expect(psis.length).toBeGreaterThan(0);
    for (const psi of psis) {
      const shown = formatSignedPercent(psi);
      expect(table).toContain(shown);
      expect(html).toContain(`<td class="right">${shown}</td>`);
    }
    // One money format per column, as the terminal's table: "$2,159" beside "$2,159.86" misreads.
    const body = /<section class="community">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
    const cells = [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((cell) => cell[1]!));
    const inCents = cells[0]!.map((_, i) => new Set(cells.flatMap((row) => row[i]!.match(/\$[\d,]+(\.\d\d)?/g) ?? []).map((amount) => amount.includes('.'))));
    expect(inCents.filter((formats) => formats.size > 1)).toEqual([]);
    expect(inCents.some((formats) => formats.has(true))).toBe(true);
    const bedrooms = new Set(overview.floor_plans.map((plan) => plan.bedrooms));
    const svgs = figures(html);
    // A rent chart per bedroom count, then PSI and vacancy.
    expect(svgs.length).toBe(bedrooms.size + 2);
    for (const count of bedrooms) expect(html).toContain(`rent of plans with ${count} bedrooms`);
    for (const horizon of ['14d', '30d', '60d', '90d']) expect(html).toMatch(new RegExp(`${horizon}: \\d+\\.\\d%`));
    // Numbers and dates labelled on the axes.
    expect(html).toMatch(/>\$\d,\d{3}<\/text>/);
    expect(html).toMatch(/>20\d\d-\d\d-\d\d<\/text>/);
    expect(html).toMatch(/@media print/);
    expect(html).not.toMatch(/<script|<link|<img/i);
  });

  it('--all: the portfolio positioning table first, in the rows and order of overview --all, then PSI against vacancy', async ({ cli }) => {
    const html = await reportOn(cli, ['--local', 'report', '--all', '--days', '30']);
    const positioning = parseJson<{ communities: { community: { name: string }; psi_ner: number | null; signal: string }[] }>(
      expectOk(await cli.run(['--local', 'overview', '--all', '--json'])).stdout,
    ).communities;
    const portfolio = /<section class="portfolio">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    expect(html.indexOf('<section class="portfolio">')).toBeLessThan(html.indexOf('<section class="community">'));
    const rows = [...portfolio.matchAll(/<tr><td>([^<]*)<\/td><td class="right">([^<]*)<\/td>/g)].map((m) => [m[1], m[2]]);
    expect(rows).toEqual(positioning.map((row) => [escapeHtml(row.community.name), formatSignedPercent(row.psi_ner)]));
    expect(portfolio).toMatch(/Signals \(PSI threshold ±3\.0%\): /);
    expect(figures(portfolio).length).toBe(1);
    expect(portfolio).toContain('PSI against 14-day vacancy');
    expect((html.match(/<section class="community">/g) ?? []).length).toBe(positioning.length);
  });

  it('works against a service over HTTP, as with --local', async () => {
    const { sandbox } = await remoteSandbox(server);
    try {
      const [subject, other] = await demoSubjects(await cliSandbox());
      const html = await reportOn(sandbox, ['report', subject.id, '--communities', other.id, '--days', '90']);
      expect((html.match(/<section class="community">/g) ?? []).length).toBe(2);
      expect(html.indexOf(subject.name)).toBeLessThan(html.indexOf(other.name));
      expect(html).toContain('rent over the last 90 days');
    } finally {
      await sandbox.cleanup();
    }
  });

  it('escapes what the service says: a name that is markup stays text', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const name = '<script>alert("x")</script> & <b>Co</b>';
    expectOk(await cli.run(['--local', 'communities', 'update', subject.id, '--name', name]));
    const html = await reportOn(cli, ['--local', 'report', subject.id]);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>Co');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;Co&lt;/b&gt;');
  });

  it('a community that cannot be read: named, exit 4, no file', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const out = join(cli.root, 'missing.html');
    const r = await cli.run(['--local', 'report', subject.id, MISSING_ID, '--out', out]);
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain(`error: 1 of 2 communities could not be read:\n  community ${MISSING_ID} not found: ${MISSING_ID}\nerror: no report written\n`);
    expect((await readdir(cli.root)).filter((name) => name.includes('missing.html'))).toEqual([]);
  });

  it('a service that stopped answering is asked once, not once per community: the others are named, not tried', async () => {
    const { sandbox, key } = await remoteSandbox(server);
    // The portfolio answers; then the service is gone (every connection dropped).
    const portfolio = await (await fetch(`${server.baseUrl}/v1/rentsurvey/portfolio?include_comp_count=false`, { headers: { authorization: `Bearer ${key}` } })).text();
    const names = parseJson<{ communities: { name: string }[] }>(portfolio).communities.map((c) => c.name);
    const gone = createServer((req, res) => {
      if (req.url?.startsWith('/v1/rentsurvey/portfolio')) res.writeHead(200, { 'content-type': 'application/json' }).end(portfolio);
      else req.socket.destroy();
    });
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    try {
      const env = { RENTSURVEY_BASE_URL: `http://127.0.0.1:${(gone.address() as AddressInfo).port}` };
      const r = await sandbox.run(['--debug', 'report', '--all', '--concurrency', '1', '--out', join(sandbox.root, 'r.html')], { env });
      expect(r.exitCode).toBe(1);
      // One community was tried (its requests, with their retries); every other one is named as not tried.
      const tried = new Set([...r.stderr.matchAll(/^debug: > GET \S+\/communities\/([0-9a-f-]{36})\//gm)].map((m) => m[1]));
      expect(tried.size).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^error: ${names.length} of ${names.length} communities could not be read:$`, 'm'));
      expect(r.stderr).toMatch(/^ {2}could not reach .+: [^,\n]+$/m);
      const notTried = /^ {2}not tried after the failures above: (.+)$/m.exec(r.stderr)?.[1]?.split(', ').map((name) => name.replace(/ \[[0-9a-f-]{36}\]$/, ''));
      expect(notTried).toEqual(names.slice(1));
      expect(r.stderr).toMatch(/^error: no report written$/m);
    } finally {
      gone.closeAllConnections();
      gone.close();
      await sandbox.cleanup();
    }
  }, 30_000);

  it('refused before anything is read: no --out, another format, --fields, nothing named, --all with names', async ({ cli }) => {
    const out = join(cli.root, 'r.html');
    for (const args of [
      ['report', '--all'],
      ['report', '--all', '--out', '-'],
      ['report', '--all', '--out', out, '--json'],
      ['report', '--all', '--out', out, '--format', 'xlsx'],
      ['report', '--all', '--out', out, '--fields', 'name'],
      ['report', '--out', out],
      ['report', 'DR-001', '--all', '--out', out],
      ['report', '--all', '--out', out, '--sort', 'name'],
    ]) {
      const r = await cli.run(['--local', ...args]);
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
    }
    expect(await readdir(cli.root)).not.toContain('r.html');
  });
});
