/** Public planning: closure, grouping, topics, compatibility prior, allocation. */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epsilonToUnits } from '../../../src/core/epsilon';
import { candidateDomain } from '../../../src/domains/index';
import { MAX_JOINT_CELLS } from '../../../src/dp/block/dp-block';
import { decodeCell } from '../../../src/dp/draw';
import { policyClosure } from '../../../src/planning/closure';
import { compatibilityPrior } from '../../../src/planning/compatibility';
import { ISCO_SKILL_LEVELS, SKILL_LEVEL_ISCED } from '../../../src/planning/compatibility-tables';
import { fieldTopicByName, resolveFieldTopics } from '../../../src/planning/field-topics';
import { publicGrouping } from '../../../src/planning/grouping';
import { planRelease } from '../../../src/planning/plan';
import { publicView } from '../../../src/planning/public-view';
import type { Embedder } from '../../../src/core/contracts';
import { KNOWN_FIELDS, type Attribute } from '../../../src/core/profile';
import { profileOf, shared, withheld } from './fakes';

const plan = (attributes: Attribute[], mechanism: 'slot' | 'block', epsilon = 8) =>
  planRelease(publicView(profileOf(attributes)), { mechanism, epsilonUnits: epsilonToUnits(epsilon), domainOf: candidateDomain });

describe('policy closure', () => {
  it('privatizes a shared occupation that reveals a withheld work history (Table 1), not languages', () => {
    const p = plan(
      [shared('languages', 'French'), shared('occupation', 'Cultural project manager'), withheld('work', 'Internships'), withheld('education', 'Master')],
      'block',
    );
    expect(p.attributes.map((a) => a.treatment)).toEqual(['kept', 'privatized', 'privatized', 'privatized']);
    expect(p.attributes[1]!.closure?.target).toBe('self.work');
    expect(p.attributes[1]!.charged).toBe(false);
    expect(p.attributes.filter((a) => a.charged).map((a) => a.key)).toEqual(['self.work', 'self.education']);
  });
  it('iterates to a fixed point (location → nationality → languages) within one entity only', () => {
    const attrs = [withheld('location', 'Lyon'), shared('nationality', 'French'), shared('languages', 'French'), shared('languages', 'French', 'my partner')];
    const added = policyClosure(publicView(profileOf(attrs)), new Map(attrs.map((a) => [a.field, fieldTopicByName(a.field)])));
    expect([...added.keys()].sort()).toEqual([1, 2]);
    expect(added.get(2)!.target).toBe('self.nationality');
  });
  it('uses topics for custom fields: a shared "employer" is suppressed when work is withheld', () => {
    const p = plan([shared('employer', 'Acme'), withheld('work', 'Acme, 2019–2024'), shared('hobby', 'chess')], 'block');
    expect(p.attributes.map((a) => a.treatment)).toEqual(['suppressed', 'privatized', 'kept']);
    expect(p.attributes[0]!.closure?.reason).toMatch(/work/);
  });
  it('DP-SLOT has no closure', () => {
    const p = plan([shared('occupation', 'Nurse'), withheld('work', 'Ward 3')], 'slot');
    expect(p.attributes[0]!.treatment).toBe('kept');
  });
});

describe('field topics', () => {
  it('name rules', () => {
    expect(fieldTopicByName('home_city')).toBe('location');
    expect(fieldTopicByName('Job title')).toBe('occupation');
    expect(fieldTopicByName('graduation year')).toBe('education');
    expect(fieldTopicByName('number of kids')).toBe('children');
    expect(fieldTopicByName('favourite colour')).toBeUndefined();
    expect(fieldTopicByName('manager')).toBeUndefined();
  });
  it('embedding similarity of public descriptions only for fields the rules leave open, with a threshold', async () => {
    // A fake embedder: "paycheck" lies exactly on the work description's direction; "xyz" on none.
    const dims = KNOWN_FIELDS.length;
    const embedder: Embedder = {
      id: 'fake',
      dimension: dims,
      async embed(texts) {
        return texts.map((t, i) => {
          const v = new Float32Array(dims);
          if (i < dims) v[i] = 1;
          else if (t === 'paycheck') v[KNOWN_FIELDS.indexOf('work')] = 1;
          else if (t === 'vague') v.fill(1 / Math.sqrt(dims));
          return v;
        });
      },
    };
    const topics = await resolveFieldTopics(['paycheck', 'vague', 'xyz', 'home city'], embedder);
    expect(topics.get('paycheck')).toBe('work');
    expect(topics.get('vague')).toBeUndefined(); // similarity 1/√10 < 0.6
    expect(topics.get('xyz')).toBeUndefined();
    expect(topics.get('home city')).toBe('location');
  });
});

describe('public grouping', () => {
  it('forms the documented blocks and splits geography to stay ≤ 2,000 cells', () => {
    const fields = ['location', 'nationality', 'languages', 'age', 'marital_status', 'children', 'occupation', 'work', 'education', 'gender'];
    const p = plan(
      fields.map((f) => withheld(f, 'x')),
      'block',
    );
    const blocks = p.blocks.map((b) => b.members.map((m) => fields[m]));
    expect(blocks).toEqual([
      ['location', 'nationality'],
      ['languages'],
      ['age', 'marital_status', 'children'],
      ['occupation', 'work', 'education'],
      ['gender'],
    ]);
    for (const b of p.blocks) expect(b.sizes.reduce((a, c) => a * c, 1)).toBeLessThanOrEqual(MAX_JOINT_CELLS);
  });
  it('never joins attributes of different entities', () => {
    const blocks = publicGrouping([
      { index: 0, entity: 'self', field: 'age', size: 8 },
      { index: 1, entity: 'my child', field: 'marital_status', size: 6 },
    ]);
    expect(blocks).toEqual([[0], [1]]);
  });
});

describe('compatibility prior', () => {
  const occupation = candidateDomain('occupation')!;
  const education = candidateDomain('education')!;
  it('grades ISCO major group against ISCED level from the ILO mapping', () => {
    const prior = compatibilityPrior(['occupation', 'education'], [occupation, education])!;
    const at = (o: string, e: string) => {
      const cell = occupation.categories.findIndex((c) => c.code === o) * 10 + education.categories.findIndex((c) => c.code === e);
      expect(decodeCell(cell, [11, 10])).toEqual([occupation.categories.findIndex((c) => c.code === o), education.categories.findIndex((c) => c.code === e)]);
      return prior[cell]! / 65536;
    };
    expect(at('2', '7')).toBe(1); // professionals: skill level 4 → ISCED 6–8
    expect(at('2', '5')).toBe(0.5);
    expect(at('2', '1')).toBe(0);
    expect(at('9', '1')).toBe(1);
    expect(at('9', '8')).toBe(0);
    expect(at('4', '3')).toBe(1);
    expect(at('unspecified', '8')).toBe(0.5);
    for (const j of prior) {
      expect(j).toBeGreaterThanOrEqual(0);
      expect(j).toBeLessThanOrEqual(65536);
    }
  });
  it('age against marital status and children; no prior for unrelated fields', () => {
    const age = candidateDomain('age')!;
    const marital = candidateDomain('marital_status')!;
    const children = candidateDomain('children')!;
    const prior = compatibilityPrior(['age', 'marital_status', 'children'], [age, marital, children])!;
    // under-18 × married × has-children: both pairs graded 0.
    expect(prior[0 * 18 + 0 * 3 + 0]).toBe(0);
    // 35-44 × married × has-children: both 1.
    expect(prior[3 * 18 + 0 * 3 + 0]).toBe(65536);
    expect(compatibilityPrior(['gender'], [candidateDomain('gender')!])).toBeUndefined();
  });
  it('the ISCO/ISCED tables equal the public data (data/, copied from the shared classification files)', () => {
    const data = (file: string) => JSON.parse(readFileSync(new URL(`../../../data/${file}`, import.meta.url), 'utf8')) as unknown[];
    const majors = data('isco-skill-levels.json') as [string, number[]][];
    expect(majors).toHaveLength(10);
    for (const [code, levels] of majors) expect(ISCO_SKILL_LEVELS[code]).toEqual(levels);
    const isced = data('isco-skill-level-isced.json') as [number, number[]][];
    expect(isced).toHaveLength(4);
    for (const [skill, [from, to]] of isced) {
      const expected = Array.from({ length: (to ?? from!) - from! + 1 }, (_, i) => from! + i);
      expect(SKILL_LEVEL_ISCED[skill]).toEqual(expected);
    }
  });
});

describe('uniform allocation', () => {
  it('Σ ε_i ≤ ε exactly, each ε_i = ⌊ε/|I+|⌋, for any profile and ε on or off the grid', () => {
    const fieldArb = fc.constantFrom(...KNOWN_FIELDS, 'health', 'employer', 'hobby');
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ field: fieldArb, entity: fc.constantFrom('self', 'my child'), sharing: fc.constantFrom('shared' as const, 'withheld' as const) }),
          { maxLength: 12 },
        ),
        fc.integer({ min: 1, max: epsilonToUnits(8192) }),
        fc.constantFrom('slot' as const, 'block' as const),
        (rows, units, mechanism) => {
          const unique = [...new Map(rows.map((r) => [`${r.entity}.${r.field}`, r])).values()];
          const p = planRelease(publicView(profileOf(unique.map((r) => ({ ...r, value: 'v' })))), {
            mechanism,
            epsilonUnits: units,
            domainOf: candidateDomain,
          });
          const privatized = p.attributes.filter((a) => a.treatment === 'privatized');
          const sum = privatized.reduce((s, a) => s + a.epsilonUnits, 0);
          expect(sum).toBeLessThanOrEqual(units);
          for (const a of privatized) expect(a.epsilonUnits).toBe(Math.floor(units / privatized.length));
          // Charged exactly the original withheld ones.
          for (const a of p.attributes) expect(a.charged).toBe(a.treatment === 'privatized' && a.sharing === 'withheld');
          for (const b of p.blocks) expect(b.sizes.reduce((x, y) => x * y, 1)).toBeLessThanOrEqual(MAX_JOINT_CELLS);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('refuses ε ≤ 0 and ε beyond the exact range', () => {
    expect(() => plan([withheld('age', '4')], 'slot', 0)).toThrow(/positive/);
    expect(() => plan([withheld('age', '4')], 'slot', 2 ** 17)).toThrow(/at most/);
  });
});
