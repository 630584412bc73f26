import { serve } from '../../../server/serve.js';
import type { Handler } from '../../command.js';
import type { ExitCode } from '../../errors.js';
import { smtpUrlFlag } from '../../url-flag.js';
import type { serve as serveCommand } from './index.js';

/** Runs until a signal; resolves to 0 after SIGTERM, 130 after Ctrl-C. */
export const run: Handler<typeof serveCommand> = async (ctx, opts) => {
  // Checked before the service starts: a bad URL would otherwise surface only at the first invitation, as a 502.
  const smtpUrl = smtpUrlFlag(opts.smtpUrl, ctx.env);
  const status = await serve(
    {
      dataDir: ctx.globals.dataDir,
      host: opts.host,
      port: opts.port,
      seed: opts.empty ? 'empty' : 'demo',
      smtpUrl: smtpUrl?.href,
      appUrl: opts.appUrl,
      // One JSON line per request on stderr (stdout stays free for a pipe), as is, even with --quiet.
      log: opts.log === true ? (line) => ctx.log.notice(line) : undefined,
      // For measuring the work behind each answer (bench/): RENTSURVEY_RESPONSE_CACHE=off.
      responseCache: ctx.env.RENTSURVEY_RESPONSE_CACHE !== 'off',
      notice: (message) => ctx.log.info(message),
    },
    // "Listening on" is what scripts wait for: printed even with --quiet.
    { notice: (line) => ctx.log.notice(line) },
  );
  return status as ExitCode;
};
