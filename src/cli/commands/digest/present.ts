/**
 * How a digest reads for people, whatever the format: values, moves, a change as
 * a sentence, a plan's move as a line, and the summary's facts. Plain text; each
 * format (markdown.ts, html.ts, slack.ts, table.ts) escapes it its own way.
 */
import { isMoneyChange, type ChangeKind, type ChangeValue } from '../../../domain/digest.js';
import type { Movement, PlanMove } from '../../../domain/digest-moves.js';
import type { PositionAt, SubjectSummary, VacancyAt } from '../../../domain/digest-summary.js';
import {
  formatAmount,
  formatCount,
  formatCri,
  formatPercentValue,
  formatSignedMoney,
  formatSignedPercent,
  formatSignedPoints,
  MISSING,
  moneyFormatFor,
  type MoneyFormat,
} from '../../../domain/format.js';
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

/** One format for the amounts of a change, its before and after: "$2,281.00 → $1,930.08", not "$2,281 → $1,930.08". */
const changeFormat = (change: Pick<DigestChange, 'before' | 'after'>): MoneyFormat =>
  moneyFormatFor([change.before, change.after].filter((v): v is number => typeof v === 'number'));

/**
 * A before or after value as people read it; `quote` wraps concession texts. A rent or NER
 * is in `format`, the one of the amounts it is read with (changeFormat), else its own.
 */
export function showValue(kind: ChangeKind, value: ChangeValue, quote: (text: string) => string = (t) => `"${t}"`, format: MoneyFormat = formatAmount): string {
  if (value === null) return kind.startsWith('concession_') ? 'none' : MISSING;
  if (typeof value === 'string') return kind.startsWith('concession_') ? quote(value) : value;
  if (isMoneyChange(kind)) return format(value);
  if (kind === 'vacancy') return formatPercentValue(value);
  return formatCount(value);
}

/** after − before for numbers ("+$25", "-2.5 pts", "+3"), in the format of its before and after; empty for texts. Colored when a style is given. */
export function showMove(change: Pick<DigestChange, 'kind' | 'before' | 'after'>, style?: Style): string {
  if (typeof change.before !== 'number' || typeof change.after !== 'number') return '';
  const delta = change.after - change.before;
  let shown: string;
  if (isMoneyChange(change.kind)) shown = formatSignedMoney(delta, changeFormat(change));
  else if (change.kind === 'vacancy') shown = formatSignedPoints(delta);
  else shown = `${delta > 0 ? '+' : ''}${formatCount(delta)}`;
  if (!style || delta === 0) return shown;
  return delta > 0 ? style.positive(shown) : style.negative(shown);
}

/** The plan a change is about, or what stands for the whole community. */
export function planOf(change: Pick<DigestChange, 'kind' | 'floor_plan_name'>): string {
  if (change.floor_plan_name !== null) return change.floor_plan_name;
  return change.kind.startsWith('concession_') ? 'all plans' : MISSING;
}

/** "Birch Commons (comp)"; with `ofSubject`, "Birch Commons (comp of Maple Court)" (the portfolio's lists). */
export function communityOf(change: Pick<DigestChange, 'community_name' | 'role' | 'subject_name'>, ofSubject = false): string {
  if (change.role === 'subject') return change.community_name;
  return `${change.community_name} (comp${ofSubject ? ` of ${change.subject_name}` : ''})`;
}

/** One change as a sentence: "Birch Commons (comp), B-B2: NER $2,400.00 → $2,123.08 (-$276.92)". */
export function sentence(change: DigestChange): string {
  const who = communityOf(change);
  const plan = planOf(change);
  const where = plan === MISSING ? who : `${who}, ${plan}`;
  const quote = (raw: string) => `"${raw}"`;
  const format = changeFormat(change);
  const value = (v: ChangeValue) => showValue(change.kind, v, quote, format);
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

// ------------------------------------------------------------------ moves

const span = (m: Movement, format: MoneyFormat) => `${format(m.before)} → ${format(m.after)} (${formatSignedMoney(m.after - m.before, format)})`;

/**
 * A plan's move on one line, asking and NER together:
 * "The Flats at Mopac (comp), A1 $1,625 → $1,601 (-$24), NER the same; units available 2 → 5 (+3)".
 */
export function moveLine(move: PlanMove, ofSubject = false): string {
  const { rent, ner, units } = move;
  // One money format for the line: its asking and NER amounts are read side by side.
  const format = moneyFormatFor([rent, ner].flatMap((m) => (m ? [m.before, m.after] : [])));
  let money = '';
  if (rent && ner) {
    const same = rent.before === ner.before && rent.after === ner.after;
    money = `${span(rent, format)}, NER ${same ? 'the same' : span(ner, format)}`;
  } else if (rent) money = `${span(rent, format)}, NER unchanged`;
  else if (ner) money = `NER ${span(ner, format)}, asking unchanged`;
  const count = units ? `units available ${units.before} → ${units.after} (${showMove({ kind: 'units_available', ...units })})` : '';
  return `${communityOf(move, ofSubject)}, ${move.floor_plan_name} ${[money, count].filter(Boolean).join('; ')}`;
}

// ------------------------------------------------------------------ summary facts

const psi = (at: PositionAt) => formatSignedPercent(at.psi_ner);
const percent = (value: number | null) => formatPercentValue(value);
const fromTo = (from: string, to: string) => (from === to ? from : `${from} → ${to}`);

/** The move of a fraction in percentage points, from its values as shown: 0.0058 → 0.0320 is "+2.6 pts". */
export function points(from: number, to: number): string {
  return formatSignedPoints((to - from) * 100);
}

/** "+0.6% → +3.2%" */
export const psiMove = (s: SubjectSummary) => `${psi(s.position.from)} → ${psi(s.position.to)}`;

/** "market → premium", or the band once when it held. */
const bandMove = (s: SubjectSummary) => fromTo(s.position.from.band ?? MISSING, s.position.to.band ?? MISSING);

/** The roll-up's "market → premium", as `overview --all` names the bands. */
export const bandCell = bandMove;

/** "3.0% → 6.0%": the subject's, or its comparables' average with `comps`. */
export function vacancyMove(s: SubjectSummary, comps = false): string {
  const at = (v: VacancyAt) => percent(comps ? v.comps_avg_pct : v.subject_pct);
  return `${at(s.vacancy.from)} → ${at(s.vacancy.to)}`;
}

/** "-$5 (-0.3%)" in `format` (the roll-up column's one format), else the amount's own; "—" when no comparable was compared. */
function medianMove(s: SubjectSummary, format: MoneyFormat = formatAmount): string {
  const { median_change_cents: cents, median_change_pct: pct } = s.asking_rent;
  if (cents === null || pct === null) return MISSING;
  return `${formatSignedMoney(cents, format)} (${formatSignedPercent(pct / 100)})`;
}

/** The roll-up's "+1 -2 =1, -$5 (-0.3%)": comparables that raised, cut, held asking rent, and the median change in `format`. */
export function compAskingCell(s: SubjectSummary, format?: MoneyFormat): string {
  const { raised, cut, held, comps_compared: compared } = s.asking_rent;
  return compared === 0 ? MISSING : `+${raised} -${cut} =${held}, ${medianMove(s, format)}`;
}

/** The roll-up's "+1 -1 Δ1": comparables whose concession started, ended, changed; "none" (known: "—" is for unknown). */
export function concessionsCell(s: SubjectSummary): string {
  const { started, ended, changed } = s.concessions;
  return started + ended + changed === 0 ? 'none' : `+${started} -${ended} Δ${changed}`;
}

/** The roll-up's "+1 -1": comparables added, deactivated; "none". */
export function compsCell(s: SubjectSummary): string {
  const [added, deactivated] = [s.comps_added.length, s.comps_deactivated.length];
  return added + deactivated === 0 ? 'none' : `+${added} -${deactivated}`;
}

/** "PSI +0.6% → +3.2% (+2.6 pts); CRI 40.0 → 70.0, market → premium" */
export function positionFact(s: SubjectSummary): string {
  const { from, to } = s.position;
  const moved = from.psi_ner !== null && to.psi_ner !== null ? ` (${points(from.psi_ner, to.psi_ner)})` : '';
  return `PSI ${psiMove(s)}${moved}; CRI ${formatCri(from.cri_ner)} → ${formatCri(to.cri_ner)}, ${bandMove(s)}`;
}

/** "3.0% → 6.0%; comps' average 4.0% → 5.0%" */
export const vacancyFact = (s: SubjectSummary) => `${vacancyMove(s)}; comps' average ${vacancyMove(s, true)}`;

/** "1 raised, 2 cut, 1 held of 4; median -$5 (-0.3%)" */
export function askingFact(s: SubjectSummary): string {
  const { raised, cut, held, comps_compared: compared } = s.asking_rent;
  if (compared === 0) return 'no comparable priced in both surveys';
  return `${raised} raised, ${cut} cut, ${held} held of ${compared}; median ${medianMove(s)}`;
}

/** "1 started, 1 ended, 1 changed" (comparables, each counted once per kind) */
export const concessionsFact = (s: SubjectSummary) =>
  `${s.concessions.started} started, ${s.concessions.ended} ended, ${s.concessions.changed} changed`;

/** "Fern Court added; Eagle Row deactivated", or "none added or deactivated". */
export function compsFact(s: SubjectSummary): string {
  const names = (list: { community_name: string }[]) => list.map((c) => c.community_name).join(', ');
  const parts = [
    ...(s.comps_added.length > 0 ? [`${names(s.comps_added)} added`] : []),
    ...(s.comps_deactivated.length > 0 ? [`${names(s.comps_deactivated)} deactivated`] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : 'none added or deactivated';
}
