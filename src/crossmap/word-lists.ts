/**
 * The detector's word lists, loaded once: data/crossmap-lexicon.json (names, WordNet's health, medication, money
 * and legal terms), data/special-terms.json (the CC0 special-category lists), the hand-written ./terms.ts and
 * the shipped countries and places, joined into one phrase table (`table`); the words kept as typed (`KEPT`:
 * languages, nationalities, holidays); and the guesses for a word no list holds (a misspelled term, a drug's
 * INN ending). ./candidates.ts finds them in a message.
 *
 * ```ts
 * table().map.get('type 1 diabetes'); // { kind: 'health', capitalOnly: false }
 * misspelled('ibuprofin'); // 'medication'
 * ```
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
import { EXTRA_TERMS, HOLIDAYS, KEPT_PRODUCTS } from './terms';
import { SPECIAL_KINDS, type SpanKind } from './types';
import { words } from './words';

/** One list of data/crossmap-lexicon.json (its terms are joined by "|"). */
export function lexiconList(name: string): string[] {
  return ((lexicon as Record<string, string>)[name] ?? '').split('|').filter(Boolean);
}

/** One list of data/special-terms.json (Disease Ontology, symptoms, NLM drugs, religions; CC0). */
export function specialList(name: string): string[] {
  return ((specialTerms as Record<string, string>)[name] ?? '').split('|').filter(Boolean);
}

interface Entry {
  kind: SpanKind;
  capitalOnly: boolean;
  allCaps?: boolean;
}

/** Phrase (normalised words joined by spaces) → what it is. */
export const table = lazy(() => {
  const map = new Map<string, Entry>();
  let longest = 1;
  const add = (phrase: string, kind: SpanKind, capitalOnly = false) => {
    const key = words(phrase)
      .map((w) => w.key)
      .join(' ');
    if (!key || map.has(key)) return;
    longest = Math.max(longest, key.split(' ').length);
    map.set(key, { kind, capitalOnly });
  };
  for (const kind of SPECIAL_KINDS) for (const term of EXTRA_TERMS[kind] ?? []) add(term, kind);
  for (const kind of ['health', 'medication', 'finance', 'legal', 'criminal'] as const)
    for (const term of lexiconList(kind)) add(term, kind, /^\p{Lu}/u.test(term));
  // The CC0 lists after the hand-written ones and WordNet (an earlier entry keeps its kind); a capitalised
  // name ("Addison's disease", "Anglicanism") only with its capital, as typed.
  for (const kind of ['mental-health', 'substance', 'health', 'medication', 'religion'] as const) {
    for (const term of specialList(kind)) for (const t of britishSpellings(term)) add(t, kind, /^\p{Lu}/u.test(t));
  }
  const commonPlaces = new Set(lexiconList('place-common').map((n) => n.toLowerCase()));
  const place = (name: string) => add(name, 'place', commonPlaces.has(name.toLowerCase()) || name.length <= 4);
  for (const [, , name, short, capital] of countries as string[][]) for (const p of [stripQualifier(name!), short!, capital!]) place(p);
  for (const [name, , kind] of places as string[][]) if (kind !== 's' && kind !== 'l' && kind !== 'n' && name!.length > 2) place(name!);
  // "UK", "US", "USA": in capitals only ("us" is a pronoun).
  for (const alias of Object.keys(PLACE_ALIASES))
    if (!alias.includes(' ') && alias.length <= 3) map.set(alias, { kind: 'place', capitalOnly: true, allCaps: true });
  for (const name of lexiconList('medication')) add(name, 'medication', /^\p{Lu}/u.test(name));
  for (const name of lexiconList('given')) add(name, 'person');
  for (const name of lexiconList('family')) add(name, 'person');
  for (const name of lexiconList('given-common')) add(name, 'person', true);
  for (const name of lexiconList('family-common')) add(name, 'person', true);
  return { map, longest };
});

/** The ontology's American spellings and their British forms ("celiac disease", "coeliac disease"). */
const SPELLINGS: readonly [RegExp, string][] = [
  [/celiac/g, 'coeliac'],
  [/(^|[^a])hem(o|a)/g, '$1haem$2'],
  [/anemi/g, 'anaemi'],
  [/esophag/g, 'oesophag'],
  [/tumor/g, 'tumour'],
  [/leukemi/g, 'leukaemi'],
  [/(^|[^o])edema/g, '$1oedema'],
  [/diarrhea/g, 'diarrhoea'],
  [/pediatric/g, 'paediatric'],
  [/ischemi/g, 'ischaemi'],
  [/gynecolog/g, 'gynaecolog'],
  [/orthopedic/g, 'orthopaedic'],
  [/estrogen/g, 'oestrogen'],
  [/fetal/g, 'foetal'],
];
function britishSpellings(term: string): string[] {
  const british = SPELLINGS.reduce((t, [from, to]) => t.replace(from, to), term);
  return british === term ? [term] : [term, british];
}

/**
 * Endings of the WHO's International Nonproprietary Names by drug class ("-sulosin", "-prazole", "-statin"): an
 * unknown lower-case word of 8+ letters with one is a medicine ("tamsulosin", "esomeprazole").
 */
export const INN_STEMS =
  /(?:sulosin|olol|pril|sartan|statin|prazole|tidine|tinib|ciclovir|cillin|mycin|floxacin|oxacin|cycline|azepam|azolam|oxetine|triptan|gliptin|gliflozin|glutide|parin|xaban|dronate|lukast|setron|profen|pramine|triptyline|azosin|dipine|thiazide|semide|olone|barbital|conazole|fungin|gabalin|apine|peridol|ximab|zumab|umab|afil|fenac|coxib|vudine|navir|previr|asvir|tegravir|lukast|dronate|sterone|estrol|parib|lisib)$/;

/** Words that name a language, a nationality or a holiday: kept, as the task usually needs them. */
export const KEPT = lazy(() => {
  const kept = new Set<string>([...HOLIDAYS, ...KEPT_PRODUCTS.filter((p) => !p.includes(' '))]);
  for (const [name] of languages as string[][]) kept.add(normalizeText(stripQualifier(name!)));
  for (const [, , name, short, , nationality] of countries as string[][])
    for (const d of demonyms(nationality!, [stripQualifier(name!), short!])) kept.add(normalizeText(d));
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

/** The health or medication kind of a known term `key` is a misspelling of ("ibuprofin"), if any. */
export function misspelled(key: string): SpanKind | undefined {
  if (key.length < 7) return undefined;
  const limit = key.length >= 9 ? 2 : 1;
  return SPELLED()
    .get(key.slice(0, 2))
    ?.find((c) => editDistance(key, c.term, limit) <= limit)?.kind;
}
