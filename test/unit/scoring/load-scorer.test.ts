import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KNOWN_FIELDS } from '../../../src/core/profile';
import { BUNDLED_MODEL_ID } from '../../../src/embedding/bundled';
import { loadScorer } from '../../../src/embedding/load-scorer';
import { fileReader, loadBundledScorer, loadModelScorer, MODELS_DIR } from '../../../src/embedding/node';

/** A model folder without precomputed candidates: what a downloaded model looks like. */
const bare = mkdtempSync(join(tmpdir(), 'veil-model-'));
cpSync(join(MODELS_DIR, BUNDLED_MODEL_ID), join(bare, BUNDLED_MODEL_ID), {
  recursive: true,
  filter: (src) => !/candidates\.(json|bin)$/.test(src),
});
afterAll(() => rmSync(bare, { recursive: true, force: true }));

describe('loadScorer for a model without shipped candidate embeddings', () => {
  it('computes them from the public descriptions and scores like the shipped ones', async () => {
    const loaded = await loadModelScorer(BUNDLED_MODEL_ID, bare);
    expect(loaded.computed).toBe(true);
    expect(loaded.candidates.modelId).toBe(BUNDLED_MODEL_ID);
    const shipped = await loadBundledScorer();
    const values: [string, string][] = [
      ['occupation', 'Pediatric nurse'],
      ['work', 'drove trucks across Europe'],
      ['location', 'Toronto'],
      ['nationality', 'Kenyan'],
      ['education', 'college graduate'],
      ['gender', 'genderqueer'],
    ];
    for (const [field, value] of values) {
      const a = await loaded.scorer.score(field, value);
      const b = await shipped.score(field, value);
      // Shipped rows are int8-rounded: scores agree to about 1%.
      a.forEach((s, i) => expect(Math.abs(s - b[i]!)).toBeLessThan(0.01));
    }
    for (const field of KNOWN_FIELDS) expect(loaded.candidates.fields[field].offsets.at(-1)).toBeGreaterThan(0);
    await expect(loadBundledScorer(bare)).rejects.toThrow(/build:model/);
  }, 120_000);
});

describe('loadScorer with cached candidate embeddings', () => {
  it('uses a cache of the same model, and ignores one that no longer fits the domains', async () => {
    const { candidates: shipped, computed } = await loadModelScorer(BUNDLED_MODEL_ID);
    expect(computed).toBe(false);
    const source = { modelId: BUNDLED_MODEL_ID, modelBase: MODELS_DIR + '/', readFile: fileReader(MODELS_DIR) };
    expect((await loadScorer({ ...source, cached: shipped })).candidates).toBe(shipped);
    const age = shipped.fields.age;
    const stale = { ...shipped, fields: { ...shipped.fields, age: { offsets: age.offsets.slice(0, -1), rows: age.rows } } };
    const loaded = await loadScorer({ ...source, cached: stale });
    expect(loaded.candidates).not.toBe(stale);
    expect(loaded.candidates.fields.age.offsets).toEqual(age.offsets);
  }, 60_000);
});
