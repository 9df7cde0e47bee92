/**
 * The recoverer: the site's answer, written about the substitutes, back in the person's terms. Each
 * dictionary substitute is found in the answer in the forms an answer uses it (any case, at the start of a
 * sentence, plural, possessive, without its article) and replaced by its original in the same form.
 *
 * ```ts
 * recover('Fire blight in Ava’s class…', [{ original: 'type 1 diabetes', substitute: 'fire blight', kind: 'health' },
 *                                          { original: 'Mia', substitute: 'Ava', kind: 'person' }]);
 * // { text: 'Type 1 diabetes in Mia’s class…', restored: [...] }
 * ```
 */
import type { DictionaryEntry } from './types';

export interface RestoredSpan {
  /** Where the original now sits in the recovered text. */
  readonly start: number;
  readonly end: number;
  /** What the answer said there. */
  readonly found: string;
  readonly original: string;
}

export interface Recovered {
  readonly text: string;
  readonly restored: readonly RestoredSpan[];
}

const ARTICLE = /^(?:a|an|the)\s+/i;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` as a whole word or phrase, any case (not inside a longer word). */
export function wordPattern(text: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`, 'iu');
}

function plural(word: string): string {
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  return `${word}s`;
}

const shouting = (s: string) => {
  const letters = s.replace(/[^\p{L}]/gu, '');
  return letters.length >= 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
};

/**
 * The original in the form the answer used the substitute in: plural, possessive, and the case the answer
 * gave it, when that differs from the substitute's own ("Fire blight" at a sentence's start; not a
 * substitute that is capitalised anyway, "Ford's engine").
 */
function inForm(original: string, found: string, substitute: string, form: { plural: boolean; possessive: string }): string {
  let text = form.plural ? plural(original) : original;
  if (shouting(found) && !shouting(substitute)) text = text.toUpperCase();
  else if (/^\p{Lu}/u.test(found) && !/^\p{Lu}/u.test(substitute) && /^\p{Ll}/u.test(text)) text = text.charAt(0).toUpperCase() + text.slice(1);
  return text + form.possessive;
}

export function recover(answer: string, dictionary: readonly DictionaryEntry[]): Recovered {
  // Every surface form of every substitute, longest first, so "fire blight" wins over "fire".
  const forms: { pattern: string; base: string; entry: DictionaryEntry; plural: boolean }[] = [];
  for (const entry of dictionary) {
    const bases = new Set([entry.substitute, entry.substitute.replace(ARTICLE, '')].filter((b) => b.trim()));
    for (const base of bases) {
      forms.push({ pattern: escape(base), base, entry, plural: false });
      if (/\p{L}$/u.test(base)) forms.push({ pattern: escape(plural(base)), base, entry, plural: true });
    }
  }
  if (forms.length === 0) return { text: answer, restored: [] };
  forms.sort((a, b) => b.pattern.length - a.pattern.length);
  const alternation = forms.map((f, i) => `(?<f${i}>${f.pattern})`).join('|');
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation})(?<pos>['’]s?)?(?![\\p{L}\\p{N}])`, 'giu');

  let text = '';
  let last = 0;
  const restored: RestoredSpan[] = [];
  for (const m of answer.matchAll(re)) {
    const i = forms.findIndex((_, k) => m.groups![`f${k}`] !== undefined);
    const form = forms[i]!;
    const found = m.groups![`f${i}`]!;
    const possessive = m.groups!.pos ?? '';
    // "Ava's" → "Mia's"; a possessive after a plural ("sprays'") stays as written.
    const original = inForm(form.entry.original, found, form.base, { plural: form.plural, possessive });
    text += answer.slice(last, m.index);
    restored.push({ start: text.length, end: text.length + original.length - possessive.length, found: m[0], original: form.entry.original });
    text += original;
    last = m.index! + m[0].length;
  }
  text += answer.slice(last);
  return { text, restored };
}
