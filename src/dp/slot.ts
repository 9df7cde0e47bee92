/**
 * DP-SLOT (Profile-DP §4.2): each supported withheld attribute i is released independently as
 *
 *     Pr[ṽ_i = y] = exp(ε_i · s_f(v_i, y) / 2) / Σ_z exp(ε_i · s_f(v_i, z) / 2),   y ∈ C_f.
 *
 * Guarantee: with s ∈ [0,1], changing v_i changes every log-weight by at most ε_i/2 and the log-normalizer
 * by at most ε_i/2, so the release of attribute i is ε_i-DP; with Σ ε_i ≤ ε over I, the profile release is
 * pure ε-Profile-DP by composition. Assumes the candidate set C_f is public and fixed, the score is a
 * deterministic function of (v, y) and public data, and the randomness is fresh.
 *
 * ```ts
 * const y = sampleExponential(slotLogWeights(epsilonToUnits(2), scores.map(quantizeUnit)), bits);
 * ```
 */

/** L_y = ½ ε_i s(v_i, y) as an integer of 2^-37 (see scale.ts): e_i (ε units) × k_y (score units). */
export function slotLogWeights(epsilonUnits: number, scoreUnits: readonly number[]): number[] {
  return scoreUnits.map((k) => epsilonUnits * k);
}
