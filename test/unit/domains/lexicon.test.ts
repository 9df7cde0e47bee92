import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KNOWN_FIELDS } from '../../../src/core/profile';
import { candidateDomain } from '../../../src/domains';
import { lexiconScores } from '../../../src/domains/lexicon';

const hits = (field: Parameters<typeof lexiconScores>[0], value: string) => Object.fromEntries(lexiconScores(field, value));

describe('lexiconScores', () => {
  it('finds countries, capitals, demonyms and aliases, longest phrase first', () => {
    expect(hits('location', 'Lyon, France')).toEqual({ '155': 1 });
    expect(hits('location', 'Papua New Guinea')).toEqual({ '054': 1 });
    expect(hits('location', 'Côte d’Ivoire')).toEqual({ '202': 1 });
    expect(hits('location', 'Edinburgh, Scotland')).toEqual({ '154': 1 });
    expect(hits('nationality', 'Kenyan')).toEqual({ '202': 1 });
    expect(hits('nationality', 'Taiwanese')).toEqual({ '030': 1 });
  });

  it('finds cities and first-level regions, where country, region and city agree first (data/places.json)', () => {
    expect(hits('location', 'New York')).toEqual({ '021': 1 });
    expect(hits('location', 'Chicago, IL')).toEqual({ '021': 1 });
    expect(hits('location', 'California')).toEqual({ '021': 1 });
    expect(hits('location', 'Texas')).toEqual({ '021': 1 });
    expect(hits('location', 'Bavaria')).toEqual({ '155': 1 });
    // A name shared by several cities is the most populous one; a region or state code says otherwise.
    expect(hits('location', 'Birmingham')).toEqual({ '154': 1 });
    expect(hits('location', 'Birmingham, AL')).toEqual({ '021': 1 });
    expect(hits('location', 'London, Ontario')).toEqual({ '021': 1 });
    // Georgia the US state when a city agrees, the country on its own; a state code needs the comma and capitals.
    expect(hits('location', 'Atlanta, Georgia')).toEqual({ '021': 1 });
    expect(hits('location', 'Georgia')).toEqual({ '145': 1 });
    expect(hits('location', 'moved in last year')).toEqual({});
    // Everyday geography words name no region: "South West" is a Cameroonian region's whole name.
    expect(hits('location', 'South West')).toEqual({});
    expect(hits('nationality', 'Texas')).toEqual({});
  });

  it('marks several languages as `mul` and keeps their families just below', () => {
    expect(hits('languages', 'Spanish')).toEqual({ roa: 1 });
    expect(hits('languages', 'English')).toEqual({ eng: 1 });
    expect(hits('languages', 'English and Spanish')).toEqual({ mul: 1, eng: 0.9, roa: 0.9 });
    expect(hits('languages', 'Japanese')).toEqual({});
    expect(hits('languages', 'Japanese, Korean')).toEqual({ mul: 1 });
  });

  it('places ages and decades in CDC bands', () => {
    expect(hits('age', '34')).toEqual({ '25-34': 1 });
    expect(hits('age', '35 years old')).toEqual({ '35-44': 1 });
    expect(hits('age', '17')).toEqual({ 'under-18': 1 });
    expect(hits('age', '65')).toEqual({ '65-plus': 1 });
    expect(hits('age', 'late 50s')).toEqual({ '55-64': 1 });
    expect(hits('age', 'early thirties')).toEqual({ '25-34': 1 });
    expect(hits('age', '250')).toEqual({});
  });

  it('reads gender, marital status and children wording', () => {
    expect(hits('gender', 'F')).toEqual({ woman: 1 });
    expect(hits('gender', 'trans woman')).toEqual({ transgender: 1 });
    expect(hits('gender', 'non-binary')).toEqual({ nonbinary: 1 });
    expect(hits('marital_status', 'never married')).toEqual({ 'never-married': 1 });
    expect(hits('marital_status', 'divorced, remarried')).toEqual({ married: 1 });
    expect(hits('children', 'no kids')).toEqual({ 'no-children': 1 });
    expect(hits('children', 'two kids')).toEqual({ 'has-children': 1 });
    expect(hits('children', 'a son, no daughters')).toEqual({ 'has-children': 1 });
  });

  it('reads number words and widowhood phrases', () => {
    expect(hits('age', 'thirty-eight')).toEqual({ '35-44': 1 });
    expect(hits('age', 'forty nine years old')).toEqual({ '45-54': 1 });
    expect(hits('marital_status', 'my husband passed away')).toEqual({ widowed: 1 });
    expect(hits('children', "don't have any")).toEqual({ 'no-children': 1 });
  });

  it('recognises declining to answer in every field', () => {
    for (const field of KNOWN_FIELDS) {
      expect(hits(field, 'prefer not to say')).toEqual({ unspecified: 1 });
      expect(hits(field, 'N/A')).toEqual({ unspecified: 1 });
      expect(hits(field, 'Private')).toEqual({ unspecified: 1 });
    }
  });

  it('reads a declining word only as the whole answer, not inside a real value', () => {
    expect(hits('occupation', 'Private investigator')).not.toHaveProperty('unspecified');
    expect(hits('work', 'private tutor for ten years')).not.toHaveProperty('unspecified');
    expect(hits('location', 'Na Trang')).not.toHaveProperty('unspecified');
    expect(hits('occupation', 'unknown')).toEqual({ unspecified: 1 });
    expect(hits('gender', "I'd rather not say")).toEqual({ unspecified: 1 });
  });

  it('needs a child word after an article, and reads "not a parent" as no', () => {
    expect(hits('children', 'a')).toEqual({});
    expect(hits('children', 'two')).toEqual({ 'has-children': 1 });
    expect(hits('children', 'a daughter')).toEqual({ 'has-children': 1 });
    expect(hits('children', 'not a parent')).toEqual({ 'no-children': 1 });
  });

  it('finds occupation titles inside work histories, activities as agent nouns, longer titles higher', () => {
    const software = hits('work', 'Senior software developer at a bank');
    expect(Object.keys(software)).toContain('2');
    expect(hits('work', 'ran my own plumbing business')['7']).toBeGreaterThan(0.98);
    expect(hits('occupation', 'Carpenter')).toEqual({ '7': 1 - 0.02 / 2 });
    const nursing = hits('work', 'nursing assistant in a care home');
    expect(nursing['5']).toBeGreaterThan(0.99);
  });

  it('reads an activity with its object as the title it names: "picking grapes" → grape picker', () => {
    expect(hits('work', 'picking grapes in the summer')).toEqual({ '9': 1 - 0.02 / 3 });
    expect(hits('work', 'washing the dishes in a hotel kitchen')['9']).toBe(1 - 0.02 / 3);
  });

  it('reads a closed compound as the open title it spells: "shopkeeper" → shop keeper', () => {
    expect(hits('occupation', 'shopkeeper')).toEqual({ '5': 1 - 0.02 / 3 });
  });

  it('falls back to the head noun of the job in a longer work history, not for a bare job', () => {
    // No ESCO title "chief nurse": most titles ending in "nurse" are ISCO major group 2.
    expect(hits('work', 'twenty years as a chief nurse in a clinic')).toEqual({ '2': 0.97 });
    expect(hits('work', '3 years as an engineer at a car factory')).toEqual({ '2': 0.97 });
    expect(hits('occupation', 'chief nurse')).toEqual({});
    // A title anywhere in the value wins over the head rule.
    expect(Object.values(hits('work', 'chief nurse, then software developer'))).not.toContain(0.97);
  });

  it('names the person a workplace is named for, when a history names no job: "worked in a mine" → miner', () => {
    expect(hits('work', 'worked in a mine')).toEqual({ '8': 0.97 });
    expect(hits('work', 'working in a garden for years')).toEqual({ '6': 0.97 });
    // The head of the place, not its first word: a car factory is no "carer".
    expect(hits('work', 'worked in a car factory')).toEqual({});
    // A job named in the history comes first.
    expect(hits('work', 'worked as a chief nurse in a mine')).toEqual({ '2': 0.97 });
  });

  it('takes the highest degree mentioned', () => {
    expect(hits('education', 'BSc and MSc')).toEqual({ '7': 1 });
    expect(hits('education', 'PhD')).toEqual({ '8': 1 });
    expect(hits('education', 'high school')).toEqual({ '3': 1 });
  });

  it('only ever names codes of the field and floors in [0,1]', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KNOWN_FIELDS), fc.string({ maxLength: 60 }), (field, value) => {
        const codes = new Set(candidateDomain(field)!.categories.map((c) => c.code));
        for (const [code, floor] of lexiconScores(field, value)) {
          expect(codes.has(code)).toBe(true);
          expect(floor).toBeGreaterThanOrEqual(0);
          expect(floor).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});
