import { resolveConnection, maskKey } from '../../config.js';
import { text } from '../../columns.js';
import type { Handler } from '../../command.js';
import { CliError, ExitCode } from '../../errors.js';
import { printRecord } from '../../print.js';
import type { status as statusCommand } from './index.js';
import { verifyCredentials } from './verify.js';

/** What `auth status` prints (--json: this object). */
export interface Status {
  profile: string;
  base_url: string | null;
  base_url_source: string;
  api_key: string | null;
  api_key_source: string;
  config_file: string;
  works: boolean | null;
  detail: string;
}

export const run: Handler<typeof statusCommand> = async (ctx) => {
  const config = await ctx.config();
  const connection = resolveConnection({ flags: { profile: ctx.globals.profile }, env: ctx.env, store: config });
  let works: boolean | null = null;
  let detail = 'not logged in';
  let failure: CliError = new CliError(detail, ExitCode.auth, 'run `rentsurvey login`');
  if (connection.baseUrl && connection.apiKey) {
    const verdict = await verifyCredentials(ctx, connection.baseUrl, connection.apiKey);
    works = verdict.ok;
    detail = verdict.ok ? (verdict.note ?? 'the service accepted the key') : verdict.error.message;
    if (!verdict.ok) failure = verdict.error;
  }
  const status: Status = {
    profile: connection.profile,
    base_url: connection.baseUrl ?? null,
    base_url_source: connection.sources.baseUrl,
    api_key: connection.apiKey ? maskKey(connection.apiKey) : null,
    api_key_source: connection.sources.apiKey,
    config_file: config.path,
    works,
    detail,
  };
  await printRecord<Status>(ctx, {
    record: status,
    json: status,
    columns: [
      text('profile', (s) => s.profile),
      text('base_url', (s) => (s.base_url ? `${s.base_url} (from ${s.base_url_source})` : null), 'Base URL'),
      text('api_key', (s) => (s.api_key ? `${s.api_key} (from ${s.api_key_source})` : null), 'API key'),
      text('config_file', (s) => s.config_file, 'Stored in'),
      {
        key: 'works',
        value: (s) => s.works,
        display: (s, style) => (s.works === null ? '—' : s.works ? style.positive('yes') : style.negative('no')),
      },
      text('detail', (s) => s.detail),
    ],
  });
  if (works !== true) throw failure;
};
