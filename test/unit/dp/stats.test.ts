import { describe, expect, it } from 'vitest';
import { chiSquarePValue, chiSquareTest, normalUpperQuantile, wilsonInterval } from './stats';

describe('test statistics helpers', () => {
  it('chi-square p-values match tables', () => {
    expect(chiSquarePValue(3.841459, 1)).toBeCloseTo(0.05, 6);
    expect(chiSquarePValue(29.588298, 10)).toBeCloseTo(0.001, 7);
    expect(chiSquarePValue(18.307038, 10)).toBeCloseTo(0.05, 6);
    expect(chiSquarePValue(124.342, 100)).toBeCloseTo(0.05, 4);
    expect(chiSquarePValue(1, 2)).toBeCloseTo(Math.exp(-0.5), 10);
  });
  it('the chi-square test rejects a wrong distribution and accepts the right one', () => {
    expect(chiSquareTest([500, 500], [0.5, 0.5]).pValue).toBe(1);
    expect(chiSquareTest([600, 400], [0.5, 0.5]).pValue).toBeLessThan(1e-9);
    const pooled = chiSquareTest([990, 5, 3, 2], [0.99, 0.004, 0.003, 0.003]);
    expect(pooled.bins).toBe(2);
  });
  it('normal quantiles and Wilson intervals', () => {
    expect(normalUpperQuantile(0.025)).toBeCloseTo(1.959964, 4);
    expect(normalUpperQuantile(1e-6)).toBeCloseTo(4.753424, 3);
    const w = wilsonInterval(50, 100, 1.959964);
    expect(w.lower).toBeCloseTo(0.4038, 3);
    expect(w.upper).toBeCloseTo(0.5962, 3);
  });
});
