/**
 * What a span generalizes to (issue 18): the public phrases of each special category, in each grammatical form
 * it can take (`Wording`), the identifier kinds' phrases, and the bracketed labels of the other languages the
 * tagger reads. Each depends on the category only, never on the span's words (./protect.ts says why);
 * ./wording-in-place.ts picks the form a span's place needs.
 *
 * ```ts
 * generalizationFor('medication'); // 'a prescription medicine'
 * localWording('health', 'de', 'A'); // '[Erkrankung A]'
 * ```
 */
import { classWords } from './health-class-words';
import { isSpecialKind, type SpanKind, type SpecialKind } from './types';

/** Wording of a category's generalization by the grammar of its place (public: the category only). */
export interface Wording {
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

const w = (
  noun: string,
  pred: string,
  verb: [string, string, string],
  role: string,
  place: string,
  person: string,
  more: Partial<Pick<Wording, 'attributive' | 'countable' | 'thing' | 'event'>> = {},
): Wording => ({ noun, pred, verb, role, place, person, ...more });

/** The public phrases (chosen so an assistant can still help: the kind of matter, not the matter). */
// prettier-ignore
export const WORDING: Readonly<Record<SpecialKind, Wording>> = {
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
export const UNSURE: Wording = w(
  'a personal matter',
  'dealing with a personal matter',
  ['have a personal problem', 'had a personal problem', 'having a personal problem'],
  'a person',
  'a place',
  'a person with a personal matter',
);

/** The same in the other languages the tagger reads (bracketed, as `LOCAL_WORDING`). */
const LOCAL_UNSURE: Readonly<Record<string, string>> = {
  de: 'persönliche Angelegenheit',
  fr: 'question personnelle',
  es: 'asunto personal',
  pt: 'assunto pessoal',
  it: 'questione personale',
};

/** Identifier kinds that have a generalization (the others have none: a name, an e-mail, a number). */
export const IDENTIFIER_WORDING: Partial<Record<SpanKind, string>> = { organisation: 'an organisation', place: 'a place', date: 'a date', money: 'an amount' };

/**
 * The same phrases in the other languages the tagger reads, in brackets: English grammar (articles, verb forms,
 * "a person with …") does not carry over, and a bracketed label reads as what it is in any sentence ("Ich habe
 * [Erkrankung] und nehme [Medikament]"). A health condition the Disease Ontology knows is named by its class
 * (./health-class-words.ts: "[Lungen- oder Atemwegserkrankung]").
 */
const LOCAL_WORDING: Readonly<Record<string, Readonly<Partial<Record<SpanKind, string>>>>> = {
  de: {
    health: 'Erkrankung',
    medication: 'Medikament',
    'mental-health': 'psychische Erkrankung',
    pregnancy: 'Schwangerschaftsthema',
    sexuality: 'sexuelle Orientierung',
    'gender-identity': 'Geschlechtsidentität',
    immigration: 'Aufenthaltsfrage',
    criminal: 'Strafsache',
    substance: 'Substanzkonsum',
    religion: 'Religion',
    ethnicity: 'ethnische Herkunft',
    politics: 'politische Haltung',
    finance: 'Geldprobleme',
    employment: 'Arbeitsproblem',
    legal: 'Rechtsangelegenheit',
    organisation: 'Organisation',
    place: 'Ort',
    date: 'Datum',
    money: 'Betrag',
  },
  fr: {
    health: 'problème de santé',
    medication: 'médicament',
    'mental-health': 'trouble psychique',
    pregnancy: 'question de grossesse',
    sexuality: 'orientation sexuelle',
    'gender-identity': 'identité de genre',
    immigration: "question d'immigration",
    criminal: 'affaire pénale',
    substance: 'consommation de substances',
    religion: 'religion',
    ethnicity: 'origine ethnique',
    politics: 'opinions politiques',
    finance: 'difficultés financières',
    employment: 'problème au travail',
    legal: 'affaire juridique',
    organisation: 'organisme',
    place: 'lieu',
    date: 'date',
    money: 'montant',
  },
  es: {
    health: 'problema de salud',
    medication: 'medicamento',
    'mental-health': 'problema de salud mental',
    pregnancy: 'asunto de embarazo',
    sexuality: 'orientación sexual',
    'gender-identity': 'identidad de género',
    immigration: 'asunto migratorio',
    criminal: 'asunto penal',
    substance: 'consumo de sustancias',
    religion: 'religión',
    ethnicity: 'origen étnico',
    politics: 'opiniones políticas',
    finance: 'problemas de dinero',
    employment: 'problema laboral',
    legal: 'asunto legal',
    organisation: 'organización',
    place: 'lugar',
    date: 'fecha',
    money: 'importe',
  },
  pt: {
    health: 'problema de saúde',
    medication: 'medicamento',
    'mental-health': 'problema de saúde mental',
    pregnancy: 'questão de gravidez',
    sexuality: 'orientação sexual',
    'gender-identity': 'identidade de gênero',
    immigration: 'questão migratória',
    criminal: 'questão criminal',
    substance: 'uso de substâncias',
    religion: 'religião',
    ethnicity: 'origem étnica',
    politics: 'opiniões políticas',
    finance: 'problemas financeiros',
    employment: 'problema no trabalho',
    legal: 'questão jurídica',
    organisation: 'organização',
    place: 'lugar',
    date: 'data',
    money: 'valor',
  },
  it: {
    health: 'problema di salute',
    medication: 'farmaco',
    'mental-health': 'problema di salute mentale',
    pregnancy: 'questione di gravidanza',
    sexuality: 'orientamento sessuale',
    'gender-identity': 'identità di genere',
    immigration: 'questione di immigrazione',
    criminal: 'questione penale',
    substance: 'uso di sostanze',
    religion: 'religione',
    ethnicity: 'origine etnica',
    politics: 'opinioni politiche',
    finance: 'difficoltà economiche',
    employment: 'problema di lavoro',
    legal: 'questione legale',
    organisation: 'ente',
    place: 'luogo',
    date: 'data',
    money: 'importo',
  },
};

/**
 * The bracketed label of `kind` in `language` (`LOCAL_WORDING`; a health condition's class where it has one,
 * ./health-class-words.ts; a personal matter where the kind is unsure), with its letter inside; undefined in English.
 */
export function localWording(kind: SpanKind, language: string, letter?: string, healthClass?: string, unsure = false): string | undefined {
  const label = unsure
    ? LOCAL_UNSURE[language]
    : ((healthClass === undefined ? undefined : classWords(healthClass, language)) ?? LOCAL_WORDING[language]?.[kind]);
  return label === undefined ? undefined : `[${label}${letter ? ` ${letter}` : ''}]`;
}

/** The public phrase a span of `kind` generalizes to (its noun form), or null: it depends on the kind only. */
export function generalizationFor(kind: SpanKind): string | null {
  return isSpecialKind(kind) ? WORDING[kind].noun : (IDENTIFIER_WORDING[kind] ?? null);
}
