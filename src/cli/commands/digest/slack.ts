/**
 * `digest --format slack` (and what --webhook-url posts): Slack mrkdwn. Slack has
 * no headings or tables: bold lines stand for headings, one bullet per subject
 * for the roll-up. Only &, < and > need escaping there (Slack's own rule).
 */
import { sanitize } from '../../../output/text.js';
import { plainCells } from '../../../output/columns.js';
import { rollupLegend, type DigestDocument } from './document.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Server text made inert in Slack mrkdwn: no controls or line breaks, no links or mentions. */
function escapeSlack(text: string): string {
  return sanitize(text).replace(/[&<>]/g, (char) => ENTITIES[char] as string);
}

export function slackDigest(doc: DigestDocument): string {
  const s = escapeSlack;
  const lines = [`*${s(doc.title)}*`, ...doc.lead.map(s), ''];
  for (const section of doc.sections) {
    lines.push(`*${s(section.heading)}*`);
    for (const fact of section.facts) lines.push(`• *${s(fact.label)}:* ${s(fact.value)}`);
    if (section.table) {
      const { labels, rows } = plainCells(section.table.rows, section.table.columns);
      // The first column names the subject; the others read "label value".
      for (const [name, ...cells] of rows) lines.push(`• *${s(name ?? '')}*: ${cells.map((cell, i) => `${s(labels[i + 1] ?? '')} ${s(cell)}`).join(' · ')}`);
      lines.push(`_${s(rollupLegend(section.table))}_`);
    }
    for (const list of section.lists) {
      if (list.title) lines.push(`*${s(list.title)}*`);
      lines.push(...list.items.map((item) => `• ${s(item)}`));
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
