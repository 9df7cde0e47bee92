/**
 * The public pools substitutes are drawn from (./stand-ins.ts): names by gender, places by kind and size, travel
 * codes and same-kind stand-ins for special categories; their shape (`SubstitutePools`, `PlaceKind`) and the
 * shipped ones (`substitutePools`). All data is shipped (data/, sources in data/README.md).
 */
import countries from '../../data/m49-countries.json';
import languages from '../../data/languages.json';
import places from '../../data/places.json';
import towns from '../../data/towns.json';
import { PLACE_ALIASES } from '../domains/aliases';
import { lazy } from '../domains/phrases';
import { lexiconList } from './word-lists';
import { placeKey } from './words';
import { TRAVEL_CODES, TRAVEL_COUNTRY } from './patterns';
import type { SpanKind } from './types';

/** Public pools the generated substitutes come from (data/: names and cities). */
export interface SubstitutePools {
  readonly givenNames: readonly string[];
  readonly familyNames: readonly string[];
  readonly places: readonly string[];
  /** Given names by gender (a name listed as both is in neither); without them, `givenNames`. */
  readonly femaleNames?: readonly string[];
  readonly maleNames?: readonly string[];
  /** Names neither list claims (unknown gender); else `givenNames`. */
  readonly unisexNames?: readonly string[];
  /** Cities by size band (most populous first) and what kind of place a name is, for a place of the same kind. */
  readonly cityBands?: readonly (readonly string[])[];
  /** The same bands per country (ISO 3166 alpha-2) and per M49 sub-region: a city's stand-in keeps its country. */
  readonly citiesByCountry?: ReadonlyMap<string, readonly (readonly string[])[]>;
  readonly citiesBySubregion?: ReadonlyMap<string, readonly (readonly string[])[]>;
  readonly placeKind?: (name: string) => PlaceKind | undefined;
  readonly countries?: readonly string[];
  readonly regions?: readonly string[];
  readonly regionsBySubregion?: ReadonlyMap<string, readonly string[]>;
  readonly regionsByCountry?: ReadonlyMap<string, readonly string[]>;
  readonly stateCodes?: readonly string[];
  readonly travelCodes?: readonly string[];
  /** Same-kind stand-ins for a special-category span the person chose to replace (never a themed word). */
  readonly specialDecoys?: Readonly<Partial<Record<SpanKind, readonly string[]>>>;
}

/** What kind of place a place name is; a city with its size band (0 = most populous). */
export type PlaceKind =
  /** A city keeps its country (ISO 3166 alpha-2) and, where the country has cities enough, its size band. */
  | { readonly type: 'city'; readonly band: number; readonly country?: string; readonly subregion?: string; readonly named?: string }
  /** A region keeps its country ("Ohio" → another US state), else its M49 sub-region, so its law and climate stay near. */
  | {
      readonly type: 'region';
      readonly subregion?: string;
      readonly country?: string;
      /** Its first-level region as GeoNames codes it ("CA.03"), where a typed code says ("MB"). */
      readonly region?: string;
    }
  | { readonly type: 'country'; readonly country?: string }
  | { readonly type: 'state' }
  /** An airport's or a station's code; `country` for an airport (a station's code: London's). */
  | { readonly type: 'travel'; readonly country?: string };

/** Stand-ins of the same kind for a special-category noun the person chose to replace: common, public, never themed. */
export const SPECIAL_DECOYS: Readonly<Partial<Record<SpanKind, readonly string[]>>> = {
  health: ['asthma', 'eczema', 'migraines', 'back pain', 'arthritis', 'hay fever', 'a thyroid condition', 'high blood pressure', 'gout', 'sciatica'],
  medication: ['ibuprofen', 'paracetamol', 'cetirizine', 'omeprazole', 'a statin', 'vitamin D', 'loratadine', 'an inhaler'],
  'mental-health': ['anxiety', 'insomnia', 'burnout', 'low mood', 'stress', 'panic attacks'],
  religion: ['Buddhism', 'Quakerism', 'Sikhism', 'Jainism', 'Shinto', 'Anglicanism'],
};

/** Cities of one country or sub-region, by the size bands of `cityBands`. */
function banded(rows: readonly (readonly [string, number])[]): string[][] {
  const bands: string[][] = [[], [], [], []];
  for (const [name, band] of rows) bands[band]!.push(name);
  return bands;
}

function grouped<T>(rows: Iterable<T>, key: (row: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (!k) continue;
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * Substitute names (faker's English lists, by gender where faker gives one) and places of the same kind: cities
 * of 100,000+ in four size bands by population rank (data/places.json is ordered by population: the top 100, to
 * 500, to 1,500, the rest), also by country and by M49 sub-region (a city's stand-in keeps its country: see
 * ./place-stand-ins.ts), countries (data/m49-countries.json), regions by country and sub-region, US state codes and
 * travel codes. data/places.json rows are `[name, M49 sub-region, kind, ISO 3166 alpha-2 country]`.
 */
/** Countries' (or languages') names in `lang`, where the runtime has the data (a name for no code: undefined). */
function displayNames(lang: string, type: 'region' | 'language' = 'region'): (code: string) => string | undefined {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([lang], { type });
  } catch {
    return () => undefined;
  }
  return (code) => {
    try {
      const name = names.of(code);
      return name && name !== code ? name : undefined;
    } catch {
      return undefined;
    }
  };
}

/** Short forms of country names in the six languages Veil reads, where the data has only the full name. */
const COUNTRY_SHORT: readonly (readonly [string, string])[] = [
  ['EUA', 'US'],
  ['EE.UU.', 'US'],
  ['EE. UU.', 'US'],
  ['EEUU', 'US'],
  ['USA', 'US'],
  // "the States", "aux States" (Québec), "nos States": the US as people say it.
  ['States', 'US'],
  ['U.S.', 'US'],
  ['U.S.A.', 'US'],
  ['R.U.', 'GB'],
  ['R.-U.', 'GB'],
  ['BRD', 'DE'],
  // Saudi Arabia as people name it ("to work in Saudi", "unfit for KSA"; "Saudi" had gone out as a Ugandan town), the
  // Emirates by their initials, Cape Verde by its German names (the Unicode data's is "Cabo Verde").
  ['Saudi', 'SA'],
  ['KSA', 'SA'],
  ['UAE', 'AE'],
  ['Kap Verde', 'CV'],
  ['Kapverden', 'CV'],
];

const TRAVEL: PlaceKind = { type: 'travel' };

/**
 * Canada's provinces and territories and Australia's states by their ISO 3166-2 codes (ISO 3166-2:CA, :AU), as
 * people write them after a town ("Prince George, BC") or alone ("in NSW"); GeoNames' first-level codes for the
 * two are numbers, so data/places.json has none. In capitals, or the longer ones as a word ("Qld"; not "Vic", a Catalan town);
 * never "WA", "SA", "NT" (a US state, Saudi or South Africa, and a territory of each country). Each with that
 * GeoNames code, as data/towns.json codes the towns' regions ("MB": "CA.03").
 */
const REGION_CODES: readonly (readonly [string, string])[] = [
  ...Object.entries({ AB: '01', BC: '02', MB: '03', NB: '04', NL: '05', NS: '07', ON: '08', PE: '09', QC: '10', SK: '11', YT: '12', NU: '14' }).map(
    ([code, admin]) => [code, `CA.${admin}`] as const,
  ),
  ...Object.entries({ ACT: '01', NSW: '02', QLD: '04', TAS: '06', VIC: '07', Nsw: '02', Qld: '04', Tas: '06' }).map(
    ([code, admin]) => [code, `AU.${admin}`] as const,
  ),
];

export const substitutePools = lazy((): SubstitutePools => {
  const everyday = new Set(lexiconList('place-common'));
  const plain = (name: string) => /^[\p{L} -]+$/u.test(name) && !everyday.has(name);
  const rows = places as string[][];
  // A city or region that shares its name with a country ("Jamaica", Queens; "Georgia", the US state) is read
  // as the country: it is no city's or region's stand-in ("Leeds" → "Jamaica" would move the question abroad).
  const countryLike = new Set(
    [...(countries as string[][]).flatMap(([, , name, short]) => [name!, short!]), ...Object.keys(PLACE_ALIASES)].map((n) => n.toLowerCase()),
  );
  // A first-level region whose name another country's city bears ("Ontario": Canada's province, and a Californian
  // city; "Victoria", "Paraná", "Valencia") is read as the region: millions live there, it is kept as typed, and
  // read as the city it was moved to the other country ("laid off in Ontario" → a town in the US).
  const regionCountry = new Map(rows.filter(([, , kind]) => kind === 'r').map(([name, , , country]) => [name!.toLowerCase(), country]));
  const regionElsewhere = (name: string, country: string | undefined) => {
    const other = regionCountry.get(name.toLowerCase());
    return other !== undefined && other !== country;
  };
  const cityRows = rows.filter(
    ([name, , kind, country]) => kind === 'c' && plain(name!) && !countryLike.has(placeKey(name!)) && !regionElsewhere(name!, country),
  );
  const cities = cityRows.map(([name]) => name!);
  const BANDS = [100, 500, 1500, Infinity];
  const cityBands = BANDS.map((limit, i) => cities.filter((_, rank) => rank < limit && rank >= (BANDS[i - 1] ?? 0)));
  const kinds = new Map<string, PlaceKind>();
  const ranked = cityRows.map(([name, subregion, , country], rank) => ({ name: name!, subregion, country, band: BANDS.findIndex((limit) => rank < limit) }));
  for (const { name, band, country, subregion } of ranked)
    kinds.set(placeKey(name), { type: 'city', band, ...(country ? { country } : {}), ...(subregion ? { subregion } : {}) });
  const citiesByCountry = new Map([...grouped(ranked, (c) => c.country)].map(([k, cs]) => [k, banded(cs.map((c) => [c.name, c.band] as const))]));
  const citiesBySubregion = new Map([...grouped(ranked, (c) => c.subregion)].map(([k, cs]) => [k, banded(cs.map((c) => [c.name, c.band] as const))]));
  // A region that shares its name with a city is read as the city: not a region's stand-in. One the aliases
  // name as a country ("England", "Scotland", "Wales": first-level regions of GB in GeoNames) is a country:
  // kept by default (its law, schools and health service are its own), never another region's stand-in.
  const regionRows = rows.filter(([name, , kind]) => kind === 'r' && plain(name!) && !kinds.has(placeKey(name!)) && !countryLike.has(placeKey(name!)));
  const regions = regionRows.map(([name]) => name!);
  const regionsBySubregion = new Map([...grouped(regionRows, ([, subregion]) => subregion)].map(([k, rs]) => [k, rs.map(([name]) => name!)]));
  const regionsByCountry = new Map([...grouped(regionRows, ([, , , country]) => country)].map(([k, rs]) => [k, rs.map(([name]) => name!)]));
  for (const [name, subregion, , country] of regionRows)
    kinds.set(placeKey(name!), { type: 'region', ...(subregion ? { subregion } : {}), ...(country ? { country } : {}) });
  // A city by its name in another language Veil reads ("Wien", "Zurigo"): read as the city, never drawn.
  for (const [name, , kind, , city] of rows) {
    // (`named`: the data's own name, by which its towns and region are found.)
    const same = kind === 'n' && city ? kinds.get(placeKey(city)) : undefined;
    if (same?.type === 'city' && !kinds.has(placeKey(name!))) kinds.set(placeKey(name!), { ...same, named: city! });
  }
  // A region by its name in another language Veil reads ("Andalucía", "Niederösterreich"): read as the region,
  // never drawn (a stand-in stays in the data's own names).
  for (const [name, subregion, kind, country] of rows)
    if (kind === 'l' && !kinds.has(placeKey(name!)))
      kinds.set(placeKey(name!), { type: 'region', ...(subregion ? { subregion } : {}), ...(country ? { country } : {}) });
  const stateCodes = rows.filter(([, , kind]) => kind === 's').map(([name]) => name!);
  for (const code of stateCodes) kinds.set(placeKey(code), { type: 'state' });
  const countryNames = (countries as string[][]).map(([, , , short]) => short!).filter(plain);
  for (const [, , name, short, , , code] of countries as string[][])
    for (const n of [name!, short!]) kinds.set(placeKey(n), { type: 'country', ...(code ? { country: code } : {}) });
  // A country's ISO code typed in capitals ("NZ", "DE"), where no US state has it ("CA" is California).
  const codes = new Map(
    (countries as string[][])
      .map(([, , , , , , code]) => code!)
      .filter((code) => /^[A-Z]{2}$/.test(code) && !kinds.has(placeKey(code)))
      .map((code) => [code, { type: 'country', country: code } as const]),
  );
  for (const alias of Object.keys(PLACE_ALIASES)) if (!kinds.has(placeKey(alias))) kinds.set(placeKey(alias), { type: 'country' });
  // Countries by their names in the other languages the tagger reads ("Suisse", "Schweiz", "Alemania"), from the
  // browser's or Node's own Unicode data (Intl.DisplayNames), with their codes. Of a country with no city in the
  // data too ("o Luxemburgo" had been read as the city, and its stand-in a town), but never by a name people bear
  // or a town of another country bears (French "Malte": a boyfriend called Malte had been kept as Malta; Spanish
  // "Santa Lucía", a town of Uruguay and of Spain).
  const named = ['en', 'de', 'fr', 'es', 'it', 'pt'].map((lang) => displayNames(lang));
  const withCities = new Set(rows.map(([, , , country]) => country).filter((c): c is string => Boolean(c)));
  for (const code of withCities) {
    for (const displayName of named) {
      const name = displayName(code);
      if (name && !kinds.has(placeKey(name))) kinds.set(placeKey(name), { type: 'country', country: code });
    }
  }
  const others = new Map<string, string>();
  const firstParts = new Set<string>();
  for (const [, , , , , , code] of countries as string[][])
    for (const displayName of named) {
      const name = code && !withCities.has(code) ? displayName(code) : undefined;
      if (name && !kinds.has(placeKey(name))) others.set(placeKey(name), code!);
      // A country of two parts by its first, as people name it ("Bosnien" of "Bosnien und Herzegowina", "Trinidad"):
      // the same filters (no one's name, no town of another country). "Aus Bosnien" had gone out as a German town.
      // (Not of islands: "Turks" of "Turks & Caicos Islands" is a people.)
      const whole = code ? displayName(code) : undefined;
      const first =
        whole && !/\b(?:islands|inseln|îles|islas|isole|ilhas)\b|inseln$/iu.test(whole)
          ? whole.split(/\s*(?:&|-et-|\s(?:und|and|et|y|e|ed)\s)\s*/u)
          : undefined;
      if (first && first.length > 1 && !kinds.has(placeKey(first[0]!))) {
        others.set(placeKey(first[0]!), code!);
        firstParts.add(placeKey(first[0]!));
      }
    }
  for (const person of [...lexiconList('given'), ...lexiconList('family')]) others.delete(placeKey(person));
  // ("Name|CC|…" of a town, "Alias|Name|CC" of its other names.)
  // (A first part is never a town, even of its own country: "São Tomé" is the capital's name too.)
  const townElsewhere = (name: string, country: string) => {
    const code = others.get(placeKey(name));
    if (code !== undefined && (code !== country || firstParts.has(placeKey(name)))) others.delete(placeKey(name));
  };
  for (const row of (towns as { towns: string[] }).towns) townElsewhere(row.slice(0, row.indexOf('|')), row.split('|')[1] ?? '');
  for (const row of (towns as { aliases: string[] }).aliases) townElsewhere(row.slice(0, row.indexOf('|')), row.slice(row.lastIndexOf('|') + 1));
  for (const [name, code] of others) kinds.set(name, { type: 'country', country: code });
  // Countries by the short forms the six languages write ("EUA", "EE. UU.", "BRD"): a country, kept by default;
  // read as a code, "EUA" was sent as the airport "SHA".
  for (const [short, code] of COUNTRY_SHORT) if (!kinds.has(placeKey(short))) kinds.set(placeKey(short), { type: 'country', country: code });
  // Codes only as typed, before any name: a travel code in capitals ("Vic" (Victoria), "Man", "Sea" are no
  // airports), a province's or state's code (`REGION_CODES`; "VIC" is Victoria before it is a station).
  const travelCodes = TRAVEL_CODES.split('|');
  const subregionOf = new Map((countries as string[][]).map(([, subregion, , , , , code]) => [code!, subregion!]));
  const typed = new Map<string, PlaceKind>([
    ...travelCodes.map((code) => [code, TRAVEL_COUNTRY[code] ? ({ type: 'travel', country: TRAVEL_COUNTRY[code] } as PlaceKind) : TRAVEL] as const),
    ...REGION_CODES.map(([code, region]) => {
      const country = region.slice(0, region.indexOf('.'));
      return [code, { type: 'region', country, region, ...(subregionOf.get(country) ? { subregion: subregionOf.get(country)! } : {}) }] as const;
    }),
  ]);
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
    citiesByCountry,
    citiesBySubregion,
    placeKind: (name) => typed.get(name) ?? kinds.get(placeKey(name)) ?? codes.get(name),
    countries: countryNames,
    regions,
    regionsBySubregion,
    regionsByCountry,
    stateCodes,
    travelCodes,
    specialDecoys: SPECIAL_DECOYS,
  };
});

/**
 * The names of languages (data/languages.json's English names, and each one with a two-letter code by its name in
 * the six languages the tagger reads, from the runtime's Unicode data: "French", "Deutsch", "inglés", "tedesco"), in
 * lower case.
 */
const LANGUAGE_NAMES = lazy(() => {
  const names = new Set<string>();
  const named = ['en', 'de', 'fr', 'es', 'it', 'pt'].map((lang) => displayNames(lang, 'language'));
  for (const [name, , code] of languages as string[][]) {
    names.add(name!.replace(/\s*\(.*\)$/, '').toLowerCase());
    if (code)
      for (const displayName of named) {
        const local = displayName(code);
        if (local) names.add(local.toLowerCase());
      }
  }
  return names;
});
/** Whether `text` is a language's name ("French", "Deutsch", "español"). */
export const languageName = (text: string): boolean => LANGUAGE_NAMES().has(text.trim().toLowerCase());
