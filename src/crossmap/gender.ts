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
  const familyName = TITLE_BEFORE.test(text.slice(Math.max(0, span.start - 8), span.start)) || undefined;
  return { ...(gender ? { gender } : {}), ...(familyName ? { familyName } : {}) };
}

const TITLE_BEFORE = /(?:^|[^\p{L}])(?:mr|mrs|ms|miss|mx|dr|prof|professor)\.?\s+$/iu;

let genders: { female: ReadonlySet<string>; male: ReadonlySet<string> } | undefined;
function nameGenders() {
  genders ??= { female: new Set(lexiconList('substitute-given-female')), male: new Set(lexiconList('substitute-given-male')) };
  return genders;
}
