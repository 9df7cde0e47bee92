/**
 * The paper's score: `κ_f(v,y) = max_{t ∈ T_f(y)} ⟨E(v), E(t)⟩` and `s_f(v,y) = clip((1+κ)/2, 0, 1)`,
 * then raised to the lexicon floor of a category (Profile-DP, "Scores").
 *
 * Guarantees the mechanisms rely on: every score is finite and in [0,1]; the result depends only on the
 * value's embedding, public description embeddings and public lexicon floors; a zero embedding with no
 * lexicon hit gives every category exactly 1/2 (a uniform release).
 */
import type { DescriptionMatrix } from './candidate-embeddings';

/** Highest inner product of `v` with each category's description rows. A category with no rows gets 0. */
export function maxSimilarities(v: Float32Array, matrix: DescriptionMatrix): number[] {
  const dimension = v.length;
  const { offsets, rows } = matrix;
  const out: number[] = [];
  for (let c = 0; c + 1 < offsets.length; c++) {
    let best = -Infinity;
    for (let r = offsets[c]!; r < offsets[c + 1]!; r++) {
      let dot = 0;
      const base = r * dimension;
      for (let d = 0; d < dimension; d++) dot += v[d]! * rows[base + d]!;
      if (dot > best) best = dot;
    }
    out.push(Number.isFinite(best) ? best : 0);
  }
  return out;
}

/** `clip((1+κ)/2, 0, 1)`, with a non-finite κ treated as 0 (no evidence either way). */
export function similarityToScore(kappa: number): number {
  const s = (1 + (Number.isFinite(kappa) ? kappa : 0)) / 2;
  return Math.min(1, Math.max(0, s));
}

/**
 * Combine: `max(s, h · (0.95 + 0.05 s))` per category, with `h` the lexicon floor clipped to [0,1]. A hit
 * lifts its category close to `h`, and the embedding still orders two categories hit equally (a title
 * filed in two groups, a place named in two sub-regions).
 */
export function categoryScores(kappas: readonly number[], floors: readonly number[]): number[] {
  return kappas.map((k, i) => {
    const s = similarityToScore(k);
    const raw = floors[i] ?? 0;
    const h = Number.isFinite(raw) ? Math.min(1, Math.max(0, raw)) : 0;
    return Math.max(s, h * (0.95 + 0.05 * s));
  });
}
