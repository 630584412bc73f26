/**
 * The report's charts: Apache ECharts rendered on the server side to SVG
 * (`ssr: true`), inlined in the HTML, so that reading or printing the report
 * needs no script. Each chart labels its numbers and dates, and tells its
 * series apart without colour: line dash, marker shape and bar patterns
 * (ECharts' decals) survive a grayscale print. Loaded only by `report`.
 * ECharts is loaded as the parts these charts use (./echarts.ts).
 */
import { BASIS_TEXT, type Basis } from '../../domain/basis.js';
import { addDays } from '../../domain/dates.js';
import { formatMoney, formatPercentValue, formatSignedPercent } from '../../domain/format.js';
import type { BedroomSeries } from '../../domain/rent-series.js';
import { placeLabels } from './labels.js';

type Option = import('echarts').EChartsOption;

export interface ChartSize {
  width: number;
  height: number;
}

/** Dark to light with a hue each: apart in colour, and still apart in gray. */
const INK = ['#1f3a5f', '#c2410c', '#4d7c0f', '#7c3aed', '#0e7490', '#a16207'];
const FONT = { fontFamily: 'Helvetica, Arial, sans-serif', fontSize: 12, color: '#222' };
/** A marker on every n-th point: enough to tell the lines apart, few enough to keep the file small. */
const MARKER_EVERY = 4;

const plansTitle = (bedrooms: number) => (bedrooms === 0 ? 'Studios' : `${bedrooms}-bedroom plans`);
const dollars = (cents: number) => formatMoney(cents);

/** A line's points as [date, value], with a marker on every MARKER_EVERY-th and on the last. */
function markedPoints(points: readonly { date: string; value: number }[], symbol: string) {
  return points.map((point, i) => ({
    value: [point.date, point.value],
    symbol: i % MARKER_EVERY === 0 || i === points.length - 1 ? symbol : 'none',
  }));
}

/** The title at the top left, the legend under it: apart at any width. */
const heading = (text: string) => ({
  title: { text, left: 0, top: 0, textStyle: { ...FONT, fontSize: 13, fontWeight: 'bold' as const } },
  legend: { left: 0, top: 24, textStyle: FONT },
});

const common: Option = {
  animation: false,
  textStyle: FONT,
  color: INK,
  // ECharts' decals: patterns on bars and areas, for readers in grayscale.
  aria: { enabled: true, decal: { show: true } },
};

const timeAxis = {
  type: 'time',
  axisLabel: { formatter: '{yyyy}-{MM}-{dd}', hideOverlap: true },
  splitLine: { show: false },
} as const;

/** A forecast of the comparables' average at one horizon, cents. */
export interface ForecastBand {
  date: string;
  point: number;
  lower_80: number;
  upper_80: number;
}

/**
 * Rent of the subject against the comparables' average, for one bedroom count;
 * then the average's forecast (from its last value) inside its 80 % band.
 */
export function rentChart(series: BedroomSeries, basis: Basis, forecast: readonly ForecastBand[] = []): Option {
  const rent = BASIS_TEXT[basis];
  const line = (name: string, points: { date: string; rent: number }[], index: number, dash: 'solid' | 'dashed' | 'dotted', symbol: string) => ({
    name,
    type: 'line' as const,
    data: markedPoints(
      points.map((p) => ({ date: p.date, value: Math.round(p.rent) })),
      symbol,
    ),
    // The series' own symbol is its legend's icon; the points carry theirs (markedPoints).
    symbol,
    symbolSize: 7,
    lineStyle: { width: 2, type: dash, color: INK[index] },
    itemStyle: { color: INK[index] },
    endLabel: { show: true, formatter: (p: { value: unknown }) => dollars((p.value as [string, number])[1]), ...FONT },
  });
  const last = series.comps.at(-1);
  const ahead = last && forecast.length > 0 ? [{ date: last.date, point: last.rent, lower_80: last.rent, upper_80: last.rent }, ...forecast] : [];
  // The band: an invisible line at the lower bound with the band's height stacked on it, filled.
  // The legend shows the first series of a name: its icon is the band's shade, not the palette's next colour.
  const band = ahead.length === 0
    ? []
    : [
        {
          name: '80 % interval',
          type: 'line' as const,
          stack: 'band',
          // A line's legend icon is its symbol: a square, not drawn on the chart.
          symbol: 'rect',
          showSymbol: false,
          itemStyle: { color: INK[1], opacity: 0.18 },
          lineStyle: { opacity: 0 },
          data: ahead.map((p) => [p.date, Math.round(p.lower_80)]),
        },
        {
          name: '80 % interval',
          type: 'line' as const,
          stack: 'band',
          symbol: 'none',
          lineStyle: { opacity: 0 },
          areaStyle: { color: INK[1], opacity: 0.18 },
          data: ahead.map((p) => [p.date, Math.round(p.upper_80 - p.lower_80)]),
        },
      ];
  return {
    ...common,
    ...heading(`${plansTitle(series.bedrooms)}: ${rent}`),
    grid: { left: 70, right: 80, top: 64, bottom: 40 },
    xAxis: timeAxis,
    yAxis: { type: 'value', scale: true, axisLabel: { formatter: (cents: number) => dollars(cents) } },
    series: [
      line('Subject', series.subject, 0, 'solid', 'circle'),
      line("Comparables' average", series.comps, 1, 'dashed', 'triangle'),
      ...(ahead.length === 0 ? [] : [line('Forecast', ahead.map((p) => ({ date: p.date, rent: p.point })), 1, 'dotted', 'diamond'), ...band]),
    ],
  };
}

export interface PlanPsi {
  plan: string;
  asking: number | null;
  ner: number | null;
}

/** PSI of each floor plan, asking and NER side by side: horizontal bars, each labelled at its end, patterns apart. */
export function psiChart(plans: readonly PlanPsi[]): Option {
  const bars = (name: string, get: (p: PlanPsi) => number | null, index: number) => ({
    name,
    type: 'bar' as const,
    // A label beyond the bar's end: right of a bar above the market, left of one below.
    data: plans.map((p) => {
      const value = get(p);
      return { value, label: { position: value !== null && value < 0 ? ('left' as const) : ('right' as const) } };
    }),
    itemStyle: { color: INK[index] },
    label: { show: true, formatter: (p: { value: unknown }) => formatSignedPercent(p.value as number), ...FONT, fontSize: 11 },
  });
  return {
    ...common,
    ...heading("PSI per floor plan (rent ÷ comparables' average − 1)"),
    grid: { left: 60, right: 60, top: 64, bottom: 30 },
    yAxis: { type: 'category', data: plans.map((p) => p.plan), inverse: true, axisLabel: { interval: 0 } },
    xAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatSignedPercent(v, 0) } },
    series: [bars('Asking', (p) => p.asking, 0), bars('Net effective', (p) => p.ner, 2)],
  };
}

export interface VacancyPoint {
  date: string;
  subject: number;
  comps: number | null;
}

/** Vacancy (percent) of the subject and the comparables' average, then the projected vacancy 14 to 90 days on. */
export function vacancyChart(trend: readonly VacancyPoint[], projections: Record<'14d' | '30d' | '60d' | '90d', number>): Option {
  const last = trend.at(-1)?.date;
  const ahead = last === undefined ? [] : (['14d', '30d', '60d', '90d'] as const).map((h) => ({ date: addDays(last, Number.parseInt(h, 10)), value: projections[h], horizon: h }));
  const percentLabel = (p: { value: unknown }) => formatPercentValue((p.value as [string, number])[1]);
  return {
    ...common,
    ...heading('Vacancy: surveys, then projected from available-from dates'),
    grid: { left: 60, right: 70, top: 64, bottom: 40 },
    xAxis: timeAxis,
    yAxis: { type: 'value', min: 0, axisLabel: { formatter: (v: number) => `${v}%` } },
    series: [
      {
        name: 'Subject',
        type: 'line',
        data: markedPoints(trend.map((p) => ({ date: p.date, value: p.subject })), 'circle'),
        symbol: 'circle',
        symbolSize: 7,
        lineStyle: { width: 2, color: INK[0] },
        itemStyle: { color: INK[0] },
      },
      {
        name: "Comparables' average",
        type: 'line',
        data: markedPoints(
          trend.flatMap((p) => (p.comps === null ? [] : [{ date: p.date, value: p.comps }])),
          'triangle',
        ),
        symbol: 'triangle',
        symbolSize: 7,
        lineStyle: { width: 2, type: 'dashed', color: INK[1] },
        itemStyle: { color: INK[1] },
        endLabel: { show: true, formatter: percentLabel, ...FONT },
      },
      {
        name: 'Projected (subject)',
        type: 'line',
        // From the last survey on, each horizon labelled with its days and value.
        data: [
          ...(last === undefined ? [] : [{ value: [last, trend.at(-1)!.subject], symbol: 'none' }]),
          ...ahead.map((p) => ({ value: [p.date, p.value], symbol: 'rect', label: { show: true, formatter: `${p.horizon}: ${formatPercentValue(p.value)}` } })),
        ],
        symbol: 'rect',
        symbolSize: 8,
        lineStyle: { width: 2, type: 'dotted', color: INK[3] },
        itemStyle: { color: INK[3] },
        label: { position: 'top', ...FONT, fontSize: 11 },
      },
    ],
  };
}

export interface PortfolioPoint {
  name: string;
  /** Fraction (0.031 is 3.1%). */
  psi: number;
  /** Percent. */
  vacancy: number;
}

/** The chart's plot area in its pixels (grid), with room on the right for the labels of the points furthest above the market. */
const PORTFOLIO_GRID = { left: 70, right: 170, top: 50, bottom: 50 };
const LABEL_SIZE = 10;
const MARKER_SIZE = 9;

/** Round bounds of an axis around `values`, `step` apart: the chart and the label layout agree on where each point is. */
function bounds(values: readonly number[], step: number, floor?: number): { min: number; max: number } {
  let min = floor ?? Math.floor(Math.min(...values) / step) * step;
  let max = Math.ceil(Math.max(...values) / step) * step;
  if (max <= min) [min, max] = [min - (floor === undefined ? step : 0), max + step];
  return { min: Number(min.toFixed(6)), max: Number(max.toFixed(6)) };
}

/**
 * Every community's PSI against its vacancy: where the portfolio is priced, and whether it is
 * leasing. Each point is named beside it where its name fits without overlapping another name
 * or point (labels.ts); `unlabelled` are those it does not fit, listed beside the chart.
 */
export function portfolioChart(points: readonly PortfolioPoint[], basis: Basis, size: ChartSize): { option: Option; unlabelled: PortfolioPoint[] } {
  const x = bounds(points.map((p) => p.psi), 0.05);
  const y = bounds(points.map((p) => p.vacancy), 1, 0);
  const plot = { x: PORTFOLIO_GRID.left, y: PORTFOLIO_GRID.top, width: size.width - PORTFOLIO_GRID.left - PORTFOLIO_GRID.right, height: size.height - PORTFOLIO_GRID.top - PORTFOLIO_GRID.bottom };
  const pixels = points.map((p) => ({
    x: plot.x + ((p.psi - x.min) / (x.max - x.min)) * plot.width,
    y: plot.y + plot.height - ((p.vacancy - y.min) / (y.max - y.min)) * plot.height,
    text: p.name,
  }));
  // Labels may use the right margin, but stay within the plot's height (the title and the "market" label are above it).
  const area = { x: plot.x, y: plot.y, width: size.width - plot.x - 4, height: plot.height };
  const placements = placeLabels(pixels, area, { fontSize: LABEL_SIZE, markerRadius: MARKER_SIZE / 2 + 1 });
  const option: Option = {
    ...common,
    title: { text: `PSI against 14-day vacancy, per community, on ${BASIS_TEXT[basis]}`, left: 0, top: 0, textStyle: { ...FONT, fontSize: 13, fontWeight: 'bold' } },
    grid: PORTFOLIO_GRID,
    xAxis: { type: 'value', ...x, interval: 0.05, name: 'PSI', nameLocation: 'middle', nameGap: 28, axisLabel: { formatter: (v: number) => formatSignedPercent(v, 0) } },
    yAxis: { type: 'value', ...y, interval: y.max - y.min > 10 ? 2 : 1, name: 'Vacancy', nameLocation: 'middle', nameGap: 45, axisLabel: { formatter: (v: number) => `${v}%` } },
    series: [
      {
        type: 'scatter',
        symbolSize: MARKER_SIZE,
        itemStyle: { color: INK[0] },
        data: points.map((p, i) => ({ value: [p.psi, p.vacancy], name: p.name, label: { show: placements[i] !== null } })),
        label: { show: true, formatter: (p: { name: string }) => p.name, ...FONT, fontSize: LABEL_SIZE },
        // Each name where labels.ts placed it; one moved off its point's line gets a guide line to it.
        labelLayout: (params: { dataIndex?: number }) => {
          const placed = params.dataIndex === undefined ? null : placements[params.dataIndex];
          return placed ? { x: placed.x, y: placed.y, align: placed.align, verticalAlign: placed.verticalAlign } : {};
        },
        labelLine: { show: true, lineStyle: { color: '#999', width: 0.6 } },
        // The market: PSI 0.
        markLine: { silent: true, symbol: 'none', lineStyle: { type: 'dashed', color: '#666' }, label: { formatter: 'market' }, data: [{ xAxis: 0 }] },
      },
    ],
  };
  return { option, unlabelled: points.filter((_, i) => placements[i] === null) };
}

/** Renders charts to SVG text, one ECharts instance at a time (each disposed, or it keeps a timer). */
export interface SvgRenderer {
  svg(option: Option, size: ChartSize): string;
}

export async function svgRenderer(): Promise<SvgRenderer> {
  const echarts = await import('./echarts.js');
  return {
    svg(option, { width, height }) {
      const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
      try {
        chart.setOption(option);
        return chart.renderToSVGString();
      } finally {
        chart.dispose();
      }
    },
  };
}
