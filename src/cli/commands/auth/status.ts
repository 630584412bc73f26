import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../../server/store/database-file.js';
import { resolveConnection, maskKey } from '../../config.js';
import { describeLocalSource } from '../../local-mode.js';
import type { Column } from '../../../output/columns.js';
import { text } from '../../columns.js';
import type { Handler } from '../../command.js';
import { CliError, ExitCode } from '../../errors.js';
import { printRecord } from '../../print.js';
import type { status as statusCommand } from './index.js';
import { verifyCredentials } from './verify.js';

/** What `auth status` prints (--json: this object). */
export interface Status {
  profile: string;
  /** local: commands use the embedded service (--local, RENTSURVEY_LOCAL, a profile saved with login --local). */
  mode: 'local' | 'remote';
  /** Why: "--local", "RENTSURVEY_LOCAL=1", "profile offline, saved with login --local", "the default". */
  mode_source: string;
  /** The local store's folder, in local mode. */
  data_dir: string | null;
  base_url: string | null;
  base_url_source: string;
  api_key: string | null;
  api_key_source: string;
  config_file: string;
  works: boolean | null;
  detail: string;
}

export const columns: Column<Status>[] = [
  text('profile', (s) => s.profile),
  text('mode', (s) => `${s.mode} (${s.mode === 'local' ? 'from ' : ''}${s.mode_source})`),
  { ...text('data_dir', (s) => s.data_dir), label: 'Data directory' },
  { ...text('base_url', (s) => (s.base_url ? `${s.base_url} (from ${s.base_url_source})` : null)), label: 'Base URL' },
  { ...text('api_key', (s) => (s.api_key ? `${s.api_key} (from ${s.api_key_source})` : null)), label: 'API key' },
  { ...text('config_file', (s) => s.config_file), label: 'Stored in' },
  {
    key: 'works',
    value: (s) => s.works,
    display: (s, style) => (s.works === null ? '—' : s.works ? style.positive('yes') : style.negative('no')),
  },
  text('detail', (s) => s.detail),
];

export const run: Handler<typeof statusCommand> = async (ctx) => {
  const config = await ctx.config();
  const connection = resolveConnection({ flags: { profile: ctx.globals.profile }, env: ctx.env, store: config });
  const { local, localMode, dataDir } = ctx.globals;
  let works: boolean | null = null;
  let detail = 'not logged in';
  let failure: CliError = new CliError(detail, ExitCode.auth, 'run `rentsurvey login`');
  if (local) {
    // Nothing to verify: the embedded service runs in this process. Stored credentials are shown, unused.
    works = true;
    const store = join(dataDir, DATABASE_FILE);
    detail = `commands use the embedded service on ${dataDir}${existsSync(store) ? '' : ' (demo data is created on first use)'}`;
  } else if (connection.baseUrl && connection.apiKey) {
    const verdict = await verifyCredentials(ctx, connection.baseUrl, connection.apiKey);
    works = verdict.ok;
    detail = verdict.ok ? (verdict.note ?? 'the service accepted the key') : verdict.error.message;
    if (!verdict.ok) failure = verdict.error;
  }
  const status: Status = {
    profile: connection.profile,
    mode: local ? 'local' : 'remote',
    mode_source: describeLocalSource(localMode, connection.profile, ctx.env),
    data_dir: local ? dataDir : null,
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
    columns,
  });
  if (works !== true) throw failure;
};
