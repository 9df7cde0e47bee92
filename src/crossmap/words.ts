/**
 * The words of a text: each word token with its offsets and its lookup form (lower case, accents removed), for
 * the word lists (./word-lists.ts), the candidate finder (./candidates.ts) and the tagger's input; and the words
 * just before a span, for writing a stand-in or a generalization in its place (./mapper.ts, ./protect.ts).
 *
 * ```ts
 * words("Mrs. O'Brien has Crohn's"); // [{ text: 'Mrs', key: 'mrs', capital: true, … }, { text: "O'Brien", … }, …]
 * textBefore(text, span.start); // "… my", at most about 80 characters
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

/**
 * The words just before `at` (up to about 80 characters, from a space), for the patterns that read what comes
 * before a span ("my", "a", "the"): they then read a bounded window, so a long message costs linear time.
 * The window starts at a space, so a pattern that wants a non-letter or the start before a word finds it.
 */
export function textBefore(text: string, at: number): string {
  if (at <= 80) return text.slice(0, at);
  const space = text.slice(at - 80, at).search(/\s/);
  return text.slice(space < 0 ? at - 80 : at - 80 + space, at);
}

/**
 * What `find` knows of the longest run of consecutive `words`, the leftmost first among runs of one length
 * ("severe asthma attacks": "severe asthma attacks", then "severe asthma", "asthma attacks", then "asthma"…).
 */
export function longestKnownRun<T>(words: readonly string[], find: (run: string) => T | undefined): T | undefined {
  for (let n = words.length; n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const found = find(words.slice(i, i + n).join(' '));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Whether the message writes capitals inside its sentences (a name's), not only at their starts. */
export const writesCapitals = (text: string) => /[^.!?:\n\s]\s+\p{Lu}\p{Ll}/u.test(text);

/**
 * A place name as the place data is looked up by: lower case, one apostrophe. Phones type "’" where the data
 * has "'" and the other way round ("Côte d'Ivoire" had been read as no country, "L’Aquila" as no town).
 */
export const placeKey = (name: string) => name.toLowerCase().replace(/[’‘ʼ`]/g, "'");
