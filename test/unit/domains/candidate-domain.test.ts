import { describe, expect, it } from 'vitest';
import { KNOWN_FIELDS } from '../../../src/core/profile';
import { candidateDomain } from '../../../src/domains';

/** The codes of DESIGN.md's "Domains" table, copied by hand: the table is the interface. */
const EXPECTED: Record<string, string> = {
  gender: 'woman man transgender nonbinary another unspecified',
  age: 'under-18 18-24 25-34 35-44 45-54 55-64 65-plus unspecified',
  location: '015 202 419 021 143 030 035 034 145 151 154 039 155 053 054 057 061 unspecified',
  nationality: '015 202 419 021 143 030 035 034 145 151 154 039 155 053 054 057 061 unspecified',
  languages: 'eng roa gem sla sit afa iir map nic mul unspecified',
  marital_status: 'married widowed divorced separated never-married unspecified',
  children: 'has-children no-children unspecified',
  occupation: '0 1 2 3 4 5 6 7 8 9 unspecified',
  work: '0 1 2 3 4 5 6 7 8 9 unspecified',
  education: '0 1 2 3 4 5 6 7 8 unspecified',
};

describe('candidateDomain', () => {
  it.each(KNOWN_FIELDS.map((f) => [f]))('%s has exactly the codes of DESIGN.md, in order', (field) => {
    const domain = candidateDomain(field)!;
    expect(domain.field).toBe(field);
    expect(domain.categories.map((c) => c.code).join(' ')).toBe(EXPECTED[field]);
    for (const c of domain.categories) expect(c.label.trim().length).toBeGreaterThan(0);
    expect(new Set(domain.categories.map((c) => c.label)).size).toBe(domain.categories.length);
  });

  it('is undefined for custom fields', () => {
    expect(candidateDomain('favourite_colour')).toBeUndefined();
    expect(candidateDomain('Occupation')).toBeUndefined();
    expect(candidateDomain('')).toBeUndefined();
  });

  it('cannot be changed by a caller', () => {
    const domain = candidateDomain('gender')!;
    expect(() => (domain.categories as unknown as unknown[]).push({ code: 'x', label: 'x' })).toThrow();
  });
});
