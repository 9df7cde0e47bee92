import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryScores, maxSimilarities, similarityToScore } from '../../../src/scoring/category-scores';

describe('similarityToScore', () => {
  it('maps cosine to (1+κ)/2 and clips', () => {
    expect(similarityToScore(1)).toBe(1);
    expect(similarityToScore(0)).toBe(0.5);
    expect(similarityToScore(-1)).toBe(0);
    expect(similarityToScore(3)).toBe(1);
    expect(similarityToScore(-3)).toBe(0);
  });

  it('is finite and in [0,1] for any number, NaN and infinities included', () => {
    fc.assert(
      fc.property(fc.double(), (k) => {
        const s = similarityToScore(k);
        expect(Number.isFinite(s)).toBe(true);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('categoryScores', () => {
  it('raises a score to its lexicon floor, never lowers it, and stays in [0,1]', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double(), fc.double()), { minLength: 1, maxLength: 20 }), (pairs) => {
        const scores = categoryScores(
          pairs.map((p) => p[0]),
          pairs.map((p) => p[1]),
        );
        scores.forEach((s, i) => {
          expect(Number.isFinite(s)).toBe(true);
          expect(s).toBeGreaterThanOrEqual(similarityToScore(pairs[i]![0]));
          expect(s).toBeLessThanOrEqual(1);
        });
      }),
    );
  });
});

describe('maxSimilarities', () => {
  it('takes the best description of each category', () => {
    const rows = Float32Array.from([1, 0, 0, 1, 0.6, 0.8]);
    const k = maxSimilarities(Float32Array.from([0, 1]), { offsets: [0, 1, 3], rows });
    expect(k[0]).toBeCloseTo(0);
    expect(k[1]).toBeCloseTo(1);
  });

  it('gives 0 to every category for the zero vector (a uniform release)', () => {
    const rows = Float32Array.from([1, 0, -1, 0, 0.6, 0.8]);
    expect(maxSimilarities(new Float32Array(2), { offsets: [0, 1, 3], rows })).toEqual([0, 0]);
  });

  it('agrees with a plain dot product for any dimension (unrolled loop and its tail)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 1, max: 6 }), fc.integer(), (dimension, count, seed) => {
        let x = seed;
        const next = () => (x = (Math.imul(x, 1103515245) + 12345) | 0) / 2 ** 31;
        const v = Float32Array.from({ length: dimension }, next);
        const rows = Float32Array.from({ length: dimension * count }, next);
        const expected = Math.max(...Array.from({ length: count }, (_, r) => v.reduce((s, a, d) => s + a * rows[r * dimension + d]!, 0)));
        expect(maxSimilarities(v, { offsets: [0, count], rows })[0]).toBeCloseTo(expected, 5);
      }),
    );
  });

  it('gives 0 to a category without descriptions', () => {
    expect(maxSimilarities(Float32Array.from([1, 0]), { offsets: [0, 0], rows: new Float32Array(0) })).toEqual([0]);
  });
});
