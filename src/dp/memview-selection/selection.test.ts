/**
 * DP-MemView's selection (selection.ts) checked where its guarantee is stated: the draw is exactly
 * Pr[v] ∝ μ(v)·exp(ε u(v) / 2Δu) (chi-square at ALPHA = 1e-6 against a PMF computed in float64), utilities
 * moved by at most Δu move no view's probability by more than e^ε, and every attribute of Γ is charged ε.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asEpsilonUnits, epsilonToUnits, UNITS_PER_EPSILON } from '../../core/epsilon';
import { RandomBits } from '../exact/bits';
import { seededRandomSource } from '../exact/random';
import { SCORE_SCALE } from '../exact/scale';
import { memviewSelection, selectionDraw } from './selection';
import { maxLogRatio, normalize } from '../../../test/unit/dp/expected';
import { ALPHA, chiSquareTest } from '../../../test/unit/dp/stats';

/** DP-MemView's utility grid and Δu = 3/5 (src/memview/scorer.ts). */
const D = 5 * SCORE_SCALE;
const SENSITIVITY = [3, 5] as const;

const selection = (epsilon: number, chargeKeys: string[] = ['m:diabetes']) =>
  memviewSelection({ epsilonUnits: epsilonToUnits(epsilon), utilityDenominator: D, sensitivity: SENSITIVITY, chargeKeys });

describe("DP-MemView's selection", () => {
  it('charges every attribute of Γ ε, and draws no more than that costs', () => {
    const s = selection(0.5, ['m:a', 'm:b', 'm:c']);
    expect(s.charges).toEqual(['m:a', 'm:b', 'm:c'].map((key) => ({ key, units: epsilonToUnits(0.5) })));
    expect(selectionDraw(s.mechanism, [0, D]).costs).toEqual([s.cost]);
  });

  it('draws Pr[v] ∝ μ(v)·exp(ε u / 1.2) exactly, with a base weight on the generic view: 200,000 draws', () => {
    const s = selection(3);
    const utilities = [0, D, Math.floor(D / 2), Math.floor(D / 5), D - 7];
    const base = [Math.round(Math.log(4) * s.mechanism.denominator), 0, 0, 0, 0];
    const draw = selectionDraw(s.mechanism, utilities, base);
    const bits = new RandomBits(seededRandomSource(7));
    const counts = new Array<number>(utilities.length).fill(0);
    for (let i = 0; i < 200_000; i++) counts[draw.sampleOutcome(bits)]!++;
    const expected = normalize(utilities.map((u, v) => (3 * (u / D)) / 1.2 + (v === 0 ? Math.log(4) : 0)));
    expect(chiSquareTest(counts, expected).pValue).toBeGreaterThan(ALPHA);
    // Power: the same draws reject the distribution without the base weight.
    expect(chiSquareTest(counts, normalize(utilities.map((u) => (3 * (u / D)) / 1.2))).pValue).toBeLessThan(ALPHA);
  });

  it('utilities moved by at most Δu move no view by more than e^ε', () => {
    const delta = (D * SENSITIVITY[0]) / SENSITIVITY[1];
    const cases = fc
      .integer({ min: 2, max: 8 })
      .chain((n) =>
        fc.tuple(
          fc.integer({ min: 1, max: epsilonToUnits(32) }).map(asEpsilonUnits),
          fc.array(fc.integer({ min: 0, max: D }), { minLength: n, maxLength: n }),
          fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
        ),
      );
    fc.assert(
      fc.property(cases, ([epsilonUnits, u, moves]) => {
        const mechanism = memviewSelection({ epsilonUnits, utilityDenominator: D, sensitivity: SENSITIVITY, chargeKeys: [] }).mechanism;
        const moved = u.map((x, i) => Math.min(D, Math.max(0, x + Math.trunc(moves[i]! * delta))));
        const ratio = maxLogRatio(selectionDraw(mechanism, u).logPmf(), selectionDraw(mechanism, moved).logPmf());
        expect(ratio).toBeLessThanOrEqual(epsilonUnits / UNITS_PER_EPSILON + 1e-9);
      }),
      { numRuns: 300 },
    );
  });
});
