/**
 * The exact grids every exponential-mechanism weight lives on (DESIGN.md "Exact sampling").
 *
 * - ε, ε_i and γ: integers of 2^-20 (`src/core/epsilon.ts`).
 * - Scores s ∈ [0,1] and priors J ∈ [0,1]: integers of 2^-16 (`quantizeUnit`). Quantizing is a fixed,
 *   deterministic function of the exact score, so a quantized score is still a score in [0,1] of (v, y)
 *   and the paper's proof applies unchanged.
 * - Log-weights L: integers of 2^-37 = 2^-20 · 2^-16 · 2^-1, so ½·ε_i·s = e_i·k exactly and
 *   γ·J = 2·g·j exactly (e_i, g in ε units; k, j in score units).
 *
 * Range: Σ_i e_i·k_i ≤ ε_units · 2^16 and γJ ≤ 2·g·2^16, so every L is a safe integer while
 * ε ≤ MAX_EPSILON (2^16) and γ ≤ 2^10.
 *
 * ```ts
 * quantizeUnit(0.75);   // 49152
 * ```
 */
import { UNITS_PER_EPSILON } from '../../core/epsilon';

export const SCORE_BITS = 16;
export const SCORE_SCALE = 2 ** SCORE_BITS;
/** Denominator of every log-weight: L = integer / LOG_DENOMINATOR. */
export const LOG_DENOMINATOR = UNITS_PER_EPSILON * SCORE_SCALE * 2;
/** Largest per-release ε the exact integer arithmetic supports (the grid stops at 8192). */
export const MAX_EPSILON = 2 ** 16;
/** Largest γ supported (the paper uses 2). */
export const MAX_GAMMA = 2 ** 10;

declare const scoreUnit: unique symbol;
/** A score s ∈ [0,1] (or a prior J) as an integer number of 2^-16 units: made by `quantizeUnit`. */
export type ScoreUnits = number & { readonly [scoreUnit]: true };

export class ScoreError extends Error {
  override name = 'ScoreError';
}

/**
 * A number in [0,1] as an integer of 2^-16 (round to nearest). A non-finite input is refused: a NaN
 * score would silently break the distribution, so the release fails closed instead.
 */
export function quantizeUnit(x: number): ScoreUnits {
  if (!Number.isFinite(x)) throw new ScoreError(`score must be a finite number in [0,1], not ${x}`);
  const clipped = x < 0 ? 0 : x > 1 ? 1 : x;
  return Math.round(clipped * SCORE_SCALE) as ScoreUnits;
}
