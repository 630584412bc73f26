/**
 * Where a digest goes besides stdout, for cron: e-mail through SMTP (nodemailer,
 * HTML with a plain-text part) and a Slack-compatible webhook (`{"text": …}`).
 * The URLs carry secrets (an SMTP password, a webhook's token in its path or
 * query): nothing printed, traced or thrown from here shows more than the
 * scheme, host and port (`shownUrl`), and failures are scrubbed of them
 * (src/smtp.ts, which serve's invitations share).
 */
import { hostname } from 'node:os';
import type { CommandContext } from '../../context.js';
import { CliError, UsageError } from '../../errors.js';
import { checkFlag } from '../../flag-terms.js';
import { splitList } from '../../command.js';
import { REMOTE_DEFAULTS } from '../../http/remote.js';
import { smtpUrlFlag, urlFlag } from '../../url-flag.js';
import { Email } from '../../../api/primitives.js';
import { failureReason, scrub, sendThroughSmtp, shownUrl } from '../../../smtp.js';

export interface MailDelivery {
  to: string[];
  from: string;
  url: URL;
}

export interface Delivery {
  mail?: MailDelivery;
  webhook?: URL;
}

const WEBHOOK_EXAMPLE = 'https://hooks.slack.com/services/…';

/** The deliveries the flags and environment ask for, checked before anything is read or sent. */
export function deliveryOf(
  ctx: CommandContext,
  opts: { mailTo?: string; mailFrom?: string; smtpUrl?: string; webhookUrl?: string },
): Delivery {
  const delivery: Delivery = {};
  if (opts.smtpUrl !== undefined && opts.mailTo === undefined) throw new UsageError('--smtp-url is for --mail-to: give the addresses to send to');
  if (opts.mailFrom !== undefined && opts.mailTo === undefined) throw new UsageError('--mail-from is for --mail-to: give the addresses to send to');
  if (opts.mailTo !== undefined) {
    const to = splitList(opts.mailTo).map((address) => checkFlag('--mail-to', Email, address));
    if (to.length === 0) throw new UsageError('--mail-to needs at least one e-mail address');
    const url = smtpUrlFlag(opts.smtpUrl, ctx.env);
    if (url === undefined) throw new UsageError('--mail-to needs an SMTP server', 'give --smtp-url, or set RENTSURVEY_SMTP_URL (better: it stays out of the process list)');
    const user = decodeURIComponent(url.username);
    const from = opts.mailFrom ?? (user.includes('@') ? user : `rentsurvey@${hostname()}`);
    delivery.mail = { to, from: opts.mailFrom === undefined ? from : checkFlag('--mail-from', Email, from), url };
  }
  const webhook = opts.webhookUrl ?? (ctx.env.RENTSURVEY_WEBHOOK_URL || undefined);
  if (webhook !== undefined)
    delivery.webhook = urlFlag(opts.webhookUrl === undefined ? 'RENTSURVEY_WEBHOOK_URL' : '--webhook-url', webhook, ['https:', 'http:'], WEBHOOK_EXAMPLE);
  return delivery;
}

export interface DigestMessage {
  subject: string;
  /** The plain-text part (Markdown, which reads as typed). */
  text: string;
  html: string;
  /** Slack mrkdwn for the webhook. */
  slack: string;
}

/** --connect-timeout and --request-timeout, as for the service. */
const timeouts = (ctx: CommandContext) => ({
  connect: ctx.globals.connectTimeoutMs ?? REMOTE_DEFAULTS.connectTimeoutMs,
  request: ctx.globals.requestTimeoutMs ?? REMOTE_DEFAULTS.requestTimeoutMs,
});

async function sendMail(ctx: CommandContext, mail: MailDelivery, message: DigestMessage): Promise<void> {
  const where = shownUrl(mail.url);
  ctx.log.debug(`SMTP ${where}: sending "${message.subject}" to ${mail.to.join(', ')}`);
  const { connect, request } = timeouts(ctx);
  try {
    await sendThroughSmtp(
      mail.url,
      { connectMs: connect, socketMs: request },
      { from: mail.from, to: mail.to, subject: message.subject, text: message.text, html: message.html },
    );
  } catch (error) {
    throw new CliError(`--mail-to: ${(error as Error).message}`);
  }
  ctx.log.info(`Sent the digest to ${mail.to.join(', ')} through ${where}.`);
}

async function postWebhook(ctx: CommandContext, url: URL, text: string): Promise<void> {
  const where = shownUrl(url);
  ctx.log.debug(`POST ${where} (webhook, ${text.length} characters)`);
  let answer: Response;
  try {
    answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
      signal: AbortSignal.timeout(timeouts(ctx).request),
    });
  } catch (error) {
    throw new CliError(`--webhook-url: posting to ${where} failed: ${failureReason(error, url)}`);
  }
  const body = (await answer.text().catch(() => '')).trim().slice(0, 200);
  ctx.log.debug(`POST ${where} → ${answer.status}`);
  if (!answer.ok)
    throw new CliError(`--webhook-url: ${where} answered ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}${body ? `: ${scrub(body, url)}` : ''}`);
  ctx.log.info(`Posted the digest to ${where}.`);
}

/** Where a digest goes besides stdout; --since-last remembers each by its channel (its address may be mended between runs). */
export interface Destination {
  channel: 'mail' | 'webhook';
  /** How messages name it: "the e-mail to ana@…" or "the webhook https://hooks.slack.com/…". */
  shown: string;
  send(ctx: CommandContext, message: DigestMessage): Promise<void>;
}

export function destinationsOf({ mail, webhook }: Delivery): Destination[] {
  const destinations: Destination[] = [];
  if (mail) destinations.push({ channel: 'mail', shown: `the e-mail to ${mail.to.join(', ')}`, send: (ctx, message) => sendMail(ctx, mail, message) });
  if (webhook) destinations.push({ channel: 'webhook', shown: `the webhook ${shownUrl(webhook)}`, send: (ctx, message) => postWebhook(ctx, webhook, message.slack) });
  return destinations;
}
