/**
 * Exact privacy-budget arithmetic (DESIGN.md "Budget arithmetic").
 *
 * Every ε in Veil — the per-release budget, each attribute's share, ledger spends and caps — is an integer
 * number of units of 2^-20. Integers add and compare exactly, and allocations round down, so Σ ε_i ≤ ε holds
 * exactly (in float64, ε = 2 split 9 ways sums above 2). ε = 8192 is 2^33 units, far inside
 * Number.MAX_SAFE_INTEGER, so ledgers can sum about a million maximal releases before overflow is even near.
 *
 * ```ts
 * const units = epsilonToUnits(8);          // 8388608
 * splitEpsilon(units, 3);                   // [2796202, 2796202, 2796202]  (sum ≤ units)
 * unitsToEpsilon(2796202);                  // 2.6666660308837890625
 * ```
 */

export const UNITS_PER_EPSILON = 2 ** 20;

declare const epsilonUnit: unique symbol;
/**
 * ε as an integer number of 2^-20 units. Branded so that a score (2^-16) or a log-weight (2^-37) cannot be
 * passed where an ε is meant: made only by `epsilonToUnits`, the splits below and `asEpsilonUnits` (for a
 * count read back from storage or summed), read anywhere a number is.
 */
export type EpsilonUnits = number & { readonly [epsilonUnit]: true };

/** A whole, non-negative count of 2^-20 units (from storage, a sum or a minimum), checked. */
export function asEpsilonUnits(units: number): EpsilonUnits {
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`ε units must be a non-negative safe integer, not ${units}`);
  return units as EpsilonUnits;
}

/** ε as integer units, rounded DOWN (a cap or budget is never enlarged by rounding). */
export function epsilonToUnits(epsilon: number): EpsilonUnits {
  if (!Number.isFinite(epsilon) || epsilon < 0) throw new RangeError(`ε must be a finite number ≥ 0, not ${epsilon}`);
  const units = Math.floor(epsilon * UNITS_PER_EPSILON);
  if (!Number.isSafeInteger(units)) throw new RangeError(`ε = ${epsilon} is too large`);
  return units as EpsilonUnits;
}

/** Exact for every unit count a ledger can hold (a dyadic rational with ≤ 53 significant bits). */
export function unitsToEpsilon(units: number): number {
  return units / UNITS_PER_EPSILON;
}

/** Uniform allocation ε_i = ⌊ε/|I|⌋ (DESIGN.md: round allocations down). */
export function splitEpsilon(units: number, parts: number): EpsilonUnits[] {
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`budget must be a non-negative integer of units`);
  if (!Number.isInteger(parts) || parts < 0) throw new RangeError(`cannot split into ${parts} parts`);
  return splitWeighted(units, new Array<number>(parts).fill(1));
}

/**
 * Split `units` in proportion to integer `weights`, each share rounded down, so the sum never passes
 * `units`. `splitWeighted(u, [1, 1, 1])` is `splitEpsilon(u, 3)`.
 */
export function splitWeighted(units: number, weights: readonly number[]): EpsilonUnits[] {
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`budget must be a non-negative integer of units`);
  if (weights.some((w) => !Number.isInteger(w) || w <= 0)) throw new RangeError('weights must be positive integers');
  const total = weights.reduce((s, w) => s + w, 0);
  return weights.map((w) => Math.floor((units * w) / total) as EpsilonUnits);
}

/** The per-release budgets a person can pick: the doubling grid 2, 4, …, 8192. */
export const EPSILON_GRID = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192] as const;
