/**
 * A conversation's codebook: its theme, its secret, and every (original, substitute) pair so far. Within one
 * conversation a span always gets the same substitute; a new conversation draws a new theme, a new secret and
 * new substitutes, so two conversations cannot be linked by what they sent.
 *
 * Its stand-ins are drawn by ./stand-ins.ts, which says what they reveal and why the compose box draws in a scope
 * of its own.
 *
 * The state is plain data (stored per conversation by the extension, editable by the person). Drawing
 * uses the caller's RandomSource (crypto in the extension, seeded in tests and the evaluation).
 */
import type { RandomSource } from '../core/contracts';
import type { Draw } from './numbers';
import { THEMES, type Theme } from './themes';
import type { DictionaryEntry, SpanKind } from './types';

export interface CodebookState {
  readonly theme: string;
  readonly entries: readonly DictionaryEntry[];
  /**
   * Drawn once per conversation (hex): a new span's substitute is drawn from it (./derive.ts), so what Replace
   * would write is known before it is stored and stays the same however often the review recomputes it.
   * Absent in codebooks made before it existed: their draws come from the caller's random source.
   */
  readonly secret?: string;
  /**
   * Originals this conversation sent only by their kind (a special category generalized): found again in every
   * later message of the conversation with their kind, so a follow-up that reads as a general question ("is
   * asthma worse in winter?") does not name what an earlier message kept general. No stand-in, nothing to read back.
   */
  readonly generalized?: readonly { readonly original: string; readonly kind: SpanKind }[];
}

/** A uniform integer in [0, n) from 32-bit draws, by rejection (no modulo bias). */
export function drawFrom(random: RandomSource): Draw {
  const bytes = new Uint8Array(4);
  return (n: number) => {
    if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`cannot draw from ${n}`);
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      random.fill(bytes);
      const x = ((bytes[0]! << 24) >>> 0) + (bytes[1]! << 16) + (bytes[2]! << 8) + bytes[3]!;
      if (x < limit) return x % n;
    }
  };
}

/** A fresh codebook: a theme and a secret drawn at random. */
export function newCodebook(random: RandomSource, themes: readonly Theme[] = THEMES): CodebookState {
  const draw = drawFrom(random);
  return {
    theme: themes[draw(themes.length)]!.id,
    entries: [],
    secret: [...Array(16)].map(() => draw(256).toString(16).padStart(2, '0')).join(''),
  };
}

/** The form a span's text is looked up by: case, spacing and a possessive 's do not make a new span. */
export function lookupKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/['’]s$/, '')
    .trim();
}

/**
 * Lookups by original and by stand-in, kept with an entries array (a codebook grows one pair at a time, so the
 * index of the array a pair was added to serves the new array too): a long message's spans are looked up in
 * constant time, not by a scan of every pair so far.
 */
interface EntryIndex {
  /** How many entries of the array it was made for it covers. */
  length: number;
  readonly byOriginal: Map<string, number>;
  readonly bySubstitute: Set<string>;
}
const indexes = new WeakMap<readonly DictionaryEntry[], EntryIndex>();

const scopeKey = (original: string, scope: DictionaryEntry['scope']) => `${scope ?? ''}\u0000${lookupKey(original)}`;

function indexOf(entries: readonly DictionaryEntry[]): EntryIndex {
  let index = indexes.get(entries);
  if (index && index.length === entries.length) return index;
  index = { length: 0, byOriginal: new Map(), bySubstitute: new Set() };
  for (const entry of entries) addToIndex(index, entry);
  indexes.set(entries, index);
  return index;
}

function addToIndex(index: EntryIndex, entry: DictionaryEntry): void {
  const key = scopeKey(entry.original, entry.scope);
  if (!index.byOriginal.has(key)) index.byOriginal.set(key, index.length);
  index.bySubstitute.add(lookupKey(entry.substitute));
  index.length++;
}

/** `entries` with `entry` added (its index carried over when `entries` is the newest array it covers). */
export function withEntry(entries: readonly DictionaryEntry[], entry: DictionaryEntry): readonly DictionaryEntry[] {
  const index = indexOf(entries);
  const next = [...entries, entry];
  indexes.delete(entries);
  addToIndex(index, entry);
  indexes.set(next, index);
  return next;
}

/** The pair of `original` in `scope`, if the codebook has one. */
export function knownEntry(state: CodebookState, original: string, scope?: DictionaryEntry['scope']): DictionaryEntry | undefined {
  const at = indexOf(state.entries).byOriginal.get(scopeKey(original, scope));
  return at === undefined ? undefined : state.entries[at];
}

/** Whether some pair already uses `substitute` as its stand-in. */
export function substituteTaken(state: CodebookState, substitute: string): boolean {
  return indexOf(state.entries).bySubstitute.has(lookupKey(substitute));
}
