/**
 * The exact randomness every mechanism rests on: uniform integers and Bernoulli(exp(-x)), each checked
 * against its exact distribution by chi-square at false-positive rate ALPHA = 1e-6 (fixed seeds, so a
 * run is reproducible; the rate is what a random seed would give).
 */
import { describe, expect, it } from 'vitest';
import { bernoulliExpNeg } from './bernoulli';
import { RandomBits } from './bits';
import { cryptoRandomSource, seededRandomSource } from './random';
import { LOG_DENOMINATOR } from './scale';
import { ALPHA, chiSquareTest } from '../../../test/unit/dp/stats';

const bitsFor = (seed: number) => new RandomBits(seededRandomSource(seed));

describe('RandomBits.uniformInt', () => {
  it.each([2, 6, 7, 1000, 2 ** 32 + 3])('is uniform on [0, %i)', (n) => {
    const bits = bitsFor(n);
    const bins = 8;
    const counts = new Array<number>(bins).fill(0);
    // Bin by the value's position so that huge n are testable; exact bin probabilities follow.
    const edges = Array.from({ length: bins + 1 }, (_, i) => Math.floor((i * n) / bins));
    let outside = 0;
    for (let i = 0; i < 80_000; i++) {
      const v = bits.uniformInt(n);
      if (!(v >= 0 && v < n && Number.isInteger(v))) outside++;
      let b = 0;
      while (v >= edges[b + 1]!) b++;
      counts[b]!++;
    }
    expect(outside).toBe(0);
    const probabilities = counts.map((_, b) => (edges[b + 1]! - edges[b]!) / n);
    expect(chiSquareTest(counts, probabilities).pValue).toBeGreaterThan(ALPHA);
  });
  it.each([2 ** 37, 5 * 2 ** 32 + 3])('uses the high word above 2^32: the high word of a draw in [0, %i) is exactly distributed', (n) => {
    // The released mechanism draws uniformInt(2^37) on every acceptance test (LOG_DENOMINATOR), so the
    // path above 2^32 must be exact: bin by the high 32-bit word, whose probabilities are known exactly.
    const bits = bitsFor(n % 1000);
    const highs = Math.ceil(n / 2 ** 32);
    const counts = new Array<number>(highs).fill(0);
    for (let i = 0; i < 60_000; i++) counts[Math.floor(bits.uniformInt(n) / 2 ** 32)]!++;
    const probabilities = counts.map((_, h) => (Math.min(n, (h + 1) * 2 ** 32) - h * 2 ** 32) / n);
    expect(chiSquareTest(counts, probabilities).pValue).toBeGreaterThan(ALPHA);
  });
  it('refuses n < 1, fractional n and non-safe n; n = 1 gives 0', () => {
    const bits = bitsFor(1);
    expect(bits.uniformInt(1)).toBe(0);
    expect(() => bits.uniformInt(0)).toThrow(RangeError);
    expect(() => bits.uniformInt(2 ** 60)).toThrow(RangeError);
    expect(() => bits.uniformInt(2.5)).toThrow(RangeError);
  });
  it('a seeded source is reproducible, crypto is not constant', () => {
    const a = bitsFor(42);
    const b = bitsFor(42);
    const c = bitsFor(43);
    const xs = Array.from({ length: 10 }, () => a.next32());
    expect(Array.from({ length: 10 }, () => b.next32())).toEqual(xs);
    expect(Array.from({ length: 10 }, () => c.next32())).not.toEqual(xs);
    const live = new RandomBits(cryptoRandomSource());
    expect(new Set(Array.from({ length: 10 }, () => live.next32())).size).toBeGreaterThan(1);
  });
});

describe('bernoulliExpNeg', () => {
  it.each([
    [1, 4],
    [1, 1],
    [17, 10],
    [10, 3],
    [30, 7],
    [3 * LOG_DENOMINATOR + 12345, LOG_DENOMINATOR],
  ])('returns 1 with probability exactly exp(-%i/%i)', (num, den) => {
    const bits = bitsFor(num + den);
    const n = 200_000;
    let ones = 0;
    for (let i = 0; i < n; i++) if (bernoulliExpNeg(bits, num, den)) ones++;
    const p = Math.exp(-num / den);
    expect(chiSquareTest([ones, n - ones], [p, 1 - p]).pValue).toBeGreaterThan(ALPHA);
  });
  it('x = 0 always accepts; x = 2048 never does in practice (probability e^-2048)', () => {
    const bits = bitsFor(7);
    for (let i = 0; i < 1000; i++) expect(bernoulliExpNeg(bits, 0, 5)).toBe(true);
    for (let i = 0; i < 1000; i++) expect(bernoulliExpNeg(bits, 2048 * LOG_DENOMINATOR, LOG_DENOMINATOR)).toBe(false);
  });
  it('refuses a negative or non-integer x', () => {
    const bits = bitsFor(1);
    expect(() => bernoulliExpNeg(bits, -1, 2)).toThrow(RangeError);
    expect(() => bernoulliExpNeg(bits, 1.5, 2)).toThrow(RangeError);
    expect(() => bernoulliExpNeg(bits, 1, 0)).toThrow(RangeError);
  });
});
