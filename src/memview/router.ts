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
