/**
 * Writes data/occupation-lexicon.json: every ESCO/ISCO occupation title (normalised), grouped by the ISCO
 * major group(s) it belongs to after the tie-break of src/domains/occupation-titles.ts. This is the title
 * lexicon the scorer ships (about half the size of the full title table); run by `npm run build:model`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { rankedOccupationTitles } from '../../src/domains/occupation-titles';

export function writeOccupationLexicon(target = resolve(import.meta.dirname, '../../data/occupation-lexicon.json')): number {
  const rows = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../data/occupation-titles.json'), 'utf8')) as string[][];
  const groups = new Map<string, string[]>();
  for (const [key, { majors }] of rankedOccupationTitles(rows)) {
    const code = [...majors].sort().join('');
    groups.set(code, [...(groups.get(code) ?? []), key]);
  }
  const sorted = Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([code, titles]) => [code, titles.sort()]));
  writeFileSync(target, JSON.stringify(sorted) + '\n');
  return [...groups.values()].reduce((n, t) => n + t.length, 0);
}
