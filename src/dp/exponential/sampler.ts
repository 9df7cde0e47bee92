/**
 * The exact exponential-mechanism sampler over a finite candidate set.
 *
 * ```ts
 * const y = sampleExponential([0, 3 * LOG_DENOMINATOR, LOG_DENOMINATOR], bits); // Pr[y] ∝ e^0, e^3, e^1
 * ```
 *
 * Guarantee: returns index y with probability exactly exp(L_y) / Σ_z exp(L_z), where
 * L_y = logWeights[y] / denominator (LOG_DENOMINATOR unless the mechanism names its own,
 * src/dp/mechanism.ts), for any magnitudes of L (no floating point: at ε_i = 4096 the
 * gaps reach e^-2048, which float64 rounds to 0). Every candidate has positive probability.
 *
 * Method: rejection. Propose y uniformly, accept with probability exp(-(L_max - L_y)) by the exact
 * Bernoulli(exp(-x)) sampler. Pr[propose y and accept] ∝ exp(L_y), so the accepted y has exactly the
 * target distribution. Expected proposals = n / Σ_z exp(L_z - L_max) ≤ n. The running time depends on
 * the scores (a timing side channel inside the device only): it runs in the background, never in a page.
 */
import type { RandomBits } from '../exact/bits';
import { bernoulliExpNeg } from '../exact/bernoulli';
import { LOG_DENOMINATOR } from '../exact/scale';

export function sampleExponential(logWeights: ArrayLike<number>, bits: RandomBits, denominator: number = LOG_DENOMINATOR): number {
  const n = logWeights.length;
  if (n === 0) throw new RangeError('cannot sample from an empty candidate set');
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const l = logWeights[i]!;
    if (!Number.isSafeInteger(l)) throw new RangeError(`log-weight ${i} is not a safe integer: ${l}`);
    if (l > max) max = l;
  }
  for (;;) {
    const y = bits.uniformInt(n);
    if (bernoulliExpNeg(bits, max - logWeights[y]!, denominator)) return y;
  }
}

/**
 * The exact distribution's natural-log probabilities, in float64 (for audits and tests; the sampler does
 * not use it). Computed relative to L_max so it is finite at every ε; log p_y ≥ -(L_max - L_y) - ln n.
 */
export function exactLogPmf(logWeights: ArrayLike<number>, denominator: number = LOG_DENOMINATOR): number[] {
  const n = logWeights.length;
  let max = -Infinity;
  for (let i = 0; i < n; i++) max = Math.max(max, logWeights[i]!);
  const shifted = Array.from({ length: n }, (_, i) => (logWeights[i]! - max) / denominator);
  let sum = 0;
  for (const s of shifted) sum += Math.exp(s);
  const logZ = Math.log(sum);
  return shifted.map((s) => s - logZ);
}
