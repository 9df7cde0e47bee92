/**
 * Relevance (src/planning/relevance.ts): a release carries only the withheld facts its message needs, decided
 * from public inputs (the message and field names). An omitted fact is not sampled, not charged and
 * appears nowhere in the text; the release's ε is split among the facts it carries; neighbouring profiles
 * get the identical plan (and base measure) for any message.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { epsilonToUnits } from '../../../src/core/epsilon';
import { KNOWN_FIELDS, type Attribute } from '../../../src/core/profile';
import { candidateDomain } from '../../../src/domains/index';
import { planRelease } from '../../../src/planning/plan';
import { publicView } from '../../../src/planning/public-view';
import { relevantKeys } from '../../../src/planning/relevance';
import { fieldNeeds, neighbourVote, type RelevanceClassifier } from '../../../src/planning/relevance-classifier';
import { loadBundledEncoder } from '../../../src/embedding/node';
import type { TransformersEmbedder } from '../../../src/embedding/transformers-embedder';
import { seededRandomSource } from '../../../src/dp/exact/random';
import { prepareRelease } from '../../../src/release/prepare';
import { releaseProfile } from '../../../src/release/release';
import { hashScorer, profileOf, shared, withheld } from './fakes';

const profile = profileOf([
  withheld('occupation', 'Pediatric nurse'),
  withheld('age', '41'),
  withheld('gender', 'woman'),
  withheld('health', 'asthma'),
  withheld('children', 'two daughters'),
  shared('location', 'Lyon'),
]);
const view = publicView(profile);

describe('which facts a message needs', () => {
  it.each([
    ['Which running shoes for a 40-year-old woman?', ['self.age', 'self.gender']],
    ['How do I ask for a raise at my job?', ['self.occupation']],
    ['Is my health insurance enough?', ['self.age', 'self.gender', 'self.health']],
    ['Ideas for my daughter’s birthday party', ['self.age', 'self.children']],
    ['Write a haiku about autumn', []],
  ])('%s', (message, keys) => {
    expect([...relevantKeys(view, message)].sort()).toEqual(keys);
  });
  it('an empty message carries every withheld fact (no way to tell); shared facts are never listed', () => {
    expect([...relevantKeys(view, '')].sort()).toEqual(['self.age', 'self.children', 'self.gender', 'self.health', 'self.occupation']);
    expect(relevantKeys(view, 'Restaurants near me in my city')).toEqual(new Set());
  });
});

describe('which facts a message needs, by the sentence encoder (the extension’s rule)', () => {
  let encoder: TransformersEmbedder;
  beforeAll(async () => {
    encoder = await loadBundledEncoder();
  });
  const carried = async (message: string, v = view) => [...relevantKeys(v, message, (await encoder.embed([message]))[0])].sort();

  it.each([
    ['How do I ask for a raise at my job?', 'self.occupation'],
    ['my little one keeps waking up at 3am, what can I try', 'self.children'],
    ['Suggest a skincare routine for me.', 'self.age'],
  ])('%s carries %s', async (message, key) => {
    expect(await carried(message)).toContain(key);
  });
  it('a message about nothing personal carries nothing', async () => {
    expect(await carried('Write a haiku about autumn')).toEqual([]);
    expect(await carried('Summarize the plot of Hamlet.')).toEqual([]);
  });
  it('a custom field about a known one follows that field; one about none, its name’s words', async () => {
    const v = publicView(profileOf([withheld('kids', 'two'), withheld('health', 'asthma')]));
    expect(await carried('my little one keeps waking up at 3am, what can I try', v)).toEqual(['self.kids']);
    expect(await carried('Is my health insurance enough?', v)).toContain('self.health');
  });
  it('refuses a vector of another model', () => {
    expect(() => relevantKeys(view, 'How do I ask for a raise?', [0.1, 0.2])).toThrow(/512-d vectors of veil-use-lite/);
  });
});

describe('the nearest labelled messages vote', () => {
  const b64 = (bytes: number[]) => Buffer.from(Int8Array.from(bytes).buffer).toString('base64');
  // Three labelled messages in 2-d: two about work (occupation, bit 7), one about children (bit 6).
  const classifier = {
    model: 'test',
    dimension: 2,
    threshold: 0.5,
    fields: Object.fromEntries(KNOWN_FIELDS.map((f) => [f, { weights: [0, 0], cue: 0, bias: -50 }])) as RelevanceClassifier['fields'],
    neighbours: {
      k: 2,
      temperature: 10,
      weight: 0.5,
      scales: [1 / 127, 1 / 127, 1 / 127],
      vectors: b64([127, 0, 120, 40, 0, 127]),
      needs: [1 << 7, 1 << 7, 1 << 6],
    },
  } satisfies RelevanceClassifier;
  it('counts only the k nearest, weighted by similarity, and is averaged with the regression', () => {
    expect(neighbourVote([1, 0], classifier)).toMatchObject({ occupation: 1, children: 0 });
    const between = neighbourVote([Math.SQRT1_2, Math.SQRT1_2], classifier);
    expect(between.occupation + between.children).toBeCloseTo(1, 10);
    expect(between.occupation).toBeGreaterThan(0.5);
    // The regression says no (bias −50): the probability is half the vote.
    expect(fieldNeeds([1, 0], {}, classifier).occupation).toBeCloseTo(0.5, 10);
  });
});

describe('a release that carries only what the message needs', () => {
  it('omits the rest from sampling, charging and the text, and splits ε among the carried facts', async () => {
    const carry = relevantKeys(view, 'How do I ask for a raise at my job?');
    const units = epsilonToUnits(8);
    const prepared = await prepareRelease(profile, { mechanism: 'slot', epsilonUnits: units, scorer: hashScorer, carry, variant: 'veil' });
    const byKey = new Map(prepared.plan.attributes.map((a) => [a.key, a]));
    expect(byKey.get('self.occupation')).toMatchObject({ treatment: 'privatized', epsilonUnits: units, charged: true });
    for (const key of ['self.age', 'self.gender', 'self.health', 'self.children'])
      expect(byKey.get(key)).toMatchObject({ treatment: 'omitted', epsilonUnits: 0, charged: false });
    expect(prepared.plan.blocks.flatMap((b) => b.members)).toEqual([0]);
    const release = releaseProfile(prepared, { random: seededRandomSource(1), format: 'structured', ledger: 'unaccounted' });
    expect(release.spent.perAttribute).toEqual({ 'self.occupation': 8 });
    expect(release.attributes.map((a) => a.field)).toEqual(['occupation', 'location']);
    expect(release.text).not.toMatch(/Age|Gender|Health|Children/);
  });
  it('DP-BLOCK: a shared fact that would give away an omitted withheld one is still privatized (closure sees every fact)', () => {
    const v = publicView(profileOf([withheld('occupation', 'Pediatric nurse'), shared('work', 'Hôpital Femme Mère Enfant')]));
    const plan = planRelease(v, { mechanism: 'block', epsilonUnits: epsilonToUnits(8), domainOf: candidateDomain, carry: new Set() });
    expect(plan.attributes.map((a) => a.treatment)).toEqual(['omitted', 'privatized']);
    expect(plan.attributes[1]!.charged).toBe(false);
  });
  it('property: for any message, neighbouring profiles carry the same facts and get the identical plan', () => {
    const rows = fc.uniqueArray(
      fc.record({
        field: fc.constantFrom(...KNOWN_FIELDS, 'health'),
        entity: fc.constantFrom('self', 'my partner'),
        sharing: fc.constantFrom('shared' as const, 'withheld' as const),
        value: fc.string({ minLength: 1, maxLength: 6 }),
      }),
      { minLength: 1, maxLength: 8, selector: (r) => `${r.entity}.${r.field}` },
    );
    fc.assert(
      fc.property(rows, fc.string({ maxLength: 40 }), fc.constantFrom('slot' as const, 'block' as const), (attributes, message, mechanism) => {
        const u = profileOf(attributes as Attribute[]);
        const neighbour = profileOf(attributes.map((a) => (a.sharing === 'withheld' ? { ...a, value: `${a.value}~` } : a)) as Attribute[]);
        const carryU = relevantKeys(publicView(u), message);
        expect(relevantKeys(publicView(neighbour), message)).toEqual(carryU);
        // With the encoder's vector of the message (any vector: the rule reads no value either way).
        const vector = Array.from({ length: 512 }, (_, i) => Math.sin(i * (message.length + 1)) / 16);
        expect(relevantKeys(publicView(neighbour), message, vector)).toEqual(relevantKeys(publicView(u), message, vector));
        const plan = (p: typeof u) =>
          JSON.stringify(
            planRelease(publicView(p), { mechanism, epsilonUnits: epsilonToUnits(8), domainOf: candidateDomain, carry: carryU }),
            (_k, x: unknown) => (x instanceof Uint32Array ? Array.from(x) : x),
          );
        expect(plan(neighbour)).toBe(plan(u));
      }),
      { numRuns: 200 },
    );
  });
});
