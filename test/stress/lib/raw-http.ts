/**
 * HTTP/1.1 over a bare socket: clients (fetch, undici, curl) normalise or refuse
 * the requests that matter here — unknown methods, no Host, huge headers,
 * malformed request lines — so these are written byte for byte.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Parsed JSON body, or undefined when it is not JSON. */
  json: unknown;
  /** The bytes exactly as received. */
  text: string;
}

/** Reads one answer: until Content-Length bytes of body arrived, or the connection closed. */
export function rawRequest(origin: string, request: string | Buffer, timeoutMs = 10_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      if (error && text === '') return reject(error);
      const parsed = parse(text);
      if (!parsed) return reject(new Error(`no complete HTTP answer: ${JSON.stringify(text.slice(0, 300))}`));
      resolve(parsed);
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const parsed = parse(Buffer.concat(chunks).toString('latin1'));
      if (parsed && parsed.headers['content-length'] !== undefined) finish();
    });
    // The server may close as soon as it has answered, before it read all we sent.
    socket.on('error', (error) => finish(error));
    socket.on('close', () => finish());
  });
}

function parse(text: string): RawAnswer | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!Number.isInteger(status)) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = text.slice(end + 4);
  const length = headers['content-length'];
  if (length !== undefined) {
    if (Buffer.byteLength(body, 'latin1') < Number(length)) return undefined;
    body = body.slice(0, Number(length));
  }
  body = Buffer.from(body, 'latin1').toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status, headers, body, json, text };
}

/** A request with the given request line and headers (Host first unless told otherwise), and an optional body. */
export function rawMessage(requestLine: string, headers: Record<string, string> = {}, body = ''): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  if (body !== '' && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length'))
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${requestLine}\r\n${lines.map((line) => `${line}\r\n`).join('')}\r\n${body}`;
}
