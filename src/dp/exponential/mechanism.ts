/**
 * The exponential mechanism as a mechanism: its parameters, its privacy map and its log-weights, apart
 * from the sampler (`exponential.ts`), so that each use states its utility's sensitivity once and the
 * cost follows from it instead of being written into the weights.
 *
 *     Pr[v] ∝ exp(ε · u(v) / (2Δu))        (McSherry & Talwar 2007)
 *
 * Privacy map: if every utility moves by at most Δu between neighbouring inputs, the release is ε-DP, so
 * `exponentialCost` is ε itself, whatever the utilities are. The weights are exact integers over a
 * common denominator, so the exact sampler draws from exactly this distribution at any ε:
 *
 * - ε is an integer e of 2^-20 (`src/core/epsilon.ts`);
 * - utilities are integers U over a denominator D (u = U/D);
 * - the sensitivity is a rational Δu = p/q;
 * - so L(v) = e·U(v)·q / (2^21 · D · p), an integer over one denominator, reduced by their common powers
 *   of two and the gcd of q and p·D.
 *
 * ```ts
 * // DP-SLOT: scores in 2^-16, Δu = 1 → L = e·k / 2^37 (scale.ts' LOG_DENOMINATOR)
 * const em = exponentialMechanism({ epsilonUnits: e, utilityDenominator: SCORE_SCALE, sensitivity: [1, 1] });
 * const { numerators, denominator } = exponentialLogWeights(em, scoreUnits);
 * sampleExponential(numerators, bits, denominator);
 * ```
 */
import { UNITS_PER_EPSILON, type EpsilonUnits } from '../../core/epsilon';

export interface ExponentialMechanism {
  /** ε in units of 2^-20. */
  readonly epsilonUnits: EpsilonUnits;
  /** Utilities are integers over this denominator (u = U / D), each in [0, D]. */
  readonly utilityDenominator: number;
  /** Δu as [numerator, denominator], a proven bound on how far any utility moves between neighbours. */
  readonly sensitivity: readonly [number, number];
  /** Log-weight of utility U is `U · multiplier / denominator`. */
  readonly multiplier: number;
  readonly denominator: number;
}

export class MechanismError extends Error {
  override name = 'MechanismError';
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

export function exponentialMechanism(params: {
  epsilonUnits: EpsilonUnits;
  utilityDenominator: number;
  sensitivity: readonly [number, number];
}): ExponentialMechanism {
  const { epsilonUnits, utilityDenominator, sensitivity } = params;
  const [p, q] = sensitivity;
  if (!Number.isSafeInteger(epsilonUnits) || epsilonUnits < 0) throw new MechanismError(`ε must be a non-negative integer of units, not ${epsilonUnits}`);
  if (!Number.isSafeInteger(utilityDenominator) || utilityDenominator < 1) throw new MechanismError('the utility denominator must be a positive integer');
  if (!Number.isSafeInteger(p) || !Number.isSafeInteger(q) || p < 1 || q < 1) throw new MechanismError('the sensitivity must be a positive rational p/q');
  // L = e·U·q / (2 · 2^20 · D · p); reduce q against p·D so the numbers stay small.
  let numerator = q;
  let denominator = 2 * UNITS_PER_EPSILON * utilityDenominator * p;
  const g = gcd(numerator, denominator);
  numerator /= g;
  denominator /= g;
  const multiplier = epsilonUnits * numerator;
  if (!Number.isSafeInteger(denominator) || !Number.isSafeInteger(multiplier * utilityDenominator)) {
    throw new MechanismError('ε or the utility grid is too large for exact integer weights');
  }
  return { epsilonUnits, utilityDenominator, sensitivity: [p, q], multiplier, denominator };
}

/** The privacy map: an exponential mechanism with a true sensitivity bound Δu is ε-DP. */
export function exponentialCost(mechanism: ExponentialMechanism): EpsilonUnits {
  return mechanism.epsilonUnits;
}

/** Integer log-weights of the utilities (each an integer in [0, D]) over the mechanism's denominator. */
export function exponentialLogWeights(mechanism: ExponentialMechanism, utilities: ArrayLike<number>): { numerators: number[]; denominator: number } {
  const numerators = Array.from({ length: utilities.length }, (_, i) => {
    const u = utilities[i]!;
    if (!Number.isInteger(u) || u < 0 || u > mechanism.utilityDenominator)
      throw new MechanismError(`utility ${i} must be an integer in [0, ${mechanism.utilityDenominator}], not ${u}`);
    return u * mechanism.multiplier;
  });
  return { numerators, denominator: mechanism.denominator };
}
