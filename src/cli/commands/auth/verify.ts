import type { CommandContext } from '../../context.js';
import { ApiError, CliError } from '../../errors.js';

export type Verdict = { ok: true; note?: string } | { ok: false; error: CliError };

/**
 * Checks a base URL and key with a cheap authenticated read. A 403 still
 * proves the key: it is valid, only without the rentsurvey:read scope.
 */
export async function verifyCredentials(ctx: CommandContext, baseUrl: string, apiKey: string): Promise<Verdict> {
  const [{ createRemoteTransport }, { createApiClient }] = await Promise.all([
    import('../../http/remote.js'),
    import('../../http/client.js'),
  ]);
  const transport = createRemoteTransport({
    baseUrl,
    retries: 1,
    connectTimeoutMs: ctx.globals.connectTimeoutMs,
    requestTimeoutMs: ctx.globals.requestTimeoutMs,
    trace: ctx.globals.debug ? (line) => ctx.log.debug(line) : undefined,
  });
  try {
    await createApiClient(transport, { apiKey }).call('getPortfolio', { query: { include_comp_count: false } });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { ok: true, note: error.message };
    if (error instanceof CliError) return { ok: false, error };
    throw error;
  } finally {
    await transport.close();
  }
}
