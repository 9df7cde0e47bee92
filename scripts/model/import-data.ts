/**
 * Copies the parts of the shared public classification data that Veil needs into `data/` as compact JSON
 * (attribution in data/README.md). Run once when the shared data changes:
 *
 *   npx tsx scripts/model/import-data.ts [../shared/data]
 *
 * The output is committed; nothing at build or run time reads the shared folder.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseCsv } from './csv';

const source = resolve(process.argv[2] ?? join(import.meta.dirname, '../../../shared/data'));
const target = resolve(import.meta.dirname, '../../data');
const read = (file: string) => parseCsv(readFileSync(join(source, file), 'utf8'));
const write = (file: string, value: unknown) => {
  // One record per line: reviewable diffs, still small.
  const body = Array.isArray(value) ? `[\n${value.map((v) => JSON.stringify(v)).join(',\n')}\n]\n` : JSON.stringify(value, null, 1) + '\n';
  writeFileSync(join(target, file), body);
  console.log(`${file}: ${Array.isArray(value) ? value.length : Object.keys(value as object).length} records`);
};
const apostrophes = (s: string) => s.replace(/[\u2018\u2019]/g, "'").replace(/\u2011/g, '-');

// ISCO-08 groups: [code, title].
write(
  'isco08.json',
  read('isco08.csv').map((r) => [r.code!, apostrophes(r.title!)]),
);

// ESCO occupation titles: [title, ISCO unit group, kind] with kind g = ISCO group title, p = preferred, a = alternative, h = hidden.
const kinds: Record<string, string> = {
  'ISCO-08': 'g',
  'ESCO v1.2.0 occupation preferredLabel': 'p',
  'ESCO v1.2.0 occupation altLabel': 'a',
  'ESCO v1.2.0 occupation hiddenLabel': 'h',
};
write(
  'occupation-titles.json',
  read('occupation-titles.csv').map((r) => {
    const kind = Object.entries(kinds).find(([prefix]) => r.source!.startsWith(prefix))?.[1];
    if (!kind) throw new Error(`unknown source ${r.source}`);
    return [apostrophes(r.title!), r.isco08_unit_code!, kind];
  }),
);

// UN M49 countries: [m49, sub-region, M49 name, short name, capital, nationality, ISO 3166 alpha-2].
write(
  'm49-countries.json',
  read('m49-countries.csv')
    .filter((r) => r.sub_region_code)
    .map((r) => [r.m49_code!, r.sub_region_code!, r.name_m49!, r.name_en_short!, r.capital!, r.nationality_en!, r.iso_alpha2!]),
);

// Languages: [name, ISO 639-3, ISO 639-1, ISO 639-5 path].
write(
  'languages.json',
  read('languages-to-family.csv').map((r) => [apostrophes(r.language_name!), r.iso639_3!, r.iso639_1!, r.family_639_5_path!]),
);

// ISO 639-5 groups: [code, name, parent].
write(
  'iso639-5.json',
  read('iso639-5-families.csv').map((r) => [r.code!, apostrophes(r.name!), r.parent!]),
);

// ISCED 2011 levels: [level, name].
write(
  'isced2011.json',
  read('isced2011.csv').map((r) => [r.level!, r.name!]),
);

// ISCO skill levels of the major groups: [code, levels] (checked against DP-BLOCK's compatibility tables).
write(
  'isco-skill-levels.json',
  read('isco-skill-levels.csv')
    .filter((r) => r.level === 'major')
    .map((r) => [r.code!, r.skill_levels!.split('+').map(Number)]),
);

// ISCO skill level → ISCED 2011 levels: [skill level, [from, to]].
write(
  'isco-skill-level-isced.json',
  read('isco-skill-level-isced.csv').map((r) => [Number(r.skill_level), r.isced2011_levels!.split('-').map(Number)]),
);
