/** A deterministic test embedder: each word of a fixed vocabulary hashes to a random-looking unit direction. */
import type { Embedder } from '../../../src/core/contracts';
import { tokens } from '../../../src/domains/text';

export function hashingEmbedder(dimension: number, vocabulary?: ReadonlySet<string>): Embedder {
  const wordVector = (word: string) => {
    const v = new Float32Array(dimension);
    let h = 2166136261;
    for (const ch of word) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    for (let d = 0; d < dimension; d++) {
      h = Math.imul(h ^ (h >>> 15), 2246822507);
      v[d] = ((h >>> 0) / 2 ** 32) * 2 - 1;
    }
    return v;
  };
  return {
    id: `hashing-${dimension}`,
    dimension,
    async embed(texts) {
      return texts.map((text) => {
        const sum = new Float32Array(dimension);
        for (const w of tokens(text)) {
          if (vocabulary && !vocabulary.has(w)) continue;
          wordVector(w).forEach((x, d) => (sum[d]! += x));
        }
        const norm = Math.hypot(...sum);
        return norm > 0 ? sum.map((x) => x / norm) : sum;
      });
    },
  };
}
