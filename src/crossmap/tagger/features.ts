/**
 * What the message tagger sees of a message (issue 31): its tokens, and for each token a fixed number of
 * hashed feature ids. The same code makes the training data (scripts/tagger/features.ts) and the run-time
 * input (./tagger.ts), so the model reads at run time exactly what it was trained on; nothing is hashed in
 * Python.
 *
 * ```ts
 * const { tokens, ids } = tokenFeatures('ich heiße Lena und wohne in Kassel', 'de', hints);
 * // tokens[2] = { start: 9, end: 13, text: 'Lena' }; ids: Int32Array(tokens.length * FEATURE_SLOTS)
 * ```
 *
 * Per token, `FEATURE_SLOTS` ids into one hashed table of `BUCKETS` rows (0 = nothing): the word in lower
 * case without accents, its first three and last three and four letters, its shape ("Xx", "d/d/d"), its
 * shape with the message's language (a capital means something else in German), whether it starts a
 * sentence, what the word lists and patterns say of it (`hints`: kind and whether it begins the hit), and
 * whether it is part of a public person's name (../famous.ts). The
 * model (a convolution over these, ../../../scripts/tagger/train.py) reads about eight tokens either side.
 */

import { famousSpans } from '../famous';

/** Rows of the hashed feature table (a power of two). */
export const BUCKETS = 1 << 17;
/**
 * Feature ids per token; slots 0 and 9 are the word itself (dropped now and then in training, so spelling and
 * shape carry too), slot 10 whether WordNet knows it as a public person's name (../famous.ts).
 */
export const FEATURE_SLOTS = 11;

export interface Token {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** What a list or pattern found over `[start, end)`: its kind, for the features. */
export interface Hint {
  readonly start: number;
  readonly end: number;
  readonly kind: string;
}

/** Words (with an apostrophe inside: "O'Brien", "l'hôpital" is two), digit runs, and single other characters. */
const TOKEN = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)?|\p{N}+|[^\s\p{L}\p{M}\p{N}]/gu;

export function tokenize(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, text: m[0] }));
}

/** Lower case without accents ("Müller" → "muller", "’" → "'"). */
function plain(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/’/g, "'");
}

/** "Müller" → "Xx", "O'Brien" → "X'Xx", "2025" → "d", "SW1A" → "Xd", "-" → "-". */
function shape(word: string): string {
  const s = word
    .replace(/\p{Lu}/gu, 'X')
    .replace(/[\p{Ll}\p{Lo}\p{Lm}\p{Lt}\p{M}]/gu, 'x')
    .replace(/\p{N}/gu, 'd')
    .replace(/(.)\1+/g, '$1');
  return s.length > 5 ? s.slice(0, 5) : s;
}

/** FNV-1a over UTF-16 code units, into 1 … BUCKETS-1. */
export function bucket(feature: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < feature.length; i++) {
    h ^= feature.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return 1 + (h % (BUCKETS - 1));
}

const SENTENCE_END = /[.!?:\n]["'”)\]]*\s*$/;

/** The tokens of `text` and their feature ids, `FEATURE_SLOTS` per token (row-major). */
export function tokenFeatures(text: string, language: string, hints: readonly Hint[]): { tokens: Token[]; ids: Int32Array } {
  const tokens = tokenize(text);
  const ids = new Int32Array(tokens.length * FEATURE_SLOTS);
  let h = 0;
  const sorted = [...hints].sort((a, b) => a.start - b.start);
  const publicNames = famousSpans(text);
  for (const [i, token] of tokens.entries()) {
    const word = plain(token.text);
    const sh = shape(token.text);
    const previous = tokens[i - 1];
    const first = !previous || SENTENCE_END.test(text.slice(Math.max(0, previous.start), token.start));
    while (h < sorted.length && sorted[h]!.end <= token.start) h++;
    const hint = sorted.slice(h).find((x) => x.start < token.end && token.start < x.end);
    const famous = publicNames.find((x) => x.start < token.end && token.start < x.end);
    const features = [
      `w:${word}`,
      `p:${word.slice(0, 3)}`,
      `s:${word.slice(-3)}`,
      word.length > 4 ? `s4:${word.slice(-4)}` : '',
      `h:${sh}${word.length > 6 ? '+' : ''}`,
      `l:${language}:${sh}`,
      first ? `f:${sh}` : '',
      hint ? `k:${hint.kind}:${hint.start >= token.start ? 'B' : 'I'}` : '',
      hint ? `kl:${language}:${hint.kind}` : '',
      `lw:${language}:${word}`,
      famous ? `g:${famous.kind}:${famous.start >= token.start ? 'B' : 'I'}` : '',
    ];
    for (const [slot, feature] of features.entries()) ids[i * FEATURE_SLOTS + slot] = feature ? bucket(feature) : 0;
  }
  return { tokens, ids };
}
