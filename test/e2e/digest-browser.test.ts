// `digest --format html` is an e-mail body: opened in a real browser (Debian's Chromium, headless)
// as wide as a mail client's reading pane, 600 px, nothing scrolls sideways — the roll-up table
// included, on the demo portfolio's 25 subjects with one of them renamed to a name longer than a
// column (a word of 40 letters). No request, no console error.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { browserTest, openBrowser } from '../helpers/browser.js';
import { createSandbox, demoStore, type Sandbox } from '../helpers/cli.js';

const browserIt = browserTest('digest-browser');
const MAIL_PANE = 600;

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

describe('digest --format html in a mail pane', () => {
  browserIt(
    'fits 600 px: no sideways scrolling, every table and line inside the pane',
    async () => {
      const local = ['--local', '--data-dir', dataDir];
      const renamed = await sb.run([...local, 'communities', 'update', 'DR-006', '--name', `The ${'Supercalifragilisticexpialidociousness'}Towers`]);
      expect(renamed.exitCode, renamed.stderr).toBe(0);
      const digest = await sb.run([...local, 'digest', '--format', 'html'], { timeout: 120_000 });
      expect(digest.exitCode, digest.stderr).toBe(0);
      const out = join(sb.root, 'digest.html');
      await writeFile(out, digest.stdout);

      const opened = await openBrowser(sb.root);
      browser = opened.context;
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.setViewportSize({ width: MAIL_PANE, height: 900 });
      await page.goto(pathToFileURL(out).href, { waitUntil: 'load' });

      const pane = await page.$eval('html', (html) => ({ scrollWidth: html.scrollWidth, clientWidth: html.clientWidth }));
      const rows = await page.locator('table tbody tr').count();
      // The right edge of everything that holds text: cells, list items, paragraphs, headings.
      const overflowing = await page.$$eval(
        'table, th, td, li, p, h2, h3',
        (elements, width) =>
          elements.filter((element) => element.getBoundingClientRect().right > width + 0.5).map((element) => `${element.tagName}: ${(element.textContent ?? '').slice(0, 60)}`),
        pane.clientWidth,
      );
      await page.screenshot({ path: join(sb.root, 'digest-600.png'), fullPage: true });
      expect(rows).toBe(25);
      expect(overflowing).toEqual([]);
      expect(pane.scrollWidth).toBeLessThanOrEqual(pane.clientWidth);
      expect(errors).toEqual([]);
      expect(opened.requests).toEqual([]);
      await page.close();
    },
    240_000,
  );
});
