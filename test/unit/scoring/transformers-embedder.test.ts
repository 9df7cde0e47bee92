import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBundledEmbedder } from '../../../src/embedding/node';
import { TransformersEmbedder, unitOrZero } from '../../../src/embedding/transformers-embedder';

describe('TransformersEmbedder over the bundled model', () => {
  let embedder: TransformersEmbedder;
  beforeAll(async () => {
    embedder = await loadBundledEmbedder();
  }, 60_000);

  it('returns one unit vector per text, and the zero vector for unknown words or empty text', async () => {
    expect(embedder.id).toBe('veil-glove-100d');
    expect(embedder.dimension).toBe(100);
    const [nurse, unknown, empty, lorry] = await embedder.embed(['Pediatric nurse', 'zxqvbn qqqq', '   ', 'lorry driver']);
    expect(Math.hypot(...nurse!)).toBeCloseTo(1, 5);
    expect([...unknown!].every((x) => x === 0)).toBe(true);
    expect([...empty!].every((x) => x === 0)).toBe(true);
    expect(Math.hypot(...lorry!)).toBeCloseTo(1, 5);
  });

  it('embeds a text the same alone or in a padded batch', async () => {
    const [alone] = await embedder.embed(['truck driver']);
    const [, batched] = await embedder.embed(['a much longer text about many different things', 'truck driver']);
    alone!.forEach((x, i) => expect(batched![i]).toBeCloseTo(x, 5));
  });

  it('puts related texts closer than unrelated ones', async () => {
    const [truck, lorry, nurse] = await embedder.embed(['truck driver', 'lorry driver', 'pediatric nurse']);
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    expect(dot(truck!, lorry!)).toBeGreaterThan(dot(truck!, nurse!));
  });
});

describe('unitOrZero', () => {
  it('normalises, and maps zero or non-finite vectors to zero', () => {
    expect([...unitOrZero(Float32Array.from([3, 4]))]).toEqual([0.6000000238418579, 0.800000011920929]);
    expect([...unitOrZero(Float32Array.from([0, 0]))]).toEqual([0, 0]);
    expect([...unitOrZero(Float32Array.from([NaN, 1]))]).toEqual([0, 0]);
  });
});

describe('TransformersEmbedder.load', () => {
  it('a model that is not there fails with a message naming it', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'veil-no-model-'));
    await expect(TransformersEmbedder.load('no-such-model', { localModelPath: empty + '/' })).rejects.toThrow(
      /^the embedding model no-such-model could not be loaded \(.*not found locally/,
    );
  });
});
