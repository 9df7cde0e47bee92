/**
 * The public router (condition C4): which slots a message activates, and in which order, from the message
 * alone (the released history is allowed by the paper; Veil does not need it). Never reads a memory.
 *
 * ```ts
 * activeSlots('Cheap dinner ideas for this week?'); // ['food', 'finance', 'schedule']
 * ```
 */
import { matchesAny, wordText } from './match';
import { SLOTS, type Slot } from './slots';
import { slotVocabulary, type View } from './vocabulary';

/** Slots whose cues the message contains, in the fixed slot order. */
export function activeSlots(query: string): Slot[] {
  const text = wordText(query);
  return SLOTS.filter((slot) => matchesAny(text, slotVocabulary(slot).cues));
}

/**
 * The views a slot may release for this message: the generic view and every view whose topics the
 * message contains. A public function of the message and the vocabulary (C1: the same under every store);
 * a view no word of the message asks for is not a candidate, so the budget is not spent on it.
 */
export function candidateViews(views: readonly View[], query: string): View[] {
  const text = wordText(query);
  return views.filter((v, i) => i === 0 || matchesAny(text, v.topics));
}

/**
 * Veil's rule: at most `limit` of the views the message asks for (the generic view always first), the ones
 * whose topics the message names most (distinct topic words found). When more views tie than fit, the
 * message itself picks which (a hash of its words and the view's code), so no view of the vocabulary is
 * favoured across messages (`order`, for the evaluation only: the vocabulary's order). A public function of the message and the vocabulary only (C1, C4): the same
 * under every store, and deterministic, so a transcript's probability stays exact.
 *
 * ```ts
 * focusedCandidates(slotVocabulary('food').views, 'Cheap dinner ideas?', 1); // [general, budget-meals]
 * ```
 */
export function focusedCandidates(views: readonly View[], query: string, limit: number, ties: 'message' | 'order' = 'message'): View[] {
  const all = candidateViews(views, query);
  if (all.length - 1 <= limit) return all;
  const text = wordText(query);
  const ranked = all
    .slice(1)
    .map((v) => ({ v, hits: v.topics.filter((t) => matchesAny(text, [t])).length, tie: ties === 'message' ? fnv1a(`${text}/${v.code}`) : 0 }));
  ranked.sort((a, b) => b.hits - a.hits || a.tie - b.tie);
  const kept = new Set(ranked.slice(0, limit).map((r) => r.v));
  // In the vocabulary's order, so the draw's indices do not depend on the ranking.
  return all.filter((v, i) => i === 0 || kept.has(v));
}

/** FNV-1a of a string (32 bits): the public tie-break of `focusedCandidates`. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
