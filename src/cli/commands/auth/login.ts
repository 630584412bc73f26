import { text as readText } from 'node:stream/consumers';
import type { Handler } from '../../command.js';
import type { ConfigStore } from '../../config.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import type { CommandContext } from '../../context.js';
import { canPrompt, promptStreams, whyNoPrompt } from '../../prompt.js';
import type { login } from './index.js';
import { verifyCredentials } from './verify.js';

export const run: Handler<typeof login> = async (ctx, opts) => {
  // `login --local`: the global flag, typed with login, saves the profile as local.
  if (ctx.globals.local && ctx.globals.localMode.source === 'flag') return saveLocalProfile(ctx, opts);
  const profile = ctx.globals.profile ?? 'default';
  const interactive = canPrompt(ctx);
  const config = await configToRepair(ctx);
  const existing = config.getProfile(profile);

  let baseUrl = opts.baseUrl ?? (ctx.env.RENTSURVEY_BASE_URL || undefined);
  let apiKey: string | undefined;
  if (opts.withToken) {
    if (ctx.io.isStdinTTY) throw new UsageError('--with-token reads the key from standard input; pipe it in', 'echo "$KEY" | rentsurvey login --with-token --base-url <url>');
    apiKey = (await readText(ctx.io.stdin)).trim();
    if (!apiKey) throw new UsageError('no API key on standard input');
  }

  if (!baseUrl || !apiKey) {
    if (!interactive)
      throw new UsageError(
        `no ${!baseUrl ? 'base URL' : 'API key'} given and nothing can be asked (${whyNoPrompt(ctx)})`,
        !baseUrl ? 'pass --base-url <url>' : 'pipe the key in with --with-token',
      );
    const { input, password } = await import('@inquirer/prompts');
    baseUrl ??= await input(
      {
        message: 'Base URL of the rentsurvey service',
        default: existing?.base_url,
        validate: (value) => (/^https?:\/\/\S+$/.test(value.trim()) ? true : 'enter an http:// or https:// URL'),
      },
      promptStreams(ctx),
    );
    apiKey ??= await password(
      { message: 'API key', mask: '*', validate: (value) => (value.trim() ? true : 'the key is required') },
      promptStreams(ctx),
    );
  }
  baseUrl = baseUrl.trim().replace(/\/+$/, '');
  apiKey = apiKey.trim();
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new UsageError(`not an http(s) URL: ${baseUrl}`);

  if (opts.verify !== false) {
    const verdict = await verifyCredentials(ctx, baseUrl, apiKey);
    if (!verdict.ok) {
      const { error } = verdict;
      const hint = error.exitCode === ExitCode.auth ? 'check the key (or issue a new one) and run login again' : error.hint;
      throw new CliError(`login failed, nothing saved: ${error.message}`, error.exitCode, hint);
    }
    if (verdict.note) ctx.log.warn(`the key works but ${verdict.note}`);
  }
  sayRepair(ctx, config);
  await config.setProfile(profile, { base_url: baseUrl, api_key: apiKey });
  ctx.log.success(`Logged in to ${baseUrl} (profile ${profile}); credentials saved in ${config.path}`);
};

/** config.json as login sees it: one that is not JSON or has a wrong shape is what login repairs, not an error. */
async function configToRepair(ctx: CommandContext): Promise<ConfigStore> {
  const [{ openConfigStore }, { defaultConfigDir }] = await Promise.all([import('../../config.js'), import('../../globals.js')]);
  return openConfigStore({ configDir: defaultConfigDir(ctx.env), repair: true });
}

/** Before a repairing write: what is wrong, what is kept, where the old file goes. */
function sayRepair(ctx: CommandContext, config: ConfigStore) {
  if (!config.problem) return;
  const kept = config.listProfiles().map((p) => p.name);
  ctx.log.warn(
    `${config.path} ${config.problem}: rewriting it with ${kept.length > 0 ? `the profiles that can be read (${kept.join(', ')})` : 'no other profile (none can be read)'}; ` +
      `the old file is kept as ${config.path}.broken`,
  );
}

/** `login --local`: the profile's commands use the embedded service (on --data-dir when given), no key needed. */
async function saveLocalProfile(ctx: CommandContext, opts: Parameters<Handler<typeof login>>[1]) {
  if (opts.baseUrl !== undefined || opts.withToken)
    throw new UsageError('--local saves a profile for the embedded service; it takes no --base-url or --with-token');
  const profile = ctx.globals.profile ?? 'default';
  const config = await configToRepair(ctx);
  const { resolve } = await import('node:path');
  // Only a directory given on the command line is kept: RENTSURVEY_DATA_DIR stays the environment's to decide.
  const dataDir = ctx.globals.dataDirSource === 'flag' ? resolve(ctx.globals.dataDir) : undefined;
  sayRepair(ctx, config);
  await config.setProfile(profile, { local: true, ...(dataDir ? { data_dir: dataDir } : {}) });
  ctx.log.success(
    `Profile ${profile} is local: its commands use the embedded service on ${dataDir ?? 'the default data directory'} ` +
      `(--no-local reaches a remote service); saved in ${config.path}`,
  );
}

