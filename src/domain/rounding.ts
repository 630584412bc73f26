/**
 * Rounding rules shared by every metric, so that the server, the CLI and the
 * docs agree to the last digit.
 */

/**
 * Rounds half away from zero at `decimals` places. Shifting through the
 * decimal string (not `x * 10 ** d`) keeps 1.005 → 1.01 and 4.35 → 4.4, as a
 * person reading the digits expects.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const magnitude = Math.abs(value);
  const text = String(magnitude);
  const shifted = text.includes('e') ? magnitude * 10 ** decimals : Number(`${text}e${decimals}`);
  const rounded = Number(`${Math.round(shifted)}e-${decimals}`);
  const signed = value < 0 ? -rounded : rounded;
  return signed === 0 ? 0 : signed; // never -0 on the wire
}

/** Money: integer cents, Math.round (amounts are positive where it matters). */
export function roundCents(cents: number): number {
  const rounded = Math.round(cents);
  return rounded === 0 ? 0 : rounded;
}

/** PSI and rent_per_sqft_variation: fractions with 4 decimals. */
export function roundFraction4(value: number): number {
  return roundTo(value, 4);
}

/** pct_* fields, CRI, vacancy trend and projections: percents with 1 decimal. */
export function roundPercent1(value: number): number {
  return roundTo(value, 1);
}
