/**
 * `digest --format html` (and the e-mail's HTML part): a self-contained body
 * for mail clients and browsers. Inline styles only (mail clients drop <style>
 * blocks and external sheets), no scripts, no images, no external resources.
 */
import { escapeHtml } from '../../../output/html.js';
import { plainCells } from '../../../output/columns.js';
import { rollupLegend, type DigestDocument } from './document.js';

const STYLE = {
  body: 'margin:0;padding:8px;background:#ffffff;color:#1f2328;font-family:-apple-system,BlinkMacSystemFont,Segoe UI,Helvetica,Arial,sans-serif;font-size:14px;line-height:1.45;overflow-wrap:break-word',
  h2: 'margin:0 0 8px;font-size:20px',
  h3: 'margin:20px 0 6px;font-size:16px;border-bottom:1px solid #d0d7de;padding-bottom:4px',
  p: 'margin:4px 0',
  ul: 'margin:4px 0 8px;padding-left:20px',
  // A mail client is 600–800 px wide: the roll-up fits 600 (cells wrap at their spaces, "+2.1% →" over
  // "+1.8%"; a name too long for its cell breaks) rather than scroll sideways.
  table: 'border-collapse:collapse;margin:6px 0;font-size:12px;width:100%',
  th: 'border:1px solid #d0d7de;padding:3px 4px;background:#f6f8fa;text-align:left;vertical-align:bottom;font-size:11px',
  td: 'border:1px solid #d0d7de;padding:3px 4px;vertical-align:top',
  // A subject's name breaks anywhere when a word of it is wider than its column.
  name: 'border:1px solid #d0d7de;padding:3px 4px;vertical-align:top;overflow-wrap:anywhere;min-width:72px',
  legend: 'margin:4px 0 8px;color:#57606a;font-size:12px',
} as const;

/**
 * A figure's cell wraps only after "→" or "," and before "(": "+2.1% →" over "+1.8%", "+3 -6 =1, -$2"
 * over "(-0.1%)", never "+2.1%" over "→ +1.8%" (the other spaces do not break).
 */
const keepTogether = (cell: string) => cell.replace(/(?<![,→]) (?!\()/g, '\u00a0');

export function htmlDigest(doc: DigestDocument): string {
  const h = escapeHtml;
  const out = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${h(doc.title)}</title></head>`,
    `<body style="${STYLE.body}">`,
    `<h2 style="${STYLE.h2}">${h(doc.title)}</h2>`,
    ...doc.lead.map((line) => `<p style="${STYLE.p}">${h(line)}</p>`),
  ];
  for (const section of doc.sections) {
    out.push(`<h3 style="${STYLE.h3}">${h(section.heading)}</h3>`);
    if (section.facts.length > 0)
      out.push(`<ul style="${STYLE.ul}">`, ...section.facts.map((f) => `<li><strong>${h(f.label)}:</strong> ${h(f.value)}</li>`), '</ul>');
    if (section.table) {
      const { headers, rows, aligns } = plainCells(section.table.rows, section.table.columns);
      const align = (i: number) => (aligns[i] === 'right' ? ';text-align:right' : '');
      out.push(
        `<table style="${STYLE.table}">`,
        `<thead><tr>${headers.map((header, i) => `<th style="${STYLE.th}${align(i)}">${h(header)}</th>`).join('')}</tr></thead>`,
        '<tbody>',
        ...rows.map((row) => `<tr>${row.map((cell, i) => (i === 0 ? `<td style="${STYLE.name}">${h(cell)}</td>` : `<td style="${STYLE.td}${align(i)}">${h(keepTogether(cell))}</td>`)).join('')}</tr>`),
        '</tbody>',
        '</table>',
        `<p style="${STYLE.legend}">${h(rollupLegend(section.table))}</p>`,
      );
    }
    for (const list of section.lists) {
      if (list.title) out.push(`<p style="${STYLE.p}"><strong>${h(list.title)}</strong></p>`);
      out.push(`<ul style="${STYLE.ul}">`, ...list.items.map((item) => `<li>${h(item)}</li>`), '</ul>');
    }
  }
  out.push('</body>', '</html>');
  return `${out.join('\n')}\n`;
}
