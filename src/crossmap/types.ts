/**
 * CROSS-MAP's shapes (../shared/papers/cross-map.md §5.1): a mapper turns a prompt `x` into a theme `τ`, a
 * dictionary `D = {(s_i, ŝ_i)}` and a mapped text `y`; only `y` leaves the device. A recoverer turns the
 * site's answer back with `D`. Nothing here touches a browser API.
 */

import { SPECIAL_KINDS, type SpanKind, type SpecialKind } from '../core/span-kinds';

/** What a sensitive span is: identifiers are replaced, special categories generalized (../core/span-kinds.ts). */
export { IDENTIFIER_KINDS, SPAN_KINDS, SPECIAL_KINDS, type SpanKind, type SpecialKind } from '../core/span-kinds';

export function isSpecialKind(kind: SpanKind): kind is SpecialKind {
  return (SPECIAL_KINDS as readonly string[]).includes(kind);
}

/** The grammar of a special-category phrase (./lay-phrases.ts), which words its generalization in place. */
export type PhraseForm = 'noun' | 'pred' | 'verb' | 'role' | 'place' | 'thing' | 'event';

/** A span of the original text `[start, end)`, in UTF-16 code units. */
export interface Span {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly kind: SpanKind;
  /** Special categories found by a lay phrase: its grammar (a list term is a noun). */
  readonly form?: PhraseForm;
  /**
   * A special category the tagger marked without being sure of which (./tagging.ts `KIND_SURE`): generalized as
   * "a personal matter", since a wrong category misleads ("je pleure" sent as "substance use"). Or a name, place
   * or organisation it was unsure of (`NAME_SURE`) that neither the place data nor the name lists know. Either is
   * kept as typed by default, and stays marked.
   */
  readonly unsure?: true;
}

/** One dictionary pair: an original span's text and the substitute that replaced it. */
export interface DictionaryEntry {
  readonly original: string;
  readonly substitute: string;
  readonly kind: SpanKind;
  /**
   * Where the original was written: 'compose' for Veil's private compose box, absent for a message typed in the
   * site's own box (whose originals the page has seen). The same original gets a stand-in of its own in each,
   * so a pair the page learns from a typed send says nothing about what private compose sent.
   */
  readonly scope?: 'compose';
}

export interface MapResult {
  /** The theme substitutes were drawn from (a public list: src/crossmap/themes.ts). */
  readonly theme: string;
  readonly dictionary: readonly DictionaryEntry[];
  /** The text the site receives. */
  readonly mapped: string;
  /** Where each substitute sits in `mapped` (for highlighting), in the order of the text. */
  readonly replaced: readonly (Span & { readonly original: string })[];
}
