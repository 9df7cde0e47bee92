/** Longest-match lookup of multi-word phrases in a token list (the lexicons' matcher). */
import { tokens } from './text';

/** Build a public table on first use and keep it (tables are pure functions of data/). */
export function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

export class PhraseTable<T> {
  private readonly table = new Map<string, T[]>();
  private longest = 1;

  add(phrase: string, value: T): void {
    const key = tokens(phrase).join(' ');
    if (!key) return;
    this.longest = Math.max(this.longest, key.split(' ').length);
    const list = this.table.get(key) ?? [];
    if (!list.includes(value)) list.push(value);
    this.table.set(key, list);
  }

  /** The values of exactly this phrase (already tokenised), or undefined. */
  lookup(words: readonly string[]): readonly T[] | undefined {
    return this.table.get(words.join(' '));
  }

  /** Every value of every phrase found, scanning left to right and taking the longest phrase at each start. */
  find(words: readonly string[]): T[] {
    const found: T[] = [];
    for (let i = 0; i < words.length;) {
      let matched = 0;
      for (let n = Math.min(this.longest, words.length - i); n >= 1 && !matched; n--) {
        const values = this.table.get(words.slice(i, i + n).join(' '));
        if (values) {
          found.push(...values);
          matched = n;
        }
      }
      i += matched || 1;
    }
    return found;
  }
}
