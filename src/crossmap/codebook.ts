/**
 * A conversation's codebook: its theme, the shifts its numbers move by, and every (original, substitute)
 * pair so far. Within one conversation a span always gets the same substitute; a new conversation draws a
 * new theme, new shifts and new substitutes, so two conversations cannot be linked by what they sent.
 *
 * The state is plain data (stored per conversation by the extension, editable by the person). Drawing
 * uses the caller's RandomSource (crypto in the extension, seeded in tests and the evaluation).
 */
import type { RandomSource } from '../core/contracts';
import { derivedSource } from './derive';
import { type Draw, scaleMoney, scramble, scramblePhone, shiftAge, shiftDate } from './numbers';
import { ORGANISATION_CUES } from './terms';
import { THEMES, themeRole, type Theme } from './themes';
import type { DictionaryEntry, Span, SpanKind } from './types';

export interface CodebookState {
  readonly theme: string;
  /** Days every date moves by (never 0). */
  readonly dayShift: number;
  /** Factor every amount is scaled by, in thousandths (never 1000). */
  readonly moneyPermille: number;
  /** Years every age moves by (never 0). */
  readonly ageShift: number;
  readonly entries: readonly DictionaryEntry[];
  /**
   * Drawn once per conversation (hex): a new span's substitute is drawn from it (./derive.ts), so what Replace
   * would write is known before it is stored and stays the same however often the review recomputes it.
   * Absent in codebooks made before it existed: their draws come from the caller's random source.
   */
  readonly secret?: string;
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
  readonly placeKind?: (name: string) => PlaceKind | undefined;
  readonly countries?: readonly string[];
  readonly regions?: readonly string[];
  readonly regionsBySubregion?: ReadonlyMap<string, readonly string[]>;
  readonly stateCodes?: readonly string[];
  readonly travelCodes?: readonly string[];
  /** Same-kind stand-ins for a special-category span the person chose to replace (never a themed word). */
  readonly specialDecoys?: Readonly<Partial<Record<SpanKind, readonly string[]>>>;
}

/** What kind of place a place name is; a city with its size band (0 = most populous). */
export type PlaceKind =
  | { readonly type: 'city'; readonly band: number }
  /** A region keeps its M49 sub-region ("Ohio" → another region of Northern America), so its law and climate stay near. */
  | { readonly type: 'region'; readonly subregion?: string }
  | { readonly type: 'country' | 'state' | 'travel' };

/** What the text says about a span that its substitute should keep. */
export interface SubstituteHint {
  /** A person's gender as the text gives it (daughter, Mr, she). */
  readonly gender?: 'female' | 'male';
  /** A family name after a title ("Mr. Tanaka"): replaced by a family name. */
  readonly familyName?: boolean;
  /** 'protect': special categories get same-kind stand-ins, not themed words; 'crossmap': the themed mapping. */
  readonly mode?: 'protect' | 'crossmap';
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

/** A fresh codebook: a theme and shifts drawn at random. */
export function newCodebook(random: RandomSource, themes: readonly Theme[] = THEMES): CodebookState {
  const draw = drawFrom(random);
  const sign = () => (draw(2) === 0 ? -1 : 1);
  return {
    theme: themes[draw(themes.length)]!.id,
    dayShift: sign() * (20 + draw(300)),
    // ×0.55–0.9 or ×1.15–1.8: amounts change visibly, their ratios do not.
    moneyPermille: draw(2) === 0 ? 550 + draw(351) : 1150 + draw(651),
    ageShift: sign() * (1 + draw(3)),
    entries: [],
    secret: [...Array(16)].map(() => draw(256).toString(16).padStart(2, '0')).join(''),
  };
}

/** The form a span's text is looked up by: case, spacing and a possessive 's do not make a new span. */
export function lookupKey(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').replace(/['’]s$/, '').trim();
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
  const known = state.entries.find((e) => lookupKey(e.original) === key);
  if (known) return { state, substitute: known.substitute };
  const draw = drawFrom(state.secret ? derivedSource(state.secret, `${hint.mode ?? 'crossmap'}\u0000${span.kind}\u0000${hint.gender ?? ''}${hint.familyName ? 'F' : ''}\u0000${key}`) : random);
  const used = new Set(state.entries.map((e) => lookupKey(e.substitute)));
  const avoidText = avoid.toLowerCase();
  // Not taken, not a word of the prompt, and not a near-copy of the original ("Leonor" for "Leo").
  const free = (candidate: string) => {
    const c = lookupKey(candidate);
    return !used.has(c) && !avoidText.includes(c) && !c.includes(key) && !key.includes(c);
  };
  const pick = (pool: readonly string[]) => {
    const options = pool.filter(free);
    return options.length ? options[draw(options.length)] : undefined;
  };
  const substitute = generate(span.kind, span.text, state, draw, pick, pools, hint) ?? fallback(span.kind, span.text, draw, pick, pools);
  const entry: DictionaryEntry = { original: span.text.replace(/['’]s$/, ''), substitute, kind: span.kind };
  return { state: { ...state, entries: [...state.entries, entry] }, substitute };
}

function generate(
  kind: SpanKind,
  text: string,
  state: CodebookState,
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
    const theme = THEMES.find((t) => t.id === state.theme) ?? THEMES[0]!;
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
      return placeLike(text, draw, pick, pools);
    case 'date':
      return shiftDate(text, state.dayShift);
    case 'money':
      return scaleMoney(text, state.moneyPermille / 1000);
    case 'age':
      return shiftAge(text, state.ageShift);
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

const THE_COUNTRIES = /^(?:UK|U\.K\.|US|U\.S\.|USA|U\.S\.A\.|UAE|United (?:Kingdom|States|Arab Emirates)|Netherlands|Philippines|Czech Republic|Dominican Republic|Bahamas|Gambia|Maldives)$/i;
const THE_COUNTRY_NAMES = ['UK', 'US', 'Netherlands', 'Philippines', 'UAE', 'Czech Republic', 'Dominican Republic', 'Bahamas', 'Gambia', 'Maldives'];

const STREET_WORDS = /^(?:Road|Rd|Street|St|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Close|Court|Ct|Place|Pl|Terrace|Crescent|Parkway|Highway|Row|Gardens|Square|Hill|Grove|Flat|Apt|Apartment|Unit|Suite|Floor|Room|Rue|Calle|Rua|Avenida|Via|Jalan|de|la|le|del|da|do|the)$/i;

/**
 * A place of the same kind: a city of the same size band, a country for a country, a region for a region, a US
 * state code for one, a travel code for a travel code; an address keeps its shape (numbers redrawn, street
 * and town names replaced, street words kept).
 */
function placeLike(text: string, draw: Draw, pick: (pool: readonly string[]) => string | undefined, pools: SubstitutePools): string | undefined {
  const kind = pools.placeKind?.(text.replace(/['’]s$/, ''));
  if (kind?.type === 'city') return pick(pools.cityBands?.[kind.band] ?? []) ?? pick(pools.places);
  // "the UK" → "the Netherlands", not "the Singapore".
  if (kind?.type === 'country') return pick(THE_COUNTRIES.test(text) ? THE_COUNTRY_NAMES : pools.countries ?? []) ?? pick(pools.places);
  if (kind?.type === 'region') return pick(pools.regionsBySubregion?.get(kind.subregion ?? '') ?? pools.regions ?? []) ?? pick(pools.places);
  if (kind?.type === 'state') return pick(pools.stateCodes ?? []);
  if (kind?.type === 'travel') return pick(pools.travelCodes ?? []);
  if (/\d/.test(text)) {
    // An address or a postcode: same shape, nothing of the original but its street words.
    return text.replace(/[\p{L}][\p{L}'’-]*|\d+/gu, (token) => {
      if (/^\d+$/.test(token)) return scramble(token, draw);
      if (STREET_WORDS.test(token)) return token;
      if (/^[A-Z]{1,2}\d/.test(token) || /^[A-Z]{2}$/.test(token)) return scramble(token, draw);
      if (/^\p{Lu}/u.test(token)) return pick(pools.familyNames) ?? scramble(token, draw);
      return token;
    });
  }
  if (/^[A-Z]{3}$/.test(text) && pools.travelCodes?.length) return pick(pools.travelCodes);
  return pick(pools.places);
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
function fallback(kind: SpanKind, text: string, draw: Draw, pick: (pool: readonly string[]) => string | undefined, pools: SubstitutePools): string {
  const role = themeRole(kind) ?? 'thing';
  for (const theme of THEMES) {
    const found = pick(theme.pools[role]);
    if (found) return found;
  }
  if (kind === 'person') return pick(pools.familyNames) ?? scramble(text, draw);
  return scramble(text, draw);
}
