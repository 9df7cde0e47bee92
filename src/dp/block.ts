/**
 * DP-BLOCK joint sampling (Profile-DP §4.3): a block b of related attributes is released jointly over the
 * Cartesian support C_b = Π_{i∈b} C_{f_i} with
 *
 *     L_b(u, y_b) = γ · J_b(y_b) + ½ Σ_{i∈b} ε_i s_{f_i}(v_i, y_i),     Pr[ṽ_b = y_b] ∝ exp L_b(u, y_b).
 *
 * Each member's term is an exponential mechanism with utility s ∈ [0,1] and sensitivity Δu = 1
 * (src/dp/mechanism.ts), so its weight ε_i·s/(2Δu) and its cost ε_i come from there.
 *
 * Guarantee: J_b is a public function of the candidate combination only, so it cancels between
 * neighbouring profiles; changing withheld values moves each log-weight by at most ½ Σ ε_i over the
 * changed attributes of b and the log-normalizer by the same bound, hence the block is (Σ_{i∈b} ε_i)-DP
 * and, composed over blocks, the release is ε-Profile-DP when Σ ε_i ≤ ε. Assumes scores in [0,1],
 * J_b ∈ [0,1] (any value keeps the proof; [0,1] with γ = 2 keeps its influence bounded by e^2), a public
 * support, and fresh randomness. Attributes that closure privatized are shared (fixed in the public
 * context), so their score terms are identical on neighbouring profiles.
 *
 * Cells are numbered in mixed radix, the last member varying fastest.
 *
 * ```ts
 * const { logWeights, costs } = dpBlock([{ epsilonUnits, scoreUnits }, …], prior, gammaUnits);
 * const cell = sampleExponential(logWeights, bits); decodeCell(cell, sizes);
 * // costs[i]: what member i's term costs (its privacy map); the ledger is charged these, for the members whose value is withheld
 * ```
 */

import { exponentialCost, exponentialMechanism, MechanismError } from './mechanism';
import { LOG_DENOMINATOR, SCORE_SCALE } from './scale';

/** A member's score term: an exponential mechanism over scores in 2^-16 with Δu = 1. */
function memberMechanism(epsilonUnits: number) {
  const mechanism = exponentialMechanism({ epsilonUnits, utilityDenominator: SCORE_SCALE, sensitivity: [1, 1] });
  if (mechanism.denominator !== LOG_DENOMINATOR) throw new MechanismError('a block member must weigh on the 2^-37 grid');
  return mechanism;
}

/** Largest joint support a block may have (DESIGN.md: "at or below about 2,000 cells"). */
export const MAX_JOINT_CELLS = 2000;

export interface BlockMemberScores {
  /** ε_i in units of 2^-20. */
  readonly epsilonUnits: number;
  /** s(v_i, y) for every y ∈ C_{f_i}, in units of 2^-16. */
  readonly scoreUnits: readonly number[];
  /** ln μ(y) of a public base measure for every y (units of 2^-37; src/dp/utility.ts); none when absent. */
  readonly baseUnits?: readonly number[];
}

export function supportSize(sizes: readonly number[]): number {
  return sizes.reduce((a, b) => a * b, 1);
}

/** The candidate index of every member for cell number `cell`. */
export function decodeCell(cell: number, sizes: readonly number[]): number[] {
  const out = new Array<number>(sizes.length);
  for (let m = sizes.length - 1; m >= 0; m--) {
    const size = sizes[m]!;
    out[m] = cell % size;
    cell = Math.floor(cell / size);
  }
  return out;
}

/** Advance `index` (one candidate index per member) to the next cell in mixed radix, last member fastest. */
export function nextCell(index: number[], sizes: readonly number[]): void {
  for (let m = sizes.length - 1; m >= 0; m--) {
    if (++index[m]! < sizes[m]!) return;
    index[m] = 0;
  }
}

/**
 * Integer log-weights (units of 2^-37) of every cell: 2·g·j(cell) + Σ_i (e_i·k_i(y_i) + ln μ_i(y_i)).
 * `priorUnits` is J_b per cell in units of 2^-16 (undefined: no prior, J ≡ 0); `gammaUnits` is γ in 2^-20.
 */
export function blockLogWeights(
  members: readonly BlockMemberScores[],
  priorUnits: ArrayLike<number> | undefined,
  gammaUnits: number,
): Float64Array {
  const sizes = members.map((m) => m.scoreUnits.length);
  const cells = supportSize(sizes);
  if (cells > MAX_JOINT_CELLS) throw new RangeError(`block support ${cells} exceeds ${MAX_JOINT_CELLS} cells`);
  if (priorUnits && priorUnits.length !== cells) throw new RangeError(`prior has ${priorUnits.length} cells, support has ${cells}`);
  const multipliers = members.map((m) => memberMechanism(m.epsilonUnits).multiplier);
  const out = new Float64Array(cells);
  const index = new Array<number>(members.length).fill(0);
  // Running partial sums would save little at ≤ 2000 cells; a direct odometer keeps it obvious.
  for (let cell = 0; cell < cells; cell++) {
    let l = priorUnits ? 2 * gammaUnits * priorUnits[cell]! : 0;
    for (let m = 0; m < members.length; m++) {
      const member = members[m]!;
      l += multipliers[m]! * member.scoreUnits[index[m]!]! + (member.baseUnits?.[index[m]!] ?? 0);
    }
    out[cell] = l;
    nextCell(index, sizes);
  }
  return out;
}

/** DP-BLOCK as a mechanism: the block's exact log-weights, and its privacy map per member. */
export interface BlockMechanism {
  /** Integer log-weights (units of 2^-37) of every cell. */
  readonly logWeights: Float64Array;
  /**
   * ε (units of 2^-20) each member's score term costs, in member order: its exponential mechanism's privacy
   * map (src/dp/mechanism.ts `exponentialCost`). The block is (Σ over members whose value is withheld)-DP
   * for those values; a member whose value is shared (closure) is fixed on neighbouring profiles and costs
   * nothing there, so only withheld members are charged.
   */
  readonly costs: readonly number[];
}

export function dpBlock(members: readonly BlockMemberScores[], priorUnits: ArrayLike<number> | undefined, gammaUnits: number): BlockMechanism {
  return { logWeights: blockLogWeights(members, priorUnits, gammaUnits), costs: members.map((m) => exponentialCost(memberMechanism(m.epsilonUnits))) };
}
