/**
 * Message protection (issue 18): what a person typed, as it will be sent. Every detected span becomes a mark
 * with one treatment: Keep (as typed), Replace (a substitute of the same kind from the conversation's
 * codebook, recoverable from the answer) or Generalize (a public phrase of its category). By default
 * identifiers are replaced and special categories generalized, so the site learns "a health condition", not
 * "type 1 diabetes", and the question stays answerable.
 *
 * ```ts
 * const codebook = newCodebook(random);
 * const text = 'My daughter Mia (7) has type 1 diabetes; how do I tell her school in Leeds?';
 * const sent = protectMessage(text, { codebook, random, tagging: await tagger.tag(text) }); // or protect(), ./long.ts
 * // sent.text: 'My daughter Ava (9) has a metabolic condition; how do I tell her school in Bradford?'
 * // sent.marks: [{ id: '12-15', kind: 'person', treatment: 'replace', substitute: 'Ava', … }, …]
 * const back = recover(answer, sent.dictionary); // the answer in the person's words
 * ```
 *
 * What it promises: a generalization depends on the span's category and on the grammar around it only
 * (`generalizationFor`), never on the span's words, so it says nothing more than the category; except a health
 * condition, which is generalized to its broad class in the Disease Ontology (at least 100 conditions under it,
 * ./health-classes.ts: "asthma" → "a lung or airway condition"), so the answer stays about the right body system. A substitute
 * depends on the conversation's secret and the span (./derive.ts), so it is the same in every message of a
 * conversation and unlinkable across conversations. What it does not promise: a span the detector misses is
 * sent as typed; and the site's own box has seen the draft before any of this runs.
 */
import type { MessageTreatment } from '../core/choices';
import type { RandomSource } from '../core/contracts';
import { valueMatches } from '../core/typed-facts';
import { knownEntry, lookupKey, substituteTaken, withEntry, type CodebookState } from './codebook';
import { detectSpans, type DetectOptions } from './detect';
import { personHint } from './gender';
import { conditionClass } from './health-classes';
import { classWords } from './health-class-words';
import { detectInConversation, promptDictionary } from './mapper';
import { messageCue, placeCountry } from './place-country';
import { substitutePools, type SubstitutePools } from './pools';
import { keptByDefault, substituteFor, type SubstituteHint } from './stand-ins';
import type { Tagging } from './tagging';
import { isSpecialKind, type DictionaryEntry, type PhraseForm, type Span, type SpanKind, type SpecialKind } from './types';
import { textBefore } from './words';

/** What a send does with one span (the person's choice, or their default for its kind: core/choices.ts). */
export type Treatment = MessageTreatment;

export interface Mark {
  /** `${start}-${end}` in the original text. */
  readonly id: string;
  /** The span in the ORIGINAL text. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly kind: SpanKind;
  /** What is applied in `Protected.text`. */
  readonly treatment: Treatment;
  /** What Replace writes (from the conversation codebook; consistent per conversation). */
  readonly substitute: string;
  /** What Generalize writes, worded for its place; null if the kind has none (e.g. email). */
  readonly generalization: string | null;
}

export interface ProtectOptions extends DetectOptions {
  /** The conversation's codebook (newCodebook(random) for a new one). */
  readonly codebook: CodebookState;
  readonly random: RandomSource;
  /** Per kind default; missing kinds: identifiers 'replace', special kinds 'generalize'. */
  readonly defaults?: Partial<Record<SpanKind, Treatment>>;
  /** Per mark id, the person's choice in the review. */
  readonly choices?: Readonly<Record<string, Treatment>>;
  /**
   * Terms with a given generalization, e.g. a withheld profile value typed into the message → its released
   * category label ("Pediatric nurse" → "a health professional"); found like profile values, kind 'profile'.
   * Their default treatment is 'generalize' (unless `defaults.profile` says otherwise).
   */
  readonly generalize?: readonly { readonly value: string; readonly phrase: string }[];
  /**
   * Values the person shares in their profile: marked, and kept as typed by default (the release states them;
   * replacing one here would contradict it). Kind 'profile'.
   */
  readonly shared?: readonly string[];
  /** The substitute pools (default: the shipped ones, ./index.ts). */
  readonly pools?: SubstitutePools;
  /**
   * How far a health condition is generalized: to its Disease Ontology class ('class', the default: "a lung or
   * airway condition") or to its category only ('category': "a health condition").
   */
  readonly healthLevel?: 'class' | 'category';
  /** 'compose': written in Veil's private compose box, whose stand-ins are its own (./stand-ins.ts); absent: typed in the site's box. */
  readonly scope?: 'compose';
}

export interface Protected {
  /** The message as it will be sent. */
  readonly text: string;
  /** Text order. */
  readonly marks: readonly Mark[];
  /** Where each changed span sits in `text` (for highlighting), text order. */
  readonly placed: readonly { readonly id: string; readonly start: number; readonly end: number }[];
  /** With this message's new pairs (only for replaced spans). */
  readonly codebook: CodebookState;
  /** Pairs for reading the answer back (replaced spans only). */
  readonly dictionary: readonly DictionaryEntry[];
  /** The language the tagger read the message in (`read: false`: only shapes were looked for). */
  readonly language: Tagging['language'];
}

/** Wording of a category's generalization by the grammar of its place (public: the category only). */
interface Wording {
  /** After nothing in particular: "has a health condition". */
  readonly noun: string;
  /** After "I'm", "she was": "I'm dealing with a health condition". */
  readonly pred: string;
  /** A verb phrase in base, past and -ing form: "relapsed" → "used substances". */
  readonly verb: readonly [string, string, string];
  /** A person by their role: "my PO" → "my case officer". */
  readonly role: string;
  /** A place or service: "rehab" → "a support programme". */
  readonly place: string;
  /** A person by the category: "a Mormon", "an alcoholic" → "a person of faith". */
  readonly person: string;
  /** Before a noun, where the category has an adjective: "a gay couple" → "an LGBTQ+ couple". */
  readonly attributive?: string;
  /** After "a"/"an" where the noun is a mass noun: "a payday loan" → "a money problem". */
  readonly countable?: string;
  /** A thing of the category ("a gram of coke" → "a drug") and an occasion ("a bar mitzvah"); else the noun. */
  readonly thing?: string;
  readonly event?: string;
}

const w = (noun: string, pred: string, verb: [string, string, string], role: string, place: string, person: string, more: Partial<Pick<Wording, 'attributive' | 'countable' | 'thing' | 'event'>> = {}): Wording => ({ noun, pred, verb, role, place, person, ...more });

/** The public phrases (chosen so an assistant can still help: the kind of matter, not the matter). */
const WORDING: Readonly<Record<SpecialKind, Wording>> = {
  health: w('a health condition', 'dealing with a health condition', ['have a health problem', 'had a health problem', 'having a health problem'], 'a doctor', 'a clinic', 'a person with a health condition'),
  medication: w('a prescription medicine', 'on a prescription medicine', ['take a prescription medicine', 'took a prescription medicine', 'taking a prescription medicine'], 'a doctor', 'a pharmacy', 'a person on a prescription medicine'),
  'mental-health': w('a mental-health condition', 'struggling with mental health', ['have a mental-health crisis', 'had a mental-health crisis', 'having a mental-health crisis'], 'a doctor', 'a clinic', 'a person with a mental-health condition'),
  pregnancy: w('a pregnancy-related matter', 'dealing with a pregnancy-related matter', ['have a pregnancy-related matter', 'had a pregnancy-related matter', 'having a pregnancy-related matter'], 'a doctor', 'a clinic', 'a person with a pregnancy-related matter'),
  sexuality: w('my sexual orientation', 'LGBTQ+', ['talk about sexual orientation', 'talked about sexual orientation', 'talking about sexual orientation'], 'a counsellor', 'a community group', 'an LGBTQ+ person', { attributive: 'LGBTQ+' }),
  'gender-identity': w('my gender identity', 'gender-diverse', ['deal with a gender-identity matter', 'dealt with a gender-identity matter', 'dealing with a gender-identity matter'], 'a doctor', 'a clinic', 'a gender-diverse person', { attributive: 'gender-diverse' }),
  immigration: w('an immigration matter', 'in an immigration situation', ['have an immigration problem', 'had an immigration problem', 'having an immigration problem'], 'an adviser', 'an immigration office', 'a person with an immigration matter'),
  criminal: w('a criminal-justice matter', 'involved in a criminal-justice matter', ['get into legal trouble', 'got into legal trouble', 'getting into legal trouble'], 'a case officer', 'a facility', 'a person with a criminal-justice matter'),
  substance: w('substance use', 'dealing with substance use', ['use substances', 'used substances', 'using substances'], 'a mentor', 'a support programme', 'a person dealing with substance use', { countable: 'substance problem', thing: 'a drug' }),
  religion: w('my religion', 'religious', ['practise a religion', 'practised a religion', 'practising a religion'], 'a community leader', 'a place of worship', 'a person of faith', { attributive: 'religious', thing: 'religious dress', event: 'a religious occasion' }),
  ethnicity: w('my ethnic background', 'of a particular ethnic background', ['have an ethnic background', 'had an ethnic background', 'having an ethnic background'], 'a person', 'a community', 'a person of a particular ethnic background'),
  politics: w('my political views', 'politically engaged', ['take part in politics', 'took part in politics', 'taking part in politics'], 'a representative', 'a political group', 'a person with political views'),
  finance: w('money trouble', 'in money trouble', ['have money trouble', 'had money trouble', 'having money trouble'], 'a creditor', 'a lender', 'a person in money trouble', { countable: 'money problem' }),
  employment: w('a work problem', 'out of a job', ['lose a job', 'lost a job', 'losing a job'], 'a manager', 'a workplace', 'a person out of a job'),
  legal: w('a legal matter', 'involved in a legal matter', ['have a legal dispute', 'had a legal dispute', 'having a legal dispute'], 'a lawyer', 'a court', 'a person with a legal matter'),
};

/** A special category whose kind the tagger was not sure of (`Span.unsure`): said as a personal matter only. */
const UNSURE: Wording = w('a personal matter', 'dealing with a personal matter', ['have a personal problem', 'had a personal problem', 'having a personal problem'], 'a person', 'a place', 'a person with a personal matter');

/** The same in the other languages the tagger reads (bracketed, as `LOCAL_WORDING`). */
const LOCAL_UNSURE: Readonly<Record<string, string>> = { de: 'persönliche Angelegenheit', fr: 'question personnelle', es: 'asunto personal', pt: 'assunto pessoal', it: 'questione personale' };

/** Identifier kinds that have a generalization (the others have none: a name, an e-mail, a number). */
const IDENTIFIER_WORDING: Partial<Record<SpanKind, string>> = { organisation: 'an organisation', place: 'a place', date: 'a date', money: 'an amount' };

/**
 * The same phrases in the other languages the tagger reads, in brackets: English grammar (articles, verb forms,
 * "a person with …") does not carry over, and a bracketed label reads as what it is in any sentence ("Ich habe
 * [Erkrankung] und nehme [Medikament]"). A health condition the Disease Ontology knows is named by its class
 * (./health-class-words.ts: "[Lungen- oder Atemwegserkrankung]").
 */
const LOCAL_WORDING: Readonly<Record<string, Readonly<Partial<Record<SpanKind, string>>>>> = {
  de: {
    health: 'Erkrankung', medication: 'Medikament', 'mental-health': 'psychische Erkrankung', pregnancy: 'Schwangerschaftsthema', sexuality: 'sexuelle Orientierung',
    'gender-identity': 'Geschlechtsidentität', immigration: 'Aufenthaltsfrage', criminal: 'Strafsache', substance: 'Substanzkonsum', religion: 'Religion',
    ethnicity: 'ethnische Herkunft', politics: 'politische Haltung', finance: 'Geldprobleme', employment: 'Arbeitsproblem', legal: 'Rechtsangelegenheit',
    organisation: 'Organisation', place: 'Ort', date: 'Datum', money: 'Betrag',
  },
  fr: {
    health: 'problème de santé', medication: 'médicament', 'mental-health': 'trouble psychique', pregnancy: 'question de grossesse', sexuality: 'orientation sexuelle',
    'gender-identity': 'identité de genre', immigration: "question d'immigration", criminal: 'affaire pénale', substance: 'consommation de substances', religion: 'religion',
    ethnicity: 'origine ethnique', politics: 'opinions politiques', finance: 'difficultés financières', employment: 'problème au travail', legal: 'affaire juridique',
    organisation: 'organisme', place: 'lieu', date: 'date', money: 'montant',
  },
  es: {
    health: 'problema de salud', medication: 'medicamento', 'mental-health': 'problema de salud mental', pregnancy: 'asunto de embarazo', sexuality: 'orientación sexual',
    'gender-identity': 'identidad de género', immigration: 'asunto migratorio', criminal: 'asunto penal', substance: 'consumo de sustancias', religion: 'religión',
    ethnicity: 'origen étnico', politics: 'opiniones políticas', finance: 'problemas de dinero', employment: 'problema laboral', legal: 'asunto legal',
    organisation: 'organización', place: 'lugar', date: 'fecha', money: 'importe',
  },
  pt: {
    health: 'problema de saúde', medication: 'medicamento', 'mental-health': 'problema de saúde mental', pregnancy: 'questão de gravidez', sexuality: 'orientação sexual',
    'gender-identity': 'identidade de gênero', immigration: 'questão migratória', criminal: 'questão criminal', substance: 'uso de substâncias', religion: 'religião',
    ethnicity: 'origem étnica', politics: 'opiniões políticas', finance: 'problemas financeiros', employment: 'problema no trabalho', legal: 'questão jurídica',
    organisation: 'organização', place: 'lugar', date: 'data', money: 'valor',
  },
  it: {
    health: 'problema di salute', medication: 'farmaco', 'mental-health': 'problema di salute mentale', pregnancy: 'questione di gravidanza', sexuality: 'orientamento sessuale',
    'gender-identity': 'identità di genere', immigration: 'questione di immigrazione', criminal: 'questione penale', substance: 'uso di sostanze', religion: 'religione',
    ethnicity: 'origine etnica', politics: 'opinioni politiche', finance: 'difficoltà economiche', employment: 'problema di lavoro', legal: 'questione legale',
    organisation: 'ente', place: 'luogo', date: 'data', money: 'importo',
  },
};

/**
 * The bracketed label of `kind` in `language` (`LOCAL_WORDING`; a health condition's class where it has one,
 * ./health-class-words.ts; a personal matter where the kind is unsure), with its letter inside; undefined in English.
 */
function localWording(kind: SpanKind, language: string, letter?: string, healthClass?: string, unsure = false): string | undefined {
  const label = unsure ? LOCAL_UNSURE[language] : ((healthClass === undefined ? undefined : classWords(healthClass, language)) ?? LOCAL_WORDING[language]?.[kind]);
  return label === undefined ? undefined : `[${label}${letter ? ` ${letter}` : ''}]`;
}

/** The public phrase a span of `kind` generalizes to (its noun form), or null: it depends on the kind only. */
export function generalizationFor(kind: SpanKind): string | null {
  return isSpecialKind(kind) ? WORDING[kind].noun : IDENTIFIER_WORDING[kind] ?? null;
}

/** Identifiers are replaced, special categories generalized. */
export const DEFAULT_TREATMENT = (kind: SpanKind): Treatment => (isSpecialKind(kind) ? 'generalize' : 'replace');

const DETERMINER = /(?:^|[^\p{L}])(my|his|her|their|our|your|its|the|this|that|a|an)\s+$/iu;
/** "is that neuropathy?": "that" as a pronoun, not a determiner. */
const PRONOUN_THAT = /(?:^|[^\p{L}])(?:is|was|are|isn['’]t|could|can|might|would)\s+(?:that|this|it)\s+$/iu;
/** "I'm a type 2 diabetic", "my dad is an alcoholic": a person of the category. */
const PERSON_SLOT = /(?:^|[^\p{L}])(?!(?:it|that|this|which|what|there)\b)\p{L}+(?:['’]s|['’]m|['’]re|\s+(?:am|is|are|was|were|be|been|being|as))\s+(?:a|an)\s+$/iu;
const COPULA = /(?:^|[^\p{L}])(?:am|i['’]m|im|is|['’]s|are|['’]re|was|were|be|been|being|feel|feels|feeling|felt|seem|seems|became|become|stay|stayed|remain|remains|get|got|getting)\s+(?:(?:so|very|really|still|now|just|only|not|also|openly|always|never|actually|basically|currently|newly|recently)\s+)?$/iu;
const POSSESSIVE_START = /^(my|his|her|their|our|your)\s+/i;
const ARTICLE = /^(?:a|an|the)\s+/i;
const PAST = /^(?:came|got|went|was|were|lost|took|did|broke|tore|had|left|pled|drank|began|made|put|told|found|cut|hurt|quit|overdosed|\p{L}+ed)\b/iu;

const NOT_NOUNS = new Set(['and', 'but', 'or', 'nor', 'so', 'to', 'in', 'at', 'on', 'for', 'with', 'of', 'from', 'by', 'because', 'who', 'that', 'which', 'now', 'too', 'again', 'since', 'after', 'before', 'when', 'while', 'is', 'was', 'are', 'were', 'and', 'if', 'then', 'than', 'as', 'like', 'yet', 'still', 'already', 'though', 'although']);

/** Whether a noun seems to follow `end` ("gay couple"), not a pause or a function word ("gay and", "gay.") */
function nounFollows(text: string, end: number): boolean {
  const next = /^[ ]+(\p{L}+)/u.exec(text.slice(end))?.[1];
  return next !== undefined && !NOT_NOUNS.has(next.toLowerCase());
}

/** "a"/"an" for the word it goes before. */
function article(next: string): string {
  return /^(?:[aeio]|u(?!n[ie]|s[eu]|ro)|hour|honest|LGBT)/i.test(next) ? 'an' : 'a';
}

/** Whether `start` begins a sentence (only spaces and quotes since the last . ! ? or the start). */
function sentenceStart(text: string, start: number): boolean {
  return start === 0 || /(?:^|[.!?]\s+|\n\s*)["'“(]?$/.test(text.slice(Math.max(0, start - 4), start));
}

/**
 * A noun phrase worded for its place: after a determiner its own article goes ("my chronic illness", "the
 * prescription medicine"), and a leading "my" gives way to the determiner that is there ("his religion").
 */
/** A determiner and one describing word before the span: "my last seizure", "her early dementia". */
const DETERMINER_ADJECTIVE = /(?:^|[^\p{L}])(my|his|her|their|our|your|its|the|this|that|a|an)\s+(?:last|first|new|old|recent|next|current|latest|early|late|bad|severe|mild|worst|chronic|little|big|own|only|second|third|previous|ongoing|suspected|possible|diagnosed)\s+$/iu;

function nounInPlace(phrase: string, before: string, countable?: string): string {
  const adjective = DETERMINER_ADJECTIVE.exec(before)?.[1];
  if (adjective) return /^an?$/i.test(adjective) ? countable ?? phrase.replace(ARTICLE, '').replace(POSSESSIVE_START, '') : phrase.replace(ARTICLE, '').replace(POSSESSIVE_START, '');
  const determiner = DETERMINER.exec(before)?.[1];
  if (!determiner || PRONOUN_THAT.test(before)) return phrase;
  // "a payday loan" → "a money problem", not "a money trouble".
  if (/^an?$/i.test(determiner) && !/^(?:a|an)\s/i.test(phrase)) return countable ?? phrase.replace(POSSESSIVE_START, '');
  return phrase.replace(ARTICLE, '').replace(POSSESSIVE_START, '');
}

/** The generalization of `span` worded for where it sits in `text`; null if its kind has none. */
export function generalizationInPlace(text: string, span: Pick<Span, 'start' | 'end' | 'text' | 'kind' | 'form' | 'unsure'>, phrase?: string, classNoun?: string): string | null {
  const before = textBefore(text, span.start);
  // A span that opens with a possessive ("my PO", "my breakdown") keeps it and words the rest after it.
  const possessive = POSSESSIVE_START.exec(span.text)?.[0] ?? '';
  const lead = possessive ? `${before}${possessive}` : before;
  const keep = (s: string) => (possessive ? `${possessive}${s}` : s);
  if (phrase !== undefined) return keep(nounInPlace(phrase, lead));
  if (!isSpecialKind(span.kind)) {
    const noun = IDENTIFIER_WORDING[span.kind];
    return noun ? keep(nounInPlace(noun, lead)) : null;
  }
  // A health condition's class (./health-classes.ts) in the category's place: "a person with a lung or airway condition".
  const wording = span.unsure ? UNSURE : classNoun ? { ...WORDING[span.kind], noun: classNoun, pred: `dealing with ${classNoun}`, person: `a person with ${classNoun}` } : WORDING[span.kind];
  const form: PhraseForm = span.form ?? 'noun';
  const body = span.text.slice(possessive.length);
  switch (form) {
    case 'verb': {
      const tense = /^\p{L}+ing\b/iu.test(body) ? 2 : PAST.test(body) ? 1 : 0;
      return keep(wording.verb[tense]);
    }
    case 'role':
      return keep(nounInPlace(wording.role, lead));
    case 'place':
      return keep(nounInPlace(wording.place, lead));
    case 'thing':
      return keep(nounInPlace(wording.thing ?? wording.noun, lead, wording.countable));
    case 'event':
      return keep(nounInPlace(wording.event ?? wording.noun, lead, wording.countable));
    case 'pred':
      // "a Mormon", "an alcoholic": a person of the category.
      if (ARTICLE.test(body) && !/^the\s/i.test(body)) {
        return keep(wording.attributive && nounFollows(text, span.end) ? `${article(wording.attributive)} ${wording.attributive}` : wording.person);
      }
      // "a gay couple", "as a Catholic family": the category's adjective before a noun.
      if (wording.attributive && DETERMINER.test(lead) && nounFollows(text, span.end)) return keep(wording.attributive);
      if (PERSON_SLOT.test(lead)) return keep(wording.person.replace(ARTICLE, ''));
      if (COPULA.test(lead) || !DETERMINER.test(lead) || PRONOUN_THAT.test(lead)) return keep(wording.pred);
      // "a gay couple": the category's adjective before the noun.
      return keep(wording.attributive ?? nounInPlace(wording.noun, lead));
    default:
      if (PERSON_SLOT.test(lead) && !/ing$/i.test(body)) return keep(wording.person.replace(ARTICLE, ''));
      // "I'm bleeding", "she's vomiting": a participle after a copula reads as a state.
      if (COPULA.test(lead) && !DETERMINER.test(lead)) return keep(/ing$/i.test(body) || !/^(?:a|an)\s/i.test(wording.noun) ? wording.pred : wording.noun);
      return keep(nounInPlace(wording.noun, lead, wording.countable));
  }
}

/** The spans of `text`: the `generalize` terms first (kind 'profile'), then everything the detector finds. */
function protectSpans(text: string, options: ProtectOptions): (Span & { phrase?: string; shared?: true })[] {
  const spans: (Span & { phrase?: string; shared?: true })[] = [];
  const overlaps = (s: Span) => spans.some((t) => t.start < s.end && s.start < t.end);
  for (const value of [...(options.shared ?? [])].sort((a, b) => b.length - a.length)) {
    for (const m of valueMatches(text, value)) {
      const span = { ...m, kind: 'profile' as const, shared: true as const };
      if (!overlaps(span)) spans.push(span);
    }
  }
  for (const { value, phrase } of [...(options.generalize ?? [])].sort((a, b) => b.value.length - a.value.length)) {
    for (const m of valueMatches(text, value)) {
      const span = { ...m, kind: 'profile' as const, phrase };
      if (!overlaps(span)) spans.push(span);
    }
  }
  for (const s of detectInConversation(detectSpans, text, { ...options, codebook: options.codebook })) if (!overlaps(s)) spans.push(s);
  spans.sort((a, b) => a.start - b.start);
  // Neighbours of one special kind are one thing ("a Ventolin inhaler", "stage 3 pancreatic cancer"): one mark;
  // never across a line break (a list's items are separate facts).
  const merged: (Span & { phrase?: string; shared?: true })[] = [];
  for (const s of spans) {
    const prev = merged.at(-1);
    if (prev && isSpecialKind(s.kind) && prev.kind === s.kind && prev.phrase === undefined && /^[ \t-]+$/.test(text.slice(prev.end, s.start))) {
      merged[merged.length - 1] = { start: prev.start, end: s.end, text: text.slice(prev.start, s.end), kind: s.kind, ...(s.form ? { form: s.form } : {}) };
    } else merged.push(s);
  }
  return merged;
}

export function protectMessage(text: string, options: ProtectOptions): Protected {
  const pools = options.pools ?? substitutePools();
  const spans = protectSpans(text, options);
  const language = options.tagging.language.code;
  const cue = messageCue(text, spans, pools, language, options.shared);
  const marks: Mark[] = [];
  const placed: { id: string; start: number; end: number }[] = [];
  const replaced: Span[] = [];
  let codebook = options.codebook;
  // The text as sent, in pieces (joined once: a long message costs linear time), its length and last character.
  const out: string[] = [];
  let length = 0;
  let lastChar = '';
  let last = 0;
  const letters = distinctLetters(text, spans, options.healthLevel !== 'category');
  const english = options.tagging.language.code === 'en';
  for (const span of spans) {
    const id = `${span.start}-${span.end}`;
    const healthClass = options.healthLevel === 'category' || span.unsure ? undefined : classPhrase(span);
    const worded = generalizationInPlace(text, span, span.phrase, healthClass);
    const local = span.phrase === undefined && worded !== null ? localWording(span.kind, language, letters.get(span), healthClass, span.unsure) : undefined;
    const generalization = local ?? (worded === null || !letters.has(span) ? worded : `${worded} ${letters.get(span)}`);
    // Kept by default: a value the person shares, a country, a decade of age ("in my forties": already general).
    const kept = span.shared === true || (span.phrase === undefined && keptByDefault(span, pools));
    const country = span.kind === 'place' ? placeCountry(span.text, pools, { cue, language }) : undefined;
    // A town in no country the data or the message names is generalized ("a place"): a stand-in would move it abroad.
    const nowhere = span.kind === 'place' && country === undefined && !/\d/.test(span.text) && pools.placeKind?.(span.text.replace(/['’]s$/, '')) === undefined;
    const fallback = kept ? 'keep' : span.phrase !== undefined || nowhere ? 'generalize' : DEFAULT_TREATMENT(span.kind);
    let treatment: Treatment = options.choices?.[id] ?? (kept ? 'keep' : options.defaults?.[span.kind] ?? fallback);
    if (treatment === 'generalize' && generalization === null) treatment = 'replace';
    // A special-category phrase that is not a noun ("relapsed", "on probation") has no stand-in of the same
    // grammar: Replace writes its generalization, kept in the dictionary so the answer reads back.
    const hint: SubstituteHint = { mode: 'protect', ...(options.scope ? { scope: options.scope } : {}), ...(span.kind === 'person' ? personHint(text, span) : {}), ...(span.kind === 'place' && country ? { country } : {}) };
    const special = isSpecialKind(span.kind) || span.phrase !== undefined;
    const decoy = special && (span.form ?? 'noun') === 'noun' && pools.specialDecoys?.[span.kind]?.length;
    // One person, one stand-in: a first or family name alone takes its part of the full name's stand-in.
    const base = span.kind === 'person' ? withNamePart(codebook, span, spans, text, options, pools) : codebook;
    const known = knownEntry(base, span.text, options.scope);
    let substitute: string;
    let next: CodebookState;
    if (known || !special || decoy) {
      ({ state: next, substitute } = substituteFor(base, span, options.random, pools, text, hint));
    } else {
      substitute = generalization ?? span.text;
      // A phrase another original already reads back from would read back wrong: this one then stays general.
      const taken = substituteTaken(codebook, substitute);
      next = taken ? codebook : { ...codebook, entries: withEntry(codebook.entries, { original: span.text.replace(/['’]s$/, ''), substitute, kind: span.kind, ...(options.scope ? { scope: options.scope } : {}) }) };
    }
    substitute = inPlace(text, span, substitute);
    if (treatment === 'replace') {
      codebook = next;
      replaced.push(span);
    } else if (treatment === 'generalize' && isSpecialKind(span.kind) && !(codebook.generalized ?? []).some((g) => lookupKey(g.original) === lookupKey(span.text))) {
      codebook = { ...codebook, generalized: [...(codebook.generalized ?? []), { original: span.text.replace(/['’]s$/, ''), kind: span.kind }] };
    }
    marks.push({ id, start: span.start, end: span.end, text: span.text, kind: span.kind, treatment, substitute, generalization });
    const written = treatment === 'keep' ? span.text : treatment === 'replace' ? substitute : capitalizeAt(text, span.start, generalization!);
    let gap = text.slice(last, span.start);
    if (treatment !== 'keep') {
      // "a" / "an" before what is written now, in the words since the last span (the character before them
      // tells a word start; it is written back unchanged). English only: "a" is a preposition in Spanish,
      // Portuguese, Italian, Catalan, …
      if (english) {
        gap = (lastChar + gap)
          .replace(/(^|[^\p{L}])(a|an|A|An)(\s+)$/u, (_, pre: string, a: string, space: string) => {
            const fixed = article(written);
            return `${pre}${/^A/.test(a) ? fixed.charAt(0).toUpperCase() + fixed.slice(1) : fixed}${space}`;
          })
          .slice(lastChar.length);
      }
      placed.push({ id, start: length + gap.length, end: length + gap.length + written.length });
    }
    out.push(gap, written);
    length += gap.length + written.length;
    lastChar = (gap + written).slice(-1) || lastChar;
    last = span.end;
  }
  out.push(text.slice(last));
  return { text: out.join(''), marks, placed, codebook, dictionary: promptDictionary(codebook, replaced), language: options.tagging.language };
}

const TITLE = /^(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Herr|Frau|Mme|Mlle|M|Sr|Sra|Sig|Sig\.ra|Dott|Dott\.ssa)\.?\s+)/u;

/**
 * "Marcus Whitfield", then "Marcus" or "Mr Whitfield": the short form is the same person, so it gets the matching
 * part of the full name's stand-in ("Daniel Okafor" → "Daniel", "Mr Okafor"), added to the codebook state this
 * span is substituted from (and kept only if the span is replaced). The full name is this message's (before
 * or after the short form) or the conversation's. Anything else: the codebook as it was.
 */
function withNamePart(codebook: CodebookState, span: Span, spans: readonly Span[], text: string, options: ProtectOptions, pools: SubstitutePools): CodebookState {
  if (knownEntry(codebook, span.text, options.scope)) return codebook;
  const title = TITLE.exec(span.text)?.[0] ?? '';
  const words = span.text.slice(title.length).replace(/['’]s$/, '').split(/\s+/);
  if (words.length !== 1) return codebook;
  const word = words[0]!.toLowerCase();
  const fulls = [
    ...spans.filter((s) => s.kind === 'person' && s !== span).map((s) => s.text.replace(/['’]s$/, '')),
    ...codebook.entries.filter((e) => e.kind === 'person' && (e.scope ?? undefined) === options.scope).map((e) => e.original),
  ].filter((full) => !TITLE.test(full) && full.split(/\s+/).length >= 2);
  for (const full of fulls) {
    const parts = full.toLowerCase().split(/\s+/);
    const position = !title && parts[0] === word ? 'first' : parts.at(-1) === word ? 'last' : undefined;
    if (!position) continue;
    const { state, substitute } = substituteFor(codebook, { text: full, kind: 'person' }, options.random, pools, text, { mode: 'protect', ...(options.scope ? { scope: options.scope } : {}), ...personHint(text, { start: text.indexOf(full), end: text.indexOf(full) + full.length, text: full }) });
    const pieces = substitute.split(/\s+/);
    if (pieces.length < 2) return codebook;
    const part = `${title}${position === 'first' ? pieces[0] : pieces.at(-1)}`;
    if (substituteTaken(state, part)) return codebook;
    return { ...state, entries: withEntry(state.entries, { original: span.text.replace(/['’]s$/, ''), substitute: part, kind: 'person', ...(options.scope ? { scope: options.scope } : {}) }) };
  }
  return codebook;
}

/**
 * A health condition's class in the Disease Ontology (./health-classes.ts: "asthma" → "a lung or airway
 * condition"), so the answer stays about the right part of the body; undefined (the category's own phrase, "a
 * health condition") for a condition the ontology does not know, or a span that is not a noun ("my knee hurts").
 */
function classPhrase(span: Span): string | undefined {
  if (span.kind !== 'health' || (span.form ?? 'noun') !== 'noun') return undefined;
  const words = span.text.replace(POSSESSIVE_START, '').split(/[\s-]+/);
  // "severe asthma", "stage 3 breast cancer", "asthma attacks", "Asthma-Anfälle": the longest run of its words
  // the ontology knows.
  for (let n = words.length; n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const found = conditionClass(words.slice(i, i + n).join(' '));
      if (found) return found.phrase;
    }
  }
  return undefined;
}

/**
 * Letters that tell apart different spans one message generalizes alike ("Ozempic or Mounjaro?" → "a
 * prescription medicine A or a prescription medicine B?"), so a comparison stays a comparison. They depend
 * on the order of the spans only; the same span gets the same letter.
 */
function distinctLetters(text: string, spans: readonly (Span & { phrase?: string })[], classLevel: boolean): Map<Span, string> {
  const byPhrase = new Map<string, string[]>();
  // Two conditions of different classes are told apart by their classes already.
  const phraseOf = (span: Span & { phrase?: string }) => span.phrase ?? (span.unsure ? 'unsure' : isSpecialKind(span.kind) ? ((classLevel ? classPhrase(span) : undefined) ?? span.kind) : undefined);
  for (const span of spans) {
    const phrase = phraseOf(span);
    if (phrase === undefined) continue;
    const keys = byPhrase.get(phrase) ?? [];
    if (!keys.includes(lookupKey(span.text))) keys.push(lookupKey(span.text));
    byPhrase.set(phrase, keys);
  }
  const out = new Map<Span, string>();
  for (const span of spans) {
    const phrase = phraseOf(span);
    const keys = phrase === undefined ? [] : byPhrase.get(phrase)!;
    // Only nouns take a letter ("relapsed" twice needs none), and only when two different spans share a phrase.
    if (keys.length > 1 && keys.length <= 26 && (span.form ?? 'noun') !== 'verb' && (span.form ?? 'noun') !== 'pred') {
      out.set(span, String.fromCharCode(65 + keys.indexOf(lookupKey(span.text))));
    }
  }
  return out;
}

/** A capital at the start of a sentence, where the person wrote one ("my church, …" stays lower case). */
function capitalizeAt(text: string, start: number, phrase: string): string {
  return sentenceStart(text, start) && /^\p{Lu}/u.test(text.charAt(start)) ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : phrase;
}

/** A substitute in its place: no article after a determiner, a capital to open a sentence, the span's possessive. */
function inPlace(text: string, span: Span, substitute: string): string {
  let s = substitute;
  if (DETERMINER.test(textBefore(text, span.start))) s = s.replace(ARTICLE, '');
  s = capitalizeAt(text, span.start, s);
  const possessive = /['’]s$/.exec(span.text)?.[0] ?? '';
  if (possessive && !s.endsWith(possessive)) s += possessive;
  return s;
}
