/**
 * DP-BLOCK joint sampling (Profile-DP §4.3): a block b of related attributes is released jointly over the
 * Cartesian support C_b = Π_{i∈b} C_{f_i} with
 *
 *     L_b(u, y_b) = γ · J_b(y_b) + ½ Σ_{i∈b} ε_i s_{f_i}(v_i, y_i),     Pr[ṽ_b = y_b] ∝ exp L_b(u, y_b).
 *
 * Each member's term is DP-SLOT's score term (`../slot/dp-slot.ts`): an exponential mechanism with utility
 * s ∈ [0,1] and sensitivity Δu = 1, so its weight ε_i·s/(2Δu) and its cost ε_i come from there.
 *
 * Guarantee: J_b is a public function of the candidate combination only, so it cancels between
 * neighbouring profiles; changing withheld values moves each log-weight by at most ½ Σ ε_i over the
 * changed attributes of b and the log-normalizer by the same bound, hence the block is (Σ_{i∈b} ε_i)-DP
 * and, composed over blocks, the release is ε-Profile-DP when Σ ε_i ≤ ε. Assumes scores in [0,1],
 * J_b ∈ [0,1] (any value keeps the proof; [0,1] with γ = 2 keeps its influence bounded by e^2), a public
 * support, and fresh randomness. Attributes that closure privatized are shared (fixed in the public
 * context), so their score terms are identical on neighbouring profiles: a release charges only the
 * members whose value is withheld.
 *
 * Cells are numbered in mixed radix, the last member varying fastest (`../draw.ts`).
 *
 * ```ts
 * const draw = dpBlock([{ epsilonUnits, scoreUnits }, …], prior, gammaUnits);
 * const categories = draw.sample(bits); // one candidate index per member
 * draw.costs;                           // member i's privacy map; the ledger is charged these for withheld members
 * ```
 *
 * Tests beside it: `dp-block.test.ts` (the exact joint distribution by chi-square at α = 1e-6 with the
 * prior on; the log-ratio on neighbouring values never above the changed members' Σ ε_i).
 */
import { drawOf, nextCell, supportSize, type Draw } from '../draw';
import { LOG_DENOMINATOR } from '../exact/scale';
import { exponentialCost } from '../exponential/mechanism';
import { scoreMechanism, termLogWeights, type ScoreTerm } from '../slot/dp-slot';

/** Largest joint support a block may have (DESIGN.md: "at or below about 2,000 cells"). */
export const MAX_JOINT_CELLS = 2000;

/**
 * Integer log-weights (units of 2^-37) of every cell: 2·g·j(cell) + Σ_i (e_i·k_i(y_i) + ln μ_i(y_i)).
 * `priorUnits` is J_b per cell in units of 2^-16 (undefined: no prior, J ≡ 0); `gammaUnits` is γ in 2^-20.
 */
export function blockLogWeights(members: readonly ScoreTerm[], priorUnits: ArrayLike<number> | undefined, gammaUnits: number): Float64Array {
  const sizes = members.map((m) => m.scoreUnits.length);
  const cells = supportSize(sizes);
  if (cells > MAX_JOINT_CELLS) throw new RangeError(`block support ${cells} exceeds ${MAX_JOINT_CELLS} cells`);
  if (priorUnits && priorUnits.length !== cells) throw new RangeError(`prior has ${priorUnits.length} cells, support has ${cells}`);
  const terms = members.map(termLogWeights);
  const out = new Float64Array(cells);
  const index = new Array<number>(members.length).fill(0);
  // Running partial sums would save little at ≤ 2000 cells; a direct odometer keeps it obvious.
  for (let cell = 0; cell < cells; cell++) {
    let l = priorUnits ? 2 * gammaUnits * priorUnits[cell]! : 0;
    for (let m = 0; m < members.length; m++) l += terms[m]![index[m]!]!;
    out[cell] = l;
    nextCell(index, sizes);
  }
  return out;
}

/** DP-BLOCK as a draw: the block's exact joint log-weights, its sampler, and each member's cost. */
export function dpBlock(members: readonly ScoreTerm[], priorUnits: ArrayLike<number> | undefined, gammaUnits: number): Draw {
  const sizes = members.map((m) => m.scoreUnits.length);
  const costs = members.map((m) => exponentialCost(scoreMechanism(m.epsilonUnits)));
  return drawOf(blockLogWeights(members, priorUnits, gammaUnits), LOG_DENOMINATOR, sizes, costs);
}
