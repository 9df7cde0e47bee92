/**
 * The public pools substitutes are drawn from: names by gender, places by kind and size, travel codes and
 * same-kind stand-ins for special categories. All data is shipped (data/, sources in data/README.md).
 */
import countries from '../../data/m49-countries.json';
import places from '../../data/places.json';
import { PLACE_ALIASES } from '../domains/aliases';
import { lazy } from '../domains/phrases';
import type { PlaceKind, SubstitutePools } from './codebook';
import { lexiconList } from './detect';
import { TRAVEL_CODES } from './patterns';
import type { SpanKind } from './types';

/** Stand-ins of the same kind for a special-category noun the person chose to replace: common, public, never themed. */
export const SPECIAL_DECOYS: Readonly<Partial<Record<SpanKind, readonly string[]>>> = {
  health: ['asthma', 'eczema', 'migraines', 'back pain', 'arthritis', 'hay fever', 'a thyroid condition', 'high blood pressure', 'gout', 'sciatica'],
  medication: ['ibuprofen', 'paracetamol', 'cetirizine', 'omeprazole', 'a statin', 'vitamin D', 'loratadine', 'an inhaler'],
  'mental-health': ['anxiety', 'insomnia', 'burnout', 'low mood', 'stress', 'panic attacks'],
  religion: ['Buddhism', 'Quakerism', 'Sikhism', 'Jainism', 'Shinto', 'Anglicanism'],
};

/**
 * Substitute names (faker's English lists, by gender where faker gives one) and places of the same kind: cities
 * of 100,000+ in four size bands by population rank (data/places.json is ordered by population: the top 100, to
 * 500, to 1,500, the rest), countries (data/m49-countries.json), regions, US state codes and travel codes.
 */
export const substitutePools = lazy((): SubstitutePools => {
  const everyday = new Set(lexiconList('place-common'));
  const plain = (name: string) => /^[\p{L} -]+$/u.test(name) && !everyday.has(name);
  const rows = places as string[][];
  const cities = rows.filter(([name, , kind]) => kind === 'c' && plain(name!)).map(([name]) => name!);
  const BANDS = [100, 500, 1500, Infinity];
  const cityBands = BANDS.map((limit, i) => cities.filter((_, rank) => rank < limit && rank >= (BANDS[i - 1] ?? 0)));
  const kinds = new Map<string, PlaceKind>();
  cities.forEach((name, rank) => kinds.set(name.toLowerCase(), { type: 'city', band: BANDS.findIndex((limit) => rank < limit) }));
  // A region that shares its name with a city is read as the city: not a region's stand-in.
  const regionRows = rows.filter(([name, , kind]) => kind === 'r' && plain(name!) && !kinds.has(name!.toLowerCase()));
  const regions = regionRows.map(([name]) => name!);
  const regionsBySubregion = new Map<string, string[]>();
  for (const [name, subregion] of regionRows) {
    regionsBySubregion.set(subregion!, [...(regionsBySubregion.get(subregion!) ?? []), name!]);
    kinds.set(name!.toLowerCase(), { type: 'region', subregion });
  }
  const stateCodes = rows.filter(([, , kind]) => kind === 's').map(([name]) => name!);
  for (const code of stateCodes) kinds.set(code.toLowerCase(), { type: 'state' });
  const countryNames = (countries as string[][]).map(([, , , short]) => short!).filter(plain);
  for (const [, , name, short] of countries as string[][]) for (const n of [name!, short!]) kinds.set(n.toLowerCase(), { type: 'country' });
  for (const alias of Object.keys(PLACE_ALIASES)) if (!kinds.has(alias.toLowerCase())) kinds.set(alias.toLowerCase(), { type: 'country' });
  const travelCodes = TRAVEL_CODES.split('|');
  for (const code of travelCodes) kinds.set(code.toLowerCase(), { type: 'travel' });
  const female = lexiconList('substitute-given-female');
  const male = lexiconList('substitute-given-male');
  const gendered = new Set([...female, ...male]);
  return {
    givenNames: lexiconList('substitute-given'),
    familyNames: lexiconList('substitute-family'),
    // Cities whose name is not an everyday word ("Sale", "Mobile" would read as words).
    places: cities,
    femaleNames: female,
    maleNames: male,
    unisexNames: lexiconList('substitute-given').filter((n) => !gendered.has(n)),
    cityBands,
    placeKind: (name) => kinds.get(name.toLowerCase()),
    countries: countryNames,
    regions,
    regionsBySubregion,
    stateCodes,
    travelCodes,
    specialDecoys: SPECIAL_DECOYS,
  };
});
