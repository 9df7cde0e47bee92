import { describe, expect, it } from 'vitest';
import { entityRole, entityRoles, renderRelease } from '../../../src/release/render';

describe('entities are named by role, never by a name that was not shared', () => {
  it.each([
    ['self', 'me'],
    ['Child', 'my child'],
    ['my partner', 'my partner'],
    ['My older sister', 'my older sister'],
    ['our kids', 'our kids'],
  ])('%s → %s', (entity, role) => expect(entityRole(entity)).toBe(role));

  it.each(['Emma', 'my Emma', 'my son Jake', 'Dr Smith', 'my very best friend Ann', 'our'])('%s is not a role', (entity) => {
    expect(entityRole(entity)).toBeUndefined();
  });

  it('an entity that is not a role is "another person (n)" unless its name was shared', () => {
    const roles = entityRoles(['self', 'my Emma', 'Jake', 'Bob'], new Set(['Bob']));
    expect([...roles.values()]).toEqual(['me', 'another person (1)', 'another person (2)', 'Bob']);
    const text = renderRelease([{ entity: 'my son Jake', field: 'age', value: '18-24' }], 'Plan a birthday.', 'freeform');
    expect(text).toBe("Plan a birthday.\n\nAnother person (1)'s age is 18-24.");
    expect(text).not.toMatch(/jake/i);
  });
});
