/**
 * Debian's Chromium (/usr/bin/chromium, as CI installs it), driven headless by playwright-core:
 * never a downloaded browser. A test that needs it uses `browserIt`: where it is missing the test
 * is skipped, saying so — except in CI (env CI), where its absence fails the test.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { it } from 'vitest';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const installed = existsSync(CHROMIUM);
const MISSING = `${CHROMIUM} is not installed (Debian: apt-get install chromium; .ci/run installs it)`;

/** `it` where Chromium can run (or must: CI), else `it.skip` after a line on stderr naming `what`. */
export function browserTest(what: string): typeof it | typeof it.skip {
  if (installed || process.env.CI) return it;
  process.stderr.write(`${what}: skipped, ${MISSING}\n`);
  return it.skip;
}

/** Chromium with a fresh profile under `root`; every request that is not a file or data URL is refused and recorded. */
export async function openBrowser(root: string): Promise<{ context: BrowserContext; requests: string[] }> {
  if (!installed) throw new Error(`CI is set and ${MISSING}: the page cannot be checked in a browser`);
  const profile = join(root, `chromium-profile-${Date.now()}`);
  await mkdir(profile);
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS });
  const requests: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (/^(file|data):/.test(url)) await route.continue();
    else {
      requests.push(url);
      await route.abort();
    }
  });
  return { context, requests };
}
