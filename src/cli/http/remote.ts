import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { createRequire } from 'node:module';
import { setTimeout as delay } from 'node:timers/promises';
import { UsageError } from '../errors.js';
import { statusLine } from './status-text.js';
import { NetworkError, type Transport, type TransportRequest, type TransportResponse } from './transport.js';

export interface RemoteTransportOptions {
  /** e.g. http://127.0.0.1:8787; a trailing /v1 is accepted and dropped, since request paths carry it. */
  baseUrl: string;
  connectTimeoutMs?: number | undefined;
  requestTimeoutMs?: number | undefined;
  /** Retries after the first attempt (GET only). */
  retries?: number | undefined;
  /** Total time, from the first attempt, after which no further retry starts. */
  maxRetryTimeMs?: number | undefined;
  trace?: ((line: string) => void) | undefined;
  /** Injectable for tests. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

export const REMOTE_DEFAULTS = {
  connectTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  retries: 3,
  maxRetryTimeMs: 30_000,
} as const;

const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const BACKOFF_BASE_MS = 250;
const BACKOFF_CAP_MS = 8_000;
const KEEP_ALIVE_IDLE_MS = 10_000;

export interface BaseUrl {
  /** scheme://host[:port], where requests are sent. */
  origin: string;
  /** Path prefix before /v1 (empty for most services; set behind a path-routing proxy). */
  basePath: string;
  /** origin + basePath without credentials: safe for messages and traces. */
  display: string;
}

/** Accepts http(s)://host[:port][/prefix][/v1][/]; drops a trailing /v1 since request paths start with it. */
export function normaliseBaseUrl(baseUrl: string): BaseUrl {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new UsageError(`invalid base URL "${baseUrl}": expected http://host[:port] or https://host[:port]`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`invalid base URL "${baseUrl}": only http and https are supported`);
  const basePath = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return { origin: url.origin, basePath, display: url.origin + basePath };
}

interface NetworkFailure {
  reason: string;
  retryable: boolean;
  /** True when the request cannot have reached the server (nothing to double-apply). */
  beforeSending: boolean;
}

// Our own codes for the timeouts node:http leaves to its caller.
const CONNECT_TIMEOUT = 'RS_CONNECT_TIMEOUT';
const HEADERS_TIMEOUT = 'RS_HEADERS_TIMEOUT';
const BODY_TIMEOUT = 'RS_BODY_TIMEOUT';

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') return e.code;
  // Node's happy-eyeballs connect (localhost → ::1 and 127.0.0.1) fails with an AggregateError.
  if (Array.isArray(e.errors)) return errorCode(e.errors[0]);
  return e.cause !== undefined ? errorCode(e.cause) : undefined;
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function describeNetworkError(error: unknown, hostname: string, timeouts: { connect: number; request: number }): NetworkFailure {
  const code = errorCode(error);
  const retry = (reason: string, beforeSending = false): NetworkFailure => ({ reason, retryable: true, beforeSending });
  switch (code) {
    case 'ECONNREFUSED':
      return retry('connection refused', true);
    case CONNECT_TIMEOUT:
      return retry(`no connection within ${seconds(timeouts.connect)}`, true);
    case 'EAI_AGAIN':
      return retry(`DNS lookup of ${hostname} failed temporarily`, true);
    case 'ECONNRESET':
      return retry('connection reset');
    case 'EPIPE':
      return retry('connection closed while sending');
    case 'ETIMEDOUT':
      return retry('connection timed out');
    case HEADERS_TIMEOUT:
      return retry(`no response within ${seconds(timeouts.request)}`);
    case BODY_TIMEOUT:
      return retry(`response stalled for ${seconds(timeouts.request)}`);
    case 'ENOTFOUND':
      return { reason: `host not found: ${hostname}`, retryable: false, beforeSending: true };
    case 'EHOSTUNREACH':
      return { reason: 'host unreachable', retryable: false, beforeSending: true };
    case 'ENETUNREACH':
      return { reason: 'network unreachable', retryable: false, beforeSending: true };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { reason: message.split('\n')[0] || (code ?? 'unknown network error'), retryable: false, beforeSending: false };
}

/** Retry-After is seconds or an HTTP date; returns milliseconds, or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function titleCase(header: string): string {
  return header.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}

// Secrets never reach --debug output: keep the scheme, hide the credential.
function redactHeader(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    const scheme = value.trim().split(/\s+/)[0];
    return scheme && scheme !== value.trim() ? `${scheme} ***` : '***';
  }
  if (lower === 'cookie' || lower === 'x-api-key') return '***';
  return value;
}

export function createRemoteTransport(options: RemoteTransportOptions): Transport {
  const base = normaliseBaseUrl(options.baseUrl);
  const hostname = new URL(base.origin).hostname;
  const connectTimeoutMs = options.connectTimeoutMs ?? REMOTE_DEFAULTS.connectTimeoutMs;
  const requestTimeoutMs = options.requestTimeoutMs ?? REMOTE_DEFAULTS.requestTimeoutMs;
  const retries = Math.max(0, options.retries ?? REMOTE_DEFAULTS.retries);
  const maxRetryTimeMs = options.maxRetryTimeMs ?? REMOTE_DEFAULTS.maxRetryTimeMs;
  const trace = options.trace;
  const sleep = options.sleep ?? ((ms: number) => delay(ms).then(() => undefined));
  const timeouts = { connect: connectTimeoutMs, request: requestTimeoutMs };

  // One keep-alive agent per CLI run: `pricing export` makes many GETs to one host.
  // node:http rather than undici: loading undici costs ~2× a bare `node -e 0` on
  // every run (it loads http2, tls, crypto, web streams…), node:http a tenth of that.
  // Required here, not imported: only the one of the two that the URL needs loads
  // (node:https brings tls and crypto).
  const secure = base.origin.startsWith('https:');
  const http = createRequire(import.meta.url)(secure ? 'node:https' : 'node:http') as typeof import('node:http');
  // An idle connection closes after 10 s, or a second before the server's announced
  // Keep-Alive timeout if that is sooner (Node applies the hint only under an agent
  // timeout), as undici did: a request never goes out on a socket the server is closing.
  // The agent's timeout touches idle sockets only; requests have the timers below.
  const agent: Agent = new http.Agent({ keepAlive: true, timeout: KEEP_ALIVE_IDLE_MS });

  function send(request: TransportRequest): Promise<TransportResponse> {
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      // A timeout tears the connection down, which node:http also reports as a reset: the timeout is the cause.
      let timedOut: Error | undefined;
      const fail = (code: string, message: string) => {
        timedOut = Object.assign(new Error(message), { code });
        outgoing.destroy(timedOut);
      };
      // Connecting, then waiting for the answer's head, then each pause in its body, have their own limits.
      const arm = (ms: number, code: string, message: string) => {
        clearTimeout(timer);
        timer = setTimeout(() => fail(code, message), ms);
      };
      const done = () => clearTimeout(timer);
      const failed = (error: Error) => {
        done();
        reject(timedOut ?? error);
      };
      const options: RequestOptions = {
        agent,
        method: request.method,
        path: base.basePath + request.path,
        headers: {
          ...request.headers,
          ...(request.body !== undefined ? { 'content-length': Buffer.byteLength(request.body) } : {}),
        },
      };
      const outgoing: ClientRequest = http.request(base.origin, options, (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        arm(requestTimeoutMs, BODY_TIMEOUT, 'response stalled');
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          arm(requestTimeoutMs, BODY_TIMEOUT, 'response stalled');
        });
        response.on('end', () => {
          done();
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        // The connection closed before the whole body came (ECONNRESET "aborted").
        response.on('error', failed);
      });
      outgoing.on('error', failed);
      outgoing.on('socket', (socket) => {
        const waitForAnswer = () => arm(requestTimeoutMs, HEADERS_TIMEOUT, 'no response');
        if (!socket.connecting) waitForAnswer();
        else {
          arm(connectTimeoutMs, CONNECT_TIMEOUT, 'no connection');
          socket.once('connect', waitForAnswer);
        }
      });
      outgoing.end(request.body);
    });
  }

  function networkError(method: string, failure: NetworkFailure, attempts: number, cause: unknown): NetworkError {
    const after = attempts > 1 ? ` after ${attempts} attempts` : '';
    const hint =
      method !== 'GET' && !failure.beforeSending
        ? `the ${method} may have reached the service before the connection failed; check before repeating it`
        : undefined;
    const error = new NetworkError(`could not reach ${base.display} (${failure.reason})${after}`, !failure.beforeSending, hint);
    error.cause = cause;
    return error;
  }

  return {
    target: base.display,

    async request(request: TransportRequest): Promise<TransportResponse> {
      const url = base.display + request.path;
      // Only GET is safe to repeat: a POST or PATCH may have been applied before the failure.
      const retryable = request.method === 'GET';
      if (trace) {
        trace(`> ${request.method} ${url}`);
        for (const [name, value] of Object.entries(request.headers)) trace(`> ${titleCase(name)}: ${redactHeader(name, value)}`);
      }
      const started = performance.now();
      // Requested waits minus the time they really took: non-zero when the sleep is injected (tests).
      let unslept = 0;
      let attempts = 0;

      for (;;) {
        attempts += 1;
        const attemptStarted = performance.now();
        const elapsedMs = () => Math.round(performance.now() - attemptStarted);
        let response: TransportResponse | undefined;
        let failure: NetworkFailure | undefined;
        let cause: unknown;
        try {
          // The body is read inside the attempt, so that a stalled or cut body counts as a network failure.
          response = await send(request);
          trace?.(`< ${request.method} ${url} ${statusLine(response.status)} (${elapsedMs()} ms)`);
          if (!retryable || !RETRY_STATUSES.has(response.status)) return response;
        } catch (error) {
          failure = describeNetworkError(error, hostname, timeouts);
          cause = error;
          trace?.(`< ${request.method} ${url} failed: ${failure.reason} (${elapsedMs()} ms)`);
          if (!retryable || !failure.retryable) throw networkError(request.method, failure, attempts, cause);
        }

        const reason = response ? `HTTP ${statusLine(response.status)}` : (failure?.reason ?? 'network error');
        const remaining = maxRetryTimeMs - (performance.now() - started + unslept);
        if (attempts > retries || remaining <= 0) {
          const why = attempts > retries ? `${retries} retries used` : `retry time of ${seconds(maxRetryTimeMs)} spent`;
          trace?.(`giving up on ${request.method} ${url} after ${attempts} attempts (${why}): ${reason}`);
          if (response) return response;
          throw networkError(request.method, failure!, attempts, cause);
        }
        const retryAfter = response ? parseRetryAfter(response.headers['retry-after']) : undefined;
        // Full jitter: a random wait up to the exponential ceiling spreads out clients that failed together.
        const backoff = Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1));
        // Rounded up: a wait rounded down would leave a fraction of a millisecond of
        // budget, and a fast enough next attempt one more retry than the budget allows.
        const wait = Math.ceil(Math.min(retryAfter ?? backoff, remaining));
        trace?.(
          `retry ${attempts}/${retries} of ${request.method} ${url} in ${wait} ms: ${reason}` +
            (retryAfter !== undefined ? ` (Retry-After ${Math.round(retryAfter)} ms)` : ''),
        );
        const sleepStarted = performance.now();
        await sleep(wait);
        unslept += Math.max(0, wait - (performance.now() - sleepStarted));
      }
    },

    async close() {
      agent.destroy();
    },
  };
}
