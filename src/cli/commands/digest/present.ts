/** How digest changes read for people: the table's cells and the Markdown summary's sentences. */
import type { ChangeKind, ChangeValue } from '../../../domain/digest.js';
import { formatMoney, formatMoneyExact, formatPercentValue, MISSING } from '../../../domain/format.js';
import { roundPercent1 } from '../../../domain/rounding.js';
import type { Style } from '../../../output/style.js';
import type { DigestChange } from './collect.js';

export const KIND_LABEL: Record<ChangeKind, string> = {
  comp_added: 'comparable added',
  comp_deactivated: 'comparable deactivated',
  vacancy: '14-day vacancy',
  concession_started: 'concession started',
  concession_ended: 'concession ended',
  concession_changed: 'concession changed',
  rent: 'asking rent',
  ner: 'NER',
  units_available: 'units available',
};

/** Changes whose values are cents. */
export const isMoney = (kind: ChangeKind) => kind === 'rent' || kind === 'ner';

/** Whole dollars when the amount is, else dollars and cents (NERs rarely are whole). */
export function dollars(cents: number): string {
  return cents % 100 === 0 ? formatMoney(cents) : formatMoneyExact(cents);
}

/** A before or after value as people read it; `quote` wraps concession texts. */
export function showValue(kind: ChangeKind, value: ChangeValue, quote: (text: string) => string = (t) => `"${t}"`): string {
  if (value === null) return kind.startsWith('concession_') ? 'none' : MISSING;
  if (typeof value === 'string') return kind.startsWith('concession_') ? quote(value) : value;
  if (isMoney(kind)) return dollars(value);
  if (kind === 'vacancy') return formatPercentValue(value);
  return String(value);
}

/** after − before for numbers ("+$25", "-2.5 pts", "+3"); empty for texts. Colored when a style is given. */
export function showMove(change: Pick<DigestChange, 'kind' | 'before' | 'after'>, style?: Style): string {
  if (typeof change.before !== 'number' || typeof change.after !== 'number') return '';
  const delta = change.after - change.before;
  const sign = delta > 0 ? '+' : '';
  let shown: string;
  if (isMoney(change.kind)) shown = delta < 0 ? `-${dollars(-delta)}` : `+${dollars(delta)}`;
  else if (change.kind === 'vacancy') shown = `${sign}${roundPercent1(delta).toFixed(1)} pts`;
  else shown = `${sign}${delta}`;
  if (!style || delta === 0) return shown;
  return delta > 0 ? style.positive(shown) : style.negative(shown);
}

/** The plan a change is about, or what stands for the whole community. */
export function planOf(change: Pick<DigestChange, 'kind' | 'floor_plan_name'>): string {
  if (change.floor_plan_name !== null) return change.floor_plan_name;
  return change.kind.startsWith('concession_') ? 'all plans' : MISSING;
}

/**
 * One change as a sentence: "Birch Commons (comp), B-B2: NER $2,400 → $2,123.08 (-$276.92)".
 * `text` prepares names and concession texts for the output (escaping for Markdown).
 */
export function sentence(change: DigestChange, text: (raw: string) => string = (raw) => raw): string {
  const who = `${text(change.community_name)}${change.role === 'comp' ? ' (comp)' : ''}`;
  const plan = planOf(change);
  const where = plan === MISSING ? who : `${who}, ${text(plan)}`;
  const quote = (raw: string) => `"${text(raw)}"`;
  const value = (v: ChangeValue) => showValue(change.kind, v, quote);
  const label = KIND_LABEL[change.kind];
  switch (change.kind) {
    case 'comp_added':
    case 'comp_deactivated':
      return `${who}: ${label}`;
    case 'concession_started':
      return `${where}: ${label}: ${value(change.after)}${change.before === null ? '' : ` (was ${value(change.before)})`}`;
    case 'concession_ended':
      return `${where}: ${label}: ${value(change.before)}${change.after === null ? '' : ` (now ${value(change.after)})`}`;
    case 'concession_changed':
      return `${where}: ${label}: ${value(change.before)} → ${value(change.after)}`;
    default:
      return `${where}: ${label} ${value(change.before)} → ${value(change.after)} (${showMove(change)})`;
  }
}
