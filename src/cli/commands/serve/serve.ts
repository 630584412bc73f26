import type { Handler } from '../../command.js';

export const run: Handler = async (ctx, opts) => {
  const { serve } = await import('../../../server/serve.js');
  process.exitCode = await serve(
    {
      dataDir: ctx.globals.dataDir,
      host: opts.host as string,
      port: opts.port as number,
      seed: opts.empty ? 'empty' : 'demo',
      smtpUrl: (opts.smtpUrl as string | undefined) ?? (ctx.env.RENTSURVEY_SMTP_URL || undefined),
      appUrl: opts.appUrl as string,
      logger: opts.log === true,
      // For measuring the work behind each answer (bench/): RENTSURVEY_RESPONSE_CACHE=off.
      responseCache: ctx.env.RENTSURVEY_RESPONSE_CACHE !== 'off',
      notice: (message) => ctx.log.info(message),
    },
    // "Listening on" is what scripts wait for: printed even with --quiet.
    { notice: (line) => ctx.io.stderr.write(`${line}\n`) },
  );
};
