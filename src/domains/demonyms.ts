/**
 * The demonyms of an M49 nationality entry (data/m49-countries.json). Some entries only repeat the
 * territory's name ("Virgin Islands, British"): those give none, so "British" stays with the UK.
 */
export function demonyms(nationality: string, names: readonly string[]): string[] {
  if (names.includes(nationality)) return [];
  return nationality.split(/,\s*/).filter((d) => d && !names.includes(d));
}
