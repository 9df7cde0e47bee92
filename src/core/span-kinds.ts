/**
 * What a sensitive span of a message is (the detector's kinds, src/crossmap). Kept here, with no imports, so
 * the person's settings (./settings.ts) can name a kind without the core reaching up into CROSS-MAP.
 *
 * Identifiers (a name, a place, a date, a number) are replaced by a substitute of the same role; special
 * categories (GDPR art. 9 and the like: health, sexuality, beliefs, crime, money trouble) are generalized by
 * default to a public phrase of their category.
 */
export const IDENTIFIER_KINDS = ['person', 'place', 'organisation', 'date', 'age', 'money', 'email', 'phone', 'id', 'profile', 'custom', 'proper'] as const;
export const SPECIAL_KINDS = [
  /** physical conditions, symptoms, surgery, disability */
  'health',
  /** medicines, treatments */
  'medication',
  /** psychiatric conditions, self-harm, suicidal thoughts, psychiatric care */
  'mental-health',
  /** pregnancy, fertility, abortion, miscarriage */
  'pregnancy',
  /** sexual orientation, coming out */
  'sexuality',
  /** gender identity, transition */
  'gender-identity',
  /** immigration and visa status, asylum, deportation */
  'immigration',
  /** arrests, charges, convictions, prison, probation, parole */
  'criminal',
  /** drug and alcohol use, addiction, recovery */
  'substance',
  /** religion and religious practice */
  'religion',
  /** ethnicity, race */
  'ethnicity',
  /** political opinions and affiliations, trade-union membership */
  'politics',
  /** debt, bankruptcy, arrears, benefits and other money trouble */
  'finance',
  /** job loss, dismissal, unemployment */
  'employment',
  /** other legal matters: custody, divorce, lawsuits, evictions */
  'legal',
] as const;
export const SPAN_KINDS = [...IDENTIFIER_KINDS, ...SPECIAL_KINDS] as const;
export type SpanKind = (typeof SPAN_KINDS)[number];
export type SpecialKind = (typeof SPECIAL_KINDS)[number];

/** Each kind of span in words. */
const KIND_LABELS: Partial<Record<SpanKind, string>> = {
  person: 'a name',
  place: 'a place',
  organisation: 'an organisation',
  date: 'a date',
  age: 'an age',
  money: 'an amount',
  email: 'an e-mail address',
  phone: 'a phone number',
  id: 'an ID or account number',
  profile: 'a fact you withheld',
  custom: 'a word you always replace',
  proper: 'a name',
  health: 'a health matter',
  medication: 'a medicine',
  'mental-health': 'a mental-health matter',
  pregnancy: 'a pregnancy matter',
  sexuality: 'sexual orientation',
  'gender-identity': 'gender identity',
  immigration: 'an immigration matter',
  criminal: 'a criminal-justice matter',
  substance: 'substance use',
  religion: 'religion',
  ethnicity: 'ethnicity',
  politics: 'political views',
  finance: 'a money matter',
  employment: 'a job matter',
  legal: 'a legal matter',
};

/** The kind of a span in words ("a name", "a health matter"). */
export function kindLabel(kind: SpanKind, labels: Partial<Record<SpanKind, string>> = {}): string {
  return labels[kind] ?? KIND_LABELS[kind] ?? 'a detail';
}
