/**
 * Forecasting methods for weekly series (docs/metrics.md, "Forecasts"): the
 * three baselines every forecast is judged against, exponential smoothing (ETS,
 * additive errors, no trend or a damped trend, chosen by AICc) and ETS on the
 * series with its 52-week season taken out (a smooth yearly profile estimated
 * from the history, in the spirit of STL + ETS). Pure and deterministic: the parameters are found on a
 * fixed grid, so the same series always gives the same forecast.
 */

/**
 * A method: `fit` estimates its parameters from a history, `forecast` gives the
 * values 1..maxHorizon steps after the end of a history (the same one, or a
 * longer one: the backtest re-estimates a quarter at a time and runs the fitted
 * model on to each origin).
 */
export interface Method<P = unknown> {
  fit: (history: readonly number[]) => P;
  forecast: (history: readonly number[], parameters: P, maxHorizon: number) => number[];
}

/** A method whose parameters its caller only passes on (a table of methods of different kinds). */
export interface OpaqueMethod {
  fit: (history: readonly number[]) => unknown;
  forecast: (history: readonly number[], parameters: unknown, maxHorizon: number) => number[];
}

export function opaque<P>(method: Method<P>): OpaqueMethod {
  return { fit: method.fit, forecast: (history, parameters, maxHorizon) => method.forecast(history, parameters as P, maxHorizon) };
}

const unfitted = (forecast: (history: readonly number[], maxHorizon: number) => number[]): Method<null> => ({
  fit: () => null,
  forecast: (history, _, maxHorizon) => forecast(history, maxHorizon),
});

export const SEASON_WEEKS = 52;
/** The seasonal profile needs a year and a quarter of another to be told apart from the trend. */
export const MIN_SEASONAL_HISTORY = SEASON_WEEKS + 13;

/** The last value, at every horizon. */
export const naive = unfitted((history, maxHorizon) => Array<number>(maxHorizon).fill(history.at(-1) ?? Number.NaN));

/** The line from the first to the last value, carried on. */
export const drift = unfitted((history, maxHorizon) => {
  const last = history.at(-1) ?? Number.NaN;
  const slope = history.length > 1 ? (last - history[0]!) / (history.length - 1) : 0;
  return Array.from({ length: maxHorizon }, (_, i) => last + slope * (i + 1));
});

/** The value one season (52 weeks) before each target week. */
export const seasonalNaive = unfitted((history, maxHorizon) =>
  Array.from({ length: maxHorizon }, (_, i) => {
    const h = i + 1;
    return history[history.length + h - SEASON_WEEKS * (Math.floor((h - 1) / SEASON_WEEKS) + 1)] ?? Number.NaN;
  }),
);

/** ETS parameters: smoothing of the level (alpha) and trend (beta), damping (phi); no trend when beta and phi are 0. */
export interface EtsParameters {
  alpha: number;
  beta: number;
  phi: number;
  trend: boolean;
}

interface EtsState {
  sse: number;
  level: number;
  trend: number;
}

/** One pass of additive ETS over y: the one-step errors' sum of squares and the final state. */
function etsPass(y: readonly number[], { alpha, beta, phi, trend: withTrend }: EtsParameters): EtsState {
  let level = y[0]!;
  const span = Math.min(3, y.length - 1);
  let trend = withTrend && span > 0 ? (y[span]! - y[0]!) / span : 0;
  let sse = 0;
  for (let t = 1; t < y.length; t++) {
    const forecast = level + phi * trend;
    const error = y[t]! - forecast;
    sse += error * error;
    const previous = level;
    level = forecast + alpha * error;
    if (withTrend) trend = phi * trend + beta * (level - previous - phi * trend);
  }
  return { sse, level, trend };
}

const ALPHAS = [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.99];
/** beta as a share of alpha (beta ≤ alpha keeps the trend smoother than the level). */
const BETA_SHARES = [0.02, 0.05, 0.1, 0.2, 0.4];
const PHIS = [0.8, 0.9, 0.95, 0.98];

/** AICc of a fit with k parameters (the initial states included) on n − 1 one-step errors. */
function aicc(sse: number, n: number, k: number): number {
  const m = n - 1;
  if (m - k - 1 <= 0) return Number.POSITIVE_INFINITY;
  return m * Math.log(Math.max(sse, 1e-12) / m) + 2 * k + (2 * k * (k + 1)) / (m - k - 1);
}

/** The best parameters on the grid: no trend, or a damped trend, whichever has the lower AICc. */
export function fitEts(y: readonly number[]): EtsParameters {
  let best: EtsParameters = { alpha: 0.5, beta: 0, phi: 0, trend: false };
  let bestScore = Number.POSITIVE_INFINITY;
  const consider = (parameters: EtsParameters, k: number) => {
    const score = aicc(etsPass(y, parameters).sse, y.length, k);
    if (score < bestScore) [best, bestScore] = [parameters, score];
  };
  if (y.length < 2) return best;
  for (const alpha of ALPHAS) {
    consider({ alpha, beta: 0, phi: 0, trend: false }, 2);
    if (y.length >= 10)
      for (const share of BETA_SHARES) for (const phi of PHIS) consider({ alpha, beta: alpha * share, phi, trend: true }, 5);
  }
  return best;
}

function etsForecast(y: readonly number[], parameters: EtsParameters, maxHorizon: number): number[] {
  if (y.length < 2) return Array<number>(maxHorizon).fill(y.at(-1) ?? Number.NaN);
  const { level, trend } = etsPass(y, parameters);
  const points: number[] = [];
  let damped = 0;
  let phiPower = 1;
  for (let h = 1; h <= maxHorizon; h++) {
    phiPower *= parameters.phi;
    damped += phiPower;
    points.push(level + damped * trend);
  }
  return points;
}

/** ETS(A,N,N) or ETS(A,Ad,N), chosen by AICc. */
export const ets: Method<EtsParameters> = { fit: fitEts, forecast: etsForecast };

/** Harmonics of the 52-week season fitted: three give a smooth yearly shape from little more than a year. */
const HARMONICS = 3;

/** Solves A·x = b (A square, small) by Gaussian elimination with partial pivoting; null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = col + 1; r < n; r++) {
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  const x = Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = m[r]![n]!;
    for (let c = r + 1; c < n; c++) sum -= m[r]![c]! * x[c]!;
    x[r] = sum / m[r]![r]!;
  }
  return x;
}

/**
 * The 52-week seasonal profile: a linear trend and three harmonics of the year
 * fitted together by least squares; the profile is the harmonics' part (zero
 * on average over a year). Entry i is the season at position i mod 52 of the
 * history.
 */
export function seasonalProfile(y: readonly number[]): number[] {
  const n = y.length;
  const features = (t: number) => {
    const row = [1, t / n];
    for (let k = 1; k <= HARMONICS; k++) {
      const angle = (2 * Math.PI * k * t) / SEASON_WEEKS;
      row.push(Math.cos(angle), Math.sin(angle));
    }
    return row;
  };
  const size = 2 + 2 * HARMONICS;
  const xtx = Array.from({ length: size }, () => Array<number>(size).fill(0));
  const xty = Array<number>(size).fill(0);
  for (let t = 0; t < n; t++) {
    const row = features(t);
    for (let i = 0; i < size; i++) {
      xty[i]! += row[i]! * y[t]!;
      for (let j = 0; j < size; j++) xtx[i]![j]! += row[i]! * row[j]!;
    }
  }
  const beta = solve(xtx, xty);
  return Array.from({ length: SEASON_WEEKS }, (_, position) => {
    if (!beta) return 0;
    const row = features(position);
    let season = 0;
    for (let i = 2; i < size; i++) season += beta[i]! * row[i]!;
    return season;
  });
}

interface SeasonalParameters {
  profile: number[];
  ets: EtsParameters;
}

const adjust = (history: readonly number[], profile: readonly number[]) => history.map((value, t) => value - profile[t % SEASON_WEEKS]!);

/** ETS on the series with its seasonal profile taken out, the profile put back on the forecast. */
export const seasonalEts: Method<SeasonalParameters | null> = {
  fit: (history) => {
    if (history.length < MIN_SEASONAL_HISTORY) return null;
    const profile = seasonalProfile(history);
    return { profile, ets: fitEts(adjust(history, profile)) };
  },
  forecast: (history, parameters, maxHorizon) => {
    if (!parameters) return Array<number>(maxHorizon).fill(Number.NaN);
    const { profile } = parameters;
    return etsForecast(adjust(history, profile), parameters.ets, maxHorizon).map((point, i) => point + profile[(history.length + i) % SEASON_WEEKS]!);
  },
};
