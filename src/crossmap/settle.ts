/**
 * How the detector's finders agree: every span comes with its source and a score (`Found`), and overlaps are
 * settled by source precedence, then score, then length (`settle`), as in DFKI's PII guardrail (merger.rs).
 *
 * ```ts
 * settle([{ start: 0, end: 9, text: 'metformin', kind: 'medication', source: 'list', score: 0.6 },
 *         { start: 0, end: 9, text: 'metformin', kind: 'profile', source: 'profile', score: 1 }]); // the profile's span
 * ```
 */
import type { Span } from './types';

/**
 * Where a span came from. Overlaps are settled in this order, then by score (`settle`): what the person
 * typed into their profile or asked to map, what this conversation already mapped, identifiers whose shape
 * is the evidence (e-mail, phone, ID numbers), the tagger's own spans, then the other patterns (dates,
 * amounts, ages, addresses) and the word lists, which count only where the tagger reads them as personal.
 */
export const PRECEDENCE = ['profile', 'always', 'known', 'shape', 'tagger', 'pattern', 'list'] as const;
export type Source = (typeof PRECEDENCE)[number];

/** A span with where it came from and how sure that finder is (0–1). */
export interface Found extends Span {
  readonly source: Source;
  readonly score: number;
}

/**
 * Settle overlaps: by source (`PRECEDENCE`), then score, then length; a span that overlaps one already taken
 * is dropped. Returns text order.
 */
export function settle(found: readonly Found[]): Found[] {
  const rank = (f: Found) => PRECEDENCE.indexOf(f.source);
  const order = [...found].sort((a, b) => rank(a) - rank(b) || b.score - a.score || b.end - b.start - (a.end - a.start) || a.start - b.start);
  const taken: Found[] = [];
  for (const f of order) if (f.end > f.start && !taken.some((t) => t.start < f.end && f.start < t.end)) taken.push(f);
  return taken.sort((a, b) => a.start - b.start);
}
