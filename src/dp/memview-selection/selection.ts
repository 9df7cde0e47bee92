/**
 * DP-MemView's selection (DP-MemView §"Slot-level view selection and attribute accounting", Appendix A,
 * conditions C3–C5): for one active slot whose read set meets the groups of the charge set Γ, a view is
 * drawn among the public candidates by the exact exponential mechanism
 *
 *     Pr[v] ∝ μ(v) · exp(ε · u(v) / (2Δu)),       u ∈ [0,1],
 *
 * and every attribute a ∈ Γ is charged ε (its privacy map: `charges`).
 *
 * Guarantee: if u moves by at most Δu between adjacent memory stores (src/memview/scorer.ts proves
 * Δu = 0.6 for its utility), the draw is ε-DP for every attribute in Γ; μ, the candidates, Γ and ε are
 * public functions of the message, the layout, the groups, the caps and the ledger (C1, C2, C4), so
 * they are identical on adjacent stores. Charging every a ∈ Γ before the view is returned, and never past
 * a cap (C5: the caller releases the generic view, free, when `ledger.decide` refuses), makes each
 * attribute's spend L_a ≤ B_a, hence the end guarantee: across any sequence of turns, what was released
 * about attribute a is B_a-DP (basic composition over its charged selections).
 *
 * ```ts
 * const selection = memviewSelection({ epsilonUnits, utilityDenominator, sensitivity: [3, 5], chargeKeys });
 * if (ledger.decide([selection.charges])[0]!.fresh) {
 *   const y = selectionDraw(selection.mechanism, utilities, base).sampleOutcome(bits);
 *   ledger.charge(selection.charges);
 * }
 * ```
 *
 * Tests beside it: `selection.test.ts` (the exact distribution by chi-square at α = 1e-6; the log-ratio for
 * utilities moved by at most Δu never above ε; every attribute of Γ charged ε).
 */
import type { EpsilonUnits } from '../../core/epsilon';
import type { Charge } from '../../ledger/ledger';
import { drawOf, type Draw } from '../draw';
import { exponentialCost, exponentialLogWeights, exponentialMechanism, type ExponentialMechanism } from '../exponential/mechanism';

export interface MemViewSelection {
  readonly mechanism: ExponentialMechanism;
  /** ε (units of 2^-20) the selection costs each attribute of Γ. */
  readonly cost: EpsilonUnits;
  /** What a drawn view charges: every attribute of Γ, ε each. The ledger is charged these alone. */
  readonly charges: readonly Charge[];
}

export function memviewSelection(params: {
  /** ε in units of 2^-20 (C4: min over Γ of the attribute's share of its cap). */
  epsilonUnits: EpsilonUnits;
  /** Utilities are integers over this denominator. */
  utilityDenominator: number;
  /** Δu as [numerator, denominator]: a proven bound on how far any utility moves between adjacent stores. */
  sensitivity: readonly [number, number];
  /** The ledger keys of the charge set Γ. */
  chargeKeys: readonly string[];
}): MemViewSelection {
  const mechanism = exponentialMechanism(params);
  const cost = exponentialCost(mechanism);
  return { mechanism, cost, charges: params.chargeKeys.map((key) => ({ key, units: cost })) };
}

/** The selection ready to draw over the candidates' utilities, with a public base measure ln μ (on the mechanism's grid) when given. */
export function selectionDraw(mechanism: ExponentialMechanism, utilities: readonly number[], baseUnits?: readonly number[]): Draw {
  const { numerators, denominator } = exponentialLogWeights(mechanism, utilities);
  const logWeights = baseUnits ? numerators.map((n, i) => n + baseUnits[i]!) : numerators;
  return drawOf(logWeights, denominator, [utilities.length], [exponentialCost(mechanism)]);
}
