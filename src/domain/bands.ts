/**
 * The CRI bands (docs/metrics.md): a CRI's (or a plan's percentile's) range, lower bound
 * inclusive ([0,30) [30,60) [60,90) [90,100]), and the one name each goes by in every output
 * of the tool — tables, JSON values, the report, the digest, help and errors. This table is
 * the one source: a band is never spelled anywhere else. The long form of a name ("aggressively
 * priced") stands only in the legend (BAND_LEGEND), and is accepted where a band is typed.
 */
export const CRI_BANDS = [
  { name: 'aggressive', from: 0, to: 30, long: 'aggressively priced' },
  { name: 'market', from: 30, to: 60, long: 'market-aligned' },
  { name: 'premium', from: 60, to: 90, long: 'premium' },
  { name: 'outlier', from: 90, to: 100, long: 'outlier' },
] as const;

type BandEntry = (typeof CRI_BANDS)[number];
export type Band = BandEntry['name'];

/** The bands by name, lowest first. */
export const BANDS: readonly Band[] = CRI_BANDS.map((band) => band.name);

function bandEntry(cri: number | null | undefined): BandEntry | null {
  if (typeof cri !== 'number' || !Number.isFinite(cri)) return null;
  // The last band takes 100 itself (and anything above).
  return CRI_BANDS.find((band) => cri < band.to) ?? CRI_BANDS[CRI_BANDS.length - 1]!;
}

/** The band a CRI (or a percentile rank) falls in: 44.4 → "market"; null without one. */
export function bandOf(cri: number | null | undefined): Band | null {
  return bandEntry(cri)?.name ?? null;
}

/** A band's range of percentiles: market → 30 to 60 (60 itself is premium's). */
export function bandRange(band: Band): { from: number; to: number } {
  const { from, to } = CRI_BANDS.find((entry) => entry.name === band)!;
  return { from, to };
}

/**
 * The bands one can aim a pricing target at. The outlier band (90–100) is no target: it means
 * priced above nearly every comparable, which is what a target avoids.
 */
export type TargetBand = Exclude<Band, 'outlier'>;
export const TARGET_BANDS = BANDS.filter((band): band is TargetBand => band !== 'outlier');

/** "CRI bands: aggressive 0–30 (aggressively priced), market 30–60 (market-aligned), premium 60–90, outlier 90–100": said once, where a legend is. */
export const BAND_LEGEND = `CRI bands: ${CRI_BANDS.map((band) => `${band.name} ${band.from}–${band.to}${band.long === band.name ? '' : ` (${band.long})`}`).join(', ')}`;

/** What may be typed for a band: its name, or its long form with a space or a hyphen ("market-aligned", "aggressively-priced"). */
export function bandNamed(word: string): Band | undefined {
  const wanted = word.trim().toLowerCase();
  return CRI_BANDS.find((band) => band.name === wanted || band.long === wanted || band.long.replace(' ', '-') === wanted)?.name;
}
