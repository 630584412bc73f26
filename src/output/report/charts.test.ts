import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { rentChart } from './charts.js';

/**
 * Renders every chart of the report in a process of its own (ECharts' registry
 * is global: once the whole library is loaded, every part is registered):
 * `parts` with what svgRenderer registers, `whole` with the whole library
 * loaded first. A part the charts use but svgRenderer leaves out (a series
 * type, a component, label layout) changes the SVG, or empties it.
 */
const RENDER = `
const [mode] = process.argv.slice(-1);
if (mode === 'whole') await import('echarts');
const charts = await import(${JSON.stringify(new URL('./charts.ts', import.meta.url).href)});
const dates = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 0, 5 + 7 * i)).toISOString().slice(0, 10));
const rent = (base, i) => ({ date: dates[i], rent: base + 40 * Math.sin(i / 3) + 3 * i });
const renderer = await charts.svgRenderer();
const size = { width: 720, height: 300 };
const svgs = [
  charts.rentChart({ bedrooms: 1, subject: dates.map((_, i) => rent(180000, i)), comps: dates.map((_, i) => rent(175000, i)) }, 'ner'),
  charts.rentChart({ bedrooms: 0, subject: dates.map((_, i) => rent(120000, i)), comps: dates.slice(3).map((_, i) => rent(125000, i)) }, 'asking'),
  charts.rentChart({ bedrooms: 2, subject: dates.map((_, i) => rent(230000, i)), comps: dates.map((_, i) => rent(226000, i)) }, 'ner', [4, 13, 26].map((weeks) => ({ date: new Date(Date.UTC(2026, 7, 3 + 7 * weeks)).toISOString().slice(0, 10), point: 228000 + 100 * weeks, lower_80: 224000, upper_80: 232000 + 300 * weeks }))),
  charts.psiChart([{ plan: 'A1', asking: 0.031, ner: -0.012 }, { plan: 'B2', asking: null, ner: 0.2 }, { plan: 'C3', asking: -0.05, ner: null }]),
  charts.vacancyChart(dates.map((date, i) => ({ date, subject: 4 + (i % 5), comps: i % 7 === 0 ? null : 6 - (i % 3) })), { '14d': 5.5, '30d': 6.1, '60d': 7, '90d': 8.25 }),
  charts.vacancyChart([], { '14d': 0, '30d': 0, '60d': 0, '90d': 0 }),
  charts.portfolioChart([{ name: 'Barton Creek Terrace', psi: 0.031, vacancy: 4.2 }, { name: 'Maple Court', psi: -0.08, vacancy: 9 }, { name: 'Oak', psi: 0.001, vacancy: 0 }, { name: 'Oak Flats East', psi: 0.002, vacancy: 0.1 }], 'ner', size).option,
].map((option) => renderer.svg(option, size));
process.stdout.write(JSON.stringify(svgs));
`;

async function render(mode: 'parts' | 'whole'): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', RENDER, mode], {
    maxBuffer: 64 << 20,
  });
  return JSON.parse(stdout) as string[];
}

describe('the report charts', () => {
  it('render with the parts of ECharts that svgRenderer registers as with the whole library', async () => {
    const [parts, whole] = await Promise.all([render('parts'), render('whole')]);
    expect(whole).toHaveLength(7);
    for (const svg of whole) expect(svg).toMatch(/^<svg[\s\S]*<path[\s\S]*<\/svg>$/);
    parts.forEach((svg, i) => expect(svg, `chart ${i}`).toBe(whole[i]));
    // Two processes that compile through tsx and load ECharts module by module: a busy machine takes a while.
  }, 240_000);
});

describe('the rent chart’s forecast band', () => {
  it('has a legend entry in the band’s own shade, a square like the area it names', () => {
    const point = (date: string, rent: number) => ({ date, rent });
    const option = rentChart(
      { bedrooms: 1, subject: [point('2026-11-02', 180_000)], comps: [point('2026-11-02', 175_000)] },
      'ner',
      [{ date: '2027-02-01', point: 176_000, lower_80: 170_000, upper_80: 182_000 }],
    );
    const band = (option.series as { name: string; symbol?: string; showSymbol?: boolean; itemStyle?: object; areaStyle?: object }[]).filter(
      (series) => series.name === '80 % interval',
    );
    expect(band).toHaveLength(2);
    // The legend draws the first series of a name: the invisible line at the lower bound.
    const [lower, height] = band as [(typeof band)[number], (typeof band)[number]];
    expect(lower.itemStyle).toEqual(height.areaStyle);
    expect(lower).toMatchObject({ symbol: 'rect', showSymbol: false });
  });
});
