/**
 * Letters for spans one message generalizes alike, so that "Ozempic or Mounjaro?" still asks about two things
 * (./protect.ts).
 *
 * ```ts
 * distinctLetters(text, spans, true).get(mounjaro); // 'B'
 * ```
 */
import { lookupKey } from './codebook';
import { isSpecialKind, type Span } from './types';
import { classPhrase } from './wording-in-place';

/**
 * Letters that tell apart different spans one message generalizes alike ("Ozempic or Mounjaro?" → "a
 * prescription medicine A or a prescription medicine B?"), so a comparison stays a comparison. They depend
 * on the order of the spans only; the same span gets the same letter.
 */
export function distinctLetters(text: string, spans: readonly (Span & { phrase?: string })[], classLevel: boolean): Map<Span, string> {
  const byPhrase = new Map<string, string[]>();
  // Two conditions of different classes are told apart by their classes already.
  const phraseOf = (span: Span & { phrase?: string }) =>
    span.phrase ?? (!isSpecialKind(span.kind) ? undefined : span.unsure ? 'unsure' : ((classLevel ? classPhrase(span) : undefined) ?? span.kind));
  for (const span of spans) {
    const phrase = phraseOf(span);
    if (phrase === undefined) continue;
    const keys = byPhrase.get(phrase) ?? [];
    if (!keys.includes(lookupKey(span.text))) keys.push(lookupKey(span.text));
    byPhrase.set(phrase, keys);
  }
  const out = new Map<Span, string>();
  for (const span of spans) {
    const phrase = phraseOf(span);
    const keys = phrase === undefined ? [] : byPhrase.get(phrase)!;
    // Only nouns take a letter ("relapsed" twice needs none), and only when two different spans share a phrase.
    if (keys.length > 1 && keys.length <= 26 && (span.form ?? 'noun') !== 'verb' && (span.form ?? 'noun') !== 'pred') {
      out.set(span, String.fromCharCode(65 + keys.indexOf(lookupKey(span.text))));
    }
  }
  return out;
}
