// The measure of a digest people read, on the demo store (25 subjects, up to 10
// comparables each, a week of changes): the portfolio's digest fits 150 lines in the
// table and in Markdown, and each subject's block one screen (40 lines).
import { describe, expect } from 'vitest';
import { it } from '../../../../test/helpers/run-cli.js';
import { displayWidth } from '../../../output/text.js';

const SUBJECTS = 25;
const lines = (text: string) => text.trimEnd().split('\n');

describe('digest of the demo store', () => {
  it('the week of the whole portfolio fits 150 lines, one roll-up row per subject', async ({ cli }) => {
    for (const format of ['table', 'md']) {
      const result = await cli.run(['--local', 'digest', '--format', format]);
      expect(result.exitCode, result.stderr).toBe(0);
      const printed = lines(result.stdout);
      expect(printed.length, format).toBeLessThanOrEqual(150);
      // Every subject has its row: the demo surveys all of them weekly.
      // A row: the NER PSI move as a cell of its own (after a column gap or a pipe).
      const row = /(\s{2,}|\s\|\s)[+-]?\d+\.\d% → [+-]?\d+\.\d%(\s{2,}|\s+\|)/;
      expect(printed.filter((line) => row.test(line)), format).toHaveLength(SUBJECTS);
      expect(printed.some((line) => line.includes('Biggest moves (10 of ')), format).toBe(true);
      // COMP ASKING's median moves in one money format, cents in all or none ("-$1" above "-$2.21" misreads).
      const medians = printed.filter((line) => row.test(line)).flatMap((line) => /=\d+, [+-]?(\$[\d,]+(?:\.\d\d)?) \(/.exec(line)?.[1] ?? []);
      expect(medians, format).toHaveLength(SUBJECTS);
      expect(new Set(medians.map((amount) => amount.includes('.'))).size, format).toBe(1);
    }
  });

  it('on an 80-column terminal the roll-up keeps vacancy, cutting names; its legend explains what it shows, the note names the rest', async ({ cli }) => {
    const result = await cli.run(['--local', '--no-pager', 'digest'], { stdoutTTY: true, columns: 80 });
    expect(result.exitCode, result.stderr).toBe(0);
    const printed = lines(result.stdout);
    expect(Math.max(...printed.map((line) => displayWidth(line)))).toBeLessThanOrEqual(80);
    const header = printed.find((line) => line.startsWith('│ SUBJECT'))!;
    expect(header.split('│').map((cell) => cell.trim()).filter(Boolean)).toEqual(['SUBJECT', 'NER PSI', 'BAND', 'VACANCY']);
    // Short band names, as overview --all prints them.
    expect(printed.some((line) => / premium → market +│/.test(line))).toBe(true);
    expect(printed.some((line) => line.includes('market-aligned') && line.startsWith('│'))).toBe(false);
    const legend = result.stdout.split('└')[1]!.split('\n\n')[0]!.replaceAll('\n', ' ');
    expect(legend).toContain('VACANCY: ');
    expect(legend).not.toContain('COMP VAC:');
    expect(result.stderr).toContain('Not shown: COMP VAC, COMP ASKING, CONCESSIONS (--wide shows them)');
  });

  it("each subject's --detail block fits one screen (40 lines)", async ({ cli }) => {
    const md = await cli.run(['--local', 'digest', '--detail', '--format', 'md']);
    expect(md.exitCode, md.stderr).toBe(0);
    const blocks = md.stdout.split(/^(?=### )/m).filter((block) => /^### .*: \d{4}-\d\d-\d\d → /.test(block));
    expect(blocks).toHaveLength(SUBJECTS);
    for (const block of blocks) expect(lines(block).length, block).toBeLessThanOrEqual(40);

    const table = await cli.run(['--local', 'digest', '--detail']);
    const heading = /^.+: \d{4}-\d\d-\d\d → \d{4}-\d\d-\d\d$/;
    const starts = lines(table.stdout).flatMap((line, i) => (heading.test(line) && i > 0 ? [i] : []));
    expect(starts).toHaveLength(SUBJECTS);
    for (const [n, start] of starts.entries()) expect((starts[n + 1] ?? lines(table.stdout).length) - start).toBeLessThanOrEqual(40);
  });

  it('the biggest moves give a comparable two lines at most, then count its other plans; a NER moved by a special names it', async ({ cli }) => {
    const md = await cli.run(['--local', 'digest', '--format', 'md']);
    expect(md.exitCode, md.stderr).toBe(0);
    const moves = md.stdout.split(/^### Biggest moves \(\d+ of [\d,]+\)\n\n/m)[1]!.split('\n\n')[0]!.split('\n');
    const comparable = (line: string) => /^- (.+? \(comp of [^)]+\)), /.exec(line)?.[1];
    const lines = new Map<string, number>();
    for (const [i, line] of moves.entries()) {
      const more = /^- and \d+ more plans? at (.+)$/.exec(line);
      if (more) {
        // Said right after that comparable's second line.
        expect(comparable(moves[i - 1]!), line).toBe(more[1]);
        expect(lines.get(more[1]!), line).toBe(2);
        continue;
      }
      const name = comparable(line);
      if (name) lines.set(name, (lines.get(name) ?? 0) + 1);
    }
    expect(Math.max(...lines.values())).toBeLessThanOrEqual(2);
    // Where a line names why its NER moved, the special is one the JSON's changes of that plan show.
    const { changes } = JSON.parse((await cli.run(['--local', 'digest', '--json'])).stdout) as {
      changes: { community_name: string; floor_plan_name: string | null; kind: string; before: unknown; after: unknown }[];
    };
    for (const line of moves) {
      const why = /^- (.+?) \(comp of [^)]+\), (\S+) .*NER \$[\d,.]+ → \$[\d,.]+ \([+-]\$[\d,.]+\): "([^"]*)" (started|ended)/.exec(line);
      if (!why) continue;
      const [, community, plan, text, how] = why;
      expect(
        changes.some(
          (c) =>
            c.community_name === community &&
            (c.floor_plan_name === plan || c.floor_plan_name === null) &&
            c.kind === `concession_${how}` &&
            (how === 'started' ? c.after : c.before) === text,
        ),
        line,
      ).toBe(true);
    }
  });
});

