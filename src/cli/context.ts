import type { IOStreams } from '../output/io.js';
import type { Logger } from '../output/messages.js';
import type { ConfigStore } from './config.js';
import { localDate } from '../domain/dates.js';
import { CliError, ExitCode } from './errors.js';
import { defaultConfigDir, type GlobalOptions } from './globals.js';
import type { ApiClient } from './http/client.js';

/**
 * What every command receives instead of reaching for globals: streams,
 * resolved global flags, and lazily built config and API client (so commands
 * that need neither start fast, and tests can hand in their own).
 */
export interface CommandContext {
  io: IOStreams;
  log: Logger;
  globals: GlobalOptions;
  env: NodeJS.ProcessEnv;
  now: () => Date;
  /** Today where the user is (TZ, else the system's time zone), YYYY-MM-DD: every default or bound that says "today". */
  today: () => string;
  /** Headers of the columns this run's terminal tables left out, said once at the end. */
  omittedColumns: Set<string>;
  config(): Promise<ConfigStore>;
  api(): Promise<ApiClient>;
  /**
   * Has `release` run when the command ends, however it ends (close): what the run holds until then,
   * like a --since-last claim, or work left to finish before it ends (a file being written: awaited).
   */
  defer(release: () => void | Promise<void>): void;
  /** Ends the command: runs what was deferred (last first), then releases the API client's connections or the local store. */
  close(): Promise<void>;
}

export function createContext(options: {
  io: IOStreams;
  log: Logger;
  globals: GlobalOptions;
  env: NodeJS.ProcessEnv;
  now?: () => Date;
}): CommandContext {
  const { io, log, globals, env } = options;
  let config: Promise<ConfigStore> | undefined;
  let api: Promise<{ client: ApiClient; close: () => Promise<void> }> | undefined;
  const deferred: (() => void | Promise<void>)[] = [];
  const trace = globals.debug ? (line: string) => log.debug(line) : undefined;

  const context: CommandContext = {
    io,
    log,
    globals,
    env,
    now: options.now ?? (() => new Date()),
    today: () => localDate(context.now(), env.TZ),
    omittedColumns: new Set(),
    config() {
      config ??= import('./config.js').then(({ openConfigStore }) =>
        openConfigStore({ configDir: defaultConfigDir(env) }),
      );
      return config;
    },
    async api() {
      api ??= (async () => {
        const { createApiClient } = await import('./http/client.js');
        if (globals.local) {
          const { createInProcessTransport } = await import('./http/in-process.js');
          const { transport, apiKey } = await createInProcessTransport({
            dataDir: globals.dataDir,
            notice: (message) => log.info(message),
            trace,
            clock: context.now,
          });
          return { client: createApiClient(transport, { apiKey, trace }), close: () => transport.close() };
        }
        const { keyOrigin, resolveConnection } = await import('./config.js');
        // globals.profile is --profile, else RENTSURVEY_PROFILE: the flag only when it is not the variable's (for keyOrigin's words).
        const typed = globals.profile !== undefined && globals.profile !== (env.RENTSURVEY_PROFILE || undefined) ? globals.profile : undefined;
        const connection = resolveConnection({ flags: { profile: typed }, env, store: await context.config() });
        if (!connection.baseUrl || !connection.apiKey)
          throw new CliError(
            `not logged in${connection.profile === 'default' ? '' : ` (profile ${connection.profile})`}: no ${!connection.baseUrl ? 'base URL' : 'API key'} configured`,
            ExitCode.auth,
            'run `rentsurvey login`, set RENTSURVEY_BASE_URL and RENTSURVEY_API_KEY, or add --local to use the embedded service with demo data',
          );
        const { createRemoteTransport } = await import('./http/remote.js');
        const transport = createRemoteTransport({
          baseUrl: connection.baseUrl,
          connectTimeoutMs: globals.connectTimeoutMs,
          requestTimeoutMs: globals.requestTimeoutMs,
          trace,
        });
        return {
          client: createApiClient(transport, { apiKey: connection.apiKey, keyOrigin: keyOrigin(connection), trace }),
          close: () => transport.close(),
        };
      })();
      return (await api).client;
    },
    defer(release) {
      deferred.push(release);
    },
    async close() {
      try {
        for (const release of deferred.splice(0).reverse()) await release();
      } finally {
        if (api) await (await api.catch(() => undefined))?.close();
      }
    },
  };
  return context;
}
