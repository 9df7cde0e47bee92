import { describe, expect, it } from 'vitest';
import { KNOWN_FIELDS } from '../../../src/core/profile';
import { candidateDomain } from '../../../src/domains';
import { categoryDescriptions } from '../../../src/domains/descriptions';

describe('categoryDescriptions', () => {
  it.each(KNOWN_FIELDS.map((f) => [f]))('%s: every category has its label first and no empty text', (field) => {
    const descriptions = categoryDescriptions(field);
    const categories = candidateDomain(field)!.categories;
    expect(descriptions).toHaveLength(categories.length);
    descriptions.forEach((texts, i) => {
      expect(texts[0]).toBe(categories[i]!.label);
      for (const t of texts) expect(t.trim()).not.toBe('');
    });
  });

  it('builds occupations from ISCO groups and ESCO titles', () => {
    const occupation = categoryDescriptions('occupation');
    expect(occupation[2]).toContain('Nursing professionals');
    expect(occupation[8]).toContain('lorry driver');
    expect(occupation.flat().length).toBeGreaterThan(3_500);
    const lower = (texts: string[]) => texts.map((t) => t.toLowerCase());
    expect(lower(occupation[7]!)).toContain('carpenter');
    expect(lower(occupation[3]!)).not.toContain('carpenter');
  });

  it('builds places from M49 countries, capitals and demonyms', () => {
    const codes = candidateDomain('location')!.categories.map((c) => c.code);
    expect(categoryDescriptions('location')[codes.indexOf('155')]).toEqual(expect.arrayContaining(['France', 'Paris']));
    expect(categoryDescriptions('nationality')[codes.indexOf('202')]).toContain('Kenyan');
  });

  it('puts each language under its ISO 639-5 family, English on its own', () => {
    const codes = candidateDomain('languages')!.categories.map((c) => c.code);
    const languages = categoryDescriptions('languages');
    expect(languages[codes.indexOf('roa')]).toContain('Portuguese');
    expect(languages[codes.indexOf('nic')]).toContain('Yoruba');
    expect(languages[codes.indexOf('gem')]).not.toContain('English');
  });
});
