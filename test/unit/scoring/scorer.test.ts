import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Scorer } from '../../../src/core/contracts';
import { KNOWN_FIELDS } from '../../../src/core/profile';
import { candidateDomain } from '../../../src/domains';
import { lexiconScores } from '../../../src/domains/lexicon';
import { tokens } from '../../../src/domains/text';
import { BUNDLED_MODEL_ID } from '../../../src/embedding/bundled';
import { MODELS_DIR, loadBundledScorer } from '../../../src/embedding/node';
import { embedCandidates } from '../../../src/scoring/candidate-embeddings';
import { MAX_SCORED_CHARS, createScorer, scoredPart } from '../../../src/scoring/scorer';
import { hashingEmbedder } from './hashing-embedder';

const vocabulary = new Set(
  Object.keys(
    (JSON.parse(readFileSync(join(MODELS_DIR, BUNDLED_MODEL_ID, 'tokenizer.json'), 'utf8')) as { model: { vocab: Record<string, number> } }).model.vocab,
  ),
);

/** Any text at all, including emoji, control characters, digits and very long strings. */
const anyText = fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 80 }), fc.lorem({ maxCount: 12 }));

/** Made-up words: no token the model knows, no phrase a lexicon knows. */
const unknownWords = fc
  .array(fc.stringMatching(/^[bcdfghjklmnpqrstvwxz]{5,9}$/), { minLength: 1, maxLength: 4 })
  .map((ws) => ws.join(' '))
  .filter((t) => tokens(t).every((w) => !vocabulary.has(w)));

function checkRange(scores: number[], field: string): void {
  expect(scores).toHaveLength(candidateDomain(field)!.categories.length);
  for (const s of scores) {
    expect(Number.isFinite(s)).toBe(true);
    expect(s).toBeGreaterThanOrEqual(0);
    expect(s).toBeLessThanOrEqual(1);
  }
}

describe('the bundled scorer', () => {
  let scorer: Scorer;
  beforeAll(async () => {
    scorer = await loadBundledScorer();
  }, 60_000);

  it('gives every category a finite score in [0,1], for any string in any field', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...KNOWN_FIELDS), anyText, async (field, value) => {
        checkRange(await scorer.score(field, value), field);
      }),
      { numRuns: 300 },
    );
  });

  it('gives every category the same score for a value with no known token', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...KNOWN_FIELDS), unknownWords, async (field, value) => {
        expect(lexiconScores(field, value).size).toBe(0);
        const scores = await scorer.score(field, value);
        expect(new Set(scores)).toEqual(new Set([0.5]));
      }),
      { numRuns: 100 },
    );
    expect(new Set(await scorer.score('occupation', '🙂🙂'))).toEqual(new Set([0.5]));
  });

  it('scores only the first 500 characters, so a huge value is cheap and still in range', async () => {
    const padding = 'qzxvb '.repeat(100);
    expect(padding.length).toBe(MAX_SCORED_CHARS + 100);
    // The title sits past the bound: neither the lexicon nor the model may see it.
    expect(new Set(await scorer.score('occupation', padding + 'Pediatric nurse'))).toEqual(new Set([0.5]));
    const huge = 'Pediatric nurse 🙂\u0000\u202e مرحبا '.repeat(4000);
    expect(huge.length).toBeGreaterThan(100_000);
    for (const field of KNOWN_FIELDS) {
      const scores = await scorer.score(field, huge);
      checkRange(scores, field);
      expect(scores).toEqual(await scorer.score(field, huge.slice(0, MAX_SCORED_CHARS)));
    }
  });

  it('never splits a surrogate pair at the bound', () => {
    const value = 'a'.repeat(MAX_SCORED_CHARS - 1) + '🙂';
    expect(scoredPart(value)).toBe('a'.repeat(MAX_SCORED_CHARS - 1));
    expect(scoredPart('short')).toBe('short');
  });

  it('is deterministic', async () => {
    expect(await scorer.score('work', 'drove trucks across Europe')).toEqual(await scorer.score('work', 'drove trucks across Europe'));
  });

  it.each([
    ['occupation', 'Pediatric nurse', '2'],
    ['occupation', 'Truck driver', '8'],
    ['location', 'Lyon, France', '155'],
    ['location', 'Toronto', '021'],
    ['nationality', 'Kenyan', '202'],
    ['languages', 'English and Spanish', 'mul'],
    ['education', 'PhD in physics', '8'],
    ['age', '34', '25-34'],
  ])('places %s "%s" in %s', async (field, value, code) => {
    const scores = await scorer.score(field, value);
    const codes = candidateDomain(field)!.categories.map((c) => c.code);
    expect(codes[scores.indexOf(Math.max(...scores))]).toBe(code);
  });

  it('refuses a field without a candidate domain', async () => {
    await expect(scorer.score('favourite_colour', 'blue')).rejects.toThrow(/no candidate domain/);
  });
});

describe('createScorer', () => {
  it('refuses candidate embeddings of another model', async () => {
    const candidates = await embedCandidates(hashingEmbedder(8), (f) => candidateDomain(f)!.categories.map((c) => [c.label]));
    expect(() => createScorer(hashingEmbedder(16), candidates)).toThrow(/recompute/);
  });

  it('refuses candidate embeddings that do not fit the domains (a category missing, rows short, NaN rows)', async () => {
    const embedder = hashingEmbedder(8);
    const candidates = await embedCandidates(embedder, (f) => candidateDomain(f)!.categories.map((c) => [c.label]));
    const gender = candidates.fields.gender;
    const fewer = { ...candidates, fields: { ...candidates.fields, gender: { offsets: gender.offsets.slice(0, -1), rows: gender.rows.slice(0, -8) } } };
    expect(() => createScorer(embedder, fewer)).toThrow(/5 categories for gender, its domain has 6/);
    const short = { ...candidates, fields: { ...candidates.fields, age: { ...candidates.fields.age, rows: new Float32Array(8) } } };
    expect(() => createScorer(embedder, short)).toThrow(/do not fit.*recompute/);
    const nanRows = Float32Array.from(candidates.fields.age.rows);
    nanRows[3] = Number.NaN;
    const damaged = { ...candidates, fields: { ...candidates.fields, age: { ...candidates.fields.age, rows: nanRows } } };
    expect(() => createScorer(embedder, damaged)).toThrow(/non-finite numbers in the rows of age/);
    expect(() => createScorer(embedder, candidates)).not.toThrow();
  });

  it('works with any embedder (here a hashing one), keeping range and uniformity', async () => {
    const embedder = hashingEmbedder(24, new Set(['nurse', 'driver', 'france']));
    const scorer = createScorer(embedder, await embedCandidates(embedder, (f) => candidateDomain(f)!.categories.map((c) => [c.label, 'nurse driver'])));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...KNOWN_FIELDS), anyText, async (field, value) => {
        checkRange(await scorer.score(field, value), field);
      }),
    );
    expect(new Set(await scorer.score('occupation', 'qqq'))).toEqual(new Set([0.5]));
  });
});
