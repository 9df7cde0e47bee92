/**
 * Tie-break for ESCO titles that sit in more than one ISCO group (588 do; data/README.md): a title counts
 * only for the groups where it has its highest-ranked kind — ISCO group title, then ESCO preferred label,
 * then alternative label, then hidden label. So "carpenter" (preferred label of 7115, an alternative label
 * under 3432) is a craft worker, as ISCO intends. Pure function of public data.
 */
import { stripQualifier, tokens } from './text';

const KIND_RANK: Record<string, number> = { g: 0, p: 1, a: 2, h: 3 };

/** `[title, unit group, kind]` rows → normalised title → ISCO major groups at its best kind, with one original spelling. */
export function rankedOccupationTitles(rows: readonly (readonly string[])[]): Map<string, { title: string; majors: Set<string>; kind: string }> {
  const best = new Map<string, { rank: number; title: string; majors: Set<string> }>();
  for (const [title, unit, kind] of rows) {
    for (const variant of kind === 'g' ? [title!, ...groupTitleParts(title!)] : [title!]) consider(variant, unit!, kind!);
  }
  function consider(title: string, unit: string, kind: string): void {
    const key = tokens(title).join(' ');
    if (!key) return;
    const rank = KIND_RANK[kind] ?? 3;
    const entry = best.get(key);
    if (!entry || rank < entry.rank) best.set(key, { rank, title, majors: new Set([unit[0]!]) });
    else if (rank === entry.rank) entry.majors.add(unit[0]!);
  }
  const kinds = Object.keys(KIND_RANK);
  return new Map([...best].map(([key, { title, majors, rank }]) => [key, { title, majors, kind: kinds[rank]! }]));
}

/**
 * The occupations an ISCO group title lists, in the singular: "Gardeners, horticultural and nursery
 * growers" → "gardener", "horticultural grower"… Only plural parts count ("car" of "Car, taxi and van
 * drivers" is not an occupation).
 */
export function groupTitleParts(title: string): string[] {
  return stripQualifier(title)
    .split(/,\s*|;\s*|\s+and\s+/)
    .map((part) => part.trim())
    .filter((part) => /[a-z]s$/i.test(part) && !/ss$/i.test(part))
    .map((part) => part.replace(/ies$/i, 'y').replace(/(?<!s)s$/i, ''));
}
