/**
 * The spans a message protection marks (./protect.ts): the person's shared values and the terms with a given
 * generalization first (kind 'profile'), then what the detector finds in the conversation, neighbours of one
 * special kind joined into one mark.
 *
 * ```ts
 * protectSpans('I take Ozempic weekly', { codebook, random, tagging }); // [{ text: 'Ozempic', kind: 'medication', … }]
 * ```
 */
import { valueMatches } from '../core/typed-facts';
import { detectSpans } from './detect';
import { detectInConversation } from './mapper';
import type { ProtectOptions } from './protect-options';
import { isSpecialKind, type Span } from './types';

/** The spans of `text`: the `generalize` terms first (kind 'profile'), then everything the detector finds. */
export function protectSpans(text: string, options: ProtectOptions): (Span & { phrase?: string; shared?: true })[] {
  const spans: (Span & { phrase?: string; shared?: true })[] = [];
  const overlaps = (s: Span) => spans.some((t) => t.start < s.end && s.start < t.end);
  for (const value of [...(options.shared ?? [])].sort((a, b) => b.length - a.length)) {
    for (const m of valueMatches(text, value)) {
      const span = { ...m, kind: 'profile' as const, shared: true as const };
      if (!overlaps(span)) spans.push(span);
    }
  }
  for (const { value, phrase } of [...(options.generalize ?? [])].sort((a, b) => b.value.length - a.value.length)) {
    for (const m of valueMatches(text, value)) {
      const span = { ...m, kind: 'profile' as const, phrase };
      if (!overlaps(span)) spans.push(span);
    }
  }
  for (const s of detectInConversation(detectSpans, text, { ...options, codebook: options.codebook })) if (!overlaps(s)) spans.push(s);
  spans.sort((a, b) => a.start - b.start);
  // Neighbours of one special kind are one thing ("a Ventolin inhaler", "stage 3 pancreatic cancer"): one mark;
  // never across a line break (a list's items are separate facts).
  const merged: (Span & { phrase?: string; shared?: true })[] = [];
  for (const s of spans) {
    const prev = merged.at(-1);
    if (prev && isSpecialKind(s.kind) && prev.kind === s.kind && prev.phrase === undefined && /^[ \t-]+$/.test(text.slice(prev.end, s.start))) {
      merged[merged.length - 1] = { start: prev.start, end: s.end, text: text.slice(prev.start, s.end), kind: s.kind, ...(s.form ? { form: s.form } : {}) };
    } else merged.push(s);
  }
  return merged;
}
