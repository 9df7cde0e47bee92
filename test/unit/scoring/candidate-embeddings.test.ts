import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../../src/core/contracts';
import { KNOWN_FIELDS } from '../../../src/core/profile';
import { candidateDomain } from '../../../src/domains';
import { decodeCandidateEmbeddings, embedCandidates, encodeCandidateEmbeddings } from '../../../src/scoring/candidate-embeddings';
import { hashingEmbedder } from './hashing-embedder';

const descriptions = (field: string) => candidateDomain(field)!.categories.map((c) => [c.label, `${c.code} ${field}`]);

describe('candidate embeddings', () => {
  it('embeds every description of every field, category by category', async () => {
    const embedder = hashingEmbedder(16);
    const candidates = await embedCandidates(embedder, descriptions);
    expect(candidates.modelId).toBe(embedder.id);
    for (const field of KNOWN_FIELDS) {
      const n = candidateDomain(field)!.categories.length;
      expect(candidates.fields[field].offsets).toEqual(Array.from({ length: n + 1 }, (_, i) => 2 * i));
      expect(candidates.fields[field].rows.length).toBe(2 * n * 16);
    }
    expect(candidates.fields.work).toBe(candidates.fields.occupation);
  });

  it('survives int8 encoding with rows within 1% of the originals', async () => {
    const candidates = await embedCandidates(hashingEmbedder(32), descriptions);
    const { header, body } = encodeCandidateEmbeddings(candidates);
    const copy = new Uint8Array(body.byteLength + 3).subarray(3);
    copy.set(body); // an unaligned view, as a fetched buffer slice may be
    const decoded = decodeCandidateEmbeddings(JSON.parse(JSON.stringify(header)), copy);
    for (const field of KNOWN_FIELDS) {
      const a = candidates.fields[field].rows;
      const b = decoded.fields[field].rows;
      expect(b.length).toBe(a.length);
      let worst = 0;
      for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
      expect(worst).toBeLessThan(0.01);
    }
    expect(decoded.fields.work).toBe(decoded.fields.occupation);
    expect(body.byteLength).toBeLessThan(candidates.fields.gender.rows.byteLength * 100);
  });

  it('refuses an unknown format', () => {
    expect(() => decodeCandidateEmbeddings({ format: 'x' } as never, new Uint8Array())).toThrow(/format/);
  });

  it('refuses a truncated body with a message that says so (not a typed-array error)', async () => {
    const { header, body } = encodeCandidateEmbeddings(await embedCandidates(hashingEmbedder(8), descriptions));
    expect(() => decodeCandidateEmbeddings(header, body.subarray(0, body.byteLength - 1))).toThrow(
      /candidate embeddings are truncated: \w+ needs \d+ bytes, the file has \d+/,
    );
    expect(() => decodeCandidateEmbeddings(header, body)).not.toThrow();
  });

  it('keeps a zero description as a zero row', async () => {
    const zero: Embedder = { id: 'zero', dimension: 4, embed: async (t) => t.map(() => new Float32Array(4)) };
    const { header, body } = encodeCandidateEmbeddings(await embedCandidates(zero, descriptions));
    const decoded = decodeCandidateEmbeddings(header, body);
    expect([...decoded.fields.age.rows].every((x) => x === 0)).toBe(true);
  });
});
