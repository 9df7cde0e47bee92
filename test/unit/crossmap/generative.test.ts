/**
 * The generative mapper (issue 10): a model's JSON is used only when it is at least as safe as the offline
 * mapper's; anything else falls back, with the reason. The plumbing runs on a tiny model the project builds
 * itself (scripts/model/tiny-generator.ts), loaded by transformers.js from a local folder.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTinyGenerator } from '../../../scripts/model/tiny-generator';
import { createOfflineMapper, detectSpans, newCodebook } from '../../../src/crossmap';
import { generativeMapper } from '../../../src/crossmap/generative';
import { TextGenerator } from '../../../src/crossmap/text-generator';
import { seededRandomSource } from '../../../src/dp/exact/random';
import { listTagging } from './tagging';

const TEXT = 'My son Leo has asthma and we live in Leeds.';
const GOOD = JSON.stringify({
  theme: 'orchard',
  dictionary: [
    { original: 'Leo', substitute: 'Ash' },
    { original: 'asthma', substitute: 'leaf curl' },
    { original: 'Leeds', substitute: 'Kestrel Vale' },
  ],
  mapped: 'My son Ash has leaf curl and we live in Kestrel Vale.',
});

function mapperFor(output: string | (() => Promise<string>)) {
  const random = seededRandomSource(1);
  const generate = typeof output === 'string' ? async () => output : output;
  return { mapper: generativeMapper(generate, createOfflineMapper(random), detectSpans), codebook: { ...newCodebook(random), theme: 'orchard' } };
}

describe('the generative mapper', () => {
  it('uses a model output that maps every detected span, and adds its pairs to the codebook', async () => {
    const { mapper, codebook } = mapperFor(`Sure! Here it is:\n\`\`\`json\n${GOOD}\n\`\`\``);
    const out = await mapper.map(TEXT, { codebook, tagging: listTagging(TEXT) });
    expect(out.offlineBecause).toBeUndefined();
    expect(out.result.mapped).toBe('My son Ash has leaf curl and we live in Kestrel Vale.');
    expect(out.codebook.entries.map((e) => [e.original, e.substitute, e.kind])).toEqual([
      ['Leo', 'Ash', 'person'],
      ['asthma', 'leaf curl', 'health'],
      ['Leeds', 'Kestrel Vale', 'place'],
    ]);
    expect(out.result.replaced.map((r) => r.text)).toEqual(['Ash', 'leaf curl', 'Kestrel Vale']);
  });

  it.each([
    ['not JSON', 'I cannot help with that.', /no JSON object/],
    ['broken JSON', '{"theme": "orchard", "dictionary": [', /not complete/],
    ['the wrong shape', JSON.stringify({ theme: 'orchard', pairs: [], mapped: 'x' }), /expected shape/],
    [
      'a missed span',
      JSON.stringify({ ...JSON.parse(GOOD), dictionary: JSON.parse(GOOD).dictionary.slice(0, 2), mapped: 'My son Ash has leaf curl and we live in Leeds.' }),
      /left out “Leeds”/,
    ],
    [
      'an original left in the text',
      JSON.stringify({ ...JSON.parse(GOOD), mapped: 'My son Ash has asthma and we live in Kestrel Vale.' }),
      /still says “asthma”/,
    ],
    [
      'an invented original',
      JSON.stringify({ ...JSON.parse(GOOD), dictionary: [...JSON.parse(GOOD).dictionary, { original: 'Paris', substitute: 'Oslo' }] }),
      /not in the message/,
    ],
    [
      'one substitute for two',
      JSON.stringify({
        theme: 'orchard',
        dictionary: [
          { original: 'Leo', substitute: 'Ash' },
          { original: 'asthma', substitute: 'leaf curl' },
          { original: 'Leeds', substitute: 'Ash' },
        ],
        mapped: 'My son Ash has leaf curl and we live in Ash.',
      }),
      /two originals one replacement/,
    ],
  ])('falls back to the offline mapping on %s, saying why', async (_name, output, reason) => {
    const { mapper, codebook } = mapperFor(output);
    const out = await mapper.map(TEXT, { codebook, tagging: listTagging(TEXT) });
    expect(out.offlineBecause).toMatch(reason);
    expect(out.result.mapped).not.toMatch(/Leo|asthma|Leeds/);
  });

  it('falls back when the model fails, and when it changes a replacement the conversation uses', async () => {
    const failing = mapperFor(async () => {
      throw new Error('out of memory');
    });
    expect((await failing.mapper.map(TEXT, { codebook: failing.codebook, tagging: listTagging(TEXT) })).offlineBecause).toMatch(
      /the model failed \(out of memory\)/,
    );
    const { mapper, codebook } = mapperFor(GOOD);
    const withLeo = { ...codebook, entries: [{ original: 'Leo', substitute: 'Rowan', kind: 'person' as const }] };
    expect((await mapper.map(TEXT, { codebook: withLeo, tagging: listTagging(TEXT) })).offlineBecause).toMatch(/changed the replacement of “Leo”/);
  });

  it('runs a tiny model the project builds: it loads, generates, and its output is validated (and refused)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'veil-tiny-'));
    writeTinyGenerator(join(dir, 'veil-tiny'), ['{"theme":', '"orchard",', '"dictionary":', '[],', '"mapped":', '"My son has a cough."}']);
    const generator = await TextGenerator.load('veil-tiny', { localModelPath: `${dir}/`, maxNewTokens: 16 });
    const written = await generator.generate('Map this: My son Leo has asthma.');
    expect(JSON.parse(written)).toEqual({ theme: 'orchard', dictionary: [], mapped: 'My son has a cough.' });
    const { mapper, codebook } = mapperFor(() => generator.generate(TEXT));
    const out = await mapper.map(TEXT, { codebook, tagging: listTagging(TEXT) });
    // Valid JSON of the right shape, but it maps none of the detected spans: the offline mapping is used.
    expect(out.offlineBecause).toMatch(/left out “Leo”, “asthma”, “Leeds”/);
    expect(out.result.mapped).not.toMatch(/Leo|asthma|Leeds/);
  }, 60_000);
});
