/**
 * DP-SLOT (dp-slot.ts) checked where its guarantee is stated:
 * - it draws exactly the paper's distribution, end to end (plan → scores → sampler), at small and large ε,
 *   on the extension's grid and off it (ε = 0.5, 1, 3: the CLI takes any ε > 0): N draws against the exact
 *   PMF by Pearson's chi-square (cells with expected count < 5 pooled), p > ALPHA = 1e-6 the false-positive
 *   rate of each test; the expected PMF is computed independently of the implementation's log-weights (the
 *   allocation ε/|I|, the scores quantized to 2^-16), in float64 log space;
 * - on neighbouring values (any two score vectors in [0,1]) no outcome's probability moves by more than
 *   e^{ε_i}, and its privacy map is ε_i.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asEpsilonUnits, epsilonToUnits, UNITS_PER_EPSILON } from '../../core/epsilon';
import { prepareRelease } from '../../release/prepare';
import { quantizeUnit } from '../exact/scale';
import { dpSlot } from './dp-slot';
import { drawBlock, maxLogRatio, near, normalize, q, seedOf } from '../../../test/unit/dp/expected';
import { profileOf, tableScorer, withheld } from '../../../test/unit/dp/fakes';
import { ALPHA, chiSquareTest } from '../../../test/unit/dp/stats';

describe('DP-SLOT exact distribution', () => {
  const locationScores = [0.1, 0.9, 0.35, 0.6, 0.2, 0.75, 0.5, 0.45, 0.05, 0.95, 0.3, 0.7, 0.8, 0.15, 0.25, 0.4, 0.55, 0.65];
  it.each([
    ['small ε = 2', 2, locationScores],
    ['large ε = 8192', 8192, near([0, 16, 32, 48, 8, 24, 40, 4, 12, 20, 28, 36, 44, 2, 6, 10, 14, 18])],
    ['off-grid ε = 0.5', 0.5, locationScores],
    ['off-grid ε = 1', 1, locationScores],
    ['off-grid ε = 3', 3, locationScores],
  ])('%s: Pr[y] ∝ exp(ε_i s/2), 200,000 draws', async (_name, epsilon, scores) => {
    const profile = profileOf([withheld('location', 'Lyon'), withheld('age', '41')]);
    const prepared = await prepareRelease(profile, {
      mechanism: 'slot',
      epsilonUnits: epsilonToUnits(epsilon),
      scorer: tableScorer({ 'location:Lyon': scores }),
    });
    const epsI = Math.floor(epsilonToUnits(epsilon) / 2) / UNITS_PER_EPSILON; // uniform allocation over |I| = 2
    expect(prepared.plan.attributes[0]!.epsilonUnits / UNITS_PER_EPSILON).toBe(epsI);
    const expected = normalize(scores.map((s) => (epsI * q(s)) / 2));
    const counts = drawBlock(prepared, 0, 200_000, seedOf(epsilon));
    const result = chiSquareTest(counts, expected);
    expect(result.bins).toBeGreaterThan(5);
    expect(result.pValue).toBeGreaterThan(ALPHA);
    // Power: the same draws reject the PMF of a wrong allocation (ε instead of ε/|I|).
    expect(chiSquareTest(counts, normalize(scores.map((s) => (2 * epsI * q(s)) / 2))).pValue).toBeLessThan(ALPHA);
  });
});

describe('DP-SLOT on neighbouring values', () => {
  const scores = (n: number) => fc.array(fc.double({ min: 0, max: 1, noNaN: true }).map(quantizeUnit), { minLength: n, maxLength: n });
  it('moves no outcome by more than e^{ε_i}, at any ε and any scores; costs ε_i', () => {
    const cases = fc
      .integer({ min: 2, max: 20 })
      .chain((n) => fc.tuple(fc.integer({ min: 1, max: epsilonToUnits(64) }).map(asEpsilonUnits), scores(n), scores(n)));
    fc.assert(
      fc.property(cases, ([epsilonUnits, a, b]) => {
        const da = dpSlot({ epsilonUnits, scoreUnits: a });
        const db = dpSlot({ epsilonUnits, scoreUnits: b });
        expect(da.costs).toEqual([epsilonUnits]);
        expect(maxLogRatio(da.logPmf(), db.logPmf())).toBeLessThanOrEqual(epsilonUnits / UNITS_PER_EPSILON + 1e-9);
      }),
      { numRuns: 300 },
    );
  });
  it('a public base measure does not change the bound', () => {
    const base = [0, 0, Math.round(Math.log(6) * 2 ** 37)];
    const e = epsilonToUnits(4);
    const da = dpSlot({ epsilonUnits: e, scoreUnits: [0, 1, 0].map(quantizeUnit), baseUnits: base });
    const db = dpSlot({ epsilonUnits: e, scoreUnits: [1, 0, 1].map(quantizeUnit), baseUnits: base });
    expect(maxLogRatio(da.logPmf(), db.logPmf())).toBeLessThanOrEqual(4 + 1e-9);
    expect(maxLogRatio(da.logPmf(), db.logPmf())).toBeGreaterThan(2); // the values do move the draw
  });
});
