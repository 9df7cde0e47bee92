/**
 * Which country a place in a message is in, so its stand-in can stay there (DESIGN.md: "a place keeps its country
 * by default"; issue 31: "Leeds" moved to Japan, "Winterthur" to Potsdam, "Latina" to Spain). A name the data
 * knows in one country is in that one; a name several countries share ("Latina": Spain and Italy; "Lancaster")
 * is in the country the message points to (its currency, a national body it names, a country it names, another
 * place, a place the person shares), else in one where the message's language is spoken, else in the most
 * populous one. A town the data does not know is in the message's country, when it points to one.
 *
 * ```ts
 * placeCountry('Latina', { language: 'it' }); // 'IT'
 * placeCountry('Lancaster', { cue: 'GB', language: 'en' }); // 'GB'
 * placeCountry('Upper Slaughter', { language: 'en' }); // undefined: protect() then generalizes it ("a place")
 * ```
 *
 * It reads the span's own text and the message around it, nothing of the person's profile but what they share.
 */
import towns from '../../data/towns.json';
import { lazy } from '../domains/phrases';
import type { SubstitutePools } from './pools';
import type { Span } from './types';
import { placeKey, words as wordsOf } from './words';

const wordKey = (word: string) => wordsOf(word)[0]?.key ?? word.toLowerCase();

/** Where each language is mostly spoken (ISO 3166 alpha-2): a shared name's likelier country for a message in it. */
const SPOKEN: Readonly<Record<string, readonly string[]>> = {
  de: ['DE', 'AT', 'CH', 'LI', 'LU'],
  fr: ['FR', 'BE', 'CH', 'CA', 'LU', 'MC', 'SN', 'CI', 'CM', 'MA', 'DZ', 'TN', 'HT'],
  it: ['IT', 'CH', 'SM'],
  es: ['ES', 'MX', 'AR', 'CO', 'CL', 'PE', 'VE', 'EC', 'GT', 'CU', 'BO', 'DO', 'HN', 'PY', 'SV', 'NI', 'CR', 'PA', 'UY', 'PR'],
  pt: ['PT', 'BR', 'AO', 'MZ', 'CV', 'GW', 'ST', 'TL'],
  en: ['GB', 'US', 'IE', 'CA', 'AU', 'NZ', 'IN', 'ZA', 'NG', 'KE', 'GH', 'SG', 'PH', 'JM'],
};

/**
 * One language, mostly one country: a town the data does not know, in a message with no other pointer. Not
 * French, which more people speak outside France than in it (a district of Abidjan or Conakry had been sent as
 * a French town).
 */
const LANGUAGE_COUNTRY: Readonly<Record<string, string>> = { de: 'DE', it: 'IT' };

const CURRENCY_COUNTRY: readonly [RegExp, string][] = [
  [/£/, 'GB'],
  [/₹|\bRs\.?\s?\d/, 'IN'],
  [/R\$/, 'BR'],
  [/₦/, 'NG'],
  [/\bA\$|\bAUD\b/, 'AU'],
  [/\bC\$|\bCAD\b/, 'CA'],
  [/\bKSh\b/, 'KE'],
  [/\bNZ\$/, 'NZ'],
  [/\bCHF\b|\bFr\.\s?\d/, 'CH'],
  [/\bMXN\b/, 'MX'],
  [/\bCOP\b/, 'CO'],
  [/\bARS\b/, 'AR'],
  [/\bCLP\b/, 'CL'],
  [/\bZAR\b/, 'ZA'],
  // The Maghreb's currencies after an amount ("120 000 DA", "3000 dh", "450 DT"): a French message from there.
  [/\d\s?(?:DA|DZD)\b/, 'DZ'],
  [/\d\s?(?:DH|MAD|dhs?)\b/, 'MA'],
  [/\d\s?(?:DT|TND)\b/, 'TN'],
];

/** The one euro country of a language the tagger reads in Europe's south-west (Ticino's francs are `CHF` above). */
const EURO_LANGUAGE: Readonly<Record<string, string>> = { pt: 'PT', es: 'ES', it: 'IT' };
/** The countries whose money is the euro (and the small states that use it). */
const EUROZONE = new Set('AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK MC SM VA AD ME XK'.split(' '));

/**
 * National bodies, benefits and identity numbers whose name is one country's (public names, asked about by
 * people of that country): "IMSS" points to Mexico, "Jobcenter" to Germany. Case-sensitive where the name is an
 * acronym; a name two countries use ("Medicare": US and Australia; "SNS": Portugal and Spain) is left out.
 */
const NATIONAL: readonly (readonly [RegExp, string, string?])[] = [
  // Portugal's income tax in Portuguese ("declarar no IRS em Portugal"), the US's tax office in any other language.
  [/\bIRS\b/, 'PT', 'pt'],
  [/\b(?:NHS|HMRC|DVLA|DWP|UKVI|EU Settlement Scheme|Universal Credit|council tax|GP surgery)\b/, 'GB'],
  // The UK's interior ministry in English ("Home Office" is working from home in German).
  [/\bHome Office\b/, 'GB', 'en'],
  [/\b(?:HSE|Health Service Executive|PPS number|Gardaí|Garda|Revenue\.ie|Intreo)\b/, 'IE'],
  [/\b(?:IRS|USCIS|Medicaid|SNAP|DMV|401\(k\)|Social Security number|SSN|green card|SSDI|DACA|Medi-Cal|CalFresh|EBT card)\b/, 'US'],
  // Austria's and Switzerland's before Germany's: "Krankenkasse" and "Finanzamt" are theirs too.
  [/\b(?:AMS|ÖGK|Mindestsicherung|LKH|PVA|Bezirkshauptmannschaft|e-card)\b/, 'AT'],
  [/\b(?:AHV|RAV|IV-Stelle|Grüezi|Kanton|Gemeindeverwaltung|SEM)\b/, 'CH'],
  [/\b(?:Jobcenter|Bürgergeld|Krankenkasse|Finanzamt|Ausländerbehörde|Schufa|Arbeitsagentur|Agentur für Arbeit|Hartz)\b/, 'DE'],
  [/\b(?:CAF|CPAM|URSSAF|Pôle emploi|France Travail|préfecture|RSA|APL|Sécu)\b/, 'FR'],
  [/\b(?:CPAS|ONEM|mutuelle belge)\b/, 'BE'],
  [/\b(?:INPS|questura|Agenzia delle Entrate|codice fiscale|ASL|NASpI|reddito di cittadinanza|assegno unico)\b/, 'IT'],
  [/\b(?:SEPE|NIE|Hacienda|paro|empadronamiento)\b/, 'ES'],
  [/\b(?:IMSS|ISSSTE|CURP|INFONAVIT|Afore)\b/, 'MX'],
  [/\b(?:EPS|DIAN|tutela|Sisbén)\b/, 'CO'],
  [/\b(?:ANSES|AFIP|monotributo)\b/, 'AR'],
  [/\b(?:INSS|FGTS|CPF|CLT|Bolsa Família|SUS|carteira assinada)\b/, 'BR'],
  [/\b(?:Segurança Social|Finanças|NISS|Cartão de Cidadão)\b/, 'PT'],
  [/\b(?:Aadhaar|PAN card|EPFO)\b/, 'IN'],
  [/\b(?:Centrelink|Medibank|ATO|Medicare card|Fair Work|NDIS|myGov|JobSeeker)\b/, 'AU'],
  [/\b(?:CRA|OHIP|RAMQ|EI benefits|ODSP|Ontario Works|IRCC|PGWP|Service Canada)\b/, 'CA'],
  [/\b(?:WINZ|Work and Income|KiwiSaver|IRD number)\b/, 'NZ'],
  [/\b(?:SASSA|CCMA)\b/, 'ZA'],
  [/\b(?:PhilHealth|Pag-IBIG|NBI clearance)\b/, 'PH'],
];

/**
 * Whether `name` is, whole, one of the national bodies, benefits or numbers above ("Centrelink", "questura",
 * "Bürgergeld"); a local office named with it ("Jobcenter Landkreis Wittenberg") is not.
 */
export function nationalName(name: string): boolean {
  const bare = name.trim();
  // As typed, or with its first letter in the other case ("Questura" at a sentence's start; "centrelink").
  const first = bare.charAt(0);
  const flipped = (first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase()) + bare.slice(1);
  return nationalWhole().some((pattern) => pattern.test(bare) || pattern.test(flipped));
}
/** The names above, whole. */
const nationalWhole = lazy(() => NATIONAL.map(([pattern]) => new RegExp(`^(?:${pattern.source})$`, 'u')));

/** A town of data/towns.json: its country, its first-level region ("AU.07": Victoria) and its size class. */
interface Town {
  readonly name: string;
  readonly country: string;
  readonly region: string;
  readonly size: number;
}

/** Every town of 15,000+ people by name, most populous first (data/towns.json). */
const townsByName = lazy(() => {
  const byName = new Map<string, Town[]>();
  for (const row of (towns as { towns: string[] }).towns) {
    const [name = '', country = '', admin = '', size = '2'] = row.split('|');
    const list = byName.get(placeKey(name)) ?? [];
    list.push({ name, country, region: `${country}.${admin}`, size: Number(size) });
    byName.set(placeKey(name), list);
  }
  return byName;
});
/**
 * The towns by name, and by the first part of a hyphenated name, or of one that says what the town lies on, where
 * that part names no other town ("Brive" for "Brive-la-Gaillarde", "Oujda" for "Oujda-Angad", "Landau" for "Landau
 * in der Pfalz": the short name people type; "Saint", "Boulogne" or "Neustadt" start several and name none). For
 * the country of a place already marked only: such a part is often an ordinary word too ("novo", "grande",
 * "court"), so it does not make a word a place the data knows (`townsNamed`).
 */
const townsLookup = lazy(() => {
  const byName = new Map(townsAndAliases());
  const parts = new Map<string, Town[] | null>();
  for (const [name, list] of townsByName()) {
    const part = /^([^\s-]{4,})(?:-|\s+(?:an der|am|an|ob der|in der|im|bei|upon|on|on the|sur|sous)\s)/u.exec(name)?.[1];
    if (!part || byName.has(part)) continue;
    parts.set(part, parts.has(part) ? null : list);
  }
  for (const [part, list] of parts) if (list) byName.set(part, list);
  return byName;
});
/**
 * The other names of the larger towns ("Londra", "Bruxelles", "Bangalore": data/towns.json `aliases`), each to the
 * town it names, so the town keeps its country and region whichever name is typed. Never a stand-in: those are
 * drawn from the towns' own names (`townsByRegion`).
 */
const townAliases = lazy(() => {
  const byAlias = new Map<string, Town[]>();
  for (const row of (towns as { aliases?: string[] }).aliases ?? []) {
    const [alias = '', name = '', country = ''] = row.split('|');
    const town = townsByName()
      .get(placeKey(name))
      ?.find((t) => t.country === country);
    if (town && !townsByName().has(placeKey(alias))) byAlias.set(placeKey(alias), [town]);
  }
  return byAlias;
});
/** The names a place typed by another of its names is known by ("Bruxelles": "Brussels"; "Lisboa": "Lisbon"). */
export function placeNames(name: string, pools: SubstitutePools): string[] {
  const kind = pools.placeKind?.(bare(name));
  return [...(townAliases().get(placeKey(bare(name))) ?? []).map((t) => t.name), ...(kind && 'named' in kind && kind.named ? [kind.named] : [])];
}
const countriesByName = (byName: Map<string, Town[]>) => new Map([...byName].map(([name, list]) => [name, list.map((t) => t.country)]));
/** The towns by their own names and their other names. */
const townsAndAliases = lazy(() => new Map([...townsByName(), ...townAliases()]));
const townCountries = lazy(() => countriesByName(townsAndAliases()));
const townOrPartCountries = lazy(() => countriesByName(townsLookup()));

/** The towns of each first-level region, by size class (largest first), for a stand-in in the same region. */
export const townsByRegion = lazy(() => {
  const byRegion = new Map<string, string[][]>();
  for (const list of townsByName().values()) {
    for (const town of list) {
      const bands = byRegion.get(town.region) ?? [[], [], []];
      (bands[town.size] ??= []).push(town.name);
      byRegion.set(town.region, bands);
    }
  }
  return byRegion;
});

/** The town of this name in this country (the most populous one), if the data knows it. */
export const townIn = (name: string, country: string): Town | undefined =>
  townsLookup()
    .get(placeKey(bare(name)))
    ?.find((t) => t.country === country);

const bare = (name: string) => name.replace(/['’]s$/, '').trim();

/** The countries a town of 15,000+ people of this name is in, most populous first (none: not a town the data knows). */
export const townsNamed = (name: string): readonly string[] => townCountries().get(placeKey(bare(name))) ?? [];

/** Whether the place data knows the name: a city, region, country or code of the pools, or a town of 15,000+. */
export const knownPlace = (name: string, pools: SubstitutePools): boolean => pools.placeKind?.(name) !== undefined || townsNamed(name).length > 0;

/** The countries a place name may be in: the city or region the substitute pools know first, then towns by size. */
function countriesOfName(name: string, pools: SubstitutePools): readonly string[] {
  const kind = pools.placeKind?.(bare(name));
  const known = kind && 'country' in kind && kind.country ? [kind.country] : [];
  return [...new Set([...known, ...(townOrPartCountries().get(placeKey(bare(name))) ?? [])])];
}

/**
 * The place a longer span names inside it, when the data does not know the whole: an address's town, after its
 * last comma or postcode ("Grazer Straße 41/7, 8020 Graz": "Graz"; "6500 Bellinzona"), or a name the tagger read
 * with the lower-case words after it ("Douala vendredi": "Douala"), a town joined to its district or named with
 * "City" (below). Never a part of a longer name ("Faria Lima",
 * "San Juan de Lurigancho": another place's name inside). Undefined when none is known.
 */
export function knownPart(name: string, pools: SubstitutePools): string | undefined {
  const part = /[,\d]/.test(name)
    ? /(?:^|,|\d)\s*([\p{L}'’. -]+?)\s*$/u.exec(name)?.[1]
    : /^(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)*)(?:\s+\p{Ll}[\p{L}'’.-]*)+$/u.exec(name)?.[1];
  if (part && part !== name && countriesOfName(part, pools).length) return part;
  // A city and its district, joined or not ("Graz-Liebenau", "Luxembourg-Ville", "Wien Favoriten": a district the
  // data does not know), or a town named with "City" ("Iloilo City", "Cebu City"): the town.
  const district = /^(\p{Lu}[\p{L}'’.]+)\s+(\p{Lu}[\p{L}'’.-]+)$/u.exec(name);
  const city =
    /^(\p{Lu}[\p{L}'’.]+)-\p{Lu}[\p{L}'’.-]*$/u.exec(name)?.[1] ??
    /^(\p{Lu}[\p{L}'’. -]+?)\s+City$/u.exec(name)?.[1] ??
    (district && cityDistrict(district[1]!, district[2]!, pools) ? district[1] : undefined);
  const kind = city ? pools.placeKind?.(city)?.type : undefined;
  return city && (kind === 'city' || ((kind === undefined || kind === 'country') && townsNamed(city).length > 0)) ? city : undefined;
}

/**
 * Whether "`city` `part`" is a city and one of its districts ("Wien Favoriten", "Lyon Croix-Rousse"): a city of
 * the place data, then a name that is no word for a kind of area ("Montgomery County") and no place, or a place of
 * the city's own country.
 */
function cityDistrict(city: string, part: string, pools: SubstitutePools): boolean {
  const kind = pools.placeKind?.(city);
  if (kind?.type !== 'city' || AREA_WORD.test(part)) return false;
  const other = pools.placeKind?.(part);
  if (other) return other.type === 'city' && other.country === kind.country;
  const towns = townsNamed(part);
  return towns.length === 0 || towns.includes(kind.country ?? '');
}
const AREA_WORD = /^(?:County|City|Parish|District|Borough|Township|Province|Region|Kreis|Bezirk|Land|Valley|Heights|Beach|Park)$/i;

/**
 * The countries a place span may be in: its name's, else those of the place it names inside (`knownPart`), else
 * the country of a region's code after a town ("Toowoomba Qld", "Red Deer AB"; a US state's: "Doral FL").
 */
function countriesOf(name: string, pools: SubstitutePools): readonly string[] {
  const whole = countriesOfName(name, pools);
  if (whole.length) return whole;
  const part = knownPart(name, pools);
  if (part) return countriesOfName(part, pools);
  // "Dayton Ohio", "leeds uk": the region's country, else the town's.
  const split = townThenRegion(name, pools);
  const region = split ? pools.placeKind?.(split.region) : undefined;
  if (split) return region && 'country' in region && region.country ? [region.country] : countriesOfName(split.town, pools);
  // A code as people type one, in capitals ("Doral FL"; "Qld" as a word): never an ordinary word that is a state's
  // code in lower case ("… de", "… la", "… in": Delaware, Louisiana, Indiana).
  const code = /\s(\p{Lu}\p{L}{1,2})$/u.exec(name)?.[1];
  const kind = code ? pools.placeKind?.(code) : undefined;
  if (kind?.type === 'state') return code === code!.toUpperCase() ? ['US'] : [];
  return kind?.type === 'region' && kind.country ? [kind.country] : [];
}

/** The most words a region or country typed after a town without a comma has ("Costa Rica", "New South Wales"). */
const REGION_WORDS = 3;

/**
 * A town and the region or country typed after it ("Sudbury, Ontario", "Dayton Ohio", "leeds uk", "San José Costa
 * Rica"): the town, what separates them, and the region as typed. Without a comma the words after must be a region
 * or country the data knows (never a state's code: "Doral FL" is read as a code), and the whole no place of its own
 * ("New South Wales", "Buenos Aires"). Undefined when the name is not of that shape.
 */
export function townThenRegion(text: string, pools: SubstitutePools): { town: string; separator: string; region: string } | undefined {
  const typeOf = (name: string) => pools.placeKind?.(name.trim())?.type;
  const comma = /^([^,]+)(,\s*)([^,]+)$/.exec(text);
  if (comma) {
    const type = typeOf(comma[3]!);
    return type === 'region' || type === 'state' || type === 'country' ? { town: comma[1]!.trim(), separator: comma[2]!, region: comma[3]!.trim() } : undefined;
  }
  if (typeOf(text) !== undefined || townsNamed(text).length > 0) return undefined;
  const words = text.trim().split(/\s+/);
  for (let at = Math.max(1, words.length - REGION_WORDS); at < words.length; at++) {
    const [town, region] = [words.slice(0, at).join(' '), words.slice(at).join(' ')];
    const type = typeOf(region);
    // A code in capitals is read as one ("Wil SG": St. Gallen's, not Singapore); a town is one the data knows or
    // a capitalised name ("la reunion" is no town "la" of Réunion).
    if ((type === 'region' || type === 'country') && !/^[A-Z]{2,3}$/.test(region) && (/^\p{Lu}/u.test(town) || countriesOfName(town, pools).length > 0))
      return { town, separator: ' ', region };
  }
  return undefined;
}

export interface CountryCues {
  /** The country the message points to (`messageCue`). */
  readonly cue?: string;
  /** The language the tagger read the message in. */
  readonly language: string;
  /** The message names two countries or more (`countriesNamed`). */
  readonly several?: boolean;
}

/**
 * The country the place `name` is in (see the file's comment), or undefined when nothing says. In a message
 * naming two countries or more ("abito a Luino e lavoro a Mendrisio", "sono di Rosario, Argentina …
 * nato a Padula"), a town the data does not know could be in any of them: nothing says which.
 */
export function placeCountry(name: string, pools: SubstitutePools, { cue, language, several = false }: CountryCues): string | undefined {
  const candidates = countriesOf(name, pools);
  if (cue && candidates.includes(cue)) return cue;
  const spoken = SPOKEN[language] ?? [];
  return (
    worldCity(name, candidates, spoken, pools) ??
    candidates.find((c) => spoken.includes(c)) ??
    candidates[0] ??
    (several ? undefined : (cue ?? LANGUAGE_COUNTRY[language]))
  );
}

/**
 * One of the world's 500 largest cities (the place data's first two size bands), the one meant over the small
 * towns of its name where the message's language is spoken ("Rome", "Paris" in English: Italy's and France's, not
 * Georgia's or Texas's; `candidates` most populous first). Undefined when a town of the language's countries is
 * larger than a small town, or none is there.
 */
function worldCity(name: string, candidates: readonly string[], spoken: readonly string[], pools: SubstitutePools): string | undefined {
  const [first] = candidates;
  const kind = pools.placeKind?.(bare(name));
  if (!first || spoken.includes(first) || kind?.type !== 'city' || kind.band > 1 || kind.country !== first) return undefined;
  const local = candidates.filter((c) => spoken.includes(c));
  return local.length > 0 && local.every((c) => (townIn(name, c)?.size ?? 2) === 2) ? first : undefined;
}

/** The one country a place span points to: a country by name, a US state's code, a town of one country (or of one where the language is spoken). */
function pointsTo(span: Span, pools: SubstitutePools, spoken: readonly string[]): string | undefined {
  if (usStateCode(span.text, pools)) return 'US';
  const candidates = countriesOf(span.text, pools);
  const local = candidates.filter((c) => spoken.includes(c));
  return candidates.length === 1 ? candidates[0] : (worldCity(span.text, candidates, spoken, pools) ?? (local.length === 1 ? local[0] : undefined));
}

/**
 * A city of 100,000 people or more the data knows, named at the end of an organisation's name ("commissariat
 * central de Conakry", "Jobcenter Gelsenkirchen"): where that body is.
 */
function cityInName(span: Span, pools: SubstitutePools): string | undefined {
  if (span.kind !== 'organisation') return undefined;
  const last = /(\p{Lu}[\p{L}'’-]+)$/u.exec(span.text)?.[1];
  const kind = last && last !== span.text ? pools.placeKind?.(last) : undefined;
  return kind?.type === 'city' && 'country' in kind ? kind.country : undefined;
}

/**
 * The countries a message names as places ("Italia e Svizzera", "Rosario, Argentina … in Italia"), each once. Only
 * by their names: a town read wrongly ("Springs" of "Desert Springs Rehab", a South African town) names none.
 */
export function countriesNamed(spans: readonly Span[], pools: SubstitutePools): Set<string> {
  const out = new Set<string>();
  for (const span of spans) {
    const country = countryNamed(span, pools);
    if (country) out.add(country);
  }
  return out;
}
/** The country a place span names by its name ("Rumänien"), if it does. */
function countryNamed(span: Span, pools: SubstitutePools): string | undefined {
  const kind = span.kind === 'place' ? pools.placeKind?.(bare(span.text)) : undefined;
  return kind?.type === 'country' && 'country' in kind ? kind.country : undefined;
}

/**
 * The country the message points to: its currency, a national body or number it names, a place in it whose
 * country is clear (one candidate, or one where its language is spoken), a country or a region it names, a place the person
 * shares in their profile ("Leeds, UK": the release states it). Undefined when none does.
 */
export function messageCue(
  text: string,
  spans: readonly Span[],
  pools: SubstitutePools,
  language: string,
  shared: readonly string[] = [],
  plain: readonly string[] = [],
): string | undefined {
  for (const [pattern, code] of CURRENCY_COUNTRY) if (pattern.test(text)) return code;
  for (const [pattern, code, only] of NATIONAL) if ((only === undefined || only === language) && pattern.test(text)) return code;
  const spoken = SPOKEN[language] ?? [];
  // The country most of its places point to: each place whose country is clear (one candidate, or one where its
  // language is spoken) and each US state's code counts once; a tie goes to the first named. ("Springs", a
  // South African town, read inside "Desert Springs Rehab" beside "Chandler" and "AZ": the US.)
  // A city at the end of a body's name counts too ("commissariat central de Conakry").
  // A country named by its name does not vote: it is as often where the writer comes from or goes to ("kommt aus
  // Rumänien", "a bolsa em Portugal") as where they are; with no town's vote it is the cue (below).
  const votes = new Map<string, number>();
  for (const span of spans) {
    if (countryNamed(span, pools)) continue;
    const country = span.kind === 'place' ? pointsTo(span, pools, spoken) : cityInName(span, pools);
    if (country) votes.set(country, (votes.get(country) ?? 0) + 1);
  }
  const most = [...votes].reduce<[string, number] | undefined>((best, vote) => (!best || vote[1] > best[1] ? vote : best), undefined);
  // Prices in euros in a language one euro country speaks point to it over places of countries without the euro
  // ("95 mil euros" in Portuguese: Portugal, not Brazil; a village of the Alentejo had gone out as a town of
  // Pernambuco, "Custódia" beside it read as a Brazilian town). Not over a town of another euro country: Italians
  // in Stuttgart, Portuguese in Luxembourg pay in euros too.
  const euro = EURO_LANGUAGE[language] && /€|\d\s*(?:mil\s+|mila\s+)?euros?\b|\beuros?\s*\d|\bEUR\b/iu.test(text) ? EURO_LANGUAGE[language] : undefined;
  if (most && (!euro || EUROZONE.has(most[0]))) return most[0];
  if (euro) return euro;
  // With no town's vote, a country it names as a place ("aqui em angola", "Service Canada" beside "Canada").
  const country = spans.map((s) => countryNamed(s, pools)).find(Boolean);
  if (country) return country;
  // Two capitalised words, else the first alone ("United Kingdom"; "Ontario Health": "Ontario"), never a
  // person's name ("Victoria Adams", "Jordan").
  const person = (at: number) => spans.some((s) => s.kind === 'person' && s.start <= at && at < s.end);
  // One word opening a sentence, or one the language uses as an ordinary word, names no region ("Mon loyer…":
  // French "my", not Myanmar's Mon State).
  const ordinary = new Set(plain);
  const everyday = (words: string, at: number) =>
    !words.includes(' ') && (ordinary.has(wordKey(words)) || /(?:^|[.!?:]\s*|\n\s*)["'“(]?$/u.test(text.slice(Math.max(0, at - 4), at)));
  // (Words in capitals only count where the tagger read a place: "GP", "HR", "IT" are no countries here.)
  const named = [...text.matchAll(/\p{Lu}[\p{L}-]+(?:\s\p{Lu}[\p{L}-]+)?/gu)]
    .filter((m) => !person(m.index!) && /\p{Ll}/u.test(m[0]) && !everyday(m[0], m.index!))
    .map(([words]) => pools.placeKind?.(words) ?? pools.placeKind?.(words.split(' ')[0]!));
  for (const type of ['country', 'region'] as const) {
    // A country it names, else a region ("Sudbury" beside "Ontario": Canada's).
    const kind = named.find((k) => k?.type === type && 'country' in k && k.country);
    if (kind && 'country' in kind && kind.country) return kind.country;
  }
  for (const part of shared.flatMap((v) => v.split(/\s*,\s*/))) {
    const kind = pools.placeKind?.(part.trim());
    if (kind && 'country' in kind && kind.country) return kind.country;
  }
  return undefined;
}

/** GeoNames' first-level region codes by English name and country ("manitoba|CA": "CA.03"; data/towns.json `regions`). */
const regionCodes = lazy(
  () =>
    new Map(
      ((towns as { regions?: string[] }).regions ?? []).map((row) => {
        const [name = '', code = ''] = row.split('|');
        return [`${placeKey(name)}|${code.slice(0, code.indexOf('.'))}`, code] as const;
      }),
    ),
);
/**
 * The first-level region ("CA.03") a region's name or typed code names ("Manitoba", "MB", "Qld", "Ohio", "OH"),
 * as the towns' regions are coded, so a town beside it gets a stand-in there. Undefined for anything else.
 */
export function regionOf(name: string, pools: SubstitutePools): string | undefined {
  const bareName = name.trim();
  if (usStateCode(bareName, pools)) return `US.${bareName}`;
  const kind = pools.placeKind?.(bareName);
  if (kind?.type !== 'region' || !kind.country) return undefined;
  return kind.region ?? regionCodes().get(`${placeKey(bareName)}|${kind.country}`);
}

/** A US state's two-letter code typed in capitals ("AZ", "TX"); not "WA", which is Western Australia's too. */
export const usStateCode = (text: string, pools: SubstitutePools): boolean =>
  /^[A-Z]{2}$/.test(text) && text !== 'WA' && pools.placeKind?.(text)?.type === 'state';

/**
 * The first-level region ("US.OH") a message's other places put a town of `country` in that the data does not
 * know: the one region of every town of that country the message names that the data does know, or of a US
 * state's code it names ("Montgomery County" beside "Dayton", or beside "OH": Ohio, so its stand-in is an Ohio
 * town and the state's law stays). With no other town
 * marked, a city of 250,000 people or more the message names as typed, outside any mark ("Surulere" beside "the
 * Lagos State Tenancy Law": Lagos, so a tenancy question keeps its state's law). Undefined when they name none,
 * or towns of two regions.
 */
export function regionCue(span: Span, spans: readonly Span[], country: string, pools: SubstitutePools, text = ''): string | undefined {
  const regions = new Set<string>();
  for (const other of spans) {
    if (other.kind !== 'place' || other === span) continue;
    // A region it names by name or code, alone or after a town ("Saskatchewan", "AZ", "Kindersley, SK", "Wagga
    // Wagga NSW"; GeoNames' first-level regions of the US are the states' codes).
    const named = regionOf(townThenRegion(other.text, pools)?.region ?? /\s(\p{Lu}\p{L}{1,2})$/u.exec(other.text)?.[1] ?? other.text, pools);
    if (named?.startsWith(`${country}.`)) regions.add(named);
    const town = townIn(other.text, country) ?? townIn(knownPart(other.text, pools) ?? '', country);
    if (town) regions.add(town.region);
  }
  if (!regions.size) {
    for (const m of text.matchAll(/\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?/gu)) {
      if (spans.some((s) => s.start < m.index! + m[0].length && m.index! < s.end)) continue;
      const town = townIn(m[0], country) ?? townIn(m[0].split(/\s/)[0]!, country);
      if (town?.size === 0) regions.add(town.region);
    }
  }
  return regions.size === 1 ? [...regions][0] : undefined;
}
