// Why NER moved, on examples/concession-week.json (today 2026-11-14: each subject compares its
// survey of 11-06 with that of 11-13). NERs follow from the concession texts (docs/metrics.md):
//   Parkside Commons, all four plans, "8 weeks free" (asking unchanged): NER = R · 44/52 —
//     C1 2,281.00 → 1,930.08 (−350.92), B1 1,839.00 → 1,556.08 (−282.92), A2 1,776.00 → 1,502.77 (−273.23),
//     A1 1,650.00 → 1,396.15 (−253.85); worth up to $350.92 a month;
//   Xylo Terrace "2 months free" on 1,800: 1,500.00 (−300.00); Wren Gardens "6 weeks free" on 2,000: 1,769.23 (−230.77);
//   Summit Place's "6 weeks free" on 1,700 ended: 1,503.85 → 1,700.00 (+196.15);
//   Ridge View R2 "1 month free" on 1,900: 1,741.67 (−158.33); Quarry Flats "$600 off" on 1,500: 1,450.00 (−50.00);
//   Timber Lofts "$500 off" → "$1,000 off" on 1,600: 1,558.33 → 1,516.67 (−41.66);
//   Vista Row starts "Waived application fee" as asking goes 1,500 → 1,520: no rent value, NER moves with asking;
//   Linden Park's L1 and Upland Court's U1 raise asking $25, no special.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCESSION_WEEK, localMarket, type MarketCli } from '../../../../test/helpers/market-changes.js';
import { smtpServer, webhook } from '../../../../test/helpers/receivers.js';

const NOW = '2026-11-14T08:00:00Z';
let week: MarketCli;

beforeAll(async () => {
  week = await localMarket(CONCESSION_WEEK);
});
afterAll(async () => {
  await week?.close();
});

const run = (args: string[], env: Record<string, string> = {}) => week.run(['digest', ...args], { now: NOW, env });

/** The portfolio's concessions started: the largest monthly value first, four lines and a count of the rest. */
const STARTED = [
  'Parkside Commons (comp of Linden Park), all plans: "8 weeks free", up to $350.92 a month',
  'Xylo Terrace (comp of Willow Bend), X1: "2 months free", $300.00 a month',
  'Wren Gardens (comp of Willow Bend), W1: "6 weeks free", $230.77 a month',
  'Ridge View (comp of Linden Park), R2: "1 month free", $158.33 a month',
  'and 2 more (--detail lists them by subject)',
];

/** The biggest moves: each NER moved by a special names it; Parkside Commons gets two lines and a count. */
const MOVES = [
  'Parkside Commons (comp of Linden Park), C1 NER $2,281.00 → $1,930.08 (-$350.92): "8 weeks free" started; asking unchanged',
  'Xylo Terrace (comp of Willow Bend), X1 NER $1,800.00 → $1,500.00 (-$300.00): "2 months free" started; asking unchanged',
  'Parkside Commons (comp of Linden Park), B1 NER $1,839.00 → $1,556.08 (-$282.92): "8 weeks free" started; asking unchanged',
  'and 2 more plans at Parkside Commons (comp of Linden Park)',
  'Wren Gardens (comp of Willow Bend), W1 NER $2,000.00 → $1,769.23 (-$230.77): "6 weeks free" started; asking unchanged',
  'Summit Place (comp of Linden Park), S1 NER $1,503.85 → $1,700.00 (+$196.15): "6 weeks free" ended; asking unchanged',
  'Ridge View (comp of Linden Park), R2 NER $1,900.00 → $1,741.67 (-$158.33): "1 month free" started; asking unchanged',
  'Quarry Flats (comp of Linden Park), Q1 NER $1,500.00 → $1,450.00 (-$50.00): "$600 off" started; asking unchanged',
  'Timber Lofts (comp of Linden Park), T1 NER $1,558.33 → $1,516.67 (-$41.66): "$500 off" → "$1,000 off"; asking unchanged',
  'Linden Park, L1 $1,700 → $1,725 (+$25), NER the same',
  'Upland Court (comp of Linden Park), U1 $1,550 → $1,575 (+$25), NER the same',
];

const bullets = (lines: readonly string[], bullet: string, escape: (line: string) => string = (line) => line) => lines.map((line) => `${bullet}${escape(line)}`).join('\n');

describe('digest: why NER moved', () => {
  it('md: the portfolio lists the concessions started, the largest first; each move says which special moved its NER', async () => {
    const result = await run(['--format', 'md']);
    expect(result.code, result.stderr).toBe(0);
    const md = (line: string) => line.replace(/[$*_]/g, (c) => (c === '$' ? '$' : `\\${c}`));
    expect(result.stdout).toContain(`**Concessions started (6), the largest first**\n\n${bullets(STARTED, '- ', md)}\n`);
    expect(result.stdout).toContain(`### Biggest moves (10 of 13)\n\n${bullets(MOVES, '- ', md)}\n`);
  });

  it('--json: every concession started with its monthly value, the largest first', async () => {
    const result = await run(['--json']);
    const { portfolio } = JSON.parse(result.stdout) as {
      portfolio: { concessions_started: { subject_name: string; community_name: string; floor_plan_name: string | null; text: string; monthly_value_cents: number }[] };
    };
    expect(portfolio.concessions_started.map((c) => [c.subject_name, c.community_name, c.floor_plan_name, c.text, c.monthly_value_cents])).toEqual([
      ['Linden Park', 'Parkside Commons', null, '8 weeks free', 35_092],
      ['Willow Bend', 'Xylo Terrace', 'X1', '2 months free', 30_000],
      ['Willow Bend', 'Wren Gardens', 'W1', '6 weeks free', 23_077],
      ['Linden Park', 'Ridge View', 'R2', '1 month free', 15_833],
      ['Linden Park', 'Quarry Flats', 'Q1', '$600 off', 5_000],
      ['Linden Park', 'Vista Row', 'V1', 'Waived application fee', 0],
    ]);
  });

  it('the table, html and slack say the same', async () => {
    const table = (await run([])).stdout;
    expect(table).toContain(`Concessions started (6), the largest first\n${bullets(STARTED, '- ')}\n`);
    expect(table).toContain(`Biggest moves (10 of 13)\n${bullets(MOVES, '- ')}\n`);
    const html = (await run(['--format', 'html'])).stdout;
    const escaped = (line: string) => line.replaceAll('"', '&quot;');
    for (const line of [...STARTED, ...MOVES]) expect(html).toContain(`<li>${escaped(line)}</li>`);
    const slack = (await run(['--format', 'slack'])).stdout;
    expect(slack).toContain(`*Concessions started (6), the largest first*\n${bullets(STARTED, '• ')}\n`);
    expect(slack).toContain(`${bullets(MOVES, '• ')}\n`);
  });

  it('the e-mail (HTML and its text part) and the webhook say the same', async () => {
    const smtp = await smtpServer();
    const hook = await webhook(200);
    try {
      const sent = await run(['--mail-to', 'ana@cedar.example', '--webhook-url', hook.url], { RENTSURVEY_SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
      expect(sent.code, sent.stderr).toBe(0);
      // Lines of a mail part are folded and encoded: compare its text unfolded and decoded.
      const raw = smtp.received[0]!.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
      const mail = decodeURIComponent(raw.replace(/%(?![0-9A-F]{2})/g, '%25'));
      for (const line of MOVES) expect(mail).toContain(`- ${line.replace(/[*_]/g, '\\$&')}`);
      for (const line of MOVES) expect(mail).toContain(`<li>${line.replaceAll('"', '&quot;')}</li>`);
      const { text } = hook.bodies[0]!.json as { text: string };
      expect(text).toContain(bullets(STARTED, '• '));
      expect(text).toContain(bullets(MOVES, '• '));
    } finally {
      await smtp.close();
      await hook.close();
    }
  });

  it("--detail: each subject's block lists its concessions started, the largest first, without a count of the rest", async () => {
    const result = await run(['--detail', '--format', 'md', '--communities', 'Linden Park']);
    expect(result.stdout).toContain(
      [
        '**Concessions started**',
        '',
        '- Parkside Commons, all plans: "8 weeks free", up to $350.92 a month',
        '- Ridge View, R2: "1 month free", $158.33 a month',
        '- Quarry Flats, Q1: "$600 off", $50.00 a month',
        '- Vista Row, V1: "Waived application fee"',
      ].join('\n'),
    );
  });
});
