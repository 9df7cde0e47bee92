/**
 * Statistics for the distribution tests: chi-square goodness of fit against exact probabilities, and
 * one-sided confidence bounds for audits. Written out here so the tests depend on nothing unreviewed.
 */

/** ln Γ(x), Lanczos (g = 7, n = 9), |error| < 1e-13 for x > 0. */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularized upper incomplete gamma Q(a, x) (Numerical Recipes gammq). */
export function upperGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 10000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
  }
  // Lentz continued fraction.
  let b = x + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** Pr[χ²_df ≥ statistic]. */
export function chiSquarePValue(statistic: number, df: number): number {
  return upperGammaQ(df / 2, statistic / 2);
}

export interface ChiSquareResult {
  statistic: number;
  df: number;
  pValue: number;
  /** Bins after pooling. */
  bins: number;
}

/**
 * Pearson's chi-square of observed counts against exact probabilities. Cells whose expected count is
 * below 5 are pooled into one bin (kept only if its expectation reaches 5, else merged into the
 * smallest bin), the usual validity condition of the χ² approximation.
 */
export function chiSquareTest(counts: readonly number[], probabilities: readonly number[]): ChiSquareResult {
  const n = counts.reduce((a, b) => a + b, 0);
  const bins: { observed: number; expected: number }[] = [];
  const pooled = { observed: 0, expected: 0 };
  counts.forEach((observed, i) => {
    const expected = n * probabilities[i]!;
    if (expected >= 5) bins.push({ observed, expected });
    else {
      pooled.observed += observed;
      pooled.expected += expected;
    }
  });
  if (pooled.expected >= 5 || bins.length === 0) bins.push(pooled);
  else if (pooled.expected > 0 || pooled.observed > 0) {
    const smallest = bins.reduce((m, b) => (b.expected < m.expected ? b : m));
    smallest.observed += pooled.observed;
    smallest.expected += pooled.expected;
  }
  const statistic = bins.reduce((s, b) => s + (b.observed - b.expected) ** 2 / b.expected, 0);
  const df = bins.length - 1;
  return { statistic, df, pValue: df === 0 ? 1 : chiSquarePValue(statistic, df), bins: bins.length };
}

/** Complementary error function (Numerical Recipes erfcc, fractional error < 1.2e-7). */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** z with Pr[N(0,1) > z] = alpha (bisection on erfc). */
export function normalUpperQuantile(alpha: number): number {
  let lo = 0;
  let hi = 40;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (0.5 * erfc(mid / Math.SQRT2) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Wilson score interval for k successes in n trials at normal quantile z. */
export function wilsonInterval(k: number, n: number, z: number): { lower: number; upper: number } {
  const p = k / n;
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denominator;
  return { lower: Math.max(0, centre - half), upper: Math.min(1, centre + half) };
}

/** The false-positive rate every distribution test in this folder is run at. */
export const ALPHA = 1e-6;
