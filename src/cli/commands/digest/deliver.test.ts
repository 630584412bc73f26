// Delivery for cron, against a real SMTP server (smtp-server, nodemailer's own, on port 0) and a
// local HTTP receiver for the webhook; never a mock of nodemailer or fetch. The week of
// examples/digest-week.json (see summary.test.ts) is what is sent.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DIGEST_WEEK, localMarket, type MarketCli } from '../../../../test/helpers/market-changes.js';
import { smtpServer as smtpReceiver, webhook as webhookReceiver, type ReceivedMail } from '../../../../test/helpers/receivers.js';

const NOW = '2026-11-14T08:00:00Z';
const SMTP_PASSWORD = 'sm7p-Pa55:w0rd!';
const HOOK_TOKEN = 'xoxbSECRETtoken0123456789';
const QUERY_TOKEN = 'q-secret-4567';

/** The SMTP server, taking the digest user's login. */
const smtpServer = () => smtpReceiver({ username: 'digest', password: SMTP_PASSWORD });
/** A webhook receiver at a Slack-like URL whose path and query carry secrets. */
const webhook = (status: number) => webhookReceiver(status, `/services/T0001/B0002/${HOOK_TOKEN}?token=${QUERY_TOKEN}`);

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

async function market(): Promise<MarketCli> {
  const cli = await localMarket(DIGEST_WEEK);
  cleanup.push(() => cli.close());
  return cli;
}

/** Nothing a run prints may show a secret of the URLs. */
function expectNoSecret(result: { stdout: string; stderr: string }) {
  for (const secret of [SMTP_PASSWORD, encodeURIComponent(SMTP_PASSWORD), HOOK_TOKEN, QUERY_TOKEN]) {
    expect(result.stdout).not.toContain(secret);
    expect(result.stderr).not.toContain(secret);
  }
}

/** The Subject header, its RFC 2047 encoded words (=?UTF-8?Q?…?=, as nodemailer writes them) decoded. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n .*)*)/m.exec(raw)?.[1] ?? '';
  const words = [...header.matchAll(/=\?UTF-8\?Q\?(.*?)\?=/g)].map((m) => m[1]!.replace(/_/g, ' ')).join('');
  return quotedPrintable(words);
}

function quotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded body of the MIME part of this content type (quoted-printable or 7bit, as nodemailer chooses). */
function partOf(raw: string, type: string): string {
  const part = raw.split(/\r?\n--[^\r\n]*Part[^\r\n]*\r?\n/).find((p) => p.startsWith(`Content-Type: ${type};`));
  if (!part) throw new Error(`no ${type} part in:\n${raw}`);
  const [head = '', ...body] = part.split(/\r?\n\r?\n/);
  const text = body.join('\n\n').replace(/\r\n/g, '\n');
  return /quoted-printable/i.test(head) ? quotedPrintable(text) : text;
}

const stateFiles = async (cli: MarketCli) => readdir(join(cli.root, 'state', 'rentsurvey')).catch(() => [] as string[]);
/** The subjects of examples/digest-week.json; Aspen Yard is the first. */
const SUBJECTS = [1, 2, 3].map((n) => `d16e5700-0000-4000-8000-00000000000${n}`);
const ASPEN_YARD = SUBJECTS[0]!;
/** Where a first --since-last run at NOW starts each subject: a week back. */
const WEEK_BACK = Object.fromEntries(SUBJECTS.map((id) => [id, '2026-11-07']));
/** What the --since-last state says each channel that failed still has to get. */
async function behind(cli: MarketCli): Promise<unknown> {
  const [file, ...others] = await stateFiles(cli);
  expect(others).toEqual([]);
  return (JSON.parse(await readFile(join(cli.root, 'state', 'rentsurvey', file!), 'utf8')) as { behind?: unknown }).behind;
}

describe('digest --mail-to through a real SMTP server', () => {
  it('sends HTML with a plain-text part to each address, and says where without the password', async () => {
    const smtp = await smtpServer();
    cleanup.push(() => smtp.close());
    const cli = await market();
    const env = { RENTSURVEY_SMTP_URL: `smtp://digest:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${smtp.port}` };
    const result = await cli.run(['digest', '--since-last', '--debug', '--mail-to', 'ana@linden.example, bo@linden.example', '--format', 'md'], { now: NOW, env });
    expect(result.code, result.stderr).toBe(0);
    expectNoSecret(result);
    expect(result.stderr).toContain(`Sent the digest to ana@linden.example, bo@linden.example through smtp://127.0.0.1:${smtp.port}.`);
    expect(result.stdout).toMatch(/^## Market digest: 2026-11-06 → 2026-11-13\n/);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received as [ReceivedMail];
    expect(mail.to).toEqual(['ana@linden.example', 'bo@linden.example']);
    expect(subjectOf(mail.raw)).toBe('Market digest: 2026-11-06 → 2026-11-13');
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    // The plain part is the Markdown body (what --format md prints), the HTML part the self-contained page.
    expect(partOf(mail.raw, 'text/plain')).toBe(result.stdout);
    expect(partOf(mail.raw, 'text/html')).toMatch(/^<!DOCTYPE html>\n[\s\S]*<h3 [^>]*>Portfolio<\/h3>[\s\S]*<\/html>\n$/);
    // Delivered: --since-last moved on, the next run has nothing new and sends nothing.
    expect(await stateFiles(cli)).toHaveLength(1);
    const again = await cli.run(['digest', '--since-last', '--mail-to', 'ana@linden.example'], { now: NOW, env });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Nothing changed');
    expect(smtp.received).toHaveLength(1);
  });

  it('a login refused or a server down: exit 1, why, without the password; the e-mail stays behind, stdout moves on', async () => {
    const smtp = await smtpServer();
    cleanup.push(() => smtp.close());
    const cli = await market();
    const wrong = await cli.run(
      ['digest', '--since-last', '--debug', '--mail-to', 'ana@linden.example', '--smtp-url', `smtp://digest:${encodeURIComponent(`${SMTP_PASSWORD}x`)}@127.0.0.1:${smtp.port}`],
      { now: NOW },
    );
    expect(wrong.code).toBe(1);
    expectNoSecret(wrong);
    expect(wrong.stderr).toMatch(new RegExp(`--mail-to: sending through smtp://127\\.0\\.0\\.1:${smtp.port} failed: .*Invalid username or password`));
    expect(wrong.stderr).toContain('hint: the next --since-last run sends the e-mail to ana@linden.example these changes again');
    // Printed, so stdout moved on; the e-mail is behind, from the surveys it has not had.
    expect(await behind(cli)).toEqual({ mail: WEEK_BACK });
    await smtp.close();
    const down = await cli.run(['digest', '--since-last', '--mail-to', 'ana@linden.example'], {
      now: NOW,
      env: { RENTSURVEY_SMTP_URL: `smtp://digest:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${smtp.port}` },
    });
    expect(down.code).toBe(1);
    expectNoSecret(down);
    expect(down.stderr).toMatch(/--mail-to: sending through smtp:\/\/127\.0\.0\.1:\d+ failed: .*ECONNREFUSED/);
    expect(await behind(cli)).toEqual({ mail: WEEK_BACK });
  });
});

describe('digest --webhook-url', () => {
  it('a failure is not a week lost: 500 → exit 1 and the webhook stays behind; the next run posts the same changes, once', async () => {
    const failing = await webhook(500);
    cleanup.push(() => failing.close());
    const cli = await market();
    const failed = await cli.run(['digest', '--since-last', '--debug', '--webhook-url', failing.url], { now: NOW });
    expect(failed.code).toBe(1);
    expectNoSecret(failed);
    expect(failed.stderr).toMatch(/--webhook-url: http:\/\/127\.0\.0\.1:\d+\/… answered 500 Internal Server Error: no_service/);
    expect(failed.stderr).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/… \(webhook/);
    expect(failing.bodies).toHaveLength(1);
    expect(await behind(cli)).toEqual({ webhook: WEEK_BACK });

    const working = await webhook(200);
    cleanup.push(() => working.close());
    const ok = await cli.run(['digest', '--since-last', '--json'], { now: NOW, env: { RENTSURVEY_WEBHOOK_URL: working.url } });
    expect(ok.code, ok.stderr).toBe(0);
    expectNoSecret(ok);
    expect(working.bodies).toEqual([{ path: `/services/T0001/B0002/${HOOK_TOKEN}?token=${QUERY_TOKEN}`, type: 'application/json', json: failing.bodies[0]!.json }]);
    const { text } = working.bodies[0]!.json as { text: string };
    expect(text.split('\n')[0]).toBe('*Market digest: 2026-11-06 → 2026-11-13*');
    expect(text).toContain('• Crest Place (comp of Aspen Yard), CP-1 $1,600 → $1,620 (+$20), NER $1,600.00 → $1,485.00 (-$115.00): "1 month free" started');
    // stdout had the week on the run that failed to post it: this run prints only what is new since.
    expect((JSON.parse(ok.stdout) as { changes: unknown[] }).changes).toHaveLength(0);
    expect(await behind(cli)).toBeUndefined();

    const none = await cli.run(['digest', '--since-last'], { now: NOW, env: { RENTSURVEY_WEBHOOK_URL: working.url } });
    expect(none.code).toBe(0);
    expect(working.bodies).toHaveLength(1);
    const [file] = await stateFiles(cli);
    expect(JSON.parse(await readFile(join(cli.root, 'state', 'rentsurvey', file!), 'utf8'))).toMatchObject({ subjects: { [ASPEN_YARD]: '2026-11-13' } });
  });
});

describe('digest to two channels, one failing', () => {
  it('the one that worked is not sent the week again; the one that failed gets it on the next run, once', async () => {
    const smtp = await smtpServer();
    const failing = await webhook(503);
    cleanup.push(() => smtp.close(), () => failing.close());
    const cli = await market();
    const env = { RENTSURVEY_SMTP_URL: `smtp://digest:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${smtp.port}` };
    const first = await cli.run(['digest', '--since-last', '--mail-to', 'ana@linden.example', '--webhook-url', failing.url], { now: NOW, env });
    expect(first.code).toBe(1);
    expectNoSecret(first);
    expect(first.stderr).toMatch(/^error: --webhook-url: http:\/\/127\.0\.0\.1:\d+\/… answered 503/m);
    expect(first.stderr).toMatch(
      /^hint: the next --since-last run sends the webhook http:\/\/127\.0\.0\.1:\d+\/… these changes again, not the e-mail to ana@linden\.example, which has them$/m,
    );
    expect(smtp.received).toHaveLength(1);
    expect(await behind(cli)).toEqual({ webhook: WEEK_BACK });

    // The webhook mended (its URL too): it gets the week it missed; the e-mail is sent nothing.
    const working = await webhook(200);
    cleanup.push(() => working.close());
    const second = await cli.run(['digest', '--since-last', '--mail-to', 'ana@linden.example', '--webhook-url', working.url], { now: NOW, env });
    expect(second.code, second.stderr).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(working.bodies.map((body) => body.json)).toEqual([failing.bodies[0]!.json]);
    expect(await behind(cli)).toBeUndefined();

    const third = await cli.run(['digest', '--since-last', '--mail-to', 'ana@linden.example', '--webhook-url', working.url], { now: NOW, env });
    expect(third.code).toBe(0);
    expect([smtp.received.length, working.bodies.length]).toEqual([1, 1]);
  });
});

describe('two cron jobs, one state each (--state-name)', () => {
  it('one mails, the other posts: each gets the week once, whichever runs first, and neither advances the other', async () => {
    const smtp = await smtpServer();
    const hook = await webhook(200);
    cleanup.push(() => smtp.close(), () => hook.close());
    const cli = await market();
    const env = { RENTSURVEY_SMTP_URL: `smtp://digest:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${smtp.port}` };
    const mailJob = () => cli.run(['digest', '--since-last', '--state-name', 'mail', '--mail-to', 'ana@linden.example'], { now: NOW, env });
    const postJob = () => cli.run(['digest', '--since-last', '--state-name', 'slack', '--webhook-url', hook.url], { now: NOW });

    const mailed = await mailJob();
    expect(mailed.code, mailed.stderr).toBe(0);
    expect(mailed.stderr).toMatch(/First --since-last digest for the local store .* \(state mail\)/);
    // The mail job took the week: the post job, a state of its own, still gets it.
    const posted = await postJob();
    expect(posted.code, posted.stderr).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(hook.bodies).toHaveLength(1);
    expect((hook.bodies[0]!.json as { text: string }).text).toContain('Crest Place (comp of Aspen Yard), CP-1');
    expect(partOf(smtp.received[0]!.raw, 'text/plain')).toContain('Crest Place (comp of Aspen Yard), CP-1');

    // Each once: the next runs of both jobs have nothing new and send nothing.
    for (const again of [await mailJob(), await postJob()]) {
      expect(again.code).toBe(0);
      expect(again.stdout).toBe('');
    }
    expect([smtp.received.length, hook.bodies.length]).toEqual([1, 1]);
    expect((await stateFiles(cli)).filter((file) => file.endsWith('.json')).sort()).toEqual([
      expect.stringMatching(/^digest\.local-[0-9a-f]{12}\.portfolio\.mail\.json$/),
      expect.stringMatching(/^digest\.local-[0-9a-f]{12}\.portfolio\.slack\.json$/),
    ]);

    // Without a name both jobs would read one state: the first run takes the week from the other.
    const shared = await cli.run(['digest', '--since-last', '--webhook-url', hook.url], { now: NOW });
    expect(shared.code).toBe(0);
    expect(hook.bodies).toHaveLength(2);
    const second = await cli.run(['digest', '--since-last', '--mail-to', 'ana@linden.example'], { now: NOW, env });
    expect(second.code).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });
});
