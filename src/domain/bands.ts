/**
 * The CRI bands (docs/metrics.md): a CRI's percentile range, lower bound inclusive
 * ([0,30) [30,60) [60,90) [90,100]), and the two names each goes by: the long one
 * the overview and the digest's JSON say ("market-aligned"), the short one --band
 * takes and positioning rows carry ("market").
 */
export const CRI_BANDS = [
  { name: 'aggressively priced', short: 'aggressive', from: 0, to: 30 },
  { name: 'market-aligned', short: 'market', from: 30, to: 60 },
  { name: 'premium', short: 'premium', from: 60, to: 90 },
  { name: 'outlier', short: 'outlier', from: 90, to: 100 },
] as const;

type CriBandEntry = (typeof CRI_BANDS)[number];
export type CriBand = CriBandEntry['name'];
export type Band = CriBandEntry['short'];

/** The bands by their short names, lowest first. */
export const BANDS: readonly Band[] = CRI_BANDS.map((band) => band.short);

function bandEntry(cri: number | null | undefined): CriBandEntry | null {
  if (typeof cri !== 'number' || !Number.isFinite(cri)) return null;
  // The last band takes 100 itself (and anything above).
  return CRI_BANDS.find((band) => cri < band.to) ?? CRI_BANDS[CRI_BANDS.length - 1]!;
}

/** The CRI band by its long name ("market-aligned"); null without a CRI. */
export function criBand(cri: number | null | undefined): CriBand | null {
  return bandEntry(cri)?.name ?? null;
}

/** The CRI band by its short name ("market"); null without a CRI. */
export function bandOf(cri: number | null | undefined): Band | null {
  return bandEntry(cri)?.short ?? null;
}

/** A band's short name from its long one: "market-aligned" → "market". */
export function shortBand(name: CriBand): Band {
  return CRI_BANDS.find((band) => band.name === name)!.short;
}
