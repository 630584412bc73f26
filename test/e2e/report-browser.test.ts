// `rentsurvey report` opened in a real browser: Debian's Chromium, driven headless by
// playwright-core (never a downloaded browser). The report must open with no console
// error and no network request, every chart must have drawn marks, and it must print
// to PDF a page per community. Screenshots go under the test's temp folder.
// Where /usr/bin/chromium is missing the test is skipped, saying so — except in CI
// (env CI), which installs it (.ci/run) and where its absence fails the test.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { browserTest, openBrowser as launch } from '../helpers/browser.js';
import { createSandbox, demoStore, type Sandbox } from '../helpers/cli.js';

const browserIt = browserTest('report-browser');

let sb: Sandbox;
let dataDir: string;
let browser: BrowserContext | undefined;

beforeAll(async () => {
  sb = await createSandbox();
  dataDir = await demoStore(join(sb.root, 'store'));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await sb?.cleanup();
});

/** Chromium with a fresh profile under the sandbox, closed after the file (test/helpers/browser.ts). */
async function openBrowser(): Promise<{ context: BrowserContext; requests: string[] }> {
  const opened = await launch(sb.root);
  browser = opened.context;
  return opened;
}

describe('report in a browser', () => {
  browserIt(
    'report --all: opens with no console error and no request, every chart drawn, a page per community in print',
    async () => {
      const out = join(sb.root, 'portfolio.html');
      const r = await sb.run(['--local', '--data-dir', dataDir, 'report', '--all', '--out', out], { timeout: 120_000 });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toBe('');
      const size = (await stat(out)).size;
      // The demo portfolio's report: at most 5 MB.
      expect(size).toBeLessThanOrEqual(5 * 1024 * 1024);
      const html = await readFile(out, 'utf8');
      // Nothing to run, nothing to fetch: no script, no handler attribute, no link to load.
      expect(html).not.toMatch(/<script|\son[a-z]+=|<link|<iframe|<img|@import|url\(http/i);

      const { context, requests } = await openBrowser();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(pathToFileURL(out).href, { waitUntil: 'load' });

      const communities = await page.locator('section.community').count();
      expect(communities).toBe(25);
      // Each chart an SVG of ECharts' drawing, with marks in it (lines and bars are paths; bars may be rects).
      const charts = await page.$$eval('figure svg', (svgs) =>
        svgs.map((svg) => ({ marks: svg.querySelectorAll('path, rect').length, width: svg.getBoundingClientRect().width })),
      );
      expect(charts.length).toBeGreaterThanOrEqual(communities * 3);
      for (const chart of charts) {
        expect(chart.marks).toBeGreaterThan(5);
        expect(chart.width).toBeGreaterThan(200);
      }
      // Every community has its table and its three kinds of chart.
      const perCommunity = await page.$$eval('section.community', (sections) =>
        sections.map((section) => ({ tables: section.querySelectorAll('table tbody tr').length, figures: section.querySelectorAll('figure svg').length })),
      );
      for (const section of perCommunity) {
        expect(section.tables).toBeGreaterThan(0);
        expect(section.figures).toBeGreaterThanOrEqual(3);
      }
      await page.screenshot({ path: join(sb.root, 'report-top.png') });
      await page.locator('section.portfolio').screenshot({ path: join(sb.root, 'report-portfolio.png') });
      await page.locator('section.community').first().screenshot({ path: join(sb.root, 'report-community.png') });
      expect((await stat(join(sb.root, 'report-community.png'))).size).toBeGreaterThan(10_000);

      // The portfolio first: a row per community, and every community a point of its chart.
      const portfolio = await page.$eval('section.portfolio', (section) => ({
        rows: section.querySelectorAll('tbody tr').length,
        marks: section.querySelector('figure svg')?.querySelectorAll('path').length ?? 0,
      }));
      expect(portfolio.rows).toBe(communities);
      expect(portfolio.marks).toBeGreaterThanOrEqual(communities);
      // Every community's point is named, in the chart or beside it, and no two names in the chart overlap as drawn.
      const names = await page.$$eval('section.portfolio tbody tr td:first-child', (cells) => cells.map((cell) => cell.textContent!.trim()));
      const labels = await page.$eval('section.portfolio figure svg', (svg) =>
        [...svg.querySelectorAll('text')].map((text) => {
          const box = text.getBoundingClientRect();
          return { text: text.textContent!.trim(), x: box.x, y: box.y, width: box.width, height: box.height };
        }),
      );
      const named = labels.filter((label) => names.includes(label.text));
      const beside = (await page.locator('section.portfolio p.unlabelled').allTextContents()).join(' ');
      for (const name of names) expect(named.some((label) => label.text === name) || beside.includes(name), name).toBe(true);
      const overlapping = named.flatMap((a, i) =>
        named.slice(i + 1).filter((b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height).map((b) => `${a.text} / ${b.text}`),
      );
      expect(overlapping).toEqual([]);
      // Printed: the portfolio, then a page break before each community.
      const pdf = await page.pdf({ format: 'A4', landscape: true, printBackground: true });
      const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
      expect(pages).toBeGreaterThanOrEqual(communities + 1);

      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
      await page.close();
    },
    240_000,
  );
});
