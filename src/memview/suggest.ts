/**
 * Suggested members of a protected attribute's group I_a: memories whose text has evidence for a view
 * that the attribute's own name also points to ("type 2 diabetes" → the views whose evidence includes
 * "diabet" → "insulin", "glucose", "a1c", …), or that share a word with the name. Only a suggestion: the
 * person confirms every member, and a memory left out of the group is outside the guarantee. Runs where
 * the memories already are (the options page); nothing here is released.
 *
 * ```ts
 * suggestMembers('type 2 diabetes', memories); // ['h1', 'h2']
 * ```
 */
import { matchesAny, wordText } from './match';
import type { Memory } from './types';
import { VOCABULARY } from './vocabulary';

const STOP = new Set(['type', 'with', 'from', 'that', 'this', 'have', 'about', 'being', 'recent', 'severe']);

export function suggestMembers(name: string, memories: readonly Memory[]): string[] {
  const words = wordText(name)
    .trim()
    .split(' ')
    .filter((w) => w.length >= 4 && !STOP.has(w));
  // Each word of the name as a stem (its first 5 letters at most), so "pregnancy" finds "pregnant".
  const stems = words.map((w) => w.slice(0, Math.max(4, Math.min(5, w.length))));
  const nameText = wordText(name);
  const cues = new Set(stems);
  for (const { views } of VOCABULARY) {
    for (const v of views) {
      if (v.evidence.length > 0 && (matchesAny(nameText, v.evidence) || v.evidence.some((e) => stems.some((s) => e.startsWith(s))))) {
        for (const e of v.evidence) cues.add(e);
      }
    }
  }
  if (cues.size === 0) return [];
  const list = [...cues];
  return memories.filter((m) => matchesAny(wordText(m.text), list)).map((m) => m.id);
}
