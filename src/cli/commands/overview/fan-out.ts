import { mapLimited } from '../../concurrency.js';

/** One item's result, or why it has none. */
export type Outcome<T, R> = { item: T; value: R } | { item: T; error: Error };

/**
 * `work` over `items`, at most `concurrency` at once; every item's outcome, in the
 * order of `items`: one item failing does not stop the others. `settled` hears of
 * each as it ends (a progress line).
 */
export function fanOut<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
  settled: (outcome: Outcome<T, R>) => void = () => {},
): Promise<Outcome<T, R>[]> {
  return mapLimited(items, concurrency, async (item): Promise<Outcome<T, R>> => {
    let outcome: Outcome<T, R>;
    try {
      outcome = { item, value: await work(item) };
    } catch (error) {
      outcome = { item, error: error instanceof Error ? error : new Error(String(error)) };
    }
    settled(outcome);
    return outcome;
  });
}
