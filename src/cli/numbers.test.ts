// Issue 36, "numbers an analyst can act on": one name per CRI band in every output, and one money
// format per kind, checked across commands on the demo store (whatever its survey history holds).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { BANDS } from '../domain/bands.js';
import { expectOk, it } from '../../test/helpers/run-cli.js';

const LONG_FORMS = /aggressively priced|aggressively-priced|market-aligned|market aligned/gi;
/** The one place a long form may stand: the legend, "CRI bands: aggressive 0–30 (aggressively priced), …". */
const LEGEND = /CRI bands: aggressive 0–30 \(aggressively priced\), market 30–60 \(market-aligned\), premium 60–90, outlier 90–100/g;

describe('one name per CRI band', () => {
  it('tables, JSON, Markdown, the report, the digest and help name each band one way; the long form only in a legend, once', async ({ cli }) => {
    const outputs: Record<string, string> = {};
    const run = async (...args: string[]) => expectOk(await cli.run(['--local', ...args])).stdout;
    outputs['overview'] = await run('overview', 'Barton Creek Terrace');
    outputs['overview md'] = await run('overview', 'Stone Creek Village', '--format', 'md');
    outputs['overview --all'] = await run('overview', '--all');
    outputs['overview --all --json'] = await run('overview', '--all', '--json');
    outputs['digest'] = await run('digest');
    outputs['digest --json'] = await run('digest', '--json');
    outputs['digest md'] = await run('digest', '--format', 'md');
    outputs['overview --help'] = await run('overview', '--help');
    outputs['pricing target --help'] = await run('pricing', 'target', '--help');
    const out = join(cli.root, 'two.html');
    expectOk(await cli.run(['--local', 'report', 'Barton Creek Terrace', 'Stone Creek Village', '--out', out]));
    outputs['report'] = await readFile(out, 'utf8');
    for (const [name, output] of Object.entries(outputs)) {
      // Help wraps the legend over lines: read every output as one line.
      const text = output.replace(/\s+/g, ' ');
      expect(text.match(LEGEND)?.length ?? 0, name).toBeLessThanOrEqual(1);
      expect(text.replace(LEGEND, '').match(LONG_FORMS), name).toBeNull();
    }
    // The names themselves are there: overview --all's band column, the overview's summary.
    const bands = (JSON.parse(outputs['overview --all --json']!) as { communities: Array<{ band: string | null }> }).communities.map((row) => row.band);
    expect(bands.filter((band) => band !== null).every((band) => (BANDS as readonly string[]).includes(band!))).toBe(true);
    expect(outputs['overview']).toMatch(/^CRI +asking \d+\.\d \((aggressive|market|premium|outlier)\) +NER \d+\.\d \((aggressive|market|premium|outlier)\)$/m);
    expect(outputs['overview --help']!.replace(/\s+/g, ' ')).toContain(LEGEND.source.replace(/\\/g, ''));
  });

  it('--band and --signal say the values they take, in help and when refused', async ({ cli }) => {
    const help = expectOk(await cli.run(['overview', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('aggressive, market, premium, outlier');
    expect(help).toContain('raise, lower, hold, no-data');
    const targetHelp = expectOk(await cli.run(['pricing', 'target', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(targetHelp).toContain('aggressive (0–29, 15), market (30–59, 45) or premium (60–89, 75)');
    for (const [args, values] of [
      [['overview', '--all', '--band', 'cheap'], '--band: "cheap" is not one of aggressive, market, premium, outlier'],
      [['overview', '--all', '--signal', 'sell'], '--signal: "sell" is not one of raise, lower, hold, no-data'],
      [['pricing', 'target', 'DR-006', '--band', 'cheap'], '--band: "cheap" is not one of aggressive, market, premium'],
    ] as const) {
      const refused = await cli.run(['--local', ...args]);
      expect(refused.exitCode).toBe(2);
      expect(refused.stderr).toContain(values);
    }
    // The long form is still understood where a band is typed.
    expectOk(await cli.run(['--local', 'overview', '--all', '--band', 'market-aligned']));
    expectOk(await cli.run(['--local', 'pricing', 'target', 'DR-006', '--band', 'market-aligned']));
  });
});

describe('one money format per kind', () => {
  const dollars = (cell: string) => Math.round(Number(cell.replace(/[$,+]/g, '')) * 100);

  it('pricing history: asking whole dollars, NER with cents, the gap the difference of the two as shown', async ({ cli }) => {
    const fields = ['--fields', 'market_rent_cents,net_effective_rent_cents,concession_value_cents'];
    // A NER is amortized: it keeps its cents even where a whole table of them has none.
    const cells: string[][] = [];
    for (const args of [['Stone Creek Village', '--days', '90'], ['Barton Creek Terrace', '--latest']]) {
      const lines = expectOk(await cli.run(['--local', 'pricing', 'history', ...args, ...fields])).stdout.trim().split('\n').slice(1);
      cells.push(...lines.map((line) => line.trim().split(/\s{2,}/)));
    }
    expect(cells.length).toBeGreaterThan(7);
    for (const [asking, ner, gap] of cells) {
      expect(asking).toMatch(/^\$[\d,]+$/);
      expect(ner).toMatch(/^\$[\d,]+\.\d\d$/);
      expect(gap).toMatch(/^(-\$[\d,]+\.\d\d|\$0\.00)$/);
      expect(dollars(ner!) - dollars(asking!), `${asking} ${ner} ${gap}`).toBe(dollars(gap!.replace('-', '')) * (gap!.startsWith('-') ? -1 : 1));
    }
  });

  it('pricing target: every change shown is the difference of the figures shown, on both bases', async ({ cli }) => {
    for (const basis of ['ner', 'asking']) {
      const table = expectOk(await cli.run(['--local', 'pricing', 'target', 'Stone Creek Village', '--psi', '3%', '--basis', basis])).stdout;
      const lines = table.split('\n');
      const header = lines.find((line) => line.startsWith('PLAN'))!.split(/\s{2,}/);
      const at = (cells: string[], name: string) => cells[header.indexOf(name)]!;
      for (const cells of lines.filter((line) => /^[A-Z]\d .*\$/.test(line)).map((line) => line.split(/\s{2,}/))) {
        expect(dollars(at(cells, 'TARGET')) - dollars(at(cells, 'NOW'))).toBe(dollars(at(cells, 'CHANGE')));
        if (basis === 'ner') expect(at(cells, 'LIST AT')).toMatch(/^\$[\d,]+$/);
      }
      expect(table).toMatch(/^Revenue: [+-]?\$[\d,]+ a month in /m);
    }
  });
});
