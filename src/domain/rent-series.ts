/**
 * Rent over time per bedroom count, of a subject against its comparables (the
 * report's rent chart). The subject's rent on a date is the mean of its floor
 * plans of that bedroom count priced that day; the comparables' is the mean over
 * comparables of each one's own mean of such plans, so that a comparable with
 * many plans counts once, as in the overview (docs/metrics.md, "Matching comparable floor plans to a subject floor plan").
 */

/** One priced floor plan on one date; rent in cents (asking or NER), null when not priced. */
export interface PricedPlan {
  date: string;
  bedrooms: number;
  rent: number | null;
}

export interface RentPoint {
  date: string;
  /** Cents; may hold fractions of a cent (a mean). */
  rent: number;
}

export interface BedroomSeries {
  bedrooms: number;
  subject: RentPoint[];
  /** The comparables' mean, on the dates any of them was priced. */
  comps: RentPoint[];
}

/** Mean rent per bedroom count and date of one community's plans: bedrooms → date → mean. */
function meansOf(plans: readonly PricedPlan[]): Map<number, Map<string, number>> {
  const sums = new Map<number, Map<string, { total: number; count: number }>>();
  for (const { date, bedrooms, rent } of plans) {
    if (rent === null || !Number.isFinite(rent)) continue;
    let byDate = sums.get(bedrooms);
    if (!byDate) sums.set(bedrooms, (byDate = new Map()));
    const sum = byDate.get(date);
    if (sum) {
      sum.total += rent;
      sum.count += 1;
    } else byDate.set(date, { total: rent, count: 1 });
  }
  const means = new Map<number, Map<string, number>>();
  for (const [bedrooms, byDate] of sums) {
    const mean = new Map<string, number>();
    for (const [date, { total, count }] of byDate) mean.set(date, total / count);
    means.set(bedrooms, mean);
  }
  return means;
}

const byDate = (a: RentPoint, b: RentPoint) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/** The comparables' mean rent per date for each bedroom count: each comparable's own mean first, so that one with many plans counts once. */
export function marketSeries(bedroomCounts: readonly number[], comps: readonly (readonly PricedPlan[])[]): { bedrooms: number; comps: RentPoint[] }[] {
  const theirs = comps.map(meansOf);
  return [...new Set(bedroomCounts)]
    .sort((a, b) => a - b)
    .map((bedrooms) => {
      const perDate = new Map<string, number[]>();
      for (const comp of theirs)
        for (const [date, rent] of comp.get(bedrooms) ?? []) {
          const rents = perDate.get(date);
          if (rents) rents.push(rent);
          else perDate.set(date, [rent]);
        }
      return {
        bedrooms,
        comps: [...perDate].map(([date, rents]) => ({ date, rent: rents.reduce((a, b) => a + b, 0) / rents.length })).sort(byDate),
      };
    });
}

/**
 * The subject's bedroom counts (fewest bedrooms first), each with the subject's
 * and the comparables' rent per date. A bedroom count no comparable has keeps an
 * empty `comps`; one the subject lacks is left out (nothing to compare).
 */
export function rentSeries(subject: readonly PricedPlan[], comps: readonly (readonly PricedPlan[])[]): BedroomSeries[] {
  const own = meansOf(subject);
  return marketSeries([...own.keys()], comps).map(({ bedrooms, comps: market }) => ({
    bedrooms,
    subject: [...own.get(bedrooms)!].map(([date, rent]) => ({ date, rent })).sort(byDate),
    comps: market,
  }));
}
