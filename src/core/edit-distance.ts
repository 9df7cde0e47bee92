/**
 * Edit distance with transpositions (optimal string alignment), stopping early past `limit`: a slip of one
 * letter, a missing or doubled one, or two swapped ones each count 1.
 *
 * ```ts
 * editDistance('ocupation', 'occupation', 2); // 1
 * editDistance('ibuprofin', 'ibuprofen', 1);  // 1
 * ```
 *
 * Pure module: used by the message tagger (misspelled terms), the CLI (misspelled profile fields) and
 * scripts/model/import-places.ts (a city's name in another language, spelt near its own).
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}
