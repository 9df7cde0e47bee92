/**
 * CROSS-MAP's shapes (../shared/papers/cross-map.md §5.1): a mapper turns a prompt `x` into a theme `τ`, a
 * dictionary `D = {(s_i, ŝ_i)}` and a mapped text `y`; only `y` leaves the device. A recoverer turns the
 * site's answer back with `D`. Nothing here touches a browser API.
 */

/**
 * What a sensitive span is. Identifiers (a name, a place, a date, a number) are replaced by a substitute of
 * the same role; special categories (GDPR art. 9 and the like: health, sexuality, beliefs, crime, money
 * trouble) are generalized by default to a public phrase of their category.
 */
export const IDENTIFIER_KINDS = [
  'person', 'place', 'organisation', 'date', 'age', 'money', 'email', 'phone', 'id', 'profile', 'custom', 'proper',
] as const;
export const SPECIAL_KINDS = [
  /** physical conditions, symptoms, surgery, disability */
  'health',
  /** medicines, treatments */
  'medication',
  /** psychiatric conditions, self-harm, suicidal thoughts, psychiatric care */
  'mental-health',
  /** pregnancy, fertility, abortion, miscarriage */
  'pregnancy',
  /** sexual orientation, coming out */
  'sexuality',
  /** gender identity, transition */
  'gender-identity',
  /** immigration and visa status, asylum, deportation */
  'immigration',
  /** arrests, charges, convictions, prison, probation, parole */
  'criminal',
  /** drug and alcohol use, addiction, recovery */
  'substance',
  /** religion and religious practice */
  'religion',
  /** ethnicity, race */
  'ethnicity',
  /** political opinions and affiliations, trade-union membership */
  'politics',
  /** debt, bankruptcy, arrears, benefits and other money trouble */
  'finance',
  /** job loss, dismissal, unemployment */
  'employment',
  /** other legal matters: custody, divorce, lawsuits, evictions */
  'legal',
] as const;
export const SPAN_KINDS = [...IDENTIFIER_KINDS, ...SPECIAL_KINDS] as const;
export type SpanKind = (typeof SPAN_KINDS)[number];
export type SpecialKind = (typeof SPECIAL_KINDS)[number];

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
}

/** One dictionary pair: an original span's text and the substitute that replaced it. */
export interface DictionaryEntry {
  readonly original: string;
  readonly substitute: string;
  readonly kind: SpanKind;
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
