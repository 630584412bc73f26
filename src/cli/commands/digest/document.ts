/**
 * The digest as people read it, before any format: a title, the period
 * compared, then sections of facts, a roll-up table and lists. Every word is
 * chosen here, once; markdown.ts, html.ts, slack.ts and table.ts only lay it
 * out and escape it. Texts are plain (server names and concession texts as
 * they came): escaping is the format's job.
 */
import { leaveOutSmallMoves } from '../../../domain/digest.js';
import { planMoves, topMoves, type MoveLimits, type PlanMove } from '../../../domain/digest-moves.js';
import type { PortfolioSummary, SubjectSummary } from '../../../domain/digest-summary.js';
import { formatAmount, formatCount, formatSignedPercent, MISSING } from '../../../domain/format.js';
import { headerOf, type Column } from '../../../output/columns.js';
import { countOf } from '../../../output/text.js';
import { text } from '../../columns.js';
import type { SubjectDigest } from './collect.js';
import {
  askingFact,
  bandCell,
  compsFact,
  concessionsFact,
  concessionsStartedLines,
  compAskingCell,
  compsCell,
  concessionsCell,
  listedMoveLine,
  points,
  positionFact,
  psiMove,
  sentence,
  vacancyFact,
  vacancyMove,
} from './present.js';

export interface Fact {
  label: string;
  value: string;
}

export interface ItemList {
  /** Empty when the section's heading says it. */
  title: string;
  items: string[];
}

export interface RollupTable {
  columns: Column<SubjectSummary>[];
  rows: SubjectSummary[];
  /** What each column's short header means, by the column's key: said once under the table (rollupLegend). */
  legend: Readonly<Record<string, string>>;
}

export interface Section {
  heading: string;
  facts: Fact[];
  table?: RollupTable;
  lists: ItemList[];
}

export interface DigestDocument {
  title: string;
  /** The period compared and what was left out, one sentence a line. */
  lead: string[];
  sections: Section[];
}

export interface DigestOptions extends MoveLimits {
  /** Each subject's start date (--since, where --since-last stopped, or a week back): what "on or before" refers to. */
  sinceOf: (subjectId: string) => string;
  /** A block per subject (--detail, or a digest of one subject) rather than the roll-up table. */
  detail: boolean;
  /** --top: moves listed (the portfolio's, or each subject's under detail). */
  top: number;
  /** --all-changes: every change as a sentence instead of the biggest moves. */
  allChanges: boolean;
}

/** Most concessions started listed in a subject's block (a screen is 40 lines); --all-changes lists every change. */
const CONCESSIONS_LISTED = 8;
/** Lines of the portfolio's concessions started (the largest); the last says how many more. */
const PORTFOLIO_CONCESSIONS_LISTED = 5;
/** Subjects named in the portfolio's "largest position moves". */
const POSITION_MOVES_NAMED = 3;

// Eight short columns (headers of letters, digits and spaces, like every table's): on an 80-column
// terminal the first four fit, the subject's name cut, and the legend says what the columns shown mean.
// Labels are for formats without tables (Slack: "NER PSI +0.6% → +3.2% · band premium · …").
// Only the subject's name may be cut on a narrow terminal: "-13.2% → -1…" would misread.
const cell = (key: string, header: string, label: string, get: (s: SubjectSummary) => string, options: Partial<Column<SubjectSummary>> = {}) => ({
  ...text(key, get, header),
  label,
  truncate: false,
  ...options,
});
const ROLLUP_COLUMNS: Column<SubjectSummary>[] = [
  cell('subject', 'SUBJECT', 'subject', (s) => s.subject_name, { importance: 'key', truncate: true }),
  cell('psi_ner', 'NER PSI', 'NER PSI', psiMove, { importance: 'key' }),
  cell('band', 'BAND', 'band', bandCell, { importance: 'high' }),
  cell('vacancy', 'VACANCY', 'vacancy', (s) => vacancyMove(s), { importance: 'high' }),
  cell('comps_vacancy', 'COMP VAC', "comps' vacancy", (s) => vacancyMove(s, true)),
  cell('comps_asking', 'COMP ASKING', 'comps asking', compAskingCell, { importance: 'high' }),
  cell('concessions', 'CONCESSIONS', 'concessions', concessionsCell),
  cell('comps', 'COMPS', 'comps', compsCell, { importance: 'low' }),
];

const LEGEND: Record<string, string> = {
  psi_ner: 'at the earlier survey → the later one',
  band: 'the CRI band, likewise (once when it held)',
  vacancy: "the subject's 14-day vacancy, likewise",
  comps_vacancy: "its comparables' average vacancy, likewise",
  comps_asking: 'comparables that raised (+), cut (-) or held (=) asking rent, and their median change',
  concessions: 'comparables whose concession started (+), ended (-) or changed (Δ)',
  comps: 'comparables added (+), deactivated (-)',
};

/**
 * What the roll-up's headers mean, "NER PSI: …. BAND: ….", of every column but those a narrow
 * terminal's table left out (by header; the run's "Not shown:" note names them).
 */
export function rollupLegend(table: RollupTable, leftOut: readonly string[] = []): string {
  return table.columns
    .filter((c) => !leftOut.includes(headerOf(c)) && table.legend[c.key] !== undefined)
    .map((c) => `${headerOf(c)}: ${table.legend[c.key]}.`)
    .join(' ');
}

const compared = (digests: readonly SubjectDigest[]) => digests.flatMap((d) => (d.summary ? [d.summary] : []));

/** "2026-11-13 → 2026-11-20 for all 25 subjects", or each pair of dates with whom it is for. */
function periodLine(summaries: readonly SubjectSummary[]): string {
  const groups = new Map<string, SubjectSummary[]>();
  for (const s of summaries) groups.set(`${s.from} → ${s.to}`, [...(groups.get(`${s.from} → ${s.to}`) ?? []), s]);
  if (groups.size === 1) {
    const [[dates, list]] = [...groups] as [[string, SubjectSummary[]]];
    const whom = list.length === 1 ? ` (${list[0]!.subject_name})` : list.length === 2 ? ' for both subjects' : ` for all ${list.length} subjects`;
    return `Surveys compared: ${dates}${whom}.`;
  }
  // The most common pair by its count; the others name their subjects.
  const ordered = [...groups].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  const [[firstDates, firstList], ...rest] = ordered as [[string, SubjectSummary[]], ...[string, SubjectSummary[]][]];
  const named = (list: SubjectSummary[]) => list.map((s) => s.subject_name).join(', ');
  const first = `${firstDates} for ${firstList.length === 1 ? named(firstList) : countOf(firstList.length, 'subject')}`;
  return `Surveys compared: ${[first, ...rest.map(([dates, list]) => `${dates} for ${named(list)}`)].join('; ')}.`;
}

/** "2026-11-13", or "each subject's start date" when they differ. */
function startDate(digests: readonly SubjectDigest[], sinceOf: (id: string) => string): string {
  const dates = [...new Set(digests.map((d) => sinceOf(d.subject.id)))];
  return dates.length === 1 ? (dates[0] as string) : "each subject's start date";
}

function leadLines(digests: readonly SubjectDigest[], options: DigestOptions): string[] {
  const withSummary = digests.filter((d) => d.summary !== null);
  const noSurvey = digests.filter((d) => d.from === null);
  const nothingNew = digests.filter((d) => d.from !== null && d.summary === null);
  const lines = [periodLine(compared(digests))];
  // Said when the earlier survey is not on the start date itself, so that neither date surprises.
  if (withSummary.some((d) => d.from !== options.sinceOf(d.subject.id)))
    lines.push(`Each subject's earlier survey is its latest on or before ${startDate(withSummary, options.sinceOf)}.`);
  const left: string[] = [];
  if (nothingNew.length > 0) left.push(`${countOf(nothingNew.length, 'subject')} with no newer survey`);
  if (noSurvey.length > 0) left.push(`${countOf(noSurvey.length, 'subject')} without a survey on or before ${startDate(noSurvey, options.sinceOf)}`);
  if (left.length > 0) lines.push(`Not compared: ${left.join('; ')}.`);
  if (options.minChangeCents > 0) lines.push(`Rent and NER moves under ${formatAmount(options.minChangeCents)} left out.`);
  return lines;
}

function portfolioSection(portfolio: PortfolioSummary): Section {
  const n = portfolio.subjects_compared;
  const bands = portfolio.band_changes;
  const moves = portfolio.position_moves.filter((m) => m.psi_ner_change !== 0).slice(0, POSITION_MOVES_NAMED);
  const { compared: comps, raised, cut, held } = portfolio.comps_asking;
  return {
    heading: 'Portfolio',
    facts: [
      {
        label: 'Band changed',
        value:
          bands.length === 0
            ? `none of ${countOf(n, 'subject')}`
            : `${bands.length} of ${countOf(n, 'subject')}: ${bands.map((b) => `${b.subject_name} (${b.from} → ${b.to})`).join(', ')}`,
      },
      {
        label: 'Largest position moves (NER PSI)',
        value:
          moves.length === 0
            ? 'none'
            : moves
                .map((m) => `${m.subject_name} ${formatSignedPercent(m.psi_ner_from)} → ${formatSignedPercent(m.psi_ner_to)} (${points(m.psi_ner_from, m.psi_ner_to)})`)
                .join('; '),
      },
      {
        label: 'Comparables that cut asking rent',
        value: comps === 0 ? 'none compared' : `${formatCount(cut)} of ${formatCount(comps)} (${formatCount(raised)} raised, ${formatCount(held)} held)`,
      },
    ],
    lists: startedList(portfolio),
  };
}

/** The portfolio's concessions started, the largest first, with a count of the rest; none when none started. */
function startedList(portfolio: PortfolioSummary): ItemList[] {
  const started = concessionsStartedLines(portfolio.concessions_started, true);
  if (started.length === 0) return [];
  return [
    {
      title: `Concessions started (${formatCount(started.length)})${started.length > 1 ? ', the largest first' : ''}`,
      items: atMost(started, PORTFOLIO_CONCESSIONS_LISTED, '--detail lists them by subject'),
    },
  ];
}

/** At most `limit` lines: the first ones, then "and n more (…)" in the last place. */
function atMost(lines: string[], limit: number, where: string): string[] {
  if (lines.length <= limit) return lines;
  return [...lines.slice(0, limit - 1), `and ${formatCount(lines.length - limit + 1)} more (${where})`];
}

/** Concessions started among a subject's comparables, one line per comparable and text, the largest monthly value first. */
const concessionsStarted = (summary: SubjectSummary) => atMost(concessionsStartedLines(summary.concessions_started, false), CONCESSIONS_LISTED, '--all-changes lists them');

function subjectFacts(s: SubjectSummary): Fact[] {
  return [
    { label: 'Position (NER)', value: positionFact(s) },
    { label: '14-day vacancy', value: vacancyFact(s) },
    { label: "Comparables' asking rent", value: askingFact(s) },
    { label: 'Concessions among comparables', value: concessionsFact(s) },
    { label: 'Comparables', value: compsFact(s) },
  ];
}

/** The `top` biggest moves, two lines a community at most (topMoves), under "Biggest moves (10 of 735)". */
function movesList(moves: readonly PlanMove[], top: number, ofSubject: boolean): ItemList | null {
  if (top === 0 || moves.length === 0) return null;
  const { lines, shown } = topMoves(moves, top);
  return { title: `Biggest moves (${formatCount(shown)} of ${formatCount(moves.length)})`, items: lines.map((line) => listedMoveLine(line, ofSubject)) };
}

function changesList(digest: SubjectDigest, minChangeCents: number): ItemList | null {
  const changes = leaveOutSmallMoves(digest.changes, minChangeCents);
  return changes.length === 0 ? null : { title: `All changes (${formatCount(changes.length)})`, items: changes.map((c) => sentence(c)) };
}

export function digestDocument(digests: readonly SubjectDigest[], portfolio: PortfolioSummary, options: DigestOptions): DigestDocument {
  const summaries = compared(digests);
  const from = summaries.reduce<string | null>((min, s) => (min === null || s.from < min ? s.from : min), null);
  const to = summaries.reduce<string | null>((max, s) => (max === null || s.to > max ? s.to : max), null);
  const title = `Market digest${summaries.length === 1 ? `: ${summaries[0]!.subject_name},` : ':'} ${from ?? MISSING} → ${to ?? MISSING}`;
  const sections: Section[] = summaries.length > 1 ? [portfolioSection(portfolio)] : [];
  const withSummary = digests.filter((d): d is SubjectDigest & { summary: SubjectSummary } => d.summary !== null);
  const movesOf = (list: readonly SubjectDigest[]) => planMoves(list.flatMap((d) => d.changes), options);

  if (options.detail) {
    for (const digest of withSummary) {
      const s = digest.summary;
      const started = concessionsStarted(s);
      const moves = options.allChanges ? changesList(digest, options.minChangeCents) : movesList(movesOf([digest]), options.top, false);
      sections.push({
        heading: `${s.subject_name}: ${s.from} → ${s.to}`,
        facts: subjectFacts(s),
        lists: [...(started.length > 0 ? [{ title: 'Concessions started', items: started }] : []), ...(moves ? [moves] : [])],
      });
    }
  } else {
    // With one subject compared there is no portfolio section: its concessions started follow its row.
    const started = summaries.length === 1 ? startedList(portfolio) : [];
    sections.push({ heading: 'Subjects', facts: [], table: { columns: ROLLUP_COLUMNS, rows: summaries, legend: LEGEND }, lists: started });
    if (options.allChanges) {
      for (const digest of withSummary) {
        const changes = changesList(digest, options.minChangeCents);
        if (changes) sections.push({ heading: `${digest.subject.name}: ${digest.from} → ${digest.to}`, facts: [], lists: [changes] });
      }
    } else {
      // "(comp of Maple Court)" only where the moves of several subjects mix.
      const moves = movesList(movesOf(withSummary), options.top, withSummary.length > 1);
      if (moves) sections.push({ heading: moves.title, facts: [], lists: [{ title: '', items: moves.items }] });
    }
  }
  return { title, lead: leadLines(digests, options), sections };
}
