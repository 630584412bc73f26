// `rentsurvey digest`'s summary on examples/digest-week.json (see docs/metrics.md, "Worked example:
// the summary by hand"): today 2026-11-14, so a week back is 11-07 and each subject compares its
// survey of 11-06 with that of 11-13; Cedar Knoll has no survey.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_WEEK, localMarket, WEEK, type MarketCli } from '../../../../test/helpers/market-changes.js';

const NOW = '2026-11-14T08:00:00Z';
let week: MarketCli;

beforeAll(async () => {
  week = await localMarket(DIGEST_WEEK);
});
afterAll(async () => {
  await week?.close();
});

const run = (args: string[]) => week.run(['digest', ...args], { now: NOW });

describe('digest --json adds the summary objects to every change', () => {
  it('the portfolio and each subject, computed by hand', async () => {
    const result = await run(['--json']);
    expect(result.code, result.stderr).toBe(0);
    const answer = JSON.parse(result.stdout) as { from: string; to: string; changes: unknown[]; portfolio: unknown; subjects: unknown[] };
    expect(answer.from).toBe('2026-11-06');
    expect(answer.to).toBe('2026-11-13');
    // Every change as before: Aspen Yard's 19 (two comparables in or out, vacancy, three concessions, ten
    // rent/NER moves, units on six plans less Eagle's and Fern's) and Birch Hollow's 4.
    expect(answer.changes).toHaveLength(23);
    expect(answer.portfolio).toEqual({
      subjects_compared: 2,
      subjects_not_compared: [{ subject_id: WEEK.cedar, subject_name: 'Cedar Knoll' }],
      band_changes: [{ subject_id: WEEK.aspen, subject_name: 'Aspen Yard', from: 'market', to: 'premium' }],
      position_moves: [
        { subject_id: WEEK.aspen, subject_name: 'Aspen Yard', psi_ner_from: 0.0058, psi_ner_to: 0.032, psi_ner_change: 0.0262 },
        { subject_id: WEEK.birch, subject_name: 'Birch Hollow', psi_ner_from: -0.0667, psi_ner_to: -0.082, psi_ner_change: -0.0153 },
      ],
      comps_asking: { compared: 5, raised: 2, cut: 2, held: 1 },
      // 1,620 − 1,485 = $135.00 a month.
      concessions_started: [
        { subject_id: WEEK.aspen, subject_name: 'Aspen Yard', community_id: WEEK.crest, community_name: 'Crest Place', floor_plan_name: 'CP-1', text: '1 month free', monthly_value_cents: 13_500 },
      ],
    });
    const comp = (key: keyof typeof WEEK, name: string) => ({ community_id: WEEK[key], community_name: name });
    expect(answer.subjects[0]).toEqual({
      subject_id: WEEK.aspen,
      subject_name: 'Aspen Yard',
      from: '2026-11-06',
      to: '2026-11-13',
      position: { from: { psi_ner: 0.0058, cri_ner: 40, band: 'market' }, to: { psi_ner: 0.032, cri_ner: 70, band: 'premium' } },
      vacancy: { from: { subject_pct: 3, comps_avg_pct: 4 }, to: { subject_pct: 6, comps_avg_pct: 5 } },
      asking_rent: {
        comps_compared: 4,
        raised: 1,
        cut: 2,
        held: 1,
        median_change_cents: -500,
        median_change_pct: -0.3,
        comps: [
          { ...comp('bluff', 'Bluff Flats'), before_cents: 150_000, after_cents: 145_000, change_cents: -5_000, change_pct: -3.3 },
          { ...comp('crest', 'Crest Place'), before_cents: 160_000, after_cents: 162_000, change_cents: 2_000, change_pct: 1.3 },
          { ...comp('delta', 'Delta Commons'), before_cents: 170_000, after_cents: 169_000, change_cents: -1_000, change_pct: -0.6 },
          { ...comp('grove', 'Grove Lofts'), before_cents: 158_000, after_cents: 158_000, change_cents: 0, change_pct: 0 },
        ],
      },
      concessions: { started: 1, ended: 1, changed: 1 },
      concessions_started: [{ ...comp('crest', 'Crest Place'), floor_plan_name: 'CP-1', text: '1 month free', monthly_value_cents: 13_500 }],
      comps_added: [comp('fern', 'Fern Court')],
      comps_deactivated: [comp('eagle', 'Eagle Row')],
    });
  });

  it("the position now is the overview's", async () => {
    const digest = JSON.parse((await run(['--json'])).stdout) as { subjects: { position: { to: { psi_ner: number; cri_ner: number } } }[] };
    for (const [i, id] of [WEEK.aspen, WEEK.birch].entries()) {
      const overview = JSON.parse((await week.run(['overview', id, '--json'])).stdout) as { overall_metrics: { overall_psi_ner: number; cri_ner: number } };
      expect(digest.subjects[i]!.position.to).toMatchObject({ psi_ner: overview.overall_metrics.overall_psi_ner, cri_ner: overview.overall_metrics.cri_ner });
    }
  });
});

describe('digest for people', () => {
  it('leads with the portfolio and one row per subject, then the biggest moves', async () => {
    const result = await run(['--format', 'md']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      [
        '## Market digest: 2026-11-06 → 2026-11-13',
        '',
        'Surveys compared: 2026-11-06 → 2026-11-13 for both subjects.',
        "Each subject's earlier survey is its latest on or before 2026-11-07.",
        'Not compared: 1 subject without a survey on or before 2026-11-07.',
        '',
        '### Portfolio',
        '',
        '- **Band changed:** 1 of 2 subjects: Aspen Yard (market → premium)',
        '- **Largest position moves (NER PSI):** Aspen Yard +0.6% → +3.2% (+2.6 pts); Birch Hollow -6.7% → -8.2% (-1.5 pts)',
        '- **Comparables that cut asking rent:** 2 of 5 (2 raised, 1 held)',
        '',
        '**Concessions started (1)**',
        '',
        '- Crest Place (comp of Aspen Yard), CP-1: "1 month free", $135.00 a month',
      ].join('\n'),
    );
    expect(result.stdout).toContain(
      '| Aspen Yard   | +0.6% → +3.2% | market → premium | 3.0% → 6.0% | 4.0% → 5.0% | +1 -2 =1, -$5 (-0.3%)  | +1 -1 Δ1    | +1 -1 |\n' +
        '| Birch Hollow | -6.7% → -8.2% | aggressive       | 5.0% → 6.0% | 2.0% → 2.0% | +1 -0 =0, +$25 (+1.7%) | none        | none  |\n',
    );
    expect(result.stdout).toMatch(
      new RegExp(
        '### Biggest moves \\(6 of 6\\)\\n\\n' +
          [
            'Crest Place (comp of Aspen Yard), CP-1 $1,600 → $1,620 (+$20), NER $1,600.00 → $1,485.00 (-$115.00): "1 month free" started',
            'Delta Commons (comp of Aspen Yard), DC-1 $1,700 → $1,690 (-$10), NER $1,650.00 → $1,590.00 (-$60.00): "$600 off" → "$1,200 off"',
            'Bluff Flats (comp of Aspen Yard), BF-1 $1,500 → $1,450 (-$50), NER $1,475.00 → $1,450.00 (-$25.00): "$300 off" ended',
            'Aspen Yard, A1 $1,550 → $1,580 (+$30), NER the same; units available 3 → 6 (+3)',
            'Harbor View (comp of Birch Hollow), HV-1 $1,500 → $1,525 (+$25), NER the same',
            'Grove Lofts (comp of Aspen Yard), GL-1 units available 0 → 9 (+9)',
          ]
            .map((line) => `- ${line.replace(/[$()+.]/g, '\\$&')}`)
            .join('\\n') +
          '\\n$',
      ),
    );
  });

  it("is the README's sample of the Monday-morning file", async () => {
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
    const sample = /on 2026-11-14:\n\n```markdown\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(sample).toBeDefined();
    expect((await run(['--format', 'md'])).stdout).toBe(sample);
  });

  it('--top, --min-units and --min-change choose the moves listed', async () => {
    const moves = async (args: string[]) => (await run(['--format', 'md', ...args])).stdout.split('### Biggest moves')[1]!.trim().split('\n');
    expect((await moves(['--top', '2']))[0]).toBe('(2 of 6)');
    // A unit more or less counts with --min-units 1: Crest Place's 4 → 5 joins its line.
    expect(await moves(['--min-units', '1'])).toContain(
      '- Crest Place (comp of Aspen Yard), CP-1 $1,600 → $1,620 (+$20), NER $1,600.00 → $1,485.00 (-$115.00): "1 month free" started; units available 4 → 5 (+1)',
    );
    // $50 or more: Crest's NER and Bluff's asking (each line whole), Delta's -$60 NER; units alone still count.
    expect((await moves(['--min-change', '50']))[0]).toBe('(5 of 5)');
    expect((await run(['--format', 'md', '--top', '0'])).stdout).not.toContain('Biggest moves');
  });

  it('a subject of its own gets its block: facts, concessions started, its moves, on one screen', async () => {
    const result = await run(['--communities', 'Aspen Yard']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'Market digest: Aspen Yard, 2026-11-06 → 2026-11-13',
        'Surveys compared: 2026-11-06 → 2026-11-13 (Aspen Yard).',
        "Each subject's earlier survey is its latest on or before 2026-11-07.",
        '',
        'Aspen Yard: 2026-11-06 → 2026-11-13',
        'Position (NER):                 PSI +0.6% → +3.2% (+2.6 pts); CRI 40.0 → 70.0, market → premium',
        "14-day vacancy:                 3.0% → 6.0%; comps' average 4.0% → 5.0%",
        "Comparables' asking rent:       1 raised, 2 cut, 1 held of 4; median -$5 (-0.3%)",
        'Concessions among comparables:  1 started, 1 ended, 1 changed',
        'Comparables:                    Fern Court added; Eagle Row deactivated',
        '',
        'Concessions started',
        '- Crest Place, CP-1: "1 month free", $135.00 a month',
        '',
        'Biggest moves (5 of 5)',
        '- Crest Place (comp), CP-1 $1,600 → $1,620 (+$20), NER $1,600.00 → $1,485.00 (-$115.00): "1 month free" started',
        '- Delta Commons (comp), DC-1 $1,700 → $1,690 (-$10), NER $1,650.00 → $1,590.00 (-$60.00): "$600 off" → "$1,200 off"',
        '- Bluff Flats (comp), BF-1 $1,500 → $1,450 (-$50), NER $1,475.00 → $1,450.00 (-$25.00): "$300 off" ended',
        '- Aspen Yard, A1 $1,550 → $1,580 (+$30), NER the same; units available 3 → 6 (+3)',
        '- Grove Lofts (comp), GL-1 units available 0 → 9 (+9)',
        '',
      ].join('\n'),
    );
  });

  it('--detail gives every subject its block, below the portfolio', async () => {
    const result = await run(['--detail', '--format', 'md']);
    expect(result.stdout.match(/^### .*$/gm)).toEqual(['### Portfolio', '### Aspen Yard: 2026-11-06 → 2026-11-13', '### Birch Hollow: 2026-11-06 → 2026-11-13']);
    expect(result.stdout).toContain('- **Position (NER):** PSI -6.7% → -8.2% (-1.5 pts); CRI 0.0 → 0.0, aggressive');
  });

  it('communities without a survey: one line on stderr with their count, names with --verbose', async () => {
    const quiet = await run([]);
    expect(quiet.stderr.split('\n').filter((line) => line.includes('Cedar Knoll') || line.startsWith('Not compared'))).toEqual([
      'Not compared: 1 community without a survey on or before 2026-11-07 (--verbose names them).',
    ]);
    expect((await run(['--verbose'])).stderr).toContain('Not compared: 1 community without a survey on or before 2026-11-07: Cedar Knoll.');
  });

  it('slack: mrkdwn without headings, bold labels, one bullet per subject', async () => {
    const result = await run(['--format', 'slack']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/^#/m);
    expect(result.stdout.split('\n').slice(0, 3)).toEqual([
      '*Market digest: 2026-11-06 → 2026-11-13*',
      'Surveys compared: 2026-11-06 → 2026-11-13 for both subjects.',
      "Each subject's earlier survey is its latest on or before 2026-11-07.",
    ]);
    expect(result.stdout).toContain('• *Band changed:* 1 of 2 subjects: Aspen Yard (market → premium)');
    expect(result.stdout).toContain(
      "• *Aspen Yard*: NER PSI +0.6% → +3.2% · band market → premium · vacancy 3.0% → 6.0% · comps' vacancy 4.0% → 5.0% · " +
        'comps asking +1 -2 =1, -$5 (-0.3%) · concessions +1 -1 Δ1 · comps +1 -1',
    );
  });

  it('html: one self-contained document, inline styles, no scripts or external resources', async () => {
    const result = await run(['--format', 'html']);
    expect(result.code).toBe(0);
    const html = result.stdout;
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|<img|<style|\s(src|href)=|url\(|@import/i);
    expect(html).toContain('<li><strong>Band changed:</strong> 1 of 2 subjects: Aspen Yard (market → premium)</li>');
    // A figure wraps only after its arrow in a narrow mail pane: "+0.6%" and "→" are held together.
    expect(html).toMatch(/<td style="[^"]*">Aspen Yard<\/td><td style="[^"]*">\+0\.6%\u00a0→ \+3\.2%<\/td>/);
    expect(html).toContain(
      '<li>Crest Place (comp of Aspen Yard), CP-1 $1,600 → $1,620 (+$20), NER $1,600.00 → $1,485.00 (-$115.00): &quot;1 month free&quot; started</li>',
    );
  });

  it('--all-changes lists each change once, as a sentence', async () => {
    const result = await run(['--format', 'md', '--all-changes']);
    expect(result.stdout).toContain('### Aspen Yard: 2026-11-06 → 2026-11-13\n\n**All changes (19)**\n\n- Eagle Row (comp): comparable deactivated\n- Fern Court (comp): comparable added\n');
    expect(result.stdout).toContain('- Crest Place (comp), CP-1: concession started: "1 month free"');
  });
});

describe('digest refuses before reading anything (exit 2)', () => {
  const refused = async (args: string[], message: RegExp, env: Record<string, string> = {}) => {
    const result = await week.run(['digest', ...args], { now: NOW, env });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
    return result;
  };

  it('a --since in the future, and flags the chosen format does not use', async () => {
    await refused(['--since', '2026-11-15'], /--since: 2026-11-15 is in the future \(today is 2026-11-14\)/);
    await refused(['--format', 'html', '--fields', 'kind'], /--fields picks columns; --format html is a summary without columns/);
    await refused(['--sort', 'kind'], /the table summarizes the changes; --sort and --limit are for --csv and --ndjson/);
    await refused(['--format', 'slack', '--dollars'], /--dollars is for --format csv or ndjson/);
    await refused(['--json', '--top', '3'], /--top shapes the summary for people; --format json has every change/);
    await refused(['--csv', '--detail', '--min-units', '3'], /--detail, --min-units shape the summary for people/);
    await refused(['--top', '-1'], /--top: "-1" is not a whole number from 0 up/);
    await refused(['--state-name', 'mail'], /--state-name names a --since-last state: add --since-last/);
    await refused(['--since-last', '--state-name', 'mail/slack'], /--state-name: "mail\/slack" is not a state name/);
  });

  it('html and slack are the digest\'s formats only', async () => {
    const result = await week.run(['portfolio', '--format', 'slack']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/`rentsurvey portfolio` does not write --format slack\nhint: use one of table, json, csv, ndjson, md/);
  });

  it('delivery flags: what is missing is named, a URL is never echoed', async () => {
    await refused(['--mail-to', 'team@example.com'], /--mail-to needs an SMTP server/);
    await refused(['--smtp-url', 'smtp://u:p@127.0.0.1:25'], /--smtp-url is for --mail-to/);
    await refused(['--mail-to', 'not-an-address', '--smtp-url', 'smtp://127.0.0.1:25'], /--mail-to: "not-an-address"/);
    const secret = 'hunter2-very-secret';
    const bad = await refused(['--mail-to', 'a@example.com', '--smtp-url', `http://u:${secret}@mail.example.com`], /--smtp-url must be a smtp or smtps URL/);
    expect(bad.stderr).not.toContain(secret);
    const hook = await refused([], /RENTSURVEY_WEBHOOK_URL is not a URL/, { RENTSURVEY_WEBHOOK_URL: `hooks.example.com/${secret}` });
    expect(hook.stderr).not.toContain(secret);
  });
});
