/**
 * The view scorer: the paper's u = 0.4·r(q, v) + 0.4·c(v; M_R) + 0.2·s(v; M_R) ∈ [0,1], on exact grids.
 *
 * - r(q, v), relevance, public: 1 when the message contains one of the view's topics, ½ for the generic
 *   view, else 0 (candidateViews already drops those).
 * - c(v; M_R), coverage: 1 when some memory read supports the view (its text contains one of the view's
 *   evidence words), else 0. The generic view's c is 1 when no memory read supports any other candidate.
 * - s(v; M_R), share: the fraction of memories read that support the view; the generic view's is the
 *   fraction that support no other candidate.
 *
 * Sensitivity, proven: r does not read memory; c and s are in [0,1] whatever the memories say. Between two
 * stores that differ anywhere in the read set, |u − u'| ≤ 0.4·1 + 0.2·1 = 0.6 = Δu.
 *
 * Exactness: r, c and s are quantized to 2^-16 (R, C, S integers) and u = (2R + 2C + S) / (5·2^16), an
 * integer U over the denominator 5·2^16; Δu = 3/5. The mechanism module turns that into integer weights
 * e·U / (3·2^37) for ε = e·2^-20.
 */
import { quantizeUnit, SCORE_SCALE } from '../dp/exact/scale';
import { matchesAny, wordText } from './match';
import type { View } from './vocabulary';

export const UTILITY_DENOMINATOR = 5 * SCORE_SCALE;
/** Δu = 0.6 as a rational. */
export const UTILITY_SENSITIVITY: readonly [number, number] = [3, 5];

export interface ViewScore {
  r: number;
  c: number;
  s: number;
}

/** r, c and s of each candidate (the first being the generic view) for the memories read. */
export function scoreViews(query: string, candidates: readonly View[], memories: readonly string[]): ViewScore[] {
  const q = wordText(query);
  const texts = memories.map(wordText);
  const supports = candidates.map((v, i) => texts.map((t) => i > 0 && matchesAny(t, v.evidence)));
  const unsupported = texts.map((_, m) => !supports.some((row) => row[m]));
  const anySupport = unsupported.some((u) => !u);
  return candidates.map((v, i) => {
    const hits = i === 0 ? unsupported : supports[i]!;
    const count = hits.filter(Boolean).length;
    return {
      r: i === 0 ? 0.5 : matchesAny(q, v.topics) ? 1 : 0,
      // The generic view covers the read set only when no memory supports any other candidate.
      c: i === 0 ? (anySupport ? 0 : 1) : count > 0 ? 1 : 0,
      s: texts.length > 0 ? count / texts.length : 0,
    };
  });
}

/** u as an integer over UTILITY_DENOMINATOR: 2R + 2C + S. */
export function utilityUnits(score: ViewScore): number {
  return 2 * quantizeUnit(score.r) + 2 * quantizeUnit(score.c) + quantizeUnit(score.s);
}
