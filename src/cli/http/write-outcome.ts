/**
 * A POST or PATCH whose answer was lost (connection dropped after sending, a
 * truncated or non-JSON body, a proxy's 5xx page, our own 500) may have been
 * applied. Saying only "failed" invites a blind repeat — a duplicate
 * comparable or community — so the error says so, names the command that
 * shows whether it was, and exits 1.
 */
import { routes, type OperationId } from '../../api/routes.js';
import { shellWord } from '../../shell-word.js';
import { ApiError, CliError, ExitCode, UsageError } from '../errors.js';
import type { ApiClient, CallInput } from './client.js';
import { NetworkError } from './transport.js';

type WriteOperationId = { [O in OperationId]: (typeof routes)[O]['method'] extends 'GET' ? never : O }[OperationId];

/** For each write, what shows whether it was applied (or why repeating it is safe). */
const READ_BACK: { [O in WriteOperationId]: (input: CallInput<O>) => string } = {
  createCommunity: ({ body }) =>
    `check with \`rentsurvey communities list --search ${shellWord(body?.external_community_id ?? body?.name ?? '')}\` before retrying`,
  updateCommunity: ({ params }) => `check with \`rentsurvey communities show ${params?.id ?? '<id>'}\` before retrying`,
  addComp: ({ params }) =>
    `check with \`rentsurvey comps list ${params?.id ?? '<id>'} --include-inactive\` before retrying`,
  updateComp: ({ params }) =>
    `check with \`rentsurvey comps list ${params?.id ?? '<id>'} --include-inactive\` before retrying`,
  // No operation reads invitations back; a second invite is refused (409) while the first is pending.
  inviteUser: ({ body }) =>
    `inviting ${body?.email ?? 'the same address'} again is safe: it answers "already has a pending invitation" (exit 5) if it was`,
  updateUser: ({ params }) => `check with \`rentsurvey users show ${params?.id ?? '<id>'}\` before retrying`,
};

/** True unless the error shows the request was refused, or never sent. */
function mayHaveBeenApplied(error: unknown): boolean {
  if (error instanceof UsageError) return false;
  if (error instanceof NetworkError) return error.requestMayHaveArrived;
  if (error instanceof ApiError)
    // A refusal (4xx) is definite; so is one of our own error bodies, except a 500 (it may come after a commit).
    return error.status >= 500 && (error.code.startsWith('http_') || error.code === 'internal_error');
  return error instanceof CliError;
}

/** The client, with lost answers to writes reported as possibly applied. */
export function reportLostWriteAnswers(client: Pick<ApiClient, 'target' | 'call'>): Pick<ApiClient, 'target' | 'call'> {
  return {
    target: client.target,
    async call(operation, input = {}) {
      try {
        return await client.call(operation, input);
      } catch (error) {
        if (routes[operation].method === 'GET' || !mayHaveBeenApplied(error)) throw error;
        const readBack = READ_BACK[operation as WriteOperationId] as (input: unknown) => string;
        const lost = new CliError(
          `${(error as Error).message}; the request may have been applied`,
          ExitCode.failure,
          readBack(input),
        );
        lost.cause = error;
        throw lost;
      }
    },
  };
}
