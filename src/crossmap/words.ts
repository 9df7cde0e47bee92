/**
 * The detector's word tokens: each word of a text with its offsets and its lookup form (lower case, accents
 * removed), for the word lists (./word-lists.ts), the candidate finder (./candidates.ts) and the tagger's input.
 *
 * ```ts
 * words("Mrs. O'Brien has Crohn's"); // [{ text: 'Mrs', key: 'mrs', capital: true, … }, { text: "O'Brien", … }, …]
 * ```
 */
import { normalizeText } from '../domains/text';

export interface Word {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Lower case, accents removed. */
  readonly key: string;
  readonly capital: boolean;
}

/** Word tokens with their offsets; an apostrophe inside a word stays ("O'Brien", "Crohn's"). */
export function words(text: string): Word[] {
  return [...text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)].map((m) => ({
    start: m.index!,
    end: m.index! + m[0].length,
    text: m[0],
    key: normalizeText(m[0]).replace(/’/g, "'"),
    capital: /^\p{Lu}/u.test(m[0]),
  }));
}
