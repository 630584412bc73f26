/**
 * node:crypto, loaded when first needed: most --local commands only read, and
 * loading it costs about 3 ms of their start-up (docs/api-decisions.md, "Start-up").
 */
export const crypto = () => process.getBuiltinModule('node:crypto');

/** Random words drawn a few thousand at a time: one draw costs ≈ 10 µs whatever its size (an import makes an id per survey). */
const pool = { words: new Uint32Array(3 * 1024), next: 3 * 1024 };

/** The next three random 32-bit words, as a view of the pool (read before the next call). */
function randomWords(): Uint32Array {
  if (pool.next === pool.words.length) {
    crypto().randomFillSync(pool.words);
    pool.next = 0;
  }
  pool.next += 3;
  return pool.words.subarray(pool.next - 3, pool.next);
}

/** Where the last time-ordered id stood: its millisecond and counter. */
const lastOrdered = { ms: 0, counter: 0 };
const COUNTER_BITS = 30;

/**
 * An RFC 9562 version 7 UUID: the Unix time in milliseconds first, then a counter (12 bits
 * of rand_a and 18 of rand_b, starting from a random point each millisecond), then 44
 * random bits. Ids made one after another in this process sort in that order, so rows
 * keyed by them are written at the end of an index instead of anywhere in it.
 */
export function timeOrderedUuid(): string {
  const random = randomWords();
  const now = Date.now();
  if (now > lastOrdered.ms) Object.assign(lastOrdered, { ms: now, counter: random[0]! >>> 3 });
  else if (++lastOrdered.counter >= 2 ** COUNTER_BITS) Object.assign(lastOrdered, { ms: lastOrdered.ms + 1, counter: random[0]! >>> 3 });
  const { ms, counter } = lastOrdered;
  const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');
  const time = hex(ms, 12);
  const high = counter >>> 18;
  const low = counter & 0x3ffff;
  // Variant 10, then the counter's low 18 bits, then 44 random bits (12 + 32).
  const variant = 0x80000000 | (low << 12) | (random[1]! >>> 20);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(high, 3)}-${hex(variant >>> 16, 4)}-${hex(variant & 0xffff, 4)}${hex(random[2]!, 8)}`;
}
