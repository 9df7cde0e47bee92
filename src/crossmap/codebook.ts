/**
 * A conversation's codebook: its theme, its secret, and every (original, substitute) pair so far. Within one
 * conversation a span always gets the same substitute; a new conversation draws a new theme, a new secret and
 * new substitutes, so two conversations cannot be linked by what they sent.
 *
 * Stand-ins reveal nothing about other originals: every span's substitute, numbers included (a date's shift,
 * an amount's factor, an age's step), is drawn from the secret and that span alone (./derive.ts), with no
 * shift or factor shared by two spans. So from any number of (original, stand-in) pairs a page sees, no other
 * original of the conversation can be computed: another span's draw is an independent pseudorandom value.
 * A message typed in the site's own box and one written in private compose draw in separate scopes
 * (`DictionaryEntry.scope`): the page has seen the typed originals, and must not learn the compose box's
 * stand-ins from them. (No stand-in repeats another pair's, so the answer reads back to one original; that tells
 * a page only that two stand-ins differ.)
 *
 * The state is plain data (stored per conversation by the extension, editable by the person). Drawing
 * uses the caller's RandomSource (crypto in the extension, seeded in tests and the evaluation).
 */
import type { RandomSource } from '../core/contracts';
import { townsNamed } from './place-country';
import { derivedSource } from './derive';
import { type Draw, isDecadePhrase, scaleMoney, scramble, scramblePhone, shiftAge, shiftDate } from './numbers';
import { ORGANISATION_CUES } from './terms';
import { wordPattern } from './recover';
import { THEMES, themeRole, type Theme } from './themes';
import type { DictionaryEntry, Span, SpanKind } from './types';

export interface CodebookState {
  readonly theme: string;
  readonly entries: readonly DictionaryEntry[];
  /**
   * Drawn once per conversation (hex): a new span's substitute is drawn from it (./derive.ts), so what Replace
   * would write is known before it is stored and stays the same however often the review recomputes it.
   * Absent in codebooks made before it existed: their draws come from the caller's random source.
   */
  readonly secret?: string;
  /**
   * Originals this conversation sent only by their kind (a special category generalized): found again in every
   * later message of the conversation with their kind, so a follow-up that reads as a general question ("is
   * asthma worse in winter?") does not name what an earlier message kept general. No stand-in, nothing to read back.
   */
  readonly generalized?: readonly { readonly original: string; readonly kind: SpanKind }[];
}

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
  | { readonly type: 'city'; readonly band: number; readonly country?: string; readonly subregion?: string }
  /** A region keeps its country ("Ohio" → another US state), else its M49 sub-region, so its law and climate stay near. */
  | { readonly type: 'region'; readonly subregion?: string; readonly country?: string }
  | { readonly type: 'country'; readonly country?: string }
  | { readonly type: 'state' | 'travel' };

/** What the text says about a span that its substitute should keep. */
export interface SubstituteHint {
  /** A person's gender as the text gives it (daughter, Mr, she). */
  readonly gender?: 'female' | 'male';
  /** A family name after a title ("Mr. Tanaka"): replaced by a family name. */
  readonly familyName?: boolean;
  /** 'protect': special categories get same-kind stand-ins, not themed words; 'crossmap': the themed mapping. */
  readonly mode?: 'protect' | 'crossmap';
  /** 'compose': written in Veil's private compose box; absent: typed in the site's own box (see the file's comment). */
  readonly scope?: 'compose';
  /**
   * The country the place is in (ISO 3166 alpha-2, ./place-country.ts): a town the data does not know, or a
   * city's name that is also a town of this country, gets a town of this country.
   */
  readonly country?: string;
}

/** A uniform integer in [0, n) from 32-bit draws, by rejection (no modulo bias). */
export function drawFrom(random: RandomSource): Draw {
  const bytes = new Uint8Array(4);
  return (n: number) => {
    if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`cannot draw from ${n}`);
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      random.fill(bytes);
      const x = ((bytes[0]! << 24) >>> 0) + (bytes[1]! << 16) + (bytes[2]! << 8) + bytes[3]!;
      if (x < limit) return x % n;
    }
  };
}

/** A fresh codebook: a theme and a secret drawn at random. */
export function newCodebook(random: RandomSource, themes: readonly Theme[] = THEMES): CodebookState {
  const draw = drawFrom(random);
  return {
    theme: themes[draw(themes.length)]!.id,
    entries: [],
    secret: [...Array(16)].map(() => draw(256).toString(16).padStart(2, '0')).join(''),
  };
}

/** The form a span's text is looked up by: case, spacing and a possessive 's do not make a new span. */
export function lookupKey(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').replace(/['’]s$/, '').trim();
}

/**
 * Lookups by original and by stand-in, kept with an entries array (a codebook grows one pair at a time, so the
 * index of the array a pair was added to serves the new array too): a long message's spans are looked up in
 * constant time, not by a scan of every pair so far.
 */
interface EntryIndex {
  /** How many entries of the array it was made for it covers. */
  length: number;
  readonly byOriginal: Map<string, number>;
  readonly bySubstitute: Set<string>;
}
const indexes = new WeakMap<readonly DictionaryEntry[], EntryIndex>();

const scopeKey = (original: string, scope: DictionaryEntry['scope']) => `${scope ?? ''}\u0000${lookupKey(original)}`;

function indexOf(entries: readonly DictionaryEntry[]): EntryIndex {
  let index = indexes.get(entries);
  if (index && index.length === entries.length) return index;
  index = { length: 0, byOriginal: new Map(), bySubstitute: new Set() };
  for (const entry of entries) addToIndex(index, entry);
  indexes.set(entries, index);
  return index;
}

function addToIndex(index: EntryIndex, entry: DictionaryEntry): void {
  const key = scopeKey(entry.original, entry.scope);
  if (!index.byOriginal.has(key)) index.byOriginal.set(key, index.length);
  index.bySubstitute.add(lookupKey(entry.substitute));
  index.length++;
}

/** `entries` with `entry` added (its index carried over when `entries` is the newest array it covers). */
export function withEntry(entries: readonly DictionaryEntry[], entry: DictionaryEntry): readonly DictionaryEntry[] {
  const index = indexOf(entries);
  const next = [...entries, entry];
  indexes.delete(entries);
  addToIndex(index, entry);
  indexes.set(next, index);
  return next;
}

/** The pair of `original` in `scope`, if the codebook has one. */
export function knownEntry(state: CodebookState, original: string, scope?: DictionaryEntry['scope']): DictionaryEntry | undefined {
  const at = indexOf(state.entries).byOriginal.get(scopeKey(original, scope));
  return at === undefined ? undefined : state.entries[at];
}

/** Whether some pair already uses `substitute` as its stand-in. */
export function substituteTaken(state: CodebookState, substitute: string): boolean {
  return indexOf(state.entries).bySubstitute.has(lookupKey(substitute));
}

/** `text` in lower case (kept for the last text asked: every span of a message avoids the same text). */
let lowerMemo: { text: string; lower: string } | null = null;
function lowerOnce(text: string): string {
  if (lowerMemo?.text !== text) lowerMemo = { text, lower: text.toLowerCase() };
  return lowerMemo.lower;
}

/**
 * The words just before `at` (up to about 80 characters, from a space), for the patterns that read what comes
 * before a span ("my", "a", "the"): they then read a bounded window, so a long message costs linear time.
 * The window starts at a space, so a pattern that wants a non-letter or the start before a word finds it.
 */
export function textBefore(text: string, at: number): string {
  if (at <= 80) return text.slice(0, at);
  const space = text.slice(at - 80, at).search(/\s/);
  return text.slice(space < 0 ? at - 80 : at - 80 + space, at);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The codebook's substitute for `span`, adding a new pair when the span is new. `avoid` holds words that
 * must not be used as a substitute (the prompt's own text, so a substitute never collides with it).
 */
export function substituteFor(
  state: CodebookState,
  span: Pick<Span, 'text' | 'kind'>,
  random: RandomSource,
  pools: SubstitutePools,
  avoid: string = '',
  hint: SubstituteHint = {},
): { state: CodebookState; substitute: string } {
  const key = lookupKey(span.text);
  const known = knownEntry(state, span.text, hint.scope);
  if (known) return { state, substitute: known.substitute };
  const scope = hint.scope === 'compose' ? 'compose\u0000' : '';
  const draw = drawFrom(state.secret ? derivedSource(state.secret, `${scope}${hint.mode ?? 'crossmap'}\u0000${span.kind}\u0000${hint.gender ?? ''}${hint.familyName ? 'F' : ''}\u0000${key}`) : random);
  const avoidText = lowerOnce(avoid);
  // Not taken, not a word of the prompt, and not a near-copy of the original ("Leonor" for "Leo").
  const free = (candidate: string) => {
    const c = lookupKey(candidate);
    return !substituteTaken(state, c) && !avoidText.includes(c) && !c.includes(key) && !key.includes(c);
  };
  // Uniform over the free items of the pool: a few draws from the whole pool first (almost always one is
  // free), the free items counted out only when those miss. Either way each free item is equally likely.
  const pick = (pool: readonly string[]) => {
    for (let tries = 0; tries < 16 && pool.length > 0; tries++) {
      const candidate = pool[draw(pool.length)]!;
      if (free(candidate)) return candidate;
    }
    const options = pool.filter(free);
    return options.length ? options[draw(options.length)] : undefined;
  };
  // A number's stand-in is drawn again (from the same span's stream) when another pair has it already, so the
  // answer reads back to one original.
  let drawn = generate(span.kind, span.text, state.theme, draw, pick, pools, hint);
  for (let again = 0; again < 16 && drawn !== undefined && substituteTaken(state, drawn); again++) drawn = generate(span.kind, span.text, state.theme, draw, pick, pools, hint);
  const substitute = drawn ?? fallback(span.kind, span.text, draw, pick, pools);
  const entry: DictionaryEntry = { original: span.text.replace(/['’]s$/, ''), substitute, kind: span.kind, ...(hint.scope ? { scope: hint.scope } : {}) };
  return { state: { ...state, entries: withEntry(state.entries, entry) }, substitute };
}

function generate(
  kind: SpanKind,
  text: string,
  themeId: string,
  draw: Draw,
  pick: (pool: readonly string[]) => string | undefined,
  pools: SubstitutePools,
  hint: SubstituteHint = {},
): string | undefined {
  const decoys = pools.specialDecoys?.[kind];
  if (hint.mode === 'protect' && decoys) return pick(decoys);
  if (hint.mode === 'protect' && (kind === 'organisation' || kind === 'proper')) return organisationLike(text, draw, pick, pools);
  // A profile value or an always-map term with a name in it ("Project Orion") keeps its shape, names replaced.
  if (hint.mode === 'protect' && (kind === 'custom' || kind === 'profile') && /\p{Lu}/u.test(text)) return organisationLike(text, draw, pick, pools);
  const role = themeRole(kind);
  if (role) {
    const theme = THEMES.find((t) => t.id === themeId) ?? THEMES[0]!;
    const found = pick(theme.pools[role]);
    return found && /^[A-Z]/.test(text) && role !== 'organisation' ? capitalize(found) : found;
  }
  switch (kind) {
    case 'person': {
      const words = text.replace(/['’]s$/, '').split(/\s+/);
      // "Mr Okafor" keeps its title; a single family name after a title stays a family name.
      const title = /^(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof)\.?$/i.test(words[0] ?? '') ? words.shift()! : '';
      if (title || (hint.familyName && words.length === 1)) {
        const family = pick(pools.familyNames);
        return family ? `${title ? `${title} ` : ''}${family}` : undefined;
      }
      const byGender = hint.gender === 'female' ? pools.femaleNames : hint.gender === 'male' ? pools.maleNames : pools.unisexNames;
      const given = pick(byGender?.length ? byGender : pools.givenNames) ?? pick(pools.givenNames);
      if (words.length === 1 || !given) return given;
      const family = pick(pools.familyNames);
      return family ? `${given} ${family}` : given;
    }
    case 'place':
      return placeLike(text, draw, pick, pools, hint.country);
    // Numbers: a shift or factor of this span's own (see the file's comment), never one shared with another span.
    case 'date':
      // A weekday in another language than English ("mardi" is not March): another weekday of its language.
      return (weekdayIn(text)?.language ?? 0) > 0 ? undatable(text, draw) : shiftDate(text, sign(draw) * (20 + draw(300)));
    case 'money':
      // ×0.55–0.9 or ×1.15–1.8: the amount changes visibly and keeps its scale.
      return scaleMoney(text, (draw(2) === 0 ? 550 + draw(351) : 1150 + draw(651)) / 1000);
    case 'age':
      return shiftAge(text, sign(draw) * (1 + draw(3)));
    case 'email': {
      const given = pick(pools.givenNames) ?? 'alex';
      const family = pick(pools.familyNames) ?? 'morgan';
      const domain = ['example.com', 'example.org', 'example.net'][draw(3)];
      return `${given}.${family}@${domain}`.toLowerCase();
    }
    case 'phone':
      return scramblePhone(text, draw);
    case 'id':
      return scramble(text, draw);
    default:
      return undefined;
  }
}

const sign = (draw: Draw) => (draw(2) === 0 ? -1 : 1);

const THE_COUNTRIES = /^(?:UK|U\.K\.|US|U\.S\.|USA|U\.S\.A\.|UAE|United (?:Kingdom|States|Arab Emirates)|Netherlands|Philippines|Czech Republic|Dominican Republic|Bahamas|Gambia|Maldives)$/i;
const THE_COUNTRY_NAMES = ['UK', 'US', 'Netherlands', 'Philippines', 'UAE', 'Czech Republic', 'Dominican Republic', 'Bahamas', 'Gambia', 'Maldives'];

const STREET_WORDS = /^(?:Road|Rd|Street|St|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Close|Court|Ct|Place|Pl|Terrace|Crescent|Parkway|Highway|Row|Gardens|Square|Hill|Grove|Flat|Apt|Apartment|Unit|Suite|Floor|Room|Rue|Calle|Rua|Avenida|Via|Jalan|de|la|le|del|da|do|the)$/i;

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
 * (MIN_OTHERS or fewer besides the original: Riga, Dublin, Montevideo) falls back to the cities of its M49
 * sub-region (Northern Europe, South America), the nearest grouping the data has; its law then differs, as it
 * must for the stand-in to hide the city at all. A sub-region with no other city (Melanesia: Port Moresby
 * alone) falls back to a city of the same size band anywhere.
 */
function cityLike(kind: Extract<PlaceKind, { type: 'city' }>, pick: PickFrom, pools: SubstitutePools): string | undefined {
  const ofCountry = kind.country ? pools.citiesByCountry?.get(kind.country) : undefined;
  if (count(ofCountry) > MIN_OTHERS) {
    const found = nearBand(ofCountry, kind.band, pick);
    if (found) return found;
  }
  const ofSubregion = kind.subregion ? pools.citiesBySubregion?.get(kind.subregion) : undefined;
  return nearBand(ofSubregion, kind.band, pick) ?? pick(pools.cityBands?.[kind.band] ?? []) ?? pick(pools.places);
}

/** A region of the same country ("Ohio" → "Oregon"); with too few in the country, of its M49 sub-region (as cityLike). */
function regionLike(kind: Extract<PlaceKind, { type: 'region' }>, pick: PickFrom, pools: SubstitutePools): string | undefined {
  const ofCountry = kind.country ? pools.regionsByCountry?.get(kind.country) : undefined;
  const found = ofCountry && ofCountry.length > MIN_OTHERS ? pick(ofCountry) : undefined;
  return found ?? pick(pools.regionsBySubregion?.get(kind.subregion ?? '') ?? pools.regions ?? []) ?? pick(pools.places);
}

type PickFrom = (pool: readonly string[]) => string | undefined;

/**
 * Whether a span's default treatment should keep it, as what the answer depends on and what its stand-in could
 * not keep: a country (a person replaces one only by choosing Replace; `substituteFor` then draws another
 * country, which is what Replace writes), and a decade phrase ("in my forties", "late 60s", "a 40-something"),
 * which is already a generalization, coarser than the few years a numeric age moves.
 */
export function keptByDefault(span: Pick<Span, 'text' | 'kind'>, pools: SubstitutePools): boolean {
  if (span.kind === 'place') return pools.placeKind?.(span.text.replace(/['’]s$/, ''))?.type === 'country';
  if (span.kind === 'age') return isDecadePhrase(span.text);
  return false;
}

/**
 * A place of the same kind: a city of the same country and size band, a region of the same country, a country
 * for a country (what an explicit Replace writes: see `keptByDefault`), a US state code for one, a travel code
 * for a travel code; an address keeps its shape (numbers redrawn, street names replaced, street words kept) and
 * its town's country: a town it knows becomes a town of the same country, a country named in it stays.
 */
function placeLike(text: string, draw: Draw, pick: PickFrom, pools: SubstitutePools, country?: string): string | undefined {
  const kind = pools.placeKind?.(text.replace(/['’]s$/, ''));
  // A city of another country's name ("Latina" in an Italian message: not Spain's) is a town of that country.
  if (kind?.type === 'city' && (!country || !kind.country || kind.country === country)) return cityLike(kind, pick, pools);
  // "the UK" → "the Netherlands", not "the Singapore".
  if (kind?.type === 'country') return pick(THE_COUNTRIES.test(text) ? THE_COUNTRY_NAMES : pools.countries ?? []) ?? pick(pools.places);
  if (kind?.type === 'region') return regionLike(kind, pick, pools);
  if (kind?.type === 'state') return pick(pools.stateCodes ?? []);
  if (kind?.type === 'travel') return pick(pools.travelCodes ?? []);
  if (/\d/.test(text)) return addressLike(text, draw, pick, pools, country);
  if (/^[A-Z]{3}$/.test(text) && pools.travelCodes?.length) return pick(pools.travelCodes);
  // A town the data does not know (under 100,000 people), or a city's name used for a town of another country:
  // a smaller town of its country (./place-country.ts), if anything says which.
  const ofCountry = country ? pools.citiesByCountry?.get(country) : undefined;
  return (count(ofCountry) > MIN_OTHERS ? nearBand(ofCountry, (ofCountry?.length ?? 1) - 1, pick) : undefined) ?? pick(pools.places);
}

const ADDRESS_WORD = "\\p{Lu}[\\p{L}'’-]*(?![\\p{L}\\p{N}])";
/**
 * A run of capitalised words after a comma, or after a postcode that opens the span or follows a comma ("…,
 * 4000-123 Porto", "04318 Leipzig"): where an address names its town.
 */
const TOWN_RUN = new RegExp(`(?:,\\s*(?:\\d{4}-\\d{3}\\s+|\\d{4,5}\\s+)?|^(?:\\d{4}-\\d{3}|\\d{4,5})\\s+)(${ADDRESS_WORD}(?:\\s+${ADDRESS_WORD}){0,3})`, 'gu');

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
      const name = words.slice(0, n).map((w) => w.word).join(' ');
      const kind = pools.placeKind?.(name);
      const named = kind ? [] : townsNamed(name);
      if ((!kind && !named.length) || kind?.type === 'travel') continue;
      // A town the data knows by name keeps its country: the message's, when the town is there too.
      const townCountry = country && named.includes(country) ? country : named[0];
      const stand = kind?.type === 'country' ? name : placeLike(name, draw, pick, pools, townCountry);
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

const ORG_WORDS = new Set<string>([...ORGANISATION_CUES, 'of', 'the', 'and', 'for', 'de', 'la', 'du', 'y', 'und', 'general', 'university', 'royal', 'national', 'city', 'county', 'state', 'community', 'memorial']);

/**
 * An organisation of the same kind (protect mode, not themed): its kind words kept ("Hospital", "Bank",
 * "Primary", "& Co"), its names replaced by family names ("Leeds General Infirmary" → "Hartley General
 * Infirmary", "Starbucks" → "Kessler").
 */
function organisationLike(text: string, draw: Draw, pick: (pool: readonly string[]) => string | undefined, pools: SubstitutePools): string | undefined {
  let replacedAny = false;
  const out = text.replace(/[\p{L}][\p{L}'’-]*/gu, (token) => {
    const bare = token.replace(/['’]s?$/, '');
    if (ORG_WORDS.has(bare.toLowerCase()) || !/^\p{Lu}/u.test(token)) return token;
    replacedAny = true;
    const name = pick(pools.familyNames) ?? scramble(bare, draw);
    return name + token.slice(bare.length);
  });
  return replacedAny ? out : `${pick(pools.familyNames) ?? scramble(text, draw)} ${text}`;
}

/** When a pool is used up or a shape is not read: another theme's item, else fresh characters. */
/** Weekdays in the languages the tagger reads, Monday first: a weekday that cannot be dated moves to another. */
const WEEKDAYS: readonly (readonly string[])[] = [
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
  ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
  ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
  ['segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado', 'domingo'],
  ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'],
];

/**
 * A date Veil cannot shift ("Montag", "la semaine dernière"): a weekday becomes another weekday of its language
 * (its case kept); anything else stays as written (a relative date says little, and an object of a theme in
 * its place would break the sentence).
 */
function undatable(text: string, draw: Draw): string {
  const found = weekdayIn(text);
  if (!found) return text;
  const other = WEEKDAYS[found.language]![(found.day + 1 + draw(6)) % 7]!;
  return text.replace(WEEKDAY_PATTERNS[found.language]![found.day]!, (word) => (/^\p{Lu}/u.test(word) ? other.charAt(0).toUpperCase() + other.slice(1) : other));
}

/** Each weekday as a whole word, any case (compiled once). */
const WEEKDAY_PATTERNS = WEEKDAYS.map((days) => days.map(wordPattern));

/** The first weekday `text` names: its language (an index of `WEEKDAYS`, 0 English) and its day. */
function weekdayIn(text: string): { language: number; day: number } | undefined {
  for (const [language, patterns] of WEEKDAY_PATTERNS.entries()) {
    const day = patterns.findIndex((p) => p.test(text));
    if (day >= 0) return { language, day };
  }
  return undefined;
}

function fallback(kind: SpanKind, text: string, draw: Draw, pick: (pool: readonly string[]) => string | undefined, pools: SubstitutePools): string {
  if (kind === 'date') return undatable(text, draw);
  const role = themeRole(kind) ?? 'thing';
  for (const theme of THEMES) {
    const found = pick(theme.pools[role]);
    if (found) return found;
  }
  if (kind === 'person') return pick(pools.familyNames) ?? scramble(text, draw);
  return scramble(text, draw);
}
