import type * as z from 'zod/mini';
import { readerOf } from '../../api/compiled.js';
import { loadEndpoint } from '../../api/contract.js';
import type { BodyOf, Endpoint, OperationId, ParamsOf, QueryOf, ReadOf } from '../../api/endpoints.js';
import { routes, type Route } from '../../api/routes.js';
import { sanitize } from '../../output/text.js';
import { VERSION } from '../../version.js';
import { slots } from '../concurrency.js';
import { ApiError, CliError, ExitCode, UsageError } from '../errors.js';
import { statusLine } from './status-text.js';
import type { Transport } from './transport.js';
import { reportLostWriteAnswers } from './write-outcome.js';

export interface CallInput<O extends OperationId> {
  params?: ParamsOf<O>;
  /** Query values as a caller holds them (booleans, numbers); the server applies defaults. */
  query?: QueryOf<O>;
  body?: BodyOf<O>;
}

export interface CallResult<O extends OperationId> {
  /**
   * The answer read as the spec allows any service to send it (src/api/reading.ts):
   * our extensions and what the spec does not show may be absent or null.
   */
  data: ReadOf<O>;
  /** The JSON body exactly as returned, for --json output. */
  raw: unknown;
  status: number;
}

export interface ApiClient {
  /** Where requests go, for messages: a base URL or the local store. */
  readonly target: string;
  call<O extends OperationId>(operation: O, input?: CallInput<O>): Promise<CallResult<O>>;
  /**
   * This client with at most `limit` of its requests on the wire at once, the others sent in
   * the order they were made as answers come back (same connections): what a command that
   * reads many communities calls with its --concurrency, so that the service sees a steady
   * `limit` requests however the command's requests wait on each other. With `shareReads`,
   * a GET is asked once: a call the same as an earlier one (operation, parameters, query)
   * gets that one's answer, the same objects — for commands whose reads overlap (subjects
   * that share comparables) and that hold what they read anyway.
   */
  inFlight(limit: number, options?: { shareReads?: boolean }): ApiClient;
}

/** Where the API key came from, for a refusal of it (401): "RENTSURVEY_API_KEY", and what to do about it. */
export interface KeyOrigin {
  from: string;
  hint: string;
}

export interface ApiClientOptions {
  apiKey?: string | undefined;
  /** Said when the service refuses the key (config.ts keyOrigin). */
  keyOrigin?: KeyOrigin | undefined;
  userAgent?: string | undefined;
  /** --debug: receives each answer's body, after the transport's own request and status lines. */
  trace?: ((line: string) => void) | undefined;
}

const AUTH_HINT = 'run `rentsurvey login` or set RENTSURVEY_API_KEY';

function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

// Zod's own messages start with a capital ("Invalid GUID"); ours read as "field: message".
function lowerFirst(message: string): string {
  return /^[A-Z][a-z]/.test(message) ? message[0]!.toLowerCase() + message.slice(1) : message;
}

/** One line naming the field(s): "zipcode: expected a US zip code: 12345 or 12345-6789". */
export function describeIssues(error: z.core.$ZodError, limit = 3): string {
  const lines = error.issues.slice(0, limit).map((issue) => {
    let path = issuePath(issue.path);
    let message = lowerFirst(issue.message);
    if (issue.code === 'unrecognized_keys') {
      path = issue.keys.map((key) => issuePath([...issue.path, key])).join(', ');
      message = 'not a known field';
    } else if (issue.code === 'invalid_type' && / received undefined$/.test(issue.message)) {
      message = 'required';
    } else if (issue.code === 'invalid_format' && (issue.format === 'guid' || issue.format === 'uuid')) {
      message = 'expected a UUID';
    }
    return path ? `${path}: ${message}` : message;
  });
  const more = error.issues.length - limit;
  return lines.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

/** Checks a request part before it is sent, as the service will read it. */
function validate(schema: z.ZodMiniType, value: unknown): void {
  const result = schema.safeParse(value);
  if (!result.success) throw new UsageError(describeIssues(result.error));
}

/** Query values as the server will read them: true/false, plain numbers, nothing for undefined. */
export function serialiseQuery(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) out[key] = value.map(String).join(',');
    else if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') out[key] = String(value);
    else throw new UsageError(`invalid query parameter ${key}: expected a string, number or boolean`);
  }
  return out;
}

function queryString(values: Record<string, string>): string {
  const pairs = Object.entries(values).map(
    // Commas are legal in a query and keep batch `ids=` readable in --debug traces.
    ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value).replace(/%2C/gi, ',')}`,
  );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

function buildPath(endpoint: Route, params: Record<string, unknown>): string {
  const path = endpoint.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new UsageError(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return `/v1${path}`;
}

function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
  if (body.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    return { ok: false };
  }
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function hintFor(status: number, origin: KeyOrigin | undefined): string | undefined {
  if (status === 401) return origin?.hint ?? AUTH_HINT;
  if (status === 429) return 'the service is limiting requests; try again in a moment';
  return undefined;
}

/** How an answer is named in messages: "GET /v1/rentsurvey/portfolio" (no query: it can be 50 ids long). */
function requestName(method: string, path: string): string {
  return `${method} ${path.split('?')[0]}`;
}

/** Server text in a one-line message: no terminal controls, no line breaks, not endless. */
function serverText(text: string, max = 500): string {
  const clean = sanitize(text).trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

type ErrorAnswer = { error: { code: string; message: string; details?: { path: string; message: string }[] } };

/** Our error shape; undefined when the body is not one. */
async function readErrorBody(raw: unknown): Promise<ErrorAnswer | undefined> {
  const { ErrorBody } = await import('../../api/schemas/errors.js');
  const result = ErrorBody.safeParse(raw);
  return result.success ? result.data : undefined;
}

async function apiErrorFrom(status: number, raw: unknown, json: boolean, request: string, target: string, origin?: KeyOrigin): Promise<ApiError> {
  // A refused key (401) says where it came from: the environment, --profile, the stored profile.
  const ofKey = (text: string) => (status === 401 && origin ? `${text} (the API key of ${origin.from})` : text);
  const ours = json ? await readErrorBody(raw) : undefined;
  if (ours) {
    const { code, message, details = [] } = ours.error;
    // main prints only the message, so fold in the details it does not already say.
    const unsaid = details.filter((d) => !message.includes(d.message));
    const suffix =
      unsaid.length > 0
        ? ` (${unsaid
            .slice(0, 3)
            .map((d) => (d.path ? `${d.path}: ${d.message}` : d.message))
            .join('; ')}${unsaid.length > 3 ? `; and ${unsaid.length - 3} more` : ''})`
        : '';
    const said = serverText(message + suffix);
    // A 5xx names the request and status, so an operator can tell a failing service from a failing network.
    // 4xx messages are written for the user (403 names the missing scope) and stay as they are.
    const text = status >= 500 ? `${request} answered ${statusLine(status)}: ${said}` : said;
    return new ApiError(status, serverText(code, 100), ofKey(text), details, hintFor(status, origin));
  }
  // A proxy's HTML page or another server's JSON: say what happened in one line, never dump the body.
  return new ApiError(
    status,
    `http_${status}`,
    ofKey(`${request} answered ${statusLine(status)} from ${target} (not a rentsurvey error body)`),
    [],
    hintFor(status, origin),
  );
}

/** A short, printable rendering of a value the service sent, for "received …". */
function received(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return serverText(text, 60);
}

/** "community.name: expected string, received null; and 3 more": the fields of an answer that break the contract. */
function describeAnswerIssues(error: z.core.$ZodError, limit = 2): string {
  const lines = error.issues.slice(0, limit).map((issue) => {
    const path = issue.path.length > 0 ? issuePath(issue.path) : '(the whole answer)';
    const input = (issue as { input?: unknown }).input;
    if (issue.code === 'invalid_type')
      return input === undefined ? `${path}: missing` : `${path}: expected ${issue.expected}, received ${received(input)}`;
    return `${path}: ${lowerFirst(issue.message)}, received ${received(input)}`;
  });
  const more = error.issues.length - limit;
  return lines.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

const DEBUG_HINT = 'run again with --debug to see the whole answer';
const TRACE_BODY_MAX = 16_384;

export function createApiClient(transport: Transport, options: ApiClientOptions = {}): ApiClient {
  const userAgent = options.userAgent ?? `rentsurvey/${VERSION}`;

  const client = reportLostWriteAnswers({
    target: transport.target,

    async call<O extends OperationId>(operation: O, input: CallInput<O> = {}): Promise<CallResult<O>> {
      // The operation's schemas load with its first request, not with the CLI (docs/api-decisions.md, "Start-up").
      const endpoint: Endpoint = await loadEndpoint(operation);

      // Validate everything before sending: a bad flag is exit 2 with no request made.
      const params = (input.params ?? {}) as Record<string, unknown>;
      if (endpoint.params) validate(endpoint.params, params);
      else if (Object.keys(params).length > 0) throw new UsageError(`${operation} takes no path parameters`);
      const path = buildPath(endpoint, params);

      const query = serialiseQuery((input.query ?? {}) as Record<string, unknown>);
      // The schema reads the serialised strings, exactly as the server will.
      if (endpoint.query) validate(endpoint.query, query);
      else if (Object.keys(query).length > 0) throw new UsageError(`${operation} takes no query parameters`);

      let body: string | undefined;
      if (endpoint.body) {
        validate(endpoint.body, input.body ?? {});
        body = JSON.stringify(input.body ?? {});
      } else if (input.body !== undefined) throw new UsageError(`${operation} takes no request body`);

      const headers: Record<string, string> = { accept: 'application/json', 'user-agent': userAgent };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (options.apiKey) {
        // A key with a newline or control character cannot go into a header: say so, not "network error".
        if (!/^[\x21-\x7e]+$/.test(options.apiKey))
          throw new UsageError(
            'the API key contains spaces or control characters that cannot be sent in a header',
            'check for a stray newline or a paste error in RENTSURVEY_API_KEY or the stored profile',
          );
        headers.authorization = `Bearer ${options.apiKey}`;
      }

      const fullPath = path + queryString(query);
      const response = await transport.request({
        method: endpoint.method,
        path: fullPath,
        headers,
        ...(body !== undefined ? { body } : {}),
      });

      const handedOver = response.answer !== undefined;
      if (options.trace) {
        const text = handedOver ? JSON.stringify(response.answer) : response.body;
        options.trace(
          text.length > TRACE_BODY_MAX
            ? `< body (${text.length} characters, first ${TRACE_BODY_MAX}): ${text.slice(0, TRACE_BODY_MAX)}`
            : `< body: ${text}`,
        );
      }

      const request = requestName(endpoint.method, fullPath);
      const json = handedOver ? { ok: true as const, value: response.answer } : parseJson(response.body);
      const raw = json.ok ? json.value : undefined;
      if (response.status < 200 || response.status > 299)
        throw await apiErrorFrom(response.status, raw, json.ok, request, transport.target, options.keyOrigin);

      if (!json.ok) {
        const type = header(response.headers, 'content-type');
        const what = response.body.trim() === '' ? 'an empty body' : `a body that is not JSON${type ? ` (${serverText(type, 80)})` : ''}`;
        throw new CliError(
          `${request} answered ${statusLine(response.status)} from ${transport.target} with ${what}`,
          ExitCode.failure,
          `check that ${transport.target} is the service's base URL (its API under /v1); ${DEBUG_HINT}`,
        );
      }
      // Read as the spec allows any service to answer: extensions optional, unknown fields kept. An answer
      // handed over in process is our own service's: read by the strict contract it was built to, which
      // checks it and costs no tolerant reading (docs/api-decisions.md, "Where answers are checked").
      const reading = await readerOf(handedOver ? endpoint.response : (await import('../../api/reading.js')).clientSchema(endpoint.response));
      const result = reading.safeParse(raw, { reportInput: true });
      if (!result.success)
        throw new CliError(
          `${request} (${operation}) answered with a body that breaks the API contract: ${describeAnswerIssues(result.error)}`,
          ExitCode.failure,
          DEBUG_HINT,
        );
      return { data: result.data as ReadOf<O>, raw, status: response.status };
    },
  });
  return {
    ...client,
    inFlight(limit, { shareReads = false } = {}) {
      // Only the request on the wire holds a slot: an answer is read (parsed, checked) while the next request goes out.
      const run = slots(limit);
      const windowed = createApiClient({ ...transport, request: (request) => run(() => transport.request(request)) }, options);
      return shareReads ? sharingReads(windowed) : windowed;
    },
  };
}

/** `client` with each GET asked once (ApiClient.inFlight's shareReads); a failure is shared too. */
function sharingReads(client: ApiClient): ApiClient {
  const answers = new Map<string, Promise<CallResult<OperationId>>>();
  return {
    ...client,
    call<O extends OperationId>(operation: O, input: CallInput<O> = {}): Promise<CallResult<O>> {
      if (routes[operation].method !== 'GET') return client.call(operation, input);
      const key = JSON.stringify([operation, input.params ?? {}, input.query ?? {}]);
      let answer = answers.get(key);
      if (!answer) answers.set(key, (answer = client.call(operation, input)));
      return answer as Promise<CallResult<O>>;
    },
  };
}
