/**
 * A cap on V8's young generation for a long export or import, set while it runs.
 *
 * An export allocates steadily, and V8 doubles the young generation whenever
 * enough of it survived, up to 64 MB: that alone is a third of the export's
 * peak RSS (133 MB at 100 subjects, against 108 MB with 16 MB semi-spaces).
 * Node takes --max-semi-space-size only when it starts (re-executing Node with
 * it let a killed export's second process run on: issue 23). V8 reads
 * --semi-space-growth-factor each time it grows the young generation, so a
 * factor of 1, set once the young generation has reached the cap, stops it
 * there: the effect of --max-semi-space-size=cap/2, at run time. A V8 that
 * stopped reading the flag would only use the memory it uses by default.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

const DEFAULT_GROWTH = '--semi-space-growth-factor=2';

export interface YoungGenerationCap {
  /** Call often (once per community): stops the growth at the first size that reached the cap. */
  check(): void;
  /** Lets the young generation grow again as V8 does by default. */
  release(): void;
}

export function capYoungGeneration(megabytes: number): YoungGenerationCap {
  let capped = false;
  return {
    check() {
      if (capped) return;
      const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
      if (young && young.space_size >= megabytes * 2 ** 20) {
        setFlagsFromString('--semi-space-growth-factor=1');
        capped = true;
      }
    },
    release() {
      if (capped) setFlagsFromString(DEFAULT_GROWTH);
      capped = false;
    },
  };
}
