/**
 * The exact exponential-mechanism sampler, checked against its exact distribution by chi-square at
 * false-positive rate ALPHA = 1e-6 (fixed seeds), at magnitudes where float64 would overflow.
 */
import { describe, expect, it } from 'vitest';
import { RandomBits } from '../exact/bits';
import { seededRandomSource } from '../exact/random';
import { LOG_DENOMINATOR } from '../exact/scale';
import { exactLogPmf, sampleExponential } from './sampler';
import { ALPHA, chiSquareTest } from '../../../test/unit/dp/stats';

const bitsFor = (seed: number) => new RandomBits(seededRandomSource(seed));
function drawCounts(logWeights: number[], n: number, seed: number): number[] {
  const bits = bitsFor(seed);
  const counts = new Array<number>(logWeights.length).fill(0);
  for (let i = 0; i < n; i++) counts[sampleExponential(logWeights, bits)]!++;
  return counts;
}

describe('sampleExponential (exact exponential mechanism)', () => {
  const D = LOG_DENOMINATOR;
  it('matches exp(L_y)/Σ exp(L_z) for small log-weights', () => {
    const logWeights = [0, D, 2 * D, Math.floor(D / 3), 0, 5 * D];
    const counts = drawCounts(logWeights, 200_000, 1);
    expect(chiSquareTest(counts, exactLogPmf(logWeights).map(Math.exp)).pValue).toBeGreaterThan(ALPHA);
  });
  it('is exact at huge magnitudes (L ≈ 2048, gaps of 1/16 to 3): where float64 exp overflows', () => {
    const base = 2048 * D;
    const logWeights = Array.from({ length: 18 }, (_, i) => base + Math.floor((i * i * D) / 100));
    expect(Math.exp(base / D)).toBe(Infinity);
    const counts = drawCounts(logWeights, 200_000, 2);
    expect(chiSquareTest(counts, exactLogPmf(logWeights).map(Math.exp)).pValue).toBeGreaterThan(ALPHA);
  });
  it('keeps a candidate whose weight is e^-2048 of the best at positive probability, and finite log-PMF', () => {
    const logWeights = [2048 * D, 0];
    const log = exactLogPmf(logWeights);
    expect(log[1]).toBeCloseTo(-2048, 9);
    expect(Number.isFinite(log[1])).toBe(true);
    // The sampler never returns it in practice, and always returns the best.
    expect(drawCounts(logWeights, 2000, 3)).toEqual([2000, 0]);
  });
  it('refuses an empty set and non-integer weights', () => {
    expect(() => sampleExponential([], bitsFor(1))).toThrow(RangeError);
    expect(() => sampleExponential([0.5], bitsFor(1))).toThrow(RangeError);
  });
});
