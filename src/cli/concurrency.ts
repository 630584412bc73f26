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
