import { describe, expect, it } from 'vitest';
import { parseProfile, ProfileError } from '../../src/core/profile';

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
    expect(() => parseProfile(bad)).toThrow(/attributes\[1\] \(self\.age\): sharing must be "shared" or "withheld"/);
  });
  it('refuses "." in entity and field, so ledger keys entity.field cannot collide', () => {
    const dotted = (entity: string, field: string) => ({ version: 1, attributes: [{ entity, field, value: 'x', sharing: 'withheld' }] });
    expect(() => parseProfile(dotted('a.b', 'c'))).toThrow(/entity may use only/);
    expect(() => parseProfile(dotted('a', 'b.c'))).toThrow(/field may use only/);
  });
  it('refuses a wrong version, a non-object and duplicate keys', () => {
    expect(() => parseProfile({ ...ok, version: 2 })).toThrow(/version: must be 1/);
    expect(() => parseProfile('x')).toThrow(/must be a JSON object/);
    expect(() => parseProfile({ ...ok, attributes: [ok.attributes[0], ok.attributes[0]] })).toThrow(/repeats attributes\[0\]/);
  });
});
