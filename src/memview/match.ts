/**
 * The word matching DP-MemView's router and scorer share: lower-cased words, a cue matching at the start
 * of a word ("budget" matches "budgeting", not "overbudget") and a phrase matching word by word.
 *
 * ```ts
 * const text = wordText('Budgeting for the baby!'); // ' budgeting for the baby '
 * matchesAny(text, ['budget']); // true
 * ```
 */

/**
 * The text as ` word word … ` (letters and digits; apostrophes kept inside words, a hyphen splitting
 * them, so "low-carb" reads as "low carb" and a cue "carb" finds it).
 */
export function wordText(text: string): string {
  const words =
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? [];
  return ` ${words.join(' ').replace(/’/g, "'")} `;
}

/**
 * Whether any cue starts a word (or a run of words) of `text`, given as `wordText` made it. A cue ending
 * in "=" matches whole words only (`work=` matches "work", not "workout").
 */
export function matchesAny(text: string, cues: readonly string[]): boolean {
  return cues.some((cue) => text.includes(needle(cue)));
}

const needles = new Map<string, string>();

/** What a cue looks for in a `wordText`: ` word` (a word's start) or ` word ` (whole word). */
function needle(cue: string): string {
  let found = needles.get(cue);
  if (found === undefined) {
    found = cue.endsWith('=') ? wordText(cue.slice(0, -1)) : wordText(cue).trimEnd();
    if (needles.size < 10_000) needles.set(cue, found);
  }
  return found;
}
