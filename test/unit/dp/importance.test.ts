/**
 * Per-fact precision: the person's public choice weighs each withheld fact's share of ε (low 1, normal 2,
 * high 4 parts), the shares are rounded down so they never sum past ε, and a profile file keeps the choice.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epsilonToUnits, splitEpsilon, splitWeighted } from '../../../src/core/epsilon';
import { parseProfile } from '../../../src/core/profile';
import { candidateDomain } from '../../../src/domains/index';
import { planRelease } from '../../../src/planning/plan';
import { publicView } from '../../../src/planning/public-view';
import { profileOf, withheld } from './fakes';

describe('per-fact precision', () => {
  it("a high fact gets twice a normal one's share and four times a low one's; the total stays within ε", () => {
    const profile = profileOf([
      { ...withheld('occupation', 'Pediatric nurse'), importance: 'high' },
      withheld('age', '41'),
      { ...withheld('gender', 'woman'), importance: 'low' },
    ]);
    const units = epsilonToUnits(16);
    const plan = planRelease(publicView(profile), { mechanism: 'slot', epsilonUnits: units, domainOf: candidateDomain });
    const [high, normal, low] = plan.attributes.map((a) => a.epsilonUnits);
    expect(high).toBe(Math.floor((units * 4) / 7));
    expect(normal).toBe(Math.floor((units * 2) / 7));
    expect(low).toBe(Math.floor(units / 7));
    expect(high! + normal! + low!).toBeLessThanOrEqual(units);
  });
  it("property: weighted shares never sum past the budget, and equal weights are the paper's uniform split", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8192 * 2 ** 20 }), fc.array(fc.constantFrom(1, 2, 4), { minLength: 1, maxLength: 40 }), (units, weights) => {
        const shares = splitWeighted(units, weights);
        expect(shares.reduce((s, x) => s + x, 0)).toBeLessThanOrEqual(units);
        expect(shares.every((x) => Number.isSafeInteger(x) && x >= 0)).toBe(true);
        expect(
          splitWeighted(
            units,
            weights.map(() => 2),
          ),
        ).toEqual(splitEpsilon(units, weights.length));
      }),
    );
  });
  it('a profile keeps the choice; anything else than low or high is refused', () => {
    const attribute = { entity: 'self', field: 'age', value: '41', sharing: 'withheld', importance: 'high' };
    expect(parseProfile({ version: 1, attributes: [attribute] }).attributes[0]).toEqual(attribute);
    expect(() => parseProfile({ version: 1, attributes: [{ ...attribute, importance: 'max' }] })).toThrow(
      /attribute 1 \(self.age\): "importance" must be "low" or "high"/,
    );
  });
});
