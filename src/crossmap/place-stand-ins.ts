/**
 * A place's stand-in of the same kind (./stand-ins.ts): a city of the same country and size band, a region of
 * the same country, a country for a country, a code for a code, and an address in the same shape whose town
 * keeps its country.
 *
 * ```ts
 * placeLike('Leeds', draw, pick, substitutePools()); // a British city of about its size ('Nottingham'), never a city in Japan
 * ```
 */
import { scramble, type Draw } from './numbers';
import { lazy } from '../domains/phrases';
import { knownPart, regionOf, townIn, townsByRegion, townsNamed, townThenRegion } from './place-country';
import { lexiconList } from './word-lists';
import { substitutePools, type PlaceKind, type SubstitutePools } from './pools';

const THE_COUNTRIES =
  /^(?:UK|U\.K\.|US|U\.S\.|USA|U\.S\.A\.|UAE|United (?:Kingdom|States|Arab Emirates)|Netherlands|Philippines|Czech Republic|Dominican Republic|Bahamas|Gambia|Maldives)$/i;
const THE_COUNTRY_NAMES = ['UK', 'US', 'Netherlands', 'Philippines', 'UAE', 'Czech Republic', 'Dominican Republic', 'Bahamas', 'Gambia', 'Maldives'];

const STREET_WORDS =
  /^(?:Road|Rd|Street|St|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Close|Court|Ct|Place|Pl|Terrace|Crescent|Parkway|Highway|Row|Gardens|Square|Hill|Grove|Flat|Apt|Apartment|Unit|Suite|Floor|Room|Rue|Calle|Rua|Avenida|Via|Jalan|de|la|le|del|da|do|the)$/i;

/**
 * Fewer other places than this in a country and a stand-in would all but name the original (a country with two
 * cities: the stand-in is the one, the original the other), so a place then draws from its M49 sub-region.
 */
const MIN_OTHERS = 3;
/** A size band is widened until this many other cities are in reach ("London" → one of the next biggest five). */
const MIN_IN_BAND = 5;

/**
 * A uniform pick from the bands nearest `band`: the same band first, widened one band either way until more
 * than MIN_IN_BAND places (the original among them) are in reach, or every band is. The width depends on the
 * sizes of the bands only, never on a draw, so every place in reach is equally likely.
 */
function nearBand(bands: readonly (readonly string[])[] | undefined, band: number, pick: PickFrom): string | undefined {
  if (!bands) return undefined;
  for (let width = 0; ; width++) {
    const every = band - width <= 0 && band + width >= bands.length - 1;
    const pool = bands.slice(Math.max(0, band - width), band + width + 1).flat();
    if (pool.length <= MIN_IN_BAND && !every) continue;
    const found = pick(pool);
    if (found || every) return found;
  }
}

const count = (bands: readonly (readonly string[])[] | undefined) => bands?.reduce((n, b) => n + b.length, 0) ?? 0;

/**
 * A city of the same country ("Leeds" → "Nottingham", never a city in Japan), of the same size band where the
 * country's band has enough (MIN_IN_BAND), else of the nearest bands. A country with too few cities in the data
 * (MIN_OTHERS or fewer besides the original: Bamako, Riga) falls back to the country's largest towns
 * (data/towns.json), and with too few of those to the cities of its M49 sub-region, the nearest grouping the data
 * has; its law then differs, as it must for the stand-in to hide the city at all. A sub-region with no other city (Melanesia: Port Moresby
 * alone) falls back to a city of the same size band anywhere.
 */
function cityLike(name: string, kind: Extract<PlaceKind, { type: 'city' }>, anyPick: PickFrom, pools: SubstitutePools): string | undefined {
  // Never the city itself by its other name ("Lisboa" had been sent as "Lisbon").
  const self = new Set([name, kind.named ?? name].map((n) => n.toLowerCase()));
  const pick: PickFrom = (pool) => anyPick(pool.some((p) => self.has(p.toLowerCase())) ? pool.filter((p) => !self.has(p.toLowerCase())) : pool);
  const inRegion = kind.country ? sameRegion(kind.named ?? name, kind.country, pick) : undefined;
  if (inRegion) return inRegion;
  const ofCountry = kind.country ? pools.citiesByCountry?.get(kind.country) : undefined;
  if (count(ofCountry) > MIN_OTHERS) {
    const found = nearBand(ofCountry, kind.band, pick);
    if (found) return found;
  }
  // Few cities of 100,000 but towns the data knows (Bamako, Mali): one of the country's largest towns.
  const towns = kind.country ? countryTowns().get(kind.country) : undefined;
  if (count(towns) > MIN_OTHERS) {
    const found = nearBand(towns, 0, pick);
    if (found) return found;
  }
  const ofSubregion = kind.subregion ? pools.citiesBySubregion?.get(kind.subregion) : undefined;
  return nearBand(ofSubregion, kind.band, pick) ?? pick(pools.cityBands?.[kind.band] ?? []) ?? pick(pools.places);
}

/**
 * Whether a town of `country` would have to move abroad for a stand-in: the data knows MIN_OTHERS towns of it or
 * fewer (São Tomé and Príncipe, Gibraltar, Macao), so `placeLike` would draw one of another country, whose law
 * and money differ (protect() generalizes such a town instead: "a place").
 */
export function fewTowns(country: string, pools: SubstitutePools): boolean {
  return count(pools.citiesByCountry?.get(country)) <= MIN_OTHERS && count(countryTowns().get(country)) <= MIN_OTHERS;
}

/** Town names that are everyday words ("Sale", "Mobile"): never a stand-in, they would read as words. */
const everyday = lazy(() => new Set(lexiconList('place-common')));
/**
 * Towns of each region, left out: everyday words, and names the place data reads as somewhere else (a country,
 * a region, or a city of another country: "Canterbury" is New Zealand's region before it is Kent's town, and a
 * town called "Delaware" reads as the state).
 */
const regionBands = lazy(() => {
  const pools = substitutePools();
  const ours = (town: string, country: string) => {
    const kind = pools.placeKind?.(town);
    return !kind || (kind.type === 'city' && kind.country === country);
  };
  return new Map(
    [...townsByRegion()].map(([region, bands]) => {
      const country = region.slice(0, region.indexOf('.'));
      return [region, bands.map((b) => b.filter((t) => /^[\p{L} -]+$/u.test(t) && !everyday().has(t) && ours(t, country)))] as const;
    }),
  );
});

/**
 * A town of the same first-level region as a town the data knows in `country` ("Geelong" → another town of
 * Victoria, so a tenancy or benefit question keeps its state's law), of its size class or the nearest; none when
 * the region has MIN_OTHERS other towns or fewer (a stand-in would all but name it): the caller then keeps only
 * the country.
 */
function sameRegion(name: string, country: string, pick: PickFrom): string | undefined {
  const town = townIn(name, country);
  const bands = town ? regionBands().get(town.region) : undefined;
  if (!town || count(bands) - 1 <= MIN_OTHERS) return undefined;
  return nearBand(bands, town.size, pick);
}

/** A region of the same country ("Ohio" → "Oregon"); with too few in the country, of its M49 sub-region (as cityLike). */
function regionLike(kind: Extract<PlaceKind, { type: 'region' }>, pick: PickFrom, pools: SubstitutePools): string | undefined {
  const ofCountry = kind.country ? pools.regionsByCountry?.get(kind.country) : undefined;
  const found = ofCountry && ofCountry.length > MIN_OTHERS ? pick(ofCountry) : undefined;
  return found ?? pick(pools.regionsBySubregion?.get(kind.subregion ?? '') ?? pools.regions ?? []) ?? pick(pools.places);
}

type PickFrom = (pool: readonly string[]) => string | undefined;

/** The airports' codes Veil knows in `country` (London's stations' with none given), but `code`. */
function airportsOf(country: string | undefined, code: string, pools: SubstitutePools): string[] {
  return (pools.travelCodes ?? []).filter((other) => {
    const kind = pools.placeKind?.(other);
    return other !== code && kind?.type === 'travel' && kind.country === country;
  });
}

/**
 * A place of the same kind: a city of the same country and size band, a region of the same country, a country
 * for a country (what an explicit Replace writes: see `keptByDefault`, ./stand-ins.ts), a US state code for one, a travel code
 * for a travel code; an address keeps its shape (numbers redrawn, street names replaced, street words kept) and
 * its town's country: a town it knows becomes a town of the same country, a country named in it stays.
 */
export function placeLike(
  text: string,
  draw: Draw,
  pick: PickFrom,
  pools: SubstitutePools,
  country?: string,
  region?: string,
  regionNamed?: boolean,
  regionTyped = false,
): string | undefined {
  const kind = pools.placeKind?.(text.replace(/['’]s$/, ''));
  // "Kanton Luzern", "province of Ontario": a region of its country, though its capital shares the name.
  const ofCountry = regionNamed ? (country ?? (kind && 'country' in kind ? kind.country : undefined)) : undefined;
  if (ofCountry && (pools.regionsByCountry?.get(ofCountry)?.length ?? 0) > MIN_OTHERS) return regionLike({ type: 'region', country: ofCountry }, pick, pools);
  // A city of another country's name ("Latina" in an Italian message: not Spain's) is a town of that country.
  if (kind?.type === 'city' && (!country || !kind.country || kind.country === country)) return cityLike(text.replace(/['’]s$/, ''), kind, pick, pools);
  // "the UK" → "the Netherlands", not "the Singapore".
  if (kind?.type === 'country') return pick(THE_COUNTRIES.test(text) ? THE_COUNTRY_NAMES : (pools.countries ?? [])) ?? pick(pools.places);
  if (kind?.type === 'region') return regionLike(kind, pick, pools);
  if (kind?.type === 'state') return pick(pools.stateCodes ?? []);
  // Another airport of its country (another London station for a station); the one listed airport of its
  // country stays as typed: it names no more than the country does ("VIE").
  if (kind?.type === 'travel') {
    const alike = airportsOf(kind.country, text, pools);
    return alike.length ? pick(alike) : text;
  }
  if (/\d/.test(text)) return addressLike(text, draw, pick, pools, country);
  // "Sudbury, Ontario", "Zamora, Michoacán", "dayton ohio": a town of the same region, the region as typed (as a region alone).
  const withRegion = townThenRegion(text, pools);
  if (withRegion) {
    const us = usState(withRegion.town, withRegion.region, pools);
    // "Neepawa, Manitoba", "Kindersley, SK": a town of the region typed, where the data knows its code.
    const typed = regionOf(withRegion.region, pools);
    const ofRegion = typed && (!country || typed.startsWith(`${country}.`)) ? typed : undefined;
    const town = placeLike(withRegion.town, draw, pick, pools, us?.country ?? country, us?.region ?? ofRegion ?? region, false, Boolean(us ?? ofRegion));
    return town ? `${town}${withRegion.separator}${withRegion.region}` : undefined;
  }
  // Three capitals the data does not know ("TRN", "XAP"): an airport of the country the message points to, where
  // Veil knows one ("TRN" had gone out as Dallas's "DFW" in an Italian message).
  if (/^[A-Z]{3}$/.test(text) && pools.travelCodes?.length) {
    const ofCountry = country ? airportsOf(country, text, pools) : [];
    return pick(ofCountry.length ? ofCountry : pools.travelCodes);
  }
  // "Kelowna BC", "Perth WA", "Doral FL": the town's stand-in, the region's code as typed; after a US state's code,
  // a town of that state (GeoNames' first-level regions of the US are the states' codes).
  const withCode = /^(.+?)\s+([A-Z]{2,3})$/.exec(text);
  const city = withCode && pools.placeKind?.(withCode[1]!)?.type === 'city';
  const us = withCode ? usState(withCode[1]!, withCode[2]!, pools) : undefined;
  // A town the data knows ("Mandurah WA"): a town of its own country and region.
  const known = withCode && !city && !us ? townsNamed(withCode[1]!) : [];
  // "Neepawa MB", "Wagga Wagga NSW": a region's code of Canada or Australia; its towns.
  const coded = withCode && !us ? regionOf(withCode[2]!, pools) : undefined;
  if (withCode && (us || city || known.length || coded)) {
    const codeCountry = coded?.slice(0, coded.indexOf('.'));
    const town = placeLike(
      withCode[1]!,
      draw,
      pick,
      pools,
      us?.country ?? (known.length ? ownCountry(known, codeCountry ?? country) : (codeCountry ?? country)),
      us?.region ?? coded ?? region,
      false,
      Boolean(us ?? coded),
    );
    return town ? `${town} ${withCode[2]}` : undefined;
  }
  // A town the data does not know (under 100,000 people), or a city's name used for a town of another country:
  // a smaller town of its country (./place-country.ts), if anything says which.
  // ("Iloilo City", "Luxembourg-Ville": a town of the region of the town it names.)
  const inRegion = country ? sameRegion(knownPart(text, pools) ?? text.replace(/['’]s$/, ''), country, pick) : undefined;
  if (inRegion) return inRegion;
  if (!country) return pick(pools.places);
  // Of the smallest places in reach, where more than MIN_OTHERS are: a town of the region the message's other
  // towns are in (`regionCue`), else a city of the country, else (a country with few cities of 100,000: Puerto
  // Rico, Luxembourg) one of its smaller towns; never one abroad while the country has any.
  const smallest = (bands: readonly (readonly string[])[] | undefined, fewest = MIN_OTHERS + 1) =>
    count(bands) >= fewest ? nearBand(bands, bands!.length - 1, pick) : undefined;
  // A town the data does not know, typed with its region, is none of that region's towns: any of them hides it
  // ("Neepawa, Manitoba" → Winnipeg, though the data knows two towns of Manitoba; a Manitoba workplace had gone out
  // as a town of British Columbia). Not where the region is only what the message's other towns say
  // (`regionCue`): a stand-in there would tell a small region's town the message names, whose own stand-in hides it.
  const unknown = regionTyped && !townIn(knownPart(text, pools) ?? text.replace(/['’]s$/, ''), country);
  return (
    smallest(region?.startsWith(`${country}.`) ? regionBands().get(region) : undefined, unknown ? 1 : MIN_OTHERS + 1) ??
    smallest(pools.citiesByCountry?.get(country)) ??
    smallest(countryTowns().get(country)) ??
    pick(pools.places)
  );
}

/**
 * Whether a town typed before a code that is also a US state's ("WA", "NT", "SA" are Australian states too) can
 * be read as a US town: the data knows it in the US, or knows it nowhere and is no city ("Perth, WA" is
 * Australia's; "Doral, FL" Florida's).
 */
function usTown(name: string, pools: SubstitutePools): boolean {
  if (pools.placeKind?.(name)?.type === 'city') return false;
  const countries = townsNamed(name);
  return countries.length === 0 || countries.includes('US');
}
/** The country and first-level region of a town typed before a US state's code ("Doral FL": US, US.FL), when `usTown`. */
function usState(name: string, code: string, pools: SubstitutePools): { country: string; region: string } | undefined {
  return pools.placeKind?.(code)?.type === 'state' && usTown(name, pools) ? { country: 'US', region: `US.${code}` } : undefined;
}
/** The country of a town the data knows in `countries`: the message's when the town is there too, else the first. */
const ownCountry = (countries: readonly string[], country: string | undefined) => (country && countries.includes(country) ? country : countries[0]);

/** The towns of each country (of every region: `regionBands`), by size class. */
const countryTowns = lazy(() => {
  const byCountry = new Map<string, string[][]>();
  for (const [region, bands] of regionBands()) {
    const country = region.slice(0, region.indexOf('.'));
    const into = byCountry.get(country) ?? [[], [], []];
    bands.forEach((band, size) => (into[size] ??= []).push(...band));
    byCountry.set(country, into);
  }
  return byCountry;
});

const ADDRESS_WORD = "\\p{Lu}[\\p{L}'’-]*(?![\\p{L}\\p{N}])";
/**
 * A run of capitalised words that opens the span, follows a comma, or follows a postcode that opens the span or
 * follows a comma or a space ("Aberystwyth SY23 1EH", "…, 4000-123 Porto", "04318 Leipzig", "rue Saint-Gilles 47 à
 * 4000 Liège"): where an address names its town.
 */
const TOWN_RUN = new RegExp(
  `(?:^|,\\s*(?:\\d{4}-\\d{3}\\s+|\\d{4,5}\\s+)?|(?:^|\\s)(?:\\d{4}-\\d{3}|\\d{4,5})\\s+)(${ADDRESS_WORD}(?:\\s+${ADDRESS_WORD}){0,3})`,
  'gu',
);

/**
 * An address or a postcode: same shape, nothing of the original but its street words and its country. A town
 * after a comma that the data knows ("…, Bristol BS6 7BP", "…, Columbus, OH") becomes a town of its country (as
 * a city alone does), a region one of its country, a US state code another, a country stays; every other name
 * becomes a family name, every number and postcode fresh characters.
 */
function addressLike(text: string, draw: Draw, pick: PickFrom, pools: SubstitutePools, country?: string): string {
  const towns: { start: number; end: number; text: string }[] = [];
  for (const m of text.matchAll(TOWN_RUN)) {
    const at = m.index! + m[0].length - m[1]!.length;
    const words = [...m[1]!.matchAll(/\S+/g)].map((w) => ({ word: w[0], end: at + w.index! + w[0].length }));
    for (let n = words.length; n > 0; n--) {
      // "…, London Road": a street, not the town.
      if (words[n] && STREET_WORDS.test(words[n]!.word)) continue;
      const name = words
        .slice(0, n)
        .map((w) => w.word)
        .join(' ');
      const kind = pools.placeKind?.(name);
      const named = kind ? [] : townsNamed(name);
      if ((!kind && !named.length) || kind?.type === 'travel') continue;
      // A town the data knows by name keeps its country: the message's, when the town is there too.
      const stand = kind?.type === 'country' ? name : placeLike(name, draw, pick, pools, ownCountry(named, country));
      if (stand) towns.push({ start: at, end: words[n - 1]!.end, text: stand });
      break;
    }
  }
  let out = '';
  let last = 0;
  const tokens = (part: string) =>
    part.replace(/[\p{L}][\p{L}'’-]*|\d+/gu, (token) => {
      if (/^\d+$/.test(token)) return scramble(token, draw);
      if (STREET_WORDS.test(token)) return token;
      if (/^[A-Z]{2}$/.test(token) && pools.placeKind?.(token)?.type === 'state') return pick(pools.stateCodes ?? []) ?? token;
      if (/^[A-Z]{1,2}\d/.test(token) || /^[A-Z]{2}$/.test(token)) return scramble(token, draw);
      if (/^\p{Lu}/u.test(token)) return pick(pools.familyNames) ?? scramble(token, draw);
      return token;
    });
  for (const town of towns) {
    out += tokens(text.slice(last, town.start)) + town.text;
    last = town.end;
  }
  return out + tokens(text.slice(last));
}
