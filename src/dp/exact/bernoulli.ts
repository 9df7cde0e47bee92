/**
 * Exact Bernoulli(exp(-x)) for a rational x = numerator / denominator ≥ 0, after Canonne, Kamath &
 * Steinke 2020 ("The Discrete Gaussian for Differential Privacy", Algorithm 1), the sampler OpenDP uses.
 *
 * ```ts
 * bernoulliExpNeg(bits, 3, 2); // true with probability exactly e^-1.5
 * ```
 *
 * Exactness: only uniform integers (drawn by rejection) and integer comparisons are used, so the returned
 * bit is 1 with probability exactly exp(-x) — no floating point anywhere, at every magnitude of x.
 * Integers stay below 2^53: the caller's numerator and denominator must be safe integers, and the
 * internal counter K multiplies nothing (Bernoulli(γ/K) is drawn as Bernoulli(1/K) AND Bernoulli(γ)).
 */
import type { RandomBits } from './bits';

/**
 * Bernoulli(exp(-γ)) for γ = r/D ∈ [0, 1] (CKS Algorithm 1, first part): draw A_K ~ Bernoulli(γ/K) for
 * K = 1, 2, … until the first 0; return 1 iff that K is odd. Pr[K odd] = Σ_k (-γ)^k / k! = e^-γ.
 */
function bernoulliExpNegUnit(bits: RandomBits, r: number, d: number): boolean {
  let k = 1;
  for (;;) {
    // Bernoulli(γ/K) = Bernoulli(1/K) · Bernoulli(r/D), independent draws.
    const a = bits.uniformInt(k) === 0 && (r === d || bits.uniformInt(d) < r);
    if (!a) return k % 2 === 1;
    k++;
  }
}

/**
 * Bernoulli(exp(-x)), x = numerator/denominator ≥ 0 (CKS Algorithm 1, second part): for x > 1, return 0
 * as soon as one of ⌊x⌋ draws of Bernoulli(e^-1) is 0, else Bernoulli(exp(-(x - ⌊x⌋))).
 * Expected work is O(1) in x: each Bernoulli(e^-1) stops the loop with probability 1 - 1/e.
 */
export function bernoulliExpNeg(bits: RandomBits, numerator: number, denominator: number): boolean {
  if (!Number.isSafeInteger(numerator) || numerator < 0) throw new RangeError(`x numerator must be a safe integer ≥ 0, not ${numerator}`);
  if (!Number.isSafeInteger(denominator) || denominator < 1) throw new RangeError(`x denominator must be a safe integer ≥ 1, not ${denominator}`);
  const fraction = numerator % denominator;
  const whole = (numerator - fraction) / denominator; // exact: integer division of safe integers
  for (let i = 0; i < whole; i++) {
    if (!bernoulliExpNegUnit(bits, denominator, denominator)) return false;
  }
  return bernoulliExpNegUnit(bits, fraction, denominator);
}
