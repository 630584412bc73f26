/**
 * The digest on a terminal (the default format): bold headings, facts as
 * "Label   value" lines (wrapped under the value), the roll-up as a table fitted
 * to the terminal like every list, and the moves as bullets.
 */
import { stdoutStyle } from '../../../output/style.js';
import { displayWidth } from '../../../output/text.js';
import type { CommandContext } from '../../context.js';
import { printLines, printList } from '../../print.js';
import { rollupLegend, type DigestDocument } from './document.js';

export async function printTableDigest(ctx: CommandContext, doc: DigestDocument): Promise<void> {
  const style = stdoutStyle(ctx.io);
  printLines(ctx, [style.bold(doc.title), ...doc.lead].join('\n'));
  for (const section of doc.sections) {
    printLines(ctx, `\n${style.bold(section.heading)}`);
    const width = Math.max(0, ...section.facts.map((fact) => displayWidth(fact.label) + 1));
    for (const fact of section.facts) printLines(ctx, `${`${fact.label}:`.padEnd(width)}  ${fact.value}`);
    if (section.table) {
      // The legend explains the columns this terminal shows; the run's note names those it left out.
      const leftOut: string[] = [];
      await printList(ctx, { rows: section.table.rows, columns: section.table.columns, json: undefined, asGiven: true, omitted: (headers) => leftOut.push(...headers) });
      printLines(ctx, style.muted(rollupLegend(section.table, leftOut)));
    }
    for (const list of section.lists) {
      if (list.title) printLines(ctx, `\n${list.title}`);
      printLines(ctx, list.items.map((item) => `- ${item}`).join('\n'));
    }
  }
}
