/**
 * Sending mail through SMTP, for both senders of it: `serve`'s invitations
 * (src/server/mail.ts) and `digest --mail-to` (src/cli/commands/digest/deliver.ts).
 * An SMTP URL carries a password (and a webhook's URL a token): nothing printed,
 * logged or thrown shows more of one than its scheme, host and port (`shownUrl`),
 * and failures are scrubbed of its secret parts (`scrub`). nodemailer loads only
 * when a message is sent.
 */
import type { SendMailOptions } from 'nodemailer';

export const SMTP_PROTOCOLS = ['smtp:', 'smtps:'] as const;
export const SMTP_EXAMPLE = 'smtp://user:password@mail.example.com:587 (smtps:// for TLS from the start)';

/** How long a mail server may take to connect and greet, and to answer each command. */
export interface SmtpTimeouts {
  connectMs: number;
  socketMs: number;
}

/** serve's: the CLI's own limits for a service (10 s to connect, 30 s to answer), not nodemailer's minutes. */
export const SMTP_TIMEOUTS: SmtpTimeouts = { connectMs: 10_000, socketMs: 30_000 };

/** What a message may show of a URL: its scheme, host and port; a path (which may hold a token) as "/…". */
export function shownUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname.length > 1 || url.search ? '/…' : ''}`;
}

/** The parts of a URL that may be secret, longest first, as they may appear in a message. */
function secretsOf(url: URL): string[] {
  const parts = [url.href, `${url.pathname}${url.search}`, url.password, url.search];
  for (const value of url.searchParams.values()) parts.push(value);
  // A token is a path segment of its own (Slack: /services/T…/B…/<token>); short words like "hooks" are not secrets.
  for (const segment of url.pathname.split('/')) if (segment.length >= 8) parts.push(segment);
  const decoded = parts.flatMap((part) => {
    try {
      return [part, decodeURIComponent(part)];
    } catch {
      return [part];
    }
  });
  return [...new Set(decoded.filter((part) => part.length >= 4 && part !== '/'))].sort((a, b) => b.length - a.length);
}

/** `message` with every secret part of `url` replaced by "***". */
export function scrub(message: string, url: URL): string {
  let clean = message;
  for (const secret of secretsOf(url)) clean = clean.split(secret).join('***');
  return clean;
}

/** Why sending to `url` failed, with the error's cause (a socket's, a TLS library's), scrubbed of the URL's secrets. */
export function failureReason(error: unknown, url: URL): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return scrub(error instanceof Error ? `${error.message}${cause}` : String(error), url);
}

/**
 * Sends one message through the SMTP server of `url`. A failure is thrown as an
 * Error whose message names the server by shownUrl and says why, scrubbed.
 */
export async function sendThroughSmtp(url: URL, timeouts: SmtpTimeouts, message: SendMailOptions): Promise<void> {
  const { default: nodemailer } = await import('nodemailer');
  // The URL's own query options (e.g. ?pool=true) win over these, as nodemailer merges them.
  const transport = nodemailer.createTransport({
    url: url.href,
    connectionTimeout: timeouts.connectMs,
    greetingTimeout: timeouts.connectMs,
    socketTimeout: timeouts.socketMs,
  });
  try {
    await transport.sendMail(message);
  } catch (error) {
    // eslint-disable-next-line preserve-caught-error -- the cause may quote the URL's password: its words are here, scrubbed
    throw new Error(`sending through ${shownUrl(url)} failed: ${failureReason(error, url)}`);
  } finally {
    transport.close();
  }
}
