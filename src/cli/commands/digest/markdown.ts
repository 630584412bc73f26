/**
 * `digest --format md` (and the plain-text part of the e-mail): a Markdown body
 * that reads as plain text too, since many mail clients show it as typed.
 */
import { escapeMarkdown, markdownTable } from '../../../output/markdown.js';
import { plainCells } from '../../../output/columns.js';
import { rollupLegend, type DigestDocument } from './document.js';

export function markdownDigest(doc: DigestDocument): string {
  const md = escapeMarkdown;
  const lines = [`## ${md(doc.title)}`, '', ...doc.lead.map(md), ''];
  for (const section of doc.sections) {
    lines.push(`### ${md(section.heading)}`, '');
    for (const fact of section.facts) lines.push(`- **${md(fact.label)}:** ${md(fact.value)}`);
    if (section.facts.length > 0) lines.push('');
    if (section.table) {
      const { headers, rows, aligns } = plainCells(section.table.rows, section.table.columns);
      lines.push(markdownTable(headers.map(md), rows.map((row) => row.map(md)), aligns).trimEnd(), '', md(rollupLegend(section.table)), '');
    }
    for (const list of section.lists) {
      if (list.title) lines.push(`**${md(list.title)}**`, '');
      lines.push(...list.items.map((item) => `- ${md(item)}`), '');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
