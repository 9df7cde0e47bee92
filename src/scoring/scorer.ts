/**
 * The `Scorer` of Veil: embeds a value with the model its candidate embeddings belong to, compares it with
 * every category description and applies the lexicon floors.
 *
 * ```ts
 * const scorer = createScorer(embedder, candidates);
 * await scorer.score('occupation', 'Pediatric nurse'); // 11 scores in [0,1], aligned with candidateDomain
 * ```
 *
 * Deterministic and a function of (field, value) and public data only, as Profile-DP requires; see
 * ./category-scores.ts for the range and uniformity guarantees. Values are cut to MAX_SCORED_CHARS first,
 * so any string, however long, is scored in bounded time.
 */
import type { Embedder, Scorer } from '../core/contracts';
import { isKnownField } from '../core/profile';
import { candidateDomain } from '../domains';
import { lexiconScores } from '../domains/lexicon';
import { candidateShapeProblem, type CandidateEmbeddings } from './candidate-embeddings';
import { categoryScores, maxSimilarities } from './category-scores';

export class ScoringError extends Error {
  override name = 'ScoringError';
}

/**
 * Only a value's first 500 UTF-16 units are scored (the profile's own limit on a value, src/core/profile.ts),
 * so the score of any string, however long, is a function of that prefix and costs a bounded time (the
 * lexicon scans are linear; the bundled model reads at most 128 tokens). A surrogate pair cut in half is dropped.
 */
export const MAX_SCORED_CHARS = 500;

export function scoredPart(value: string): string {
  if (value.length <= MAX_SCORED_CHARS) return value;
  const cut = value.slice(0, MAX_SCORED_CHARS);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

export function createScorer(embedder: Embedder, candidates: CandidateEmbeddings): Scorer {
  if (embedder.id !== candidates.modelId || embedder.dimension !== candidates.dimension) {
    throw new ScoringError(
      `candidate embeddings belong to ${candidates.modelId} (${candidates.dimension}-d), not ${embedder.id} (${embedder.dimension}-d): recompute them`,
    );
  }
  const problem = candidateShapeProblem(candidates);
  if (problem) throw new ScoringError(`candidate embeddings do not fit the candidate domains (${problem}): recompute them`);
  return {
    async score(field, fullValue) {
      if (!isKnownField(field)) throw new ScoringError(`field "${field}" has no candidate domain`);
      const value = scoredPart(fullValue);
      const [vector] = await embedder.embed([value]);
      if (!vector || vector.length !== candidates.dimension) throw new ScoringError(`embedder ${embedder.id} returned no ${candidates.dimension}-d vector`);
      const hits = lexiconScores(field, value);
      const floors = candidateDomain(field)!.categories.map((c) => hits.get(c.code) ?? 0);
      return categoryScores(maxSimilarities(vector, candidates.fields[field]), floors);
    },
  };
}
