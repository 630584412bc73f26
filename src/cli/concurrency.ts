/** Runs `work` over `items` with at most `limit` calls in flight (bounded fan-out over the API). */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
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
