// whyOf: which cap a fallback would have passed, as the review says it (this fact's, the total, or another
// fact of the same DP-BLOCK block), from the release's figures in units of 2^-20 of ε.
import { describe, expect, it } from 'vitest';
import { whyOf } from '../../../src/extension/review-facts';
import type { ReleasedAttribute } from '../../../src/release/release';
import type { Profile } from '../../../src/core/profile';

const U = 2 ** 20;
const profile: Profile = {
  version: 1,
  attributes: [
    { entity: 'self', field: 'age', value: '41', sharing: 'withheld' },
    { entity: 'self', field: 'marital_status', value: 'Married', sharing: 'withheld' },
  ],
} as Profile;
const age = (passed: ReleasedAttribute['passed']): ReleasedAttribute =>
  ({
    entity: 'self',
    field: 'age',
    sharing: 'withheld',
    release: 'suppressed',
    value: '[withheld]',
    origin: 'fallback-suppressed',
    passed,
  }) as ReleasedAttribute;

describe('whyOf', () => {
  it('its own cap, the total cap, another fact of its block, and one no longer in the profile', () => {
    expect(whyOf(age({ cap: 'attribute', key: 'self.age', spent: 3 * U, units: 2 * U, limit: 4 * U }), profile)).toEqual({
      why: { fallback: { reused: false, passed: { cap: 'own', spent: 3, charge: 2, limit: 4 } } },
    });
    expect(whyOf(age({ cap: 'total', spent: 250 * U, units: 8 * U, limit: 256 * U }), profile)).toEqual({
      why: { fallback: { reused: false, passed: { cap: 'total', spent: 250, charge: 8, limit: 256 } } },
    });
    expect(whyOf(age({ cap: 'attribute', key: 'self.marital_status', spent: U, units: U, limit: U }), profile)).toEqual({
      why: { fallback: { reused: false, passed: { cap: 'other', entity: 'self', field: 'marital_status', spent: 1, charge: 1, limit: 1 } } },
    });
    expect(whyOf(age({ cap: 'attribute', key: 'self.work', spent: U, units: U, limit: U }), profile)).toEqual({ why: { fallback: { reused: false } } });
  });
});
