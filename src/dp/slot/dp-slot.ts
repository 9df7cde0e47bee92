/**
 * DP-SLOT (Profile-DP §4.2): each withheld attribute i is released alone, by the exponential mechanism over
 * its public candidate set C_{f_i},
 *
 *     Pr[ṽ_i = y] ∝ μ(y) · exp(½ ε_i s_{f_i}(v_i, y)),      y ∈ C_{f_i},
 *
 * with scores s ∈ [0,1] (sensitivity Δu = 1, src/dp/exponential/mechanism.ts) and μ a public base measure
 * (1 everywhere in the paper's variant; Veil's on `unspecified`, src/dp/utility.ts).
 *
 * Guarantee: changing v_i moves every log-weight ½ ε_i s by at most ε_i/2 and the log-normalizer by at most
 * ε_i/2, so the draw is ε_i-DP in v_i; μ is public and cancels. Composed over the release's slots with
 * Σ ε_i ≤ ε, the release is ε-Profile-DP. Assumes scores that are a deterministic function of (value,
 * category) and public data, a public candidate set, and fresh randomness. Its privacy map is `costs[0]`
 * = ε_i (the exponential mechanism's); a release charges it when v_i is withheld.
 *
 * ```ts
 * const draw = dpSlot({ epsilonUnits: epsilonToUnits(2), scoreUnits: [0, 65536, 32768] });
 * const [y] = draw.sample(bits);
 * ```
 *
 * Tests beside it: `dp-slot.test.ts` (the exact distribution by chi-square at α = 1e-6; the log-ratio on
 * neighbouring values never above ε_i).
 */
import { drawOf, type Draw } from '../draw';
import type { EpsilonUnits } from '../../core/epsilon';
import { LOG_DENOMINATOR, SCORE_SCALE, type ScoreUnits } from '../exact/scale';
import { exponentialCost, exponentialLogWeights, exponentialMechanism, MechanismError } from '../exponential/mechanism';

/** One attribute's term: ε_i, its scores and (optionally) a public base measure. */
export interface ScoreTerm {
  /** ε_i in units of 2^-20. */
  readonly epsilonUnits: EpsilonUnits;
  /** s(v_i, y) for every y ∈ C_{f_i}, in units of 2^-16. */
  readonly scoreUnits: readonly ScoreUnits[];
  /** ln μ(y) of a public base measure for every y (units of 2^-37; src/dp/utility.ts); none when absent. */
  readonly baseUnits?: readonly number[];
}

/** A score term's exponential mechanism: scores in 2^-16 with Δu = 1, weighing on the 2^-37 grid. */
export function scoreMechanism(epsilonUnits: EpsilonUnits) {
  const mechanism = exponentialMechanism({ epsilonUnits, utilityDenominator: SCORE_SCALE, sensitivity: [1, 1] });
  if (mechanism.denominator !== LOG_DENOMINATOR) throw new MechanismError('a score term must weigh on the 2^-37 grid');
  return mechanism;
}

/** A term's integer log-weights (units of 2^-37): e_i·k(y) + ln μ(y). */
export function termLogWeights(term: ScoreTerm): number[] {
  const { numerators } = exponentialLogWeights(scoreMechanism(term.epsilonUnits), term.scoreUnits);
  return term.baseUnits ? numerators.map((l, y) => l + term.baseUnits![y]!) : numerators;
}

export function dpSlot(term: ScoreTerm): Draw {
  return drawOf(termLogWeights(term), LOG_DENOMINATOR, [term.scoreUnits.length], [exponentialCost(scoreMechanism(term.epsilonUnits))]);
}
