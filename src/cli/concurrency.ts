/**
 * Bounded fan-out over the API: many requests, at most a few in flight, and
 * (fanOut, describeFailures) an exact account of the items that failed.
 */
import type { Progress } from '../output/progress.js';
import type { CommandContext } from './context.js';
import { ApiError, CliError, ExitCode } from './errors.js';
import { formatCount } from '../domain/format.js';

/** Runs `work` over `items` with at most `limit` calls in flight (bounded fan-out over the API). */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/**
 * A window of `limit` slots: each task given to the function it returns starts when a slot is
 * free, in the order the tasks came, and frees its slot when it settles. The API client's
 * requests go through one (ApiClient.inFlight), so that a command reading many communities
 * keeps its --concurrency of requests on the wire, whatever each community's requests wait on.
 */
export function slots(limit: number): <R>(task: () => Promise<R>) => Promise<R> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < limit) running += 1;
    // A slot is handed on by the task that frees it: `running` stays counted.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** `work` over `items`, at most `limit` in flight, results in the order of `items`. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  const indexed = items.map((item, index) => ({ item, index }));
  await eachLimited(indexed, limit, async ({ item, index }) => {
    results[index] = await work(item);
  });
  return results;
}

/**
 * `work` over `items`, at most `limit` in flight, yielded in the order of
 * `items` as each is ready: a sliding window, so at most `limit` results are
 * held at once however many items there are (`pricing export` streams with it).
 * `work` should not throw: a rejection ends the iteration with that error.
 */
export async function* mapOrdered<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): AsyncGenerator<R> {
  const window: Promise<R>[] = [];
  let next = 0;
  const launch = () => {
    const promise = work(items[next++] as T);
    // Left unawaited if the consumer stops early: not an unhandled rejection.
    promise.catch(() => undefined);
    window.push(promise);
  };
  while (next < items.length && window.length < limit) launch();
  while (window.length > 0) {
    const result = await (window.shift() as Promise<R>);
    if (next < items.length) launch();
    yield result;
  }
}

/**
 * What became of one item of a fan-out: its value; its failure; or, once a
 * failure stopped the fan-out, not tried (`skipped` holds that failure).
 */
export type Outcome<T, R> = { item: T; value: R } | { item: T; error: Error } | { item: T; skipped: Error };
export type Failed<T> = Exclude<Outcome<T, never>, { value: unknown }>;

/**
 * Whether a failure stops a fan-out, the one rule of every fan-out over the service. A
 * service that answered (a 404, a 500 for one community) may still answer for the others:
 * they are tried. One that stopped answering (refused, timed out, an answer that could not
 * be read), or that refused the key (401, 403), would fail them all alike: the items not
 * started yet are not tried.
 */
export function stopsAll(error: Error): boolean {
  return !(error instanceof ApiError) || error.status === 401 || error.status === 403;
}

/**
 * `work` over `items`, at most `limit` in flight, each item's outcome yielded
 * in the order of `items` as soon as it is known (mapOrdered's window: a long
 * fan-out holds at most `limit` outcomes); after a failure that stopsAll, the
 * items not started yet are `skipped`. Never throws for an item.
 */
export async function* fanOut<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): AsyncGenerator<Outcome<T, R>> {
  let stoppedBy: Error | undefined;
  const attempt = async (item: T): Promise<Outcome<T, R>> => {
    if (stoppedBy) return { item, skipped: stoppedBy };
    try {
      return { item, value: await work(item) };
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      if (stopsAll(error)) stoppedBy ??= error;
      return { item, error };
    }
  };
  yield* mapOrdered(items, limit, attempt);
}

/** fanOut, collected: every item's outcome, in the order of `items`; `progress` counts them done and failed. */
export async function fanOutAll<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>, progress?: Pick<Progress, 'update'>) {
  const outcomes: Outcome<T, R>[] = [];
  let failed = 0;
  for await (const outcome of fanOut(items, limit, work)) {
    outcomes.push(outcome);
    if (isFailed(outcome)) failed += 1;
    progress?.update(outcomes.length, failed);
  }
  return outcomes;
}

export const isFailed = <T, R>(outcome: Outcome<T, R>): outcome is Failed<T> => !('value' in outcome);

/**
 * The failure of a command whose fan-out over communities missed some: describeFailures on
 * stderr (by name, ids with --debug), then the error to throw, saying what became of the
 * run (`outcome`: "no report written") with the status the failures share, their hints and `hint`.
 */
export function fanOutFailure<T extends { id: string; name?: string | undefined }>(
  ctx: Pick<CommandContext, 'log' | 'globals'>,
  failed: readonly Failed<T>[],
  options: { total: number; what: string; outcome: string; hint?: string },
): CliError {
  const { debug } = ctx.globals;
  const report = describeFailures(failed, { total: options.total, what: options.what, name: (item) => item.name ?? item.id, id: (item) => item.id, showIds: debug });
  ctx.log.error(report.message);
  const ids = debug ? undefined : '--debug adds their ids';
  const last = options.hint && ids ? `${options.hint} (${ids})` : (options.hint ?? ids);
  return new CliError(options.outcome, report.exitCode, [...report.hints, ...(last ? [last] : [])].join('; ') || undefined);
}

/**
 * The failed items of a fan-out, for the user: the exact count of `total`,
 * each item by name (with its id when asked: --debug), grouped by reason —
 *
 *   3 of 214 communities could not be exported:
 *     could not reach http://… (connection refused) after 4 attempts: Maple Court, Oak Flats
 *     community … not found: Pine Ridge
 *     not tried after the failures above: Elm Court
 *
 * — and the exit code they share (1 when they differ), with their hints once each.
 */
export function describeFailures<T>(
  failed: readonly Failed<T>[],
  options: { total: number; what: string; name: (item: T) => string; id?: (item: T) => string; showIds?: boolean },
): { message: string; exitCode: ExitCode; hints: string[] } {
  const label = (item: T) => {
    const id = options.showIds ? options.id?.(item) : undefined;
    return id && id !== options.name(item) ? `${options.name(item)} [${id}]` : options.name(item);
  };
  const groups = new Map<string, string[]>();
  for (const outcome of failed) {
    const reason = 'error' in outcome ? outcome.error.message : 'not tried after the failures above';
    groups.set(reason, [...(groups.get(reason) ?? []), label(outcome.item)]);
  }
  const lines = [...groups].map(([reason, names]) => `  ${reason}: ${names.join(', ')}`);
  const errors = failed.flatMap((outcome) => ('error' in outcome ? [outcome.error] : []));
  const codes = new Set(errors.map((error) => (error instanceof CliError ? error.exitCode : ExitCode.failure)));
  return {
    message: [`${formatCount(failed.length)} of ${formatCount(options.total)} ${options.what}:`, ...lines].join('\n'),
    exitCode: codes.size === 1 ? ([...codes][0] as ExitCode) : ExitCode.failure,
    hints: [...new Set(errors.flatMap((error) => (error instanceof CliError && error.hint ? [error.hint] : [])))],
  };
}
