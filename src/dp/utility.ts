/**
 * Veil's utility variant of the mechanism (DESIGN.md "Utility beyond the paper"): the same exponential
 * mechanism over the same public candidates, with scores that use their full range and a public base
 * measure on `unspecified`, so a small budget mostly abstains instead of naming a wrong category.
 *
 * For one value's raw scores `s` (the paper's `(1+κ)/2` with lexicon floors, one per category):
 * 1. stretch over the candidates: `t_y = (s_y − min s) / (max s − min s)` (all 0 when every score is equal);
 * 2. sharpen: `t_y^SHARPEN` (monotone: the order of categories, near misses before far ones, is kept);
 * 3. `unspecified` scores at least the runner-up among the specific categories and at least
 *    `ABSTAIN_FLOOR`: when two categories are nearly tied, abstaining scores as well as either;
 * 4. log-weights get `ln μ(y)`, with `μ(unspecified) = ABSTAIN_WEIGHT × (number of specific categories)`
 *    and `μ(y) = 1` otherwise, so a field of 17 places abstains as often as a field of 3 at the same ε.
 *
 * Guarantee: steps 1–3 are a deterministic function of (value, public data) into [0,1], so the
 * sensitivity argument of the paper is unchanged; μ is fixed, public and positive, so it cancels between
 * neighbouring profiles (it is a `γJ`-like term of one field). Pr[y] ∝ μ(y) · exp(½ ε_i t_y) is ε_i-DP.
 *
 * The constants were chosen by measurement on eval/labelled.jsonl (`npm run eval:release`), and checked
 * on eval/holdout.jsonl; the figures are in eval/README.md.
 */
import { UNSPECIFIED } from '../domains/index';
import { LOG_DENOMINATOR } from './exact/scale';

export { VARIANTS, type Variant } from '../core/choices';

export const SHARPEN = 24;
export const ABSTAIN_FLOOR = 0;
export const ABSTAIN_WEIGHT = 3;

export interface UtilityParameters {
  readonly sharpen: number;
  readonly abstainFloor: number;
  /** μ(unspecified), per specific category of the domain: a domain of 17 places abstains as a field of 2 does. */
  readonly abstainWeight: number;
}

export const VEIL_UTILITY: UtilityParameters = { sharpen: SHARPEN, abstainFloor: ABSTAIN_FLOOR, abstainWeight: ABSTAIN_WEIGHT };

/** Steps 1–3: the variant's scores, in [0,1], from the paper's scores of one value. */
export function utilityScores(raw: readonly number[], codes: readonly string[], p: UtilityParameters = VEIL_UTILITY): number[] {
  const specific = raw.filter((_, i) => codes[i] !== UNSPECIFIED);
  const lo = Math.min(...raw);
  const hi = Math.max(...raw);
  const stretched = raw.map((s) => (hi > lo ? (s - lo) / (hi - lo) : 0));
  const sharp = stretched.map((t) => Math.min(1, Math.max(0, t)) ** p.sharpen);
  const specificSharp = sharp.filter((_, i) => codes[i] !== UNSPECIFIED).sort((a, b) => b - a);
  const runnerUp = specific.length > 1 ? specificSharp[1]! : 0;
  return sharp.map((t, i) => (codes[i] === UNSPECIFIED ? Math.max(t, runnerUp, p.abstainFloor) : t));
}

/** Step 4: `ln μ(y)` of each category on the exact log-weight grid (units of 2^-37); public. */
export function baseLogUnits(codes: readonly string[], p: UtilityParameters = VEIL_UTILITY): number[] {
  const abstain = Math.round(Math.log(p.abstainWeight * (codes.length - 1)) * LOG_DENOMINATOR);
  return codes.map((code) => (code === UNSPECIFIED ? abstain : 0));
}
