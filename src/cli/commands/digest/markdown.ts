/**
 * `digest --format md`: a summary to paste into an e-mail body unchanged. It is
 * Markdown (headings, bullets) that reads as plain text too, since many mail
 * clients show it as typed: one bullet per change, grouped by subject.
 */
import { escapeMarkdown } from '../../../output/markdown.js';
import { countOf } from '../../../output/text.js';
import type { SubjectDigest } from './collect.js';
import { dollars, sentence } from './present.js';

export interface DigestSummary {
  from: string | null;
  to: string | null;
  minChangeCents: number;
  subjects: SubjectDigest[];
}

export function markdownDigest({ from, to, minChangeCents, subjects }: DigestSummary): string {
  const changed = subjects.filter((s) => s.changes.length > 0);
  const count = changed.reduce((n, s) => n + s.changes.length, 0);
  const lines = [`## Market digest: ${from ?? '—'} to ${to ?? '—'}`, ''];
  lines.push(
    `${countOf(count, 'change')} in ${changed.length} of ${countOf(subjects.length, 'community', 'communities')}` +
      `, each from its survey on or before the start date to its latest survey` +
      `${minChangeCents > 0 ? `; rent and NER moves under ${dollars(minChangeCents)} left out` : ''}.`,
    '',
  );
  for (const digest of changed) {
    lines.push(`### ${escapeMarkdown(digest.subject.name)} (${digest.from} → ${digest.to})`, '');
    for (const change of digest.changes) lines.push(`- ${sentence(change, escapeMarkdown)}`);
    lines.push('');
  }
  const names = (list: SubjectDigest[]) => list.map((s) => escapeMarkdown(s.subject.name)).join(', ');
  const quiet = subjects.filter((s) => s.changes.length === 0 && s.from !== null);
  if (quiet.length > 0) lines.push(`No changes: ${names(quiet)}.`, '');
  const skipped = subjects.filter((s) => s.from === null);
  if (skipped.length > 0) lines.push(`Not compared (no survey on or before the start date): ${names(skipped)}.`, '');
  return `${lines.join('\n').trimEnd()}\n`;
}
