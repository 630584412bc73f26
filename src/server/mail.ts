import { join } from 'node:path';
import { sendThroughSmtp, SMTP_TIMEOUTS } from '../smtp.js';

export interface OutgoingEmail {
  /** Names the outbox file: an address can be longer than a file name may be. */
  id: string;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends (or files) the message; resolves to where it went, e.g. "smtp" or the .eml path. */
  send(email: OutgoingEmail): Promise<string>;
}

const FROM = 'rentsurvey <no-reply@rentsurvey.local>';

/**
 * SMTP through nodemailer when a URL is configured (src/smtp.ts: with time
 * limits, and a failure's message scrubbed of the URL's password); otherwise
 * each message is written as an .eml file to the outbox folder, where a person
 * or a test can open it. nodemailer and node:fs/promises (~2 ms of every serve
 * start) load only when a message is sent.
 */
export function createMailer(options: { smtpUrl?: string | undefined; outboxDir: string }): Mailer {
  const smtpUrl = options.smtpUrl ? new URL(options.smtpUrl) : undefined;
  return {
    async send({ id, ...message }) {
      if (smtpUrl) {
        await sendThroughSmtp(smtpUrl, SMTP_TIMEOUTS, { from: FROM, ...message });
        return 'smtp';
      }
      const [{ default: nodemailer }, { mkdir, writeFile }] = await Promise.all([import('nodemailer'), import('node:fs/promises')]);
      const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail({ from: FROM, ...message });
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      // Time first so that a listing is in order; the id (a UUID) keeps names short and unique.
      const file = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id.replace(/[^A-Za-z0-9-]/g, '_')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return file;
    },
  };
}
