/**
 * Spans of the special categories written in lay wording (./lay-phrases.ts): every phrase of every kind is
 * matched, whole words, any case, and the longest match wins an overlap (so "came out as trans" is gender
 * identity, not "came out"). Each span carries the grammar of its phrase (`form`), which the protection step
 * uses to word a generalization so it reads in place.
 *
 * ```ts
 * specialSpans('I overstayed my visa and got fired.');
 * // [{ kind: 'immigration', text: 'overstayed my visa', form: 'verb' }, { kind: 'employment', text: 'got fired', form: 'verb' }]
 * ```
 */
import countries from '../../data/m49-countries.json';
import { demonyms } from '../domains/demonyms';
import { stripQualifier } from '../domains/text';
import { LAY_PHRASES, OTHER_LAY_PHRASES, PHRASE_SHORTHANDS, type PhraseForm } from './lay-phrases';
import { SPECIAL_KINDS, type Span, type SpecialKind } from './types';

export interface SpecialSpan extends Span {
  readonly kind: SpecialKind;
  readonly form: PhraseForm;
}

/** One phrase as a pattern: shorthands expanded, spaces as any run of spaces. */
export function phrasePattern(phrase: string): string {
  // An apostrophe is either one ("can't", "can’t"); then the shorthands, which carry their own.
  let source = phrase.replace(/'/g, "['’]").replace(/ /g, '\\s+');
  for (const [short, long] of Object.entries(PHRASE_SHORTHANDS)) source = source.split(short).join(long);
  return source;
}

/** Whole words only: not inside a longer word or number. */
const WORD_START = '(?<![\\p{L}\\p{N}])';
const WORD_END = '(?![\\p{L}\\p{N}])';

interface Group {
  readonly kind: SpecialKind;
  readonly form: PhraseForm;
  /** All phrases of the group in one alternation: where any of them starts. */
  readonly any: RegExp;
  /** Each phrase anchored (sticky), to take the longest one that matches where `any` found one. */
  readonly each: readonly RegExp[];
}

/**
 * The groups for a message in `language`: the English phrases, and that language's own where it is one of the
 * other five (data/lay-phrases.json; a message's phrases in another language than its own are not looked for, as
 * every language's at once had taken 41 ms a message against 2.4).
 */
const compiledFor = new Map<string, Group[]>();
function compiled(language = 'en'): Group[] {
  const key = language in OTHER_LAY_PHRASES ? language : 'en';
  let groups = compiledFor.get(key);
  if (!groups) compiledFor.set(key, (groups = compile(OTHER_LAY_PHRASES[key])));
  return groups;
}

function compile(own: (typeof OTHER_LAY_PHRASES)[string] | undefined): Group[] {
  const out: Group[] = [];
  for (const kind of SPECIAL_KINDS) {
    // The other languages' phrases each on its own: most open with a group of alternatives ("(?:kopf|bauch)…"),
    // which a long alternation cannot skip ahead on (13 ms a message in one alternation per kind, 2 on their own).
    for (const [form, phrases] of Object.entries(own?.[kind] ?? {}) as [PhraseForm, readonly string[]][])
      for (const phrase of phrases) {
        const source = phrasePattern(phrase);
        out.push({ kind, form, any: new RegExp(`${WORD_START}(?:${source})${WORD_END}`, 'giu'), each: [new RegExp(`(?:${source})${WORD_END}`, 'iuy')] });
      }
    for (const [form, phrases] of Object.entries(LAY_PHRASES[kind]) as [PhraseForm, readonly string[]][]) {
      // One alternation per kind and form keeps the pass over the text short; an alternation takes the first
      // alternative that matches, not the longest, so the phrases are then tried one by one at that place.
      const sources = phrases.map(phrasePattern);
      out.push({
        kind,
        form,
        any: new RegExp(`${WORD_START}(?:${sources.join('|')})${WORD_END}`, 'giu'),
        each: sources.map((p) => new RegExp(`(?:${p})${WORD_END}`, 'iuy')),
      });
    }
  }
  // Ethnic origin said through a nationality: "half Nigerian half Polish", "as a Pakistani guy", "Korean
  // American". A nationality alone is kept (the task often needs it); with these words it is about the person.
  const d = demonymAlternation();
  const ethnic = [
    `half ${d}(?:\\s+(?:and\\s+)?half ${d})?`,
    `(?:a|an) ${d}\\s+(?:man|woman|guy|girl|boy|person|family|kid|child|teen|teenager|student|couple|mum|mom|dad|mother|father|immigrant|household)`,
    `${d}[- ](?:American|British|Canadian|Australian|Brazilian|French|German)`,
    `(?:British|American|Canadian|Australian)[- ]${d}`,
  ];
  out.push({
    kind: 'ethnicity',
    form: 'pred',
    any: new RegExp(`${WORD_START}(?:${ethnic.join('|')})${WORD_END}`, 'gu'),
    each: ethnic.map((p) => new RegExp(`(?:${p})${WORD_END}`, 'uy')),
  });
  return out;
}

/** Every nationality's demonyms ("Nigerian", "Pakistani"), capitalised as written, longest first. */
function demonymAlternation(): string {
  const all = new Set<string>();
  for (const [, , name, short, , nationality] of countries as string[][]) {
    for (const dem of demonyms(nationality!, [stripQualifier(name!), short!])) {
      if (!/^[\p{Lu}][\p{L} -]+$/u.test(dem)) continue;
      all.add(dem);
      // "South Korean" → "Korean" too: a people is often named without the state.
      if (dem.includes(' ')) all.add(dem.split(' ').at(-1)!);
    }
  }
  return `(?:${[...all]
    .sort((a, b) => b.length - a.length)
    .map((x) => x.replace(/ /g, '\\s+'))
    .join('|')})`;
}

/** The longest phrase of `group` that matches at `at`. */
function longestAt(text: string, group: Group, at: number): number {
  let best = 0;
  for (const re of group.each) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (m && m[0].length > best) best = m[0].length;
  }
  return best;
}

/** The lay-phrase spans of `text` (a message in `language`) that overlap none of `taken`, in text order. */
export function specialSpans(text: string, taken: readonly Span[] = [], language = 'en'): SpecialSpan[] {
  const found: SpecialSpan[] = [];
  for (const group of compiled(language)) {
    for (const m of text.matchAll(group.any)) {
      if (!m[0]) continue;
      const start = m.index!;
      const end = start + Math.max(m[0].length, longestAt(text, group, start));
      found.push({ start, end, text: text.slice(start, end), kind: group.kind, form: group.form });
    }
  }
  // Longest first, then earliest; an overlap with a longer or an earlier-taken span loses.
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: SpecialSpan[] = [];
  const overlaps = (s: Span, list: readonly Span[]) => list.some((t) => t.start < s.end && s.start < t.end);
  for (const s of found) if (!overlaps(s, taken) && !overlaps(s, kept)) kept.push(s);
  return kept.sort((a, b) => a.start - b.start);
}
