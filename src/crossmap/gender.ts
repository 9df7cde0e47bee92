/**
 * What the text says about a person a substitute should keep: the gender it gives them and whether the span is
 * a family name after a title ("Mr. Tanaka" → another family name, not a given name).
 */
import { lexiconList } from './word-lists';
import type { Span } from './types';

const FEMALE =
  'daughter|stepdaughter|wife|mother|mum|mom|mama|mommy|mummy|sister|stepsister|girlfriend|fianc[ée]e|aunt|auntie|aunty|niece|grandma|granny|gran|nan|nana|nanna|grandmother|stepmother|stepmom|stepmum|mrs|ms|miss|madam|lady|girl|woman|widow|godmother|goddaughter|mother-in-law|sister-in-law|daughter-in-law|granddaughter';
const MALE =
  'son|stepson|husband|father|dad|daddy|papa|brother|stepbrother|boyfriend|fianc[ée]|uncle|nephew|grandpa|grandad|granddad|grandfather|stepfather|stepdad|mr|sir|boy|man|guy|widower|godfather|godson|father-in-law|brother-in-law|son-in-law|grandson';
const CUE_BEFORE = new RegExp(`(?:^|[^\\p{L}])(?:(${FEMALE})|(${MALE}))(?:['’]s)?\\.?\\s*,?\\s*$`, 'iu');
const CUE_AFTER = new RegExp(`^\\s*,\\s*(?:my|our|his|her|their)\\s+(?:(${FEMALE})|(${MALE}))\\b`, 'iu');
const CUE_INSIDE = new RegExp(`^(?:(${FEMALE})|(${MALE}))\\.?\\s`, 'iu');
const PRONOUN = /(?<![\p{L}])(?:(she|her|hers|herself)|(he|him|his|himself))(?![\p{L}])/iu;

/**
 * The gender the text gives a person span: a kin word or title next to it ("my daughter Mia", "Mrs Tanaka",
 * "Tom, my husband"), else the gender faker's lists give the name itself, else the first personal pronoun after
 * it within two sentences; undefined when none says.
 */
export function personGender(
  text: string,
  span: Pick<Span, 'start' | 'end' | 'text'>,
  names: { female: ReadonlySet<string>; male: ReadonlySet<string> } = nameGenders(),
): 'female' | 'male' | undefined {
  const of = (m: RegExpExecArray | null) => (m ? (m[1] ? 'female' : 'male') : undefined);
  const cue =
    of(CUE_INSIDE.exec(span.text)) ??
    of(CUE_BEFORE.exec(text.slice(Math.max(0, span.start - 40), span.start))) ??
    of(CUE_AFTER.exec(text.slice(span.end, span.end + 40)));
  if (cue) return cue;
  // A name faker lists under one gender only says it more reliably than the next pronoun, which may be
  // someone else's ("Ava and Leo … she loves horses").
  const first = span.text.replace(/['’]s$/, '').split(/\s+/)[0] ?? '';
  if (names.female.has(first)) return 'female';
  if (names.male.has(first)) return 'male';
  const after = text
    .slice(span.end)
    .split(/(?<=[.!?])\s+/)
    .slice(0, 2)
    .join(' ');
  return of(PRONOUN.exec(after));
}

/** The hint for a person span: its gender, and a family name after a title. */
export function personHint(text: string, span: Pick<Span, 'start' | 'end' | 'text'>): { gender?: 'female' | 'male'; familyName?: boolean } {
  const gender = personGender(text, span);
  const familyName = afterTitle(text, span.start) || undefined;
  return { ...(gender ? { gender } : {}), ...(familyName ? { familyName } : {}) };
}

/** A person's title in the six languages ("Mr", "Dr. med.", "Sra.", "M.", "Dott.ssa", "Eng.º"); "M" only with its full stop. */
const TITLE_WORDS = [
  ...'mr mrs ms mx miss dr drs prof professor herr frau sr sra srta lic licda dra dña don doña dona mme mlle dott avv sig ing eng exmo exma ilmo ilma'.split(
    ' ',
  ),
  ...'monsieur madame señor señora senhor senhora signor signora'.split(' '),
  'm(?=\\.)',
  'dott\\.ssa',
  'dr\\.ssa',
  'sig\\.ra',
];
const PERSON_TITLE = `(?:${TITLE_WORDS.join('|')})`;
/** One to three titles ("Herr Dr.", "Dr. med.", "Exmo. Sr. Eng.º"), right before a name. */
const titles = (title: string) => `(?:${title}(?:\\.[ºª]?\\s*|\\s+)(?:med\\.\\s*)?){1,3}`;
/** A German possessive or article before "Frau" or "Herr": "meine Frau" is a wife, "der Herr" a gentleman, no title. */
const NOT_TITLE = String.raw`(?<!\b(?:mein|dein|sein|ihr|unser|euer|die|der|den|dem|des|ein|kein)(?:e|en|em|er|es)?\s+)`;
const TITLE_BEFORE = new RegExp(`(?:^|[^\\p{L}.])${NOT_TITLE}${titles(PERSON_TITLE)}$`, 'iu');
/** Whether a person's title ends right before `at` ("Estimado Sr. |Olabarrieta", "Herr Dr. |Weiß"). */
export const afterTitle = (text: string, at: number): boolean => TITLE_BEFORE.test(text.slice(Math.max(0, at - 24), at));
/**
 * A name of one to three capitalised words after a capitalised title, at a word's start: someone's name, whatever
 * the words around it (not "bi dr SFS", Swiss German "der", nor the "M." of "$4.2M.").
 */
const TITLED_NAME = new RegExp(
  `(?<=^|[\\s("'“,;:])${NOT_TITLE}${titles(`(?:${TITLE_WORDS.map((t) => t.charAt(0).toUpperCase() + t.slice(1)).join('|')})`)}(\\p{Lu}[\\p{L}'’-]+(?: \\p{Lu}[\\p{L}'’-]+){0,2})`,
  'gu',
);
/** The names after a title in `text` (`TITLED_NAME`; the title itself is not the name). */
export function titledNames(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(TITLED_NAME)) {
    const start = m.index! + m[0].length - m[1]!.length;
    out.push({ start, end: m.index! + m[0].length, text: m[1]!, kind: 'person' });
  }
  return out;
}

let genders: { female: ReadonlySet<string>; male: ReadonlySet<string> } | undefined;
function nameGenders() {
  genders ??= { female: new Set(lexiconList('substitute-given-female')), male: new Set(lexiconList('substitute-given-male')) };
  return genders;
}
