/**
 * Readers of the positioning flags (`overview --all`), used by the definition:
 * a wrong value is refused while the flags are read (exit 2), naming the allowed ones.
 */
import { bandNamed, BANDS, type Band } from '../../../domain/bands.js';
import { SIGNALS, type Signal } from '../../../domain/positioning.js';
import { parseFraction, splitList } from '../../command.js';
import { UsageError } from '../../errors.js';

/** What may be typed for each signal: the row's own values, and spellings without spaces. */
const SIGNAL_WORDS: Record<string, Signal> = { ...Object.fromEntries(SIGNALS.map((signal) => [signal, signal])), 'no-data': 'no data' };

/** The values shown in --help and TAB: shell-safe (no space). */
export const BAND_CHOICES: readonly string[] = BANDS;
export const SIGNAL_CHOICES: readonly string[] = SIGNALS.map((signal) => signal.replace(' ', '-'));

function oneOf<T>(flag: string, find: (word: string) => T | undefined, shown: readonly string[]) {
  return (value: string): T[] => {
    const wanted = splitList(value);
    if (wanted.length === 0) throw new UsageError(`${flag} needs a value: ${shown.join(', ')}`);
    return [
      ...new Set(
        wanted.map((word) => {
          const found = find(word);
          if (found === undefined) throw new UsageError(`${flag}: "${word}" is not one of ${shown.join(', ')} (several: comma-separated)`);
          return found;
        }),
      ),
    ];
  };
}

export const parseBands = oneOf<Band>('--band', bandNamed, BAND_CHOICES);
export const parseSignals = oneOf<Signal>(
  '--signal',
  (word) => (Object.hasOwn(SIGNAL_WORDS, word.toLowerCase()) ? SIGNAL_WORDS[word.toLowerCase()] : undefined),
  SIGNAL_CHOICES,
);

/** --threshold: a fraction (0.03) or a percent (3%), at least 0 and below 1. */
export const parseThreshold = (value: string): number => parseFraction('--threshold', value, { min: 0, max: 1, meaning: '0.03 = 3%' });
