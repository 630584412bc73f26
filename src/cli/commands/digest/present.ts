/**
 * How a digest reads for people, whatever the format: values, moves, a change as
 * a sentence, a plan's move as a line, and the summary's facts. Plain text; each
 * format (markdown.ts, html.ts, slack.ts, table.ts) escapes it its own way.
 */
import { isConcessionChange, type ChangeKind, type ChangeValue } from '../../../domain/digest.js';
import type { ConcessionMove, ListedMove, Movement, PlanMove } from '../../../domain/digest-moves.js';
import type { ConcessionStarted, PositionAt, SubjectSummary, VacancyAt } from '../../../domain/digest-summary.js';
import {
  formatCount,
  formatCri,
  formatMoney,
  formatMoneyExact,
  formatPercentValue,
  formatSignedMoney,
  formatSignedPercent,
  formatSignedPoints,
  MISSING,
  shownDifference,
  type MoneyFormat,
} from '../../../domain/format.js';
import { roundTo } from '../../../domain/rounding.js';
import type { Style } from '../../../output/style.js';
import { countOf } from '../../../output/text.js';
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

/**
 * One money format per kind in every digest for people (docs/metrics.md, "Digest", "How the figures
 * read"): asking rents in whole dollars, NERs — amortized concessions, rarely whole — in dollars
 * and cents wherever they appear, and the concessions' monthly values with them. A move is the
 * difference of the two figures as shown: $1,776.40 → $1,759.60 reads "$1,776 → $1,760 (-$16)".
 */
const ASKING: MoneyFormat = formatMoney;
const NER: MoneyFormat = formatMoneyExact;
const moneyFormat = (kind: ChangeKind): MoneyFormat | undefined => (kind === 'rent' ? ASKING : kind === 'ner' ? NER : undefined);

/** The move of a percent (one decimal shown) in points, from the figures as shown: -1.4% → -3.7% is "-2.3 pts". */
const pointsBetween = (before: number, after: number) => formatSignedPoints(roundTo(after, 1) - roundTo(before, 1));

/** A before or after value as people read it; concession texts in quotes. */
export function showValue(kind: ChangeKind, value: ChangeValue): string {
  if (value === null) return isConcessionChange(kind) ? 'none' : MISSING;
  if (typeof value === 'string') return isConcessionChange(kind) ? `"${value}"` : value;
  const money = moneyFormat(kind);
  if (money) return money(value);
  if (kind === 'vacancy') return formatPercentValue(value);
  return formatCount(value);
}

/** after − before for numbers ("+$25", "-2.5 pts", "+3"), the difference of the figures as shown; empty for texts. Colored when a style is given. */
export function showMove(change: Pick<DigestChange, 'kind' | 'before' | 'after'>, style?: Style): string {
  if (typeof change.before !== 'number' || typeof change.after !== 'number') return '';
  const delta = change.after - change.before;
  const money = moneyFormat(change.kind);
  let shown: string;
  if (money) shown = formatSignedMoney(shownDifference(change.before, change.after, money), money);
  else if (change.kind === 'vacancy') shown = pointsBetween(change.before, change.after);
  else shown = `${delta > 0 ? '+' : ''}${formatCount(delta)}`;
  if (!style || delta === 0) return shown;
  return delta > 0 ? style.positive(shown) : style.negative(shown);
}

/** The plan a change is about, or what stands for the whole community. */
export function planOf(change: Pick<DigestChange, 'kind' | 'floor_plan_name'>): string {
  if (change.floor_plan_name !== null) return change.floor_plan_name;
  return isConcessionChange(change.kind) ? 'all plans' : MISSING;
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
  const value = (v: ChangeValue) => showValue(change.kind, v);
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

const span = (m: Movement, money: MoneyFormat) => `${money(m.before)} → ${money(m.after)} (${formatSignedMoney(shownDifference(m.before, m.after, money), money)})`;

/** Why a plan's NER moved: '"8 weeks free" started', '"$300 off" ended', '"$600 off" → "$1,200 off"'. */
export function concessionReason(concession: ConcessionMove): string {
  const quoted = (text: string | null) => `"${text ?? ''}"`;
  if (concession.kind === 'concession_started') return `${quoted(concession.after)} started`;
  if (concession.kind === 'concession_ended') return `${quoted(concession.before)} ended`;
  return `${quoted(concession.before)} → ${quoted(concession.after)}`;
}

/**
 * A plan's move on one line, asking (whole dollars) and NER (dollars and cents) together, with
 * the concession that moved the NER: "Parkside (comp), C1 NER $2,281.00 → $1,930.08 (-$350.92):
 * "8 weeks free" started; asking unchanged", "A1 $1,625 → $1,601 (-$24), NER the same; units
 * available 2 → 5 (+3)".
 */
export function moveLine(move: PlanMove, ofSubject = false): string {
  const { rent, ner, units } = move;
  const why = move.concession ? `: ${concessionReason(move.concession)}` : '';
  let money = '';
  if (rent && ner) {
    const same = rent.before === ner.before && rent.after === ner.after;
    money = `${span(rent, ASKING)}, NER ${same ? 'the same' : `${span(ner, NER)}${why}`}`;
  } else if (rent) money = `${span(rent, ASKING)}, NER unchanged`;
  // After a reason (its own ": …"), "; asking unchanged" keeps the two apart.
  else if (ner) money = `NER ${span(ner, NER)}${why}${why ? ';' : ','} asking unchanged`;
  const count = units ? `units available ${units.before} → ${units.after} (${showMove({ kind: 'units_available', ...units })})` : '';
  return `${communityOf(move, ofSubject)}, ${move.floor_plan_name} ${[money, count].filter(Boolean).join('; ')}`;
}

/** A line of a list of biggest moves: a move, or "and 4 more plans at Parkside Commons (comp of Linden Park)". */
export function listedMoveLine(line: ListedMove, ofSubject = false): string {
  if ('move' in line) return moveLine(line.move, ofSubject);
  return `and ${countOf(line.more, 'more plan', 'more plans')} at ${communityOf(line.community, ofSubject)}`;
}

/** A concession's worth a month, in the NER's dollars and cents: "$350.92 a month"; "up to …" over several plans (the largest). */
function monthlyValue(cents: number | null, upTo: boolean): string {
  if (cents === null || cents <= 0) return '';
  return `, ${upTo ? 'up to ' : ''}${NER(cents)} a month`;
}

/**
 * Concessions started, one line per comparable and text (its plans together), the largest monthly
 * value first: 'Parkside Commons (comp of Linden Park), all plans: "8 weeks free", up to $350.92 a
 * month'. Each line names the subjects whose comparable it is when `ofSubject` (a portfolio's list).
 */
export function concessionsStartedLines(started: readonly (ConcessionStarted & { subject_name?: string })[], ofSubject: boolean): string[] {
  const groups = new Map<string, { name: string; subjects: string[]; text: string; plans: (string | null)[]; values: (number | null)[] }>();
  for (const c of started) {
    const key = JSON.stringify([c.community_id, c.text.trim().toLowerCase()]);
    const group = groups.get(key) ?? { name: c.community_name, subjects: [], text: c.text, plans: [], values: [] };
    if (c.subject_name !== undefined && !group.subjects.includes(c.subject_name)) group.subjects.push(c.subject_name);
    if (!group.plans.includes(c.floor_plan_name)) group.plans.push(c.floor_plan_name);
    group.values.push(c.monthly_value_cents);
    groups.set(key, group);
  }
  const largest = (values: (number | null)[]) => values.reduce<number | null>((max, v) => (v !== null && (max === null || v > max) ? v : max), null);
  return [...groups.values()]
    .map((g) => ({ ...g, value: largest(g.values) }))
    .sort((a, b) => (b.value ?? -1) - (a.value ?? -1) || a.name.localeCompare(b.name))
    .map((g) => {
      const whose = ofSubject && g.subjects.length > 0 ? ` (comp of ${g.subjects.join(', ')})` : '';
      const plans = g.plans.includes(null) ? 'all plans' : (g.plans as string[]).sort((a, b) => a.localeCompare(b)).join(', ');
      const several = g.plans.includes(null) || g.plans.length > 1;
      return `${g.name}${whose}, ${plans}: "${g.text}"${monthlyValue(g.value, several)}`;
    });
}

// ------------------------------------------------------------------ summary facts

const psi = (at: PositionAt) => formatSignedPercent(at.psi_ner);
const percent = (value: number | null) => formatPercentValue(value);
const fromTo = (from: string, to: string) => (from === to ? from : `${from} → ${to}`);

/** The move of a fraction in percentage points, from its values as shown: 0.0058 → 0.0320 (+0.6% → +3.2%) is "+2.6 pts". */
export function points(from: number, to: number): string {
  return pointsBetween(from * 100, to * 100);
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

/** "-$5 (-0.3%)": the median change of asking rents, in whole dollars as asking rents read; "—" when no comparable was compared. */
function medianMove(s: SubjectSummary): string {
  const { median_change_cents: cents, median_change_pct: pct } = s.asking_rent;
  if (cents === null || pct === null) return MISSING;
  return `${formatSignedMoney(cents, ASKING)} (${formatSignedPercent(pct / 100)})`;
}

/** The roll-up's "+1 -2 =1, -$5 (-0.3%)": comparables that raised, cut, held asking rent, and the median change. */
export function compAskingCell(s: SubjectSummary): string {
  const { raised, cut, held, comps_compared: compared } = s.asking_rent;
  return compared === 0 ? MISSING : `+${raised} -${cut} =${held}, ${medianMove(s)}`;
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
