/**
 * A conversation's codebook: its theme, the shifts its numbers move by, and every (original, substitute)
 * pair so far. Within one conversation a span always gets the same substitute; a new conversation draws a
 * new theme, new shifts and new substitutes, so two conversations cannot be linked by what they sent.
 *
 * The state is plain data (stored per conversation by the extension, editable by the person). Drawing
 * uses the caller's RandomSource (crypto in the extension, seeded in tests and the evaluation).
 */
import type { RandomSource } from '../core/contracts';
import { type Draw, scaleMoney, scramble, scramblePhone, shiftAge, shiftDate } from './numbers';
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
}

/** Public pools the generated substitutes come from (data/: names and cities). */
export interface SubstitutePools {
  readonly givenNames: readonly string[];
  readonly familyNames: readonly string[];
  readonly places: readonly string[];
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
): { state: CodebookState; substitute: string } {
  const key = lookupKey(span.text);
  const known = state.entries.find((e) => lookupKey(e.original) === key);
  if (known) return { state, substitute: known.substitute };
  const draw = drawFrom(random);
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
  const substitute = generate(span.kind, span.text, state, draw, pick, pools) ?? fallback(span.kind, span.text, draw, pick, pools);
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
): string | undefined {
  const role = themeRole(kind);
  if (role) {
    const theme = THEMES.find((t) => t.id === state.theme) ?? THEMES[0]!;
    const found = pick(theme.pools[role]);
    return found && /^[A-Z]/.test(text) && role !== 'organisation' ? capitalize(found) : found;
  }
  switch (kind) {
    case 'person': {
      const words = text.replace(/['’]s$/, '').split(/\s+/);
      const given = pick(pools.givenNames);
      if (words.length === 1 || !given) return given;
      const family = pick(pools.familyNames);
      return family ? `${given} ${family}` : given;
    }
    case 'place':
      return pick(pools.places);
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
