/**
 * `rentsurvey dashboard`: refused without a terminal (exit 2, naming `overview --all`); else the
 * client is made before the screen is taken (a missing login, or a demo store created on first
 * use, is said on the terminal as any command says it), then the view runs (screen.tsx, with Ink:
 * loaded only here) until it is left.
 */
import type { Basis } from '../../../domain/basis.js';
import { DEFAULT_THRESHOLD } from '../../../domain/positioning.js';
import { concurrencyOf, type Handler } from '../../command.js';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { OVERVIEW_CONCURRENCY } from '../overview/index.js';
import { DASHBOARD_DAYS, type dashboard } from './index.js';
import { periodOf } from '../../period.js';

/** Why there is no terminal to draw on, if there is none. */
function noTerminal(ctx: CommandContext): string | undefined {
  if (!ctx.io.isStdoutTTY) return 'stdout is not a terminal';
  if (!ctx.io.isStdinTTY) return 'stdin is not a terminal';
  if (ctx.globals.noInput) return '--no-input, RENTSURVEY_NO_INPUT or CI is set';
  if (ctx.env.TERM === 'dumb') return 'TERM=dumb';
  return undefined;
}

export const run: Handler<typeof dashboard> = async (ctx, opts) => {
  const why = noTerminal(ctx);
  if (why) throw new UsageError(`rentsurvey dashboard is a full-screen view for a terminal (${why})`, 'without one, `rentsurvey overview --all` prints the portfolio');
  const basis: Basis = opts.basis ?? 'ner';
  const period = periodOf(opts, ctx.today(), DASHBOARD_DAYS);
  const concurrency = concurrencyOf(ctx, opts.concurrency, OVERVIEW_CONCURRENCY);
  // The commands' bounded concurrency: requests in flight at once, whatever each view asks for.
  const api = (await ctx.api()).inFlight(concurrency);
  const { showDashboard } = await import('./screen.js');
  return showDashboard(ctx, {
    ctx,
    api,
    basis,
    threshold: opts.threshold ?? DEFAULT_THRESHOLD,
    window: { start: period.start as string, end: period.end },
    concurrency,
  });
};
