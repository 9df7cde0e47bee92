import { describe, expect, it } from 'vitest';
import { replaceTypedFacts, typedFacts } from '../../../src/core/typed-facts';
import type { Profile } from '../../../src/core/profile';

const profile: Profile = {
  version: 1,
  attributes: [
    { entity: 'self', field: 'occupation', value: 'Pediatric nurse', sharing: 'withheld' },
    { entity: 'self', field: 'age', value: '41', sharing: 'withheld' },
    { entity: 'self', field: 'languages', value: 'French and Portuguese', sharing: 'withheld' },
    { entity: 'self', field: 'location', value: 'Lyon, France', sharing: 'shared' },
    { entity: 'self', field: 'x', value: 'a', sharing: 'withheld' },
  ],
};

describe('typedFacts: withheld values the prompt itself mentions', () => {
  it('finds whole words in any case, with hyphens or plurals, and list parts', () => {
    const prompt = 'Tips for PEDIATRIC-nurses? I am 41, I speak Portuguese; I live in Lyon.';
    expect(typedFacts(prompt, profile).map((f) => [f.field, f.text])).toEqual([
      ['occupation', 'PEDIATRIC-nurses'],
      ['age', '41'],
      ['languages', 'Portuguese'],
    ]);
  });
  it('ignores parts of other words and numbers, shared facts, and one-letter values', () => {
    expect(typedFacts('In 1941 a nursery in Lyon had a cat', profile)).toEqual([]);
  });
  it('replaces each mention by what the release says instead', () => {
    const prompt = 'As a pediatric nurse of 41';
    const facts = typedFacts(prompt, profile);
    expect(replaceTypedFacts(prompt, facts, (f) => (f.field === 'age' ? '35–44' : 'Health professionals'))).toBe('As a Health professionals of 35–44');
  });
});
