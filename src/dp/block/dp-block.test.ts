/**
 * DP-BLOCK (dp-block.ts) checked where its guarantee is stated:
 * - it draws exactly the paper's joint distribution with the compatibility prior on, end to end, by
 *   chi-square at ALPHA = 1e-6 against a PMF computed independently (the allocation ε/|I|, scores quantized
 *   to 2^-16, γ = 2 and the public prior J_b, in float64 log space);
 * - on neighbouring values no outcome moves by more than e^{Σ ε_i} over the members that changed, and each
 *   member's cost is its ε_i.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asEpsilonUnits, epsilonToUnits, UNITS_PER_EPSILON } from '../../core/epsilon';
import { prepareRelease } from '../../release/prepare';
import { decodeCell } from '../draw';
import { quantizeUnit, type ScoreUnits } from '../exact/scale';
import { dpBlock } from './dp-block';
import { drawBlock, maxLogRatio, near, normalize, q, seedOf } from '../../../test/unit/dp/expected';
import { profileOf, tableScorer, withheld } from '../../../test/unit/dp/fakes';
import { ALPHA, chiSquareTest } from '../../../test/unit/dp/stats';

describe('DP-BLOCK exact distribution with the compatibility prior on', () => {
  const occupation = [0.2, 0.7, 0.9, 0.5, 0.3, 0.1, 0.4, 0.6, 0.35, 0.15, 0.45];
  const education = [0.1, 0.2, 0.3, 0.6, 0.5, 0.4, 0.8, 0.9, 0.7, 0.25];
  it.each([
    ['small ε = 2', 2, occupation, education],
    ['large ε = 8192', 8192, near([0, 30, 64, 10, 5, 0, 20, 40, 50, 60, 15]), near([0, 8, 16, 24, 32, 40, 48, 56, 64, 12])],
    ['off-grid ε = 1', 1, occupation, education],
  ])('%s: Pr[y_b] ∝ exp(γJ_b + ½Σ ε_i s_i), 110 cells, 300,000 draws', async (_name, epsilon, occ, edu) => {
    const profile = profileOf([withheld('occupation', 'nurse'), withheld('education', 'BSc nursing')]);
    const prepared = await prepareRelease(profile, {
      mechanism: 'block',
      epsilonUnits: epsilonToUnits(epsilon),
      scorer: tableScorer({ 'occupation:nurse': occ, 'education:BSc nursing': edu }),
    });
    expect(prepared.plan.blocks).toHaveLength(1);
    const block = prepared.plan.blocks[0]!;
    expect(block.sizes).toEqual([11, 10]);
    const prior = block.prior!;
    expect(prior).toBeDefined();
    expect(new Set(prior).size).toBeGreaterThan(1); // the prior is not constant: it is on
    const epsI = Math.floor(epsilonToUnits(epsilon) / 2) / UNITS_PER_EPSILON;
    const logs = Array.from({ length: 110 }, (_, cell) => {
      const [o, e] = decodeCell(cell, [11, 10]);
      return 2 * (prior[cell]! / 65536) + (epsI * q(occ[o!]!)) / 2 + (epsI * q(edu[e!]!)) / 2;
    });
    const counts = drawBlock(prepared, 0, 300_000, seedOf(epsilon) + 1);
    const result = chiSquareTest(counts, normalize(logs));
    expect(result.bins).toBeGreaterThan(10);
    expect(result.pValue).toBeGreaterThan(ALPHA);
    // Power: the same draws reject the PMF without the prior (γ = 0).
    const withoutPrior = logs.map((l, cell) => l - 2 * (prior[cell]! / 65536));
    expect(chiSquareTest(counts, normalize(withoutPrior)).pValue).toBeLessThan(ALPHA);
  });

  it('a three-field block (1,210 cells) at ε = 8 matches its PMF, 300,000 draws', async () => {
    const profile = profileOf([withheld('occupation', 'nurse'), withheld('work', 'ward'), withheld('education', 'BSc')]);
    const prepared = await prepareRelease(profile, {
      mechanism: 'block',
      epsilonUnits: epsilonToUnits(8),
      scorer: tableScorer({
        'occupation:nurse': occupation,
        'work:ward': [...occupation].reverse(),
        'education:BSc': education,
      }),
    });
    const block = prepared.plan.blocks[0]!;
    expect(block.sizes).toEqual([11, 11, 10]);
    const epsI = Math.floor(epsilonToUnits(8) / 3) / UNITS_PER_EPSILON;
    const work = [...occupation].reverse();
    const logs = Array.from({ length: 1210 }, (_, cell) => {
      const [o, w, e] = decodeCell(cell, [11, 11, 10]);
      return 2 * (block.prior![cell]! / 65536) + (epsI * (q(occupation[o!]!) + q(work[w!]!) + q(education[e!]!))) / 2;
    });
    const result = chiSquareTest(drawBlock(prepared, 0, 300_000, 99), normalize(logs));
    expect(result.bins).toBeGreaterThan(100);
    expect(result.pValue).toBeGreaterThan(ALPHA);
  });
});

describe('DP-BLOCK on neighbouring values', () => {
  it('moves no outcome by more than e^{Σ ε_i of the changed members}, with a prior; costs ε_i each', () => {
    const sizes = [4, 3, 5];
    const unit = fc.double({ min: 0, max: 1, noNaN: true }).map(quantizeUnit);
    const member = (n: number) => fc.array(unit, { minLength: n, maxLength: n });
    const cases = fc.tuple(
      fc.array(fc.integer({ min: 1, max: epsilonToUnits(16) }).map(asEpsilonUnits), { minLength: 3, maxLength: 3 }),
      fc.tuple(...sizes.map(member)),
      fc.tuple(...sizes.map(member)),
      fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
      fc.array(unit, { minLength: 60, maxLength: 60 }),
    );
    fc.assert(
      fc.property(cases, ([eps, a, b, changed, prior]) => {
        const terms = (scores: ScoreUnits[][]) => scores.map((scoreUnits, i) => ({ epsilonUnits: eps[i]!, scoreUnits }));
        const da = dpBlock(terms(a), prior, epsilonToUnits(2));
        const db = dpBlock(terms(a.map((s, i) => (changed[i] ? b[i]! : s))), prior, epsilonToUnits(2));
        expect(da.costs).toEqual(eps);
        const bound = eps.reduce((sum, e, i) => sum + (changed[i] ? e : 0), 0) / UNITS_PER_EPSILON;
        expect(maxLogRatio(da.logPmf(), db.logPmf())).toBeLessThanOrEqual(bound + 1e-9);
      }),
      { numRuns: 200 },
    );
  });
});
