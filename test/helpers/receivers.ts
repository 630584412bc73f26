/**
 * What the CLI delivers to, for real, on 127.0.0.1:0: an SMTP server (smtp-server,
 * nodemailer's own) that keeps every message, and an HTTP receiver for webhooks that
 * keeps every body. Never a mock of nodemailer or fetch.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpReceiver {
  port: number;
  received: ReceivedMail[];
  /** Idempotent: a test closes it to see a server down, and its cleanup closes what is left. */
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1:0; with `login`, it takes that user and password only. */
export async function smtpServer(login?: { username: string; password: string }): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP with AUTH, as a relay inside a private network: no STARTTLS with a certificate to trust.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !login,
    logger: false,
    onAuth(auth, _session, callback) {
      if (!login || (auth.username === login.username && auth.password === login.password)) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, received, close };
}

/** A body a webhook was posted. */
export interface Posted {
  path: string | undefined;
  type: string | undefined;
  json: unknown;
}

/** A webhook receiver on 127.0.0.1:0 answering `status`; `url` is it with `path`. */
export async function webhook(status: number, path = '/'): Promise<{ url: string; bodies: Posted[]; close(): Promise<void> }> {
  const bodies: Posted[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push({ path: request.url, type: request.headers['content-type'], json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status === 200 ? 'ok' : 'no_service');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
