/**
 * The detector: the sensitive spans of a message, in text order, never overlapping. One pipeline (issue 31):
 * every finder returns spans with a source and a score (`Found`), and one table settles them (`settle`,
 * `PRECEDENCE`):
 * 1. the person's own profile values, their "always map" terms and this conversation's spans;
 * 2. identifiers whose shape is the evidence (./patterns.ts: e-mail, phone, ID and account numbers, checked by
 *    Luhn or mod 97 where they have one);
 * 3. the message tagger's spans (./tagger/tagger.ts), which reads the whole message;
 * 4. the other patterns (dates, amounts, ages, addresses) and the word lists (data/crossmap-lexicon.json,
 *    data/special-terms.json, ./terms.ts, the lay phrases of ./special.ts, organisation cues): each counts only
 *    where the tagger reads it as personal (`GATE`), so "side effects of metformin" keeps its drug.
 * A message the tagger reads as a general question keeps only 1; in a language the tagger does not read, 2 and
 * the patterns of 4 count, never a word list. No "capitalised word is a name" guess: that is the tagger's to read.
 */
import lexicon from '../../data/crossmap-lexicon.json';
import specialTerms from '../../data/special-terms.json';
import languages from '../../data/languages.json';
import countries from '../../data/m49-countries.json';
import places from '../../data/places.json';
import { editDistance } from '../core/edit-distance';
import { PLACE_ALIASES } from '../domains/aliases';
import { demonyms } from '../domains/demonyms';
import { lazy } from '../domains/phrases';
import { normalizeText, stripQualifier } from '../domains/text';
import { addSpan, patternSpans } from './patterns';
import { specialSpans } from './special';
import { EXTRA_TERMS, HEALTH_MODIFIERS, HOLIDAYS, KEPT_PRODUCTS, NOT_CONDITIONS, NOT_PROPER, ORGANISATION_CUES, PERSON_CUES, PLACE_CUES } from './terms';
import { isSpecialKind, SPECIAL_KINDS, type Span, type SpanKind } from './types';

export interface DetectOptions {
  /** The person's profile values (shared and withheld), with their fields. */
  readonly profile?: readonly { readonly field: string; readonly value: string }[];
  /** Terms the person always wants mapped. */
  readonly alwaysMap?: readonly string[];
  /** Spans this conversation already mapped: found again in any case, with the same kind. */
  readonly known?: readonly { readonly original: string; readonly kind: SpanKind }[];
  /** What the tagger read in this text (./tagger/tagger.ts `tagMessage`). */
  readonly tagging: Tagging;
}

interface Word {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Lower case, accents removed. */
  readonly key: string;
  readonly capital: boolean;
}

/** Word tokens with their offsets; an apostrophe inside a word stays ("O'Brien", "Crohn's"). */
export function words(text: string): Word[] {
  return [...text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)].map((m) => ({
    start: m.index!,
    end: m.index! + m[0].length,
    text: m[0],
    key: normalizeText(m[0]).replace(/’/g, "'"),
    capital: /^\p{Lu}/u.test(m[0]),
  }));
}

/** One list of data/crossmap-lexicon.json (its terms are joined by "|"). */
export function lexiconList(name: string): string[] {
  return ((lexicon as Record<string, string>)[name] ?? '').split('|').filter(Boolean);
}

/** One list of data/special-terms.json (Disease Ontology, symptoms, NLM drugs, religions; CC0). */
export function specialList(name: string): string[] {
  return ((specialTerms as Record<string, string>)[name] ?? '').split('|').filter(Boolean);
}

interface Entry { kind: SpanKind; capitalOnly: boolean; allCaps?: boolean }

/** Phrase (normalised words joined by spaces) → what it is. */
const table = lazy(() => {
  const map = new Map<string, Entry>();
  let longest = 1;
  const add = (phrase: string, kind: SpanKind, capitalOnly = false) => {
    const key = words(phrase).map((w) => w.key).join(' ');
    if (!key || map.has(key)) return;
    longest = Math.max(longest, key.split(' ').length);
    map.set(key, { kind, capitalOnly });
  };
  for (const kind of SPECIAL_KINDS) for (const term of EXTRA_TERMS[kind] ?? []) add(term, kind);
  for (const kind of ['health', 'medication', 'finance', 'legal', 'criminal'] as const) for (const term of lexiconList(kind)) add(term, kind, /^\p{Lu}/u.test(term));
  // The CC0 lists after the hand-written ones and WordNet (an earlier entry keeps its kind); a capitalised
  // name ("Addison's disease", "Anglicanism") only with its capital, as typed.
  for (const kind of ['mental-health', 'substance', 'health', 'medication', 'religion'] as const) {
    for (const term of specialList(kind)) for (const t of britishSpellings(term)) add(t, kind, /^\p{Lu}/u.test(t));
  }
  const commonPlaces = new Set(lexiconList('place-common').map((n) => n.toLowerCase()));
  const place = (name: string) => add(name, 'place', commonPlaces.has(name.toLowerCase()) || name.length <= 4);
  for (const [, , name, short, capital] of countries as string[][]) for (const p of [stripQualifier(name!), short!, capital!]) place(p);
  for (const [name, , kind] of places as string[][]) if (kind !== 's' && name!.length > 2) place(name!);
  // "UK", "US", "USA": in capitals only ("us" is a pronoun).
  for (const alias of Object.keys(PLACE_ALIASES)) if (!alias.includes(' ') && alias.length <= 3) map.set(alias, { kind: 'place', capitalOnly: true, allCaps: true });
  for (const name of lexiconList('medication')) add(name, 'medication', /^\p{Lu}/u.test(name));
  for (const name of lexiconList('given')) add(name, 'person');
  for (const name of lexiconList('family')) add(name, 'person');
  for (const name of lexiconList('given-common')) add(name, 'person', true);
  for (const name of lexiconList('family-common')) add(name, 'person', true);
  return { map, longest };
});

/** The ontology's American spellings and their British forms ("celiac disease", "coeliac disease"). */
const SPELLINGS: readonly [RegExp, string][] = [
  [/celiac/g, 'coeliac'], [/(^|[^a])hem(o|a)/g, '$1haem$2'], [/anemi/g, 'anaemi'], [/esophag/g, 'oesophag'], [/tumor/g, 'tumour'],
  [/leukemi/g, 'leukaemi'], [/(^|[^o])edema/g, '$1oedema'], [/diarrhea/g, 'diarrhoea'], [/pediatric/g, 'paediatric'], [/ischemi/g, 'ischaemi'],
  [/gynecolog/g, 'gynaecolog'], [/orthopedic/g, 'orthopaedic'], [/estrogen/g, 'oestrogen'], [/fetal/g, 'foetal'],
];
function britishSpellings(term: string): string[] {
  const british = SPELLINGS.reduce((t, [from, to]) => t.replace(from, to), term);
  return british === term ? [term] : [term, british];
}

/**
 * Endings of the WHO's International Nonproprietary Names by drug class ("-sulosin", "-prazole", "-statin"): an
 * unknown lower-case word of 8+ letters with one is a medicine ("tamsulosin", "esomeprazole").
 */
const INN_STEMS = /(?:sulosin|olol|pril|sartan|statin|prazole|tidine|tinib|ciclovir|cillin|mycin|floxacin|oxacin|cycline|azepam|azolam|oxetine|triptan|gliptin|gliflozin|glutide|parin|xaban|dronate|lukast|setron|profen|pramine|triptyline|azosin|dipine|thiazide|semide|olone|barbital|conazole|fungin|gabalin|apine|peridol|ximab|zumab|umab|afil|fenac|coxib|vudine|navir|previr|asvir|tegravir|lukast|dronate|sterone|estrol|parib|lisib)$/;

const ORG_CUES = new Set(ORGANISATION_CUES as readonly string[]);
const PERSON_CUE = new Set(PERSON_CUES as readonly string[]);
const PLACE_CUE = new Set(PLACE_CUES as readonly string[]);
/** Words that name a language, a nationality or a holiday: kept, as the task usually needs them. */
const KEPT = lazy(() => {
  const kept = new Set<string>([...HOLIDAYS, ...KEPT_PRODUCTS.filter((p) => !p.includes(' '))]);
  for (const [name] of languages as string[][]) kept.add(normalizeText(stripQualifier(name!)));
  for (const [, , name, short, , nationality] of countries as string[][]) for (const d of demonyms(nationality!, [stripQualifier(name!), short!])) kept.add(normalizeText(d));
  return kept;
});
/** Known one-word health and medication terms by first two letters, for misspellings ("ibuprofin"). */
const SPELLED = lazy(() => {
  const byStart = new Map<string, { term: string; kind: SpanKind }[]>();
  for (const kind of ['health', 'medication'] as const) {
    for (const term of [...(EXTRA_TERMS[kind] ?? []), ...lexiconList(kind)]) {
      const t = normalizeText(term);
      if (t.length < 7 || /[^a-z]/.test(t)) continue;
      const bucket = byStart.get(t.slice(0, 2)) ?? [];
      bucket.push({ term: t, kind });
      byStart.set(t.slice(0, 2), bucket);
    }
  }
  return byStart;
});

function misspelled(key: string): SpanKind | undefined {
  if (key.length < 7) return undefined;
  const limit = key.length >= 9 ? 2 : 1;
  return SPELLED().get(key.slice(0, 2))?.find((c) => editDistance(key, c.term, limit) <= limit)?.kind;
}

const ORG_BEFORE = new Set(['at', 'from', 'with', 'to', 'by', 'the', 'my', 'our', 'his', 'her', 'their']);
const CONNECTORS = new Set(['of', 'de', 'la', 'le', 'del', 'da', 'van', 'von', 'and', '&', 'for', 'the']);

/** Whether the word at `i` starts a sentence (first word, or after . ! ? or a line break). */
function startsSentence(text: string, ws: readonly Word[], i: number): boolean {
  if (i === 0) return /^[\s"'“(]*$/.test(text.slice(0, ws[0]!.start));
  // "Mrs. Tanaka", "Dr. Okonkwo": the full stop of a title does not end a sentence.
  if (ABBREVIATIONS.has(ws[i - 1]!.key) && /^\.\s+$/.test(text.slice(ws[i - 1]!.end, ws[i]!.start))) return false;
  return /[.!?:\n][\s"'“”()]*$/.test(text.slice(ws[i - 1]!.end, ws[i]!.start));
}

const ABBREVIATIONS = new Set(['st', 'dr', 'mt', 'ft', 'jr', 'sr', 'mr', 'mrs', 'ms', 'co', 'inc', 'ltd']);

/** Phrases of the profile or the always-map list, found anywhere, any case. */
function exactSpans(text: string, terms: readonly string[], kind: (term: string) => SpanKind): Span[] {
  const out: Span[] = [];
  // Offsets must stay the text's own: when normalising changes the length (a ligature), match in lower case only.
  const normalized = normalizeText(text);
  const sameLength = normalized.length === text.length;
  const lower = sameLength ? normalized : text.toLowerCase();
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    const t = sameLength ? normalizeText(term.trim()) : term.trim().toLowerCase();
    if (t.length < 2) continue;
    let from = 0;
    for (let at = lower.indexOf(t, from); at >= 0; at = lower.indexOf(t, from)) {
      from = at + t.length;
      const edge = (c: string | undefined) => c === undefined || !/[\p{L}\p{N}]/u.test(c);
      if (edge(lower[at - 1]) && edge(lower[at + t.length])) addSpan(out, { start: at, end: at + t.length, text: text.slice(at, at + t.length), kind: kind(term) });
    }
  }
  return out;
}

function profileKind(field: string): SpanKind {
  if (/location|city|country|nationality|address|home|town/.test(field)) return 'place';
  if (/name/.test(field)) return 'person';
  if (/email/.test(field)) return 'email';
  if (/phone/.test(field)) return 'phone';
  if (/health|condition|diagnos/.test(field)) return 'health';
  return 'profile';
}

/**
 * Where a span came from. Overlaps are settled in this order, then by score (`settle`): what the person
 * typed into their profile or asked to map, what this conversation already mapped, identifiers whose shape
 * is the evidence (e-mail, phone, ID numbers), the tagger's own spans, then the other patterns (dates,
 * amounts, ages, addresses) and the word lists, which count only where the tagger reads them as personal.
 */
export const PRECEDENCE = ['profile', 'always', 'known', 'shape', 'tagger', 'pattern', 'list'] as const;
export type Source = (typeof PRECEDENCE)[number];

/** A span with where it came from and how sure that finder is (0–1). */
export interface Found extends Span {
  readonly source: Source;
  readonly score: number;
}

/**
 * What the tagger made of a message (./tagger/tagger.ts): the language it read, every list and pattern hit
 * (`found`, with the tagger's own spans), and per token how likely it is to be personal (1 − P(nothing)).
 * A message in a language the tagger does not read has no tagger spans and no list hits: only shapes.
 */
export interface Tagging {
  readonly language: { readonly code: string; readonly name: string; readonly read: boolean };
  readonly found: readonly Found[];
  readonly personal: readonly { readonly start: number; readonly end: number; readonly p: number }[];
  /** How likely the whole message is a general question, with nothing personal in it (0 when not read). */
  readonly general: number;
}

/**
 * A message the tagger reads as a general question at least this surely goes as typed: nothing it or the lists
 * and patterns found is marked (the person's own values and always-map terms still are). Chosen on the
 * held-back 6% of the training data (scripts/tagger/dev.ts).
 */
export const GENERAL_AT = 0.5;

/**
 * How personal the tagger reads a span to be for it to count: a shape hit (an e-mail, a phone, an ID) unless
 * the tagger is sure it is the topic (an example address in a regex question); a date, an amount, an age or
 * an address found by pattern, and a word-list hit, only where the tagger reads them as personal. The tagger's
 * own spans are what its decoding chose (./tagger/tagger.ts `NOTHING_BELOW`).
 */
export const GATE: Readonly<Record<Source, number>> = { profile: 0, always: 0, known: 0, shape: 0.1, tagger: 0, pattern: 0.35, list: 0.5 };

/**
 * How sure the tagger must be of a special category's kind (its span's mean probability of that kind) for the
 * kind to be said: below, the span is still marked but generalized as "a personal matter" (`Span.unsure`).
 * Chosen on the first three holdouts, used as development sets once measured: of the tagger's special-category
 * spans on labelled ones, 107 of 761 had the wrong kind; 66 of the 110 under 0.4 did, 41 of the 651 above.
 */
export const KIND_SURE = 0.4;

/** The highest probability the tagger gives any token of `[start, end)` of being personal. */
export function personalScore(tagging: Pick<Tagging, 'personal'>, start: number, end: number): number {
  let p = 0;
  for (const t of tagging.personal) if (t.start < end && start < t.end) p = Math.max(p, t.p);
  return p;
}

/**
 * Settle overlaps: by source (`PRECEDENCE`), then score, then length; a span that overlaps one already taken
 * is dropped. Returns text order.
 */
export function settle(found: readonly Found[]): Found[] {
  const rank = (f: Found) => PRECEDENCE.indexOf(f.source);
  const order = [...found].sort((a, b) => rank(a) - rank(b) || b.score - a.score || b.end - b.start - (a.end - a.start) || a.start - b.start);
  const taken: Found[] = [];
  for (const f of order) if (f.end > f.start && !taken.some((t) => t.start < f.end && f.start < t.end)) taken.push(f);
  return taken.sort((a, b) => a.start - b.start);
}

/** Shape kinds: identifiers whose form is the evidence, found in every language. */
const SHAPES: ReadonlySet<SpanKind> = new Set(['email', 'phone', 'id']);

/** Luhn (payment cards) and ISO 13616 mod 97 (IBAN): a number that passes is surely one. */
function checksummed(text: string): boolean {
  const compact = text.replace(/[\s-]/g, '');
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) {
    const digits = (compact.slice(4) + compact.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    let r = 0;
    for (const d of digits) r = (r * 10 + Number(d)) % 97;
    return r === 1;
  }
  if (!/^\d{13,19}$/.test(compact)) return false;
  let sum = 0;
  for (let i = 0; i < compact.length; i++) {
    let d = Number(compact[compact.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * What the patterns and word lists find, with nothing decided yet: the tagger's hints (its input features)
 * and the candidates the tagger then rules on. Never the "capitalised word is a name" guess: that is the
 * tagger's to read.
 */
export function candidateSpans(text: string): Found[] {
  const spans: Span[] = [];
  const found: Found[] = [];
  const add = (span: Span, source: Source, score: number) => {
    if (addSpan(spans, span)) found.push({ ...span, source, score });
  };
  // Special categories in lay wording before shapes and names: "on probation", "my PO", "5150".
  for (const s of specialSpans(text, spans)) add(s, 'list', 0.7);
  for (const s of patternSpans(text, spans)) add(s, SHAPES.has(s.kind) ? 'shape' : 'pattern', SHAPES.has(s.kind) && checksummed(s.text) ? 1 : 0.8);

  const ws = words(text);
  const taken = (w: Word) => spans.some((s) => s.start < w.end && w.start < s.end);
  const capitalised = (i: number) => {
    const w = ws[i]!;
    // One capital letter is not a name ("A&E", "Plan B", "an A-number").
    if (!w.capital || w.text.length === 1 || NOT_PROPER.has(w.key.split("'")[0]!) || KEPT().has(w.key)) return false;
    // An abbreviation in capitals ("MRI", "HOA", "PO") is kept unless a list knows it, or it follows a word that
    // introduces an organisation ("at SAP", "from HSBC", "with EE").
    const acronym = w.text.length <= 5 && w.text === w.text.toUpperCase() && /\p{L}/u.test(w.text);
    return !acronym || ORG_BEFORE.has(ws[i - 1]?.key ?? '');
  };

  // Capitalised runs (with connectors inside): organisations when a cue word is in them.
  for (let i = 0; i < ws.length; i++) {
    if (!capitalised(i) || taken(ws[i]!)) continue;
    let j = i;
    const joins = (a: number) => {
      const between = text.slice(ws[a]!.end, ws[a + 1]!.start);
      return /^[\s'’&-]*$/.test(between) || (/^\.\s?$/.test(between) && ABBREVIATIONS.has(ws[a]!.key));
    };
    while (j + 1 < ws.length && joins(j) && !taken(ws[j + 1]!)) {
      if (capitalised(j + 1)) j++;
      else if (CONNECTORS.has(ws[j + 1]!.key) && j + 2 < ws.length && capitalised(j + 2)) j += 2;
      else break;
    }
    const keys = ws.slice(i, j + 1).map((w) => w.key.replace(/['’]s$/, ''));
    if (j > i || !startsSentence(text, ws, i)) {
      const org = keys.some((k, n) => ORG_CUES.has(k) || (n < keys.length - 1 && ORG_CUES.has(`${k} ${keys[n + 1]}`)));
      if (org || (j > i && keys.some((k) => PLACE_CUE.has(k)))) {
        const end = /['’]$/.test(text.slice(ws[j]!.end, ws[j]!.end + 1)) && keys.at(-1)!.endsWith('s') ? ws[j]!.end + 1 : ws[j]!.end;
        add({ start: ws[i]!.start, end, text: text.slice(ws[i]!.start, end), kind: org ? 'organisation' : 'place' }, 'list', 0.6);
      }
    }
    i = j;
  }

  // Word lists, longest phrase first at each word.
  const { map, longest } = table();
  for (let i = 0; i < ws.length; i++) {
    for (let n = Math.min(longest, ws.length - i); n >= 1; n--) {
      const group = ws.slice(i, i + n);
      // A longer list term may take in a lay-phrase span it holds ("breast cancer" over "cancer",
      // "debt consolidation loan" over "debt"); anything else taken stops it.
      const from = group[0]!.start;
      const to = group.at(-1)!.end;
      const inside = spans.filter((s) => s.start < to && from < s.end);
      if (inside.some((s) => !s.form || s.start < from || s.end > to || s.end - s.start >= to - from)) continue;
      // Only spaces or hyphens inside a phrase ("type 1 diabetes", "self-harm").
      if (group.some((w, k) => k > 0 && !/^[\s-]+$/.test(text.slice(group[k - 1]!.end, w.start)))) continue;
      const key = group.map((w) => w.key).join(' ');
      // "Leo's", "self-harming", "migraines": the term without a possessive or an ending.
      const variants = [key, key.replace(/'s$/, ''), key.replace(/(?:ing|ed|s)$/, ''), key.replace(/(?:ing|ed)$/, 'e')];
      const spelled = n === 1 && !group[0]!.capital ? misspelled(key) : undefined;
      const stem = n === 1 && !group[0]!.capital && key.length >= 8 && INN_STEMS.test(key) ? 'medication' : undefined;
      const guessed = spelled ?? stem;
      const listed = variants.map((v) => map.get(v)).find((e) => e !== undefined);
      const entry = listed ?? (guessed ? { kind: guessed, capitalOnly: false } : undefined);
      if (!entry) continue;
      if (NOT_CONDITIONS.has(key)) continue;
      if ((entry.capitalOnly || entry.kind === 'person') && !group[0]!.capital) continue;
      if (entry.allCaps && group[0]!.text !== group[0]!.text.toUpperCase()) continue;
      if ((entry.kind === 'person' || entry.kind === 'place') && n === 1 && KEPT().has(key)) continue;
      // "my son Tyler", "Uncle Reading": after a word that introduces a person, a place name is a person's.
      const personCue = PERSON_CUE.has(ws[i - 1]?.key ?? '') && /^[\s,.]+$/.test(text.slice(ws[i - 1]!.end, group[0]!.start));
      // A name at the start of a sentence only with a cue before it is too uncertain: "Will", "Mark".
      if (entry.kind === 'person' && entry.capitalOnly && startsSentence(text, ws, i)) continue;
      let start = group[0]!.start;
      const end = group.at(-1)!.end;
      // "stage 2 breast cancer", "severe peanut allergy", "opioid addiction": modifiers belong to the condition.
      if (entry.kind === 'health' || entry.kind === 'mental-health' || entry.kind === 'substance') {
        for (let k = i - 1; k >= 0 && k >= i - 3 && !taken(ws[k]!) && /^[\s-]+$/.test(text.slice(ws[k]!.end, ws[k + 1]!.start)); k--) {
          if (!HEALTH_MODIFIERS.has(ws[k]!.key) && !/^\d$/.test(ws[k]!.key)) break;
          if (/^\d$/.test(ws[k]!.key) && ws[k - 1]?.key !== 'stage' && ws[k - 1]?.key !== 'type') break;
          start = ws[k]!.start;
        }
      }
      for (const s of inside) {
        spans.splice(spans.indexOf(s), 1);
        found.splice(found.findIndex((f) => f.start === s.start && f.end === s.end), 1);
      }
      add({ start, end, text: text.slice(start, end), kind: entry.kind === 'place' && personCue && group[0]!.capital ? 'person' : entry.kind }, 'list', listed ? 0.6 : 0.4);
      i += n - 1;
      break;
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * The sensitive spans of a message, in text order, never overlapping: the person's own values, the
 * conversation's known spans, and what the tagger read (`options.tagging`), settled by `PRECEDENCE`. A list
 * or pattern hit counts only where the tagger reads it as personal (`GATE`); in a language the tagger does not
 * read, every shape and pattern hit counts and nothing else.
 */
export function detectSpans(text: string, options: DetectOptions): Span[] {
  const found: Found[] = [];
  const profileKinds = new Map((options.profile ?? []).map((a) => [normalizeText(a.value.trim()), profileKind(a.field.toLowerCase())]));
  for (const s of exactSpans(text, [...profileKinds.keys()].filter((v) => v.length >= 3), (t) => profileKinds.get(normalizeText(t)) ?? 'profile')) found.push({ ...s, source: 'profile', score: 1 });
  for (const s of exactSpans(text, options.alwaysMap ?? [], () => 'custom')) found.push({ ...s, source: 'always', score: 1 });
  const knownKinds = new Map((options.known ?? []).map((k) => [normalizeText(k.original), k.kind]));
  for (const s of exactSpans(text, (options.known ?? []).map((k) => k.original), (t) => knownKinds.get(normalizeText(t)) ?? 'proper')) found.push({ ...s, source: 'known', score: 1 });
  const { tagging } = options;
  const general = tagging.language.read && tagging.general >= GENERAL_AT;
  for (const f of general ? [] : tagging.found) {
    if (!tagging.language.read) {
      if (f.source === 'shape' || f.source === 'pattern') found.push(f);
    } else if (f.source === 'tagger') {
      // Where a list or pattern agrees on the kind and holds the tagger's span, its words and grammar: the lay
      // phrase "got fired" (a verb) for the tagger's "fired", "12 June 2025" for "12 June".
      const wider = tagging.found.find((c) => c.source !== 'tagger' && c.kind === f.kind && c.start <= f.start && c.end >= f.end && c.end - c.start > f.end - f.start);
      const span = wider ? { ...wider, source: 'tagger' as const, score: f.score } : f;
      if (f.score >= GATE.tagger) found.push(isSpecialKind(f.kind) && f.score < KIND_SURE ? { ...span, unsure: true } : span);
    } else if (personalScore(tagging, f.start, f.end) >= GATE[f.source]) found.push(f);
  }
  return mergeRuns(text, settle(found).map(({ source: _s, score: _c, ...span }) => span));
}

/**
 * Adjacent name-like spans separated by one space are one name: "Kevin" + "Pratt" → "Kevin Pratt" (a
 * person), "Wells" + "Fargo" → "Wells Fargo" (an unknown name), so the substitute replaces the whole.
 */
function mergeRuns(text: string, spans: Span[]): Span[] {
  const NAMELIKE: readonly SpanKind[] = ['person', 'proper', 'place'];
  const out: Span[] = [];
  for (const span of spans) {
    const prev = out.at(-1);
    // One space, or a hyphen inside a name ("Rolls-Royce", "Mary-Jane").
    if (prev && NAMELIKE.includes(prev.kind) && NAMELIKE.includes(span.kind) && /^[ -]$/.test(text.slice(prev.end, span.start)) && !(prev.kind === 'place' && span.kind === 'place')) {
      const hyphen = text[prev.end] === '-';
      const kind: SpanKind = prev.kind === span.kind ? prev.kind : !hyphen && (prev.kind === 'person' || span.kind === 'person') ? 'person' : 'proper';
      out[out.length - 1] = { start: prev.start, end: span.end, text: text.slice(prev.start, span.end), kind };
    } else out.push(span);
  }
  return out;
}
