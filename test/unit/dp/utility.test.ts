/**
 * Veil's utility variant (src/dp/utility.ts): scores stay in [0,1] and keep the order of the paper's
 * scores; the base measure is public (the same for every value); and the sampler draws exactly
 * Pr[y] ∝ μ(y) · exp(½ ε_i t_y), checked by chi-square at ALPHA = 1e-6 against a PMF computed here from
 * the formulas, with power checks: the same draws reject the PMF without the base measure and the PMF at
 * 1.5 times the ε. (Above ε ≈ 32 this value's release is its top category in all but a few draws per
 * million, so a chi-square there has one bin and tests nothing.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epsilonToUnits, UNITS_PER_EPSILON } from '../../../src/core/epsilon';
import { candidateDomain } from '../../../src/domains/index';
import { RandomBits } from '../../../src/dp/exact/bits';
import { seededRandomSource } from '../../../src/dp/exact/random';
import { LOG_DENOMINATOR } from '../../../src/dp/exact/scale';
import { ABSTAIN_FLOOR, ABSTAIN_WEIGHT, baseLogUnits, SHARPEN, utilityScores } from '../../../src/dp/utility';
import { prepareRelease, releaseMarginals } from '../../../src/release/prepare';
import { profileOf, tableScorer, withheld } from './fakes';
import { ALPHA, chiSquareTest } from './stats';

const AGE = candidateDomain('age')!.categories.map((c) => c.code); // 7 bands, then unspecified

describe("the variant's scores", () => {
  it('are in [0,1], keep the order of the specific categories, and unspecified scores at least the runner-up', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: AGE.length, maxLength: AGE.length }), (raw) => {
        const t = utilityScores(raw, AGE);
        expect(t.every((x) => x >= 0 && x <= 1)).toBe(true);
        for (let i = 0; i < AGE.length - 1; i++) {
          for (let j = 0; j < AGE.length - 1; j++) if (raw[i]! > raw[j]!) expect(t[i]!).toBeGreaterThanOrEqual(t[j]!);
        }
        const specific = t.slice(0, -1).sort((a, b) => b - a);
        expect(t.at(-1)!).toBeGreaterThanOrEqual(Math.max(specific[1]!, ABSTAIN_FLOOR));
      }),
    );
  });
  it('give the top category 1 and use the full range; equal scores give no category an edge', () => {
    const t = utilityScores([0.91, 0.9, 0.89, 0.9, 0.9, 0.9, 0.9, 0.9], AGE);
    expect(t[0]).toBe(1);
    expect(t[2]).toBe(0);
    expect(utilityScores(new Array(AGE.length).fill(0.5), AGE).slice(0, -1)).toEqual(new Array(AGE.length - 1).fill(0));
  });
  it('the base measure reads no value: it is a function of the public codes only', () => {
    expect(baseLogUnits(AGE)).toEqual([...new Array(AGE.length - 1).fill(0), Math.round(Math.log(ABSTAIN_WEIGHT * (AGE.length - 1)) * LOG_DENOMINATOR)]);
  });
});

describe('the variant draws exactly its distribution', () => {
  const raw = [0.62, 0.9, 0.7, 0.55, 0.81, 0.6, 0.5, 0.66];
  /** The variant's PMF, from the formulas (stretch, square, unspecified floor, μ), in float64. */
  function expected(epsI: number): number[] {
    const lo = Math.min(...raw);
    const hi = Math.max(...raw);
    const t = raw.map((s) => ((s - lo) / (hi - lo)) ** SHARPEN);
    const runnerUp = t.slice(0, -1).sort((a, b) => b - a)[1]!;
    t[t.length - 1] = Math.max(t.at(-1)!, runnerUp, ABSTAIN_FLOOR);
    const q = t.map((x) => Math.round(x * 65536) / 65536);
    const logs = q.map((x, i) => (epsI * x) / 2 + (i === q.length - 1 ? Math.log(ABSTAIN_WEIGHT * (q.length - 1)) : 0));
    const max = Math.max(...logs);
    const w = logs.map((l) => Math.exp(l - max));
    const z = w.reduce((a, b) => a + b, 0);
    return w.map((x) => x / z);
  }

  it.each([2, 8, 16])('DP-SLOT at ε = %i: chi-square against Pr[y] ∝ μ(y)·exp(½ ε t_y), 200,000 draws; the marginals shown are that PMF', async (epsilon) => {
    const profile = profileOf([withheld('age', '41')]);
    const prepared = await prepareRelease(profile, {
      mechanism: 'slot',
      epsilonUnits: epsilonToUnits(epsilon),
      scorer: tableScorer({ 'age:41': raw }),
      variant: 'veil',
    });
    const epsI = prepared.plan.attributes[0]!.epsilonUnits / UNITS_PER_EPSILON;
    const pmf = expected(epsI);
    const bits = new RandomBits(seededRandomSource(epsilon));
    const counts = new Array<number>(AGE.length).fill(0);
    for (let i = 0; i < 200_000; i++) counts[prepared.draws[0]!.sampleOutcome(bits)]!++;
    expect(chiSquareTest(counts, pmf).pValue).toBeGreaterThan(ALPHA);
    // Power: the same draws reject the distribution without the base measure, and with a wrong ε.
    const noBase = pmf.map((p, i) => (i === pmf.length - 1 ? p / (ABSTAIN_WEIGHT * (pmf.length - 1)) : p));
    const z = noBase.reduce((a, b) => a + b, 0);
    expect(
      chiSquareTest(
        counts,
        noBase.map((p) => p / z),
      ).pValue,
    ).toBeLessThan(ALPHA);
    expect(chiSquareTest(counts, expected(epsI * 1.5)).pValue).toBeLessThan(ALPHA);
    releaseMarginals(prepared)
      .get(0)!
      .forEach((p, i) => expect(p).toBeCloseTo(pmf[i]!, 9));
  });
});
