/**
 * The exponential mechanism's constructor, exact weights and privacy map: each use's utility grid and
 * sensitivity give integer log-weights over one denominator, the cost is ε whatever the utilities, and bad
 * parameters are refused at once.
 */
import { describe, expect, it } from 'vitest';
import { asEpsilonUnits, epsilonToUnits } from '../../core/epsilon';
import { LOG_DENOMINATOR, SCORE_SCALE } from '../exact/scale';
import { exponentialCost, exponentialLogWeights, exponentialMechanism } from './mechanism';

/** DP-MemView's utility grid and Δu = 0.6 (src/memview/scorer.ts). */
const MEMVIEW_DENOMINATOR = 5 * SCORE_SCALE;
const MEMVIEW_SENSITIVITY = [3, 5] as const;

describe('the exponential mechanism module', () => {
  it("DP-SLOT's ½ ε s lands on the 2^-37 grid; DP-MemView's ε u / 1.2 on 3·2^37", () => {
    const slot = exponentialMechanism({ epsilonUnits: asEpsilonUnits(5), utilityDenominator: SCORE_SCALE, sensitivity: [1, 1] });
    expect(exponentialLogWeights(slot, [0, 7, SCORE_SCALE])).toEqual({ numerators: [0, 35, 5 * SCORE_SCALE], denominator: LOG_DENOMINATOR });
    const memview = exponentialMechanism({ epsilonUnits: asEpsilonUnits(5), utilityDenominator: MEMVIEW_DENOMINATOR, sensitivity: MEMVIEW_SENSITIVITY });
    expect(memview.denominator).toBe(3 * 2 ** 37);
    // u = 1 at ε = 1: exponent ε·u/(2·0.6) = 1/1.2.
    const one = exponentialMechanism({ epsilonUnits: epsilonToUnits(1), utilityDenominator: MEMVIEW_DENOMINATOR, sensitivity: MEMVIEW_SENSITIVITY });
    const { numerators, denominator } = exponentialLogWeights(one, [MEMVIEW_DENOMINATOR]);
    expect(numerators[0]! / denominator).toBeCloseTo(1 / 1.2, 12);
    // The privacy map: the cost is ε, whatever the utilities.
    expect(exponentialCost(one)).toBe(epsilonToUnits(1));
    expect(() => exponentialLogWeights(one, [MEMVIEW_DENOMINATOR + 1])).toThrow(/utility 0/);
    expect(() => exponentialMechanism({ epsilonUnits: asEpsilonUnits(1), utilityDenominator: 1, sensitivity: [0, 1] })).toThrow(/sensitivity/);
  });
});
