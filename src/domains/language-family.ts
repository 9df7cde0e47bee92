/**
 * Which `languages` category a language belongs to: `eng` for English, else the first of the domain's
 * ISO 639-5 groups on its family path (data/languages.json, from Glottolog and ISO 639-5), else none
 * (a language of a family outside the domain, e.g. Japanese or Turkish, has no category of its own).
 */
const FAMILIES = ['roa', 'gem', 'sla', 'sit', 'afa', 'iir', 'map', 'nic'] as const;

export function languageCategory(iso3: string, familyPath: string): string | undefined {
  if (iso3 === 'eng') return 'eng';
  const path = familyPath.split('>').map((s) => s.trim());
  return FAMILIES.find((f) => path.includes(f));
}
