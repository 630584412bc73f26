import { describe, expect, it } from 'vitest';
import { ApiError, CliError, ExitCode, UsageError } from '../errors.js';
import { createApiClient } from './client.js';
import { NetworkError, type Transport, type TransportResponse } from './transport.js';

const SUBJECT = '0d6e8f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a';
const COMP = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

/** A transport that answers every request with `outcome` (or throws it), counting requests. */
function scripted(outcome: TransportResponse | Error) {
  const sent: string[] = [];
  const transport: Transport = {
    target: 'http://service.example',
    async request(request) {
      sent.push(request.method);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
    async close() {},
  };
  return { client: createApiClient(transport, { apiKey: 'rsk_abcdefgh_secret' }), sent };
}

const json = (status: number, body: string): TransportResponse => ({ status, headers: { 'content-type': 'application/json' }, body });
const addComp = { params: { id: SUBJECT }, body: { name: 'Oak Flats', address: '9 Elm St', zipcode: '78702' } };

async function failure(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe('a write whose answer was lost may have been applied', () => {
  const lost: [string, TransportResponse | Error][] = [
    ['a truncated JSON body', json(201, '{"success":true,"comp_')],
    ['HTML with 200', { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>hi</html>' }],
    ['an empty body', json(201, '')],
    ['JSON that breaks the contract', json(201, '{"ok":true}')],
    ['a proxy 504 page', { status: 504, headers: { 'content-type': 'text/html' }, body: '<h1>Gateway Timeout</h1>' }],
    ['our own 500', json(500, JSON.stringify({ error: { code: 'internal_error', message: 'internal error' } }))],
    ['a connection reset after sending', new NetworkError('could not reach http://service.example (connection reset)', true)],
  ];

  it.each(lost)('%s: says so, names the read-back command, exit 1', async (_, outcome) => {
    const { client, sent } = scripted(outcome);
    const error = await failure(client.call('addComp', addComp));
    expect(error.message).toMatch(/; the request may have been applied$/);
    expect(error.hint).toBe(`check with \`rentsurvey comps list ${SUBJECT} --include-inactive\` before retrying`);
    expect(error.exitCode).toBe(ExitCode.failure);
    expect(sent).toEqual(['POST']);
  });

  it('each write names its own way to check', async () => {
    const { client } = scripted(json(200, 'not json'));
    const hints = await Promise.all([
      failure(client.call('updateComp', { params: { id: SUBJECT, comp_id: COMP }, body: { is_included_in_surveys: false } })),
      failure(client.call('createCommunity', { body: { name: 'Maple Court', address: '1 Main', zipcode: '78701', external_community_id: 'AC 1' } })),
      failure(client.call('createCommunity', { body: { name: 'Maple', address: '1 Main', zipcode: '78701' } })),
      failure(client.call('updateCommunity', { params: { id: SUBJECT }, body: { name: 'New' } })),
      failure(client.call('updateUser', { params: { id: SUBJECT }, body: { role: 'admin' } })),
      failure(client.call('inviteUser', { body: { email: 'ana@acme.example', name: 'Ana', role: 'member' } })),
    ]).then((errors) => errors.map((e) => e.hint));
    expect(hints).toEqual([
      `check with \`rentsurvey comps list ${SUBJECT} --include-inactive\` before retrying`,
      "check with `rentsurvey communities list --search 'AC 1'` before retrying",
      'check with `rentsurvey communities list --search Maple` before retrying',
      `check with \`rentsurvey communities show ${SUBJECT}\` before retrying`,
      `check with \`rentsurvey users show ${SUBJECT}\` before retrying`,
      'inviting ana@acme.example again is safe: it answers "already has a pending invitation" (exit 5) if it was',
    ]);
  });
});

describe('what is not a lost answer stays as it was', () => {
  it('a GET: the same error, no warning', async () => {
    const { client } = scripted(json(200, '{"communities":'));
    const error = await failure(client.call('getPortfolio'));
    expect(error.message).not.toMatch(/may have been applied/);
    expect(error.message).toMatch(/answered 200 OK from \S+ with a body that is not JSON/);
  });

  it('a refusal (4xx, our 502 mail_failed, a 503 in our shape) is definite', async () => {
    for (const outcome of [
      json(409, JSON.stringify({ error: { code: 'comp_limit_reached', message: 'ten active' } })),
      { status: 429, headers: {}, body: 'slow down' },
      json(502, JSON.stringify({ error: { code: 'mail_failed', message: 'nothing was kept' } })),
      json(503, JSON.stringify({ error: { code: 'unavailable', message: 'try later' } })),
    ]) {
      const error = await failure(scripted(outcome).client.call('addComp', addComp));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.message).not.toMatch(/may have been applied/);
    }
  });

  it('a request that never left: bad input, or a connection refused', async () => {
    const bad = await failure(scripted(json(201, '{}')).client.call('addComp', { ...addComp, body: { ...addComp.body, zipcode: 'x' } }));
    expect(bad).toBeInstanceOf(UsageError);
    const refused = await failure(scripted(new NetworkError('could not reach … (connection refused)', false)).client.call('addComp', addComp));
    expect(refused.message).toBe('could not reach … (connection refused)');
  });
});
