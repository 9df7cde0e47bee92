/**
 * CROSS-MAP's shapes (../shared/papers/cross-map.md §5.1): a mapper turns a prompt `x` into a theme `τ`, a
 * dictionary `D = {(s_i, ŝ_i)}` and a mapped text `y`; only `y` leaves the device. A recoverer turns the
 * site's answer back with `D`. Nothing here touches a browser API.
 */

/** What a sensitive span is; the substitute keeps the role (a name for a name, an amount for an amount). */
export const SPAN_KINDS = [
  'person', 'place', 'organisation', 'date', 'age', 'money', 'email', 'phone', 'id',
  'health', 'medication', 'finance', 'legal', 'profile', 'custom', 'proper',
] as const;
export type SpanKind = (typeof SPAN_KINDS)[number];

/** A span of the original text `[start, end)`, in UTF-16 code units. */
export interface Span {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly kind: SpanKind;
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
