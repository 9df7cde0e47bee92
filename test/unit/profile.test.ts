import { describe, expect, it } from 'vitest';
import { likelyKnownField, parseProfile, ProfileError } from '../../src/core/profile';

const ok = {
  version: 1,
  extra: 'ignored',
  attributes: [{ entity: 'self', field: 'occupation', value: 'Cultural project manager', sharing: 'shared' }],
};

describe('parseProfile', () => {
  it('accepts a valid profile and ignores unknown top-level keys', () => {
    const p = parseProfile(ok);
    expect(p.attributes).toHaveLength(1);
    expect(p).not.toHaveProperty('extra');
  });
  it('names the malformed attribute', () => {
    const bad = { ...ok, attributes: [...ok.attributes, { entity: 'self', field: 'age', value: '41', sharing: 'secret' }] };
    expect(() => parseProfile(bad)).toThrow(ProfileError);
    expect(() => parseProfile(bad)).toThrow(/attribute 2 \(self\.age\): "sharing" must be "shared" or "withheld"/);
  });
  it('refuses "." in entity and field, so ledger keys entity.field cannot collide', () => {
    const dotted = (entity: string, field: string) => ({ version: 1, attributes: [{ entity, field, value: 'x', sharing: 'withheld' }] });
    expect(() => parseProfile(dotted('a.b', 'c'))).toThrow(/"entity" may use only/);
    expect(() => parseProfile(dotted('a', 'b.c'))).toThrow(/"field" may use only/);
  });
  it("says what is wrong in words, never in zod's (issue 23)", () => {
    const one = (attribute: Record<string, unknown>) => ({ version: 1, attributes: [attribute] });
    const cases: [unknown, string][] = [
      [one({ entity: 'self', value: 'x', sharing: 'shared' }), 'attribute 1 has no "field"'],
      [one({ entity: 'self', field: 3, value: 'x', sharing: 'shared' }), 'attribute 1 (self.3): "field" must be text, not a number'],
      [one({ entity: 'self', field: 'age', value: 'x', sharing: 'shared', colour: 'red' }), 'attribute 1 (self.age) has unknown keys colour'],
      [{ version: 1, attributes: ['x'] }, 'attribute 1 must be an object { "entity", "field", "value", "sharing" }'],
      [{ version: 1, attributes: 'x' }, 'profile: "attributes" must be a list of facts [{ "entity", "field", "value", "sharing" }]'],
      [{ version: 1 }, 'the profile has no "attributes"'],
      [{ version: 1, instruction: 5, attributes: [] }, 'profile: "instruction" must be text, not a number'],
    ];
    for (const [input, message] of cases) {
      expect(() => parseProfile(input)).toThrow(new ProfileError(message));
    }
  });
  it('refuses a wrong version, a non-object and duplicate keys', () => {
    expect(() => parseProfile({ ...ok, version: 2 })).toThrow(/profile: "version" must be 1/);
    expect(() => parseProfile('x')).toThrow(/must be a JSON object/);
    expect(() => parseProfile({ ...ok, attributes: [ok.attributes[0], ok.attributes[0]] })).toThrow(/repeats attribute 1:/);
  });
});

describe('likelyKnownField: a slip for a known field, not a custom one', () => {
  it.each([
    ['ocupation', 'occupation'],
    ['occupaton', 'occupation'],
    ['Occupation', 'occupation'],
    ['Age', 'age'],
    ['WORK', 'work'],
    ['marital status', 'marital_status'],
    ['marital-status', 'marital_status'],
    ['maritalstatus', 'marital_status'],
    ['language', 'languages'],
    ['gendre', 'gender'],
    ['chilren', 'children'],
    ['educaton', 'education'],
    ['nationalty', 'nationality'],
    ['loaction', 'location'],
  ])('%s → %s', (field, known) => {
    expect(likelyKnownField(field)).toBe(known);
  });
  it.each(['occupation', 'age', 'favourite food', 'name', 'wage', 'genre', 'pet', 'vocation', 'hobby', 'work history', 'ag'])(
    '%s: a known or custom field, no slip',
    (field) => {
      expect(likelyKnownField(field)).toBeUndefined();
    },
  );
  it('parseProfile itself still takes a custom field of any name (the extension offers them)', () => {
    expect(parseProfile({ version: 1, attributes: [{ entity: 'self', field: 'ocupation', value: 'nurse', sharing: 'withheld' }] }).attributes[0]!.field).toBe(
      'ocupation',
    );
  });
});
