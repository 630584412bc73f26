// The dashboard's frames as Ink draws them (ink-testing-library), at 80×24 and 160×48, on a copy
// of the demo store read through the real client in process: the views, the keys, the fitting
// rule at 80 columns, a failed read shown in its view with r to retry, and an export read back.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { render } from 'ink-testing-library';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUNG_MS } from '../../../../test/helpers/limits.js';
import { forwardingProxy } from '../../../../test/helpers/net.js';
import { cliSandbox, parseCsv, parseJson, startServer, type CliSandbox } from '../../../../test/helpers/run-cli.js';
import { createTestIO } from '../../../output/io.js';
import { createLogger } from '../../../output/messages.js';
import { createStyle } from '../../../output/style.js';
import { createContext, type CommandContext } from '../../context.js';
import { resolveGlobals } from '../../globals.js';
import { DEFAULT_THRESHOLD } from '../../../domain/positioning.js';
import type { Reading } from './data.js';
import { exportList } from './export.js';
import { Dashboard } from './views.js';

let cli: CliSandbox;
const contexts: CommandContext[] = [];
let names: { name: string; external_community_id: string }[];

beforeAll(async () => {
  cli = await cliSandbox();
  const portfolio = await cli.run(['--local', 'overview', '--all', '--json']);
  names = parseJson<{ communities: { community: { name: string; external_community_id: string } }[] }>(portfolio.stdout).communities.map((row) => row.community);
});
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  await cli?.cleanup();
});

function reading(remote?: { baseUrl: string; key: string }): Reading {
  const io = createTestIO({ stdoutTTY: true, stdinTTY: true, env: cli.env });
  const env = { ...cli.env, ...(remote ? { RENTSURVEY_BASE_URL: remote.baseUrl, RENTSURVEY_API_KEY: remote.key } : {}) };
  const ctx = createContext({ io, log: createLogger(io), globals: resolveGlobals({ local: !remote }, env), env });
  contexts.push(ctx);
  return { ctx, api: undefined as never, basis: 'ner', threshold: DEFAULT_THRESHOLD, days: 365, concurrency: 1 };
}

interface Drawn {
  frame(): string;
  press(...keys: string[]): void;
  until(test: (frame: string) => boolean, what: string): Promise<string>;
  quit: Promise<boolean>;
}

/** The dashboard drawn at a size, keys pressed into it, frames waited for (never a fixed time). */
async function draw(columns: number, rows: number, remote?: { baseUrl: string; key: string }): Promise<Drawn> {
  const read = reading(remote);
  read.api = await read.ctx.api();
  let quit!: (interrupted: boolean) => void;
  const quitting = new Promise<boolean>((resolve) => (quit = resolve));
  const drawn = render(
    <Dashboard
      reading={read}
      style={createStyle(false)}
      size={{ columns, rows }}
      onQuit={quit}
      onError={(error) => {
        throw error;
      }}
      exportList={(list, shownRows, path) => exportList(read.ctx, list, shownRows, path)}
    />,
  );
  const frame = () => stripVTControlCharacters(drawn.lastFrame() ?? '');
  return {
    frame,
    press: (...keys) => {
      for (const key of keys) drawn.stdin.write(key);
    },
    async until(test, what) {
      for (const deadline = Date.now() + HUNG_MS; Date.now() < deadline; ) {
        if (test(frame())) return frame();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no ${what}; the frame shows:\n${frame()}`);
    },
    quit: quitting,
  };
}

const KEY = { enter: '\r', escape: '\u001B', down: '\u001B[B', tab: '\t' };

describe('dashboard frames', () => {
  it('80×24: the portfolio, most above market first, fitted to the width; nothing but names cut', async () => {
    const d = await draw(80, 24);
    const frame = await d.until((f) => f.includes('Gap to market') && !f.includes('Reading'), 'portfolio');
    const lines = frame.split('\n');
    expect(lines).toHaveLength(24);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines[0]).toMatch(/^Portfolio/);
    for (const header of ['COMMUNITY', 'NER PSI', 'GAP/MONTH', 'VAC (COMPS)', 'SIGNAL']) expect(lines[1]).toContain(header);
    // The first row is the one `overview --all` prints first.
    expect(lines[2]).toContain(`› ${names[0]!.name}`);
    expect(lines.at(-1)).toContain('q quit');
    // ? lists every key, within the width; Esc closes it.
    d.press('?');
    const help = await d.until((f) => f.includes('Keys') && f.includes('Ctrl-C'), 'the keys');
    for (const line of help.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(help).toMatch(/^Esc {2}h {2}Backspace +back one view/m);
    d.press(KEY.escape);
    await d.until((f) => f.includes('Gap to market'), 'the portfolio again');
  });

  it('filters as typed, drills into a community and a comparable, and goes back', async () => {
    const d = await draw(80, 24);
    await d.until((f) => f.includes('Gap to market') && !f.includes('Reading'), 'portfolio');
    const wanted = names.at(-1)!;
    d.press('/', ...wanted.external_community_id);
    let frame = await d.until((f) => f.includes(`/${wanted.external_community_id}`) && !f.includes(names[0]!.name), 'filtered list');
    expect(frame).toContain(wanted.name);
    d.press(KEY.enter, KEY.enter);
    frame = await d.until((f) => f.startsWith(`Portfolio › ${wanted.name}`) && f.includes('PLAN'), 'community view');
    expect(frame).toMatch(/PSI [+-]\d/);
    d.press('2');
    await d.until((f) => f.includes('MILES') && f.includes('AVG ASKING'), 'comparables');
    d.press(KEY.enter);
    await d.until((f) => (f.split('\n')[0] ?? '').split(' › ').length === 3 && f.includes('SQFT'), 'comparable view');
    d.press(KEY.escape);
    await d.until((f) => f.includes('MILES'), 'back to the comparables');
    d.press(KEY.escape, KEY.escape);
    // Back at the portfolio, the filter still on; Esc clears it.
    await d.until((f) => f.split('\n')[0]!.trim().startsWith('Portfolio') && !f.split('\n')[0]!.includes('›'), 'portfolio again');
    d.press(KEY.escape);
    await d.until((f) => f.includes(names[0]!.name), 'filter cleared');
    d.press('q');
    expect(await d.quit).toBe(false);
  });

  it('160×48: more columns, and a preview of the selected community beside the list', async () => {
    const d = await draw(160, 48);
    const frame = await d.until((f) => f.includes('Gap to market') && !f.includes('Reading'), 'portfolio');
    const lines = frame.split('\n');
    expect(lines).toHaveLength(48);
    expect(lines[1]).toContain('BAND');
    expect(frame).toContain('│');
    expect(lines[2]).toContain(names[0]!.name);
  });

  it('a read that fails is said in its view, and r reads it again', async () => {
    const server = await startServer(cli.dataDir);
    let failing = true;
    const proxy = await forwardingProxy(server.baseUrl, ({ response, forward }) => {
      if (!failing) return forward();
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'internal_error', message: 'the store is being rebuilt' } }));
    });
    try {
      const d = await draw(80, 24, { baseUrl: proxy.url, key: server.key() });
      const frame = await d.until((f) => f.includes('Could not read the portfolio'), 'the failure');
      expect(frame).toContain('the store is being rebuilt');
      expect(frame).toContain('r tries again');
      failing = false;
      d.press('r');
      await d.until((f) => f.includes('Gap to market') && f.includes(names[0]!.name), 'the portfolio read again');
    } finally {
      await proxy.close();
      await server.close();
    }
  });

  it('e writes the list as shown through the CSV writer', async () => {
    const d = await draw(80, 24);
    await d.until((f) => f.includes('Gap to market') && !f.includes('Reading'), 'portfolio');
    const file = join(cli.root, 'positioning.csv');
    d.press('e', ...'\u007F'.repeat(30), ...file, KEY.enter);
    await d.until((f) => f.includes('Wrote'), 'export message');
    const csv = parseCsv(await readFile(file, 'utf8'));
    expect(csv.rows.map((row) => row.community_name)).toEqual(names.map((n) => n.name));
  });

  it('e writes a workbook for .xlsx, through the writer of --format xlsx, the rows in the order shown', async () => {
    const d = await draw(80, 24);
    await d.until((f) => f.includes('Gap to market') && !f.includes('Reading'), 'portfolio');
    // Sorted by name first (s): the workbook's rows follow.
    const book = join(cli.root, 'positioning.xlsx');
    d.press('s', 'e', ...'\u007F'.repeat(30), ...book, KEY.enter);
    await d.until((f) => f.includes('Wrote') && f.includes('xls'), 'the workbook written');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(book);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const nameColumn = header.indexOf('community_name') + 1;
    const shown = Array.from({ length: sheet.rowCount - 1 }, (_, i) => String(sheet.getRow(i + 2).getCell(nameColumn).value));
    expect(shown).toEqual([...names.map((n) => n.name)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' })));
  });
});
