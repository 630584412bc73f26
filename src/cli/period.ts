/**
 * --days, --start, --end: one period, the same three flags with the same meaning wherever
 * a command reads one (pricing history and export, vacancy trend, report, sync): --start and
 * --end are days (YYYY-MM-DD, both included); --days n the n days ending --end; --end
 * defaults to today, the user's local date (ctx.today()). Checked before anything is sent,
 * and said in the flags' terms ("--start 2027-01-01 is after --end 2026-11-28"), never in
 * the API's. The options are made here for the definitions (loaded on every run: nothing
 * heavy); periodOf is what the handlers call.
 */
import { Option } from '@commander-js/extra-typings';
import { addDays, isIsoDate } from '../domain/dates.js';
import { parseIntegerOption } from './command.js';
import { UsageError } from './errors.js';

/** `--days <n>`: `defaultDays` when neither it nor --start is given (none: the command's whole span). */
export const daysOption = (defaultDays?: number) =>
  new Option('--days <n>', `the last n days, ending --end (default today)${defaultDays === undefined ? '' : `; default ${defaultDays}`}`)
    .argParser(parseIntegerOption('--days', 1, 3660))
    .conflicts('start');
export const startOption = () => new Option('--start <date>', 'first date, YYYY-MM-DD');
export const endOption = () => new Option('--end <date>', 'last date, YYYY-MM-DD (default today, your local date)');

export interface PeriodFlags {
  days?: number | undefined;
  start?: string | undefined;
  end?: string | undefined;
}

export interface Period {
  /** Undefined when nothing bounds the start (no --start, --days nor default days). */
  start: string | undefined;
  end: string;
}

function date(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (!isIsoDate(trimmed)) throw new UsageError(`${flag}: ${JSON.stringify(value)} is not a date (YYYY-MM-DD)`);
  return trimmed;
}

/**
 * The period the flags say, with `today` (the user's local date) as the end unless --end is
 * given, and `defaultDays` before it unless --start or --days says. A start after the end is
 * refused naming both flags (or today, when the end is today by default).
 */
export function periodOf(flags: PeriodFlags, today: string, defaultDays?: number): Period {
  const start = date('--start', flags.start);
  const given = date('--end', flags.end);
  const end = given ?? today;
  const days = flags.days ?? (start === undefined ? defaultDays : undefined);
  const from = start ?? (days === undefined ? undefined : addDays(end, -(days - 1)));
  if (from !== undefined && from > end)
    throw new UsageError(
      given === undefined ? `--start ${from} is after today (${end}), where the period ends without --end` : `--start ${from} is after --end ${end}`,
      given === undefined ? 'give a start on or before today, or an --end after it' : undefined,
    );
  return { start: from, end };
}
