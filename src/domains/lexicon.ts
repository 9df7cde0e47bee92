/**
 * Deterministic lexicon hits (Profile-DP, "Scores": a known country, title or language name may raise a
 * score). `lexiconScores(field, value)` returns, per category code, a floor in [0,1] for that category's
 * score. Every rule reads only the value and public tables (data/ and ./aliases.ts), so a score raised by a
 * hit is still a deterministic function of (value, category) and public data, which is all the proof needs.
 *
 * ```ts
 * lexiconScores('location', 'Lyon, France'); // Map { '155' => 1 }
 * lexiconScores('languages', 'English and Spanish'); // Map { 'mul' => 1, 'eng' => 0.9, 'roa' => 0.9 }
 * ```
 */
import languages from '../../data/languages.json';
import countries from '../../data/m49-countries.json';
import places from '../../data/places.json';
import type { KnownField } from '../core/profile';
import { LANGUAGE_ALIASES, PLACE_ALIASES } from './aliases';
import { demonyms } from './demonyms';
import { languageCategory } from './language-family';
import { occupationScores, warmOccupationTables } from './occupation-hits';
import { lazy, PhraseTable } from './phrases';
import { stripQualifier, tokens } from './text';

export type LexiconScores = ReadonlyMap<string, number>;
const NONE: LexiconScores = new Map();
/** Score floor for a direct hit, and for a category that is part of a hit of another (a language of `mul`). */
const HIT = 1;
const PARTIAL = 0.9;

/** Country names, capitals, demonyms and aliases → M49 sub-region. */
const placeTable = lazy(() => {
  const places = new PhraseTable<string>();
  for (const [, sub, name, short, capital, nationality] of countries as string[][]) {
    const names = [stripQualifier(name!), short!];
    for (const phrase of [...names, capital!, ...demonyms(nationality!, names)]) places.add(phrase, sub!);
  }
  for (const [alias, sub] of Object.entries(PLACE_ALIASES)) places.add(alias, sub);
  return places;
});

/** Cities, first-level regions and US state codes → M49 sub-region (data/places.json, from GeoNames). */
const placeKinds = lazy(() => {
  const table = { c: new PhraseTable<string>(), r: new PhraseTable<string>(), s: new Set<string>() };
  for (const [name, sub, kind] of places as [string, string, 'c' | 'r' | 'l' | 'n' | 's'][]) {
    if (kind === 's') table.s.add(name);
    else table[kind === 'l' ? 'r' : kind === 'n' ? 'c' : kind].add(name, sub);
  }
  return table;
});

/** Language names → `iso3:category` (category empty for a family outside the domain). */
const languageTable = lazy(() => {
  const names = new PhraseTable<string>();
  const byIso = new Map<string, string>();
  for (const [name, iso3, , path] of languages as string[][]) {
    const entry = `${iso3}:${languageCategory(iso3!, path!) ?? ''}`;
    byIso.set(iso3!, entry);
    names.add(stripQualifier(name!), entry);
  }
  for (const [alias, iso3] of Object.entries(LANGUAGE_ALIASES)) names.add(alias, byIso.get(iso3)!);
  return names;
});

function single(code: string | undefined): LexiconScores {
  return code ? new Map([[code, HIT]]) : NONE;
}

function hits(subRegions: Iterable<string>): LexiconScores {
  return new Map([...new Set(subRegions)].map((code) => [code, HIT]));
}

/** A nationality names a country: its names, capital, demonyms and aliases. */
function placeScores(words: string[]): LexiconScores {
  return hits(placeTable().find(words));
}

/**
 * A location may also name a city or a first-level region. Countries (C), regions (R, with a US state code
 * after a comma: "Chicago, IL") and cities (Y) are looked up separately; the sub-regions where the most of
 * them agree win, in the order C∩R∩Y, C∩R, R∩Y, C∩Y, then C, R, Y alone. So "Atlanta, Georgia" is the US
 * state (R∩Y), "Georgia" alone the country, and "London, Ontario" the Canadian city.
 */
function locationScores(words: string[], value: string): LexiconScores {
  const { c, r, s } = placeKinds();
  const C = new Set(placeTable().find(words));
  const R = new Set(r.find(words));
  if ([...value.matchAll(/,\s*([A-Z]{2})\b/g)].some((m) => s.has(m[1]!))) R.add('021');
  const Y = new Set(c.find(words));
  const both = (a: Set<string>, b: Set<string>) => new Set([...a].filter((code) => b.has(code)));
  const choices = [both(both(C, R), Y), both(C, R), both(R, Y), both(C, Y), C, R, Y];
  return hits(choices.find((set) => set.size > 0) ?? []);
}

function languageScores(words: string[]): LexiconScores {
  const found = new Map(
    languageTable()
      .find(words)
      .map((entry) => entry.split(':') as [string, string]),
  );
  const scores = new Map<string, number>();
  if (found.size >= 2) scores.set('mul', HIT);
  for (const category of found.values()) if (category) scores.set(category, found.size >= 2 ? PARTIAL : HIT);
  return scores;
}

// prettier-ignore
const DECADES: Record<string, number> = {
  teens: 10, twenties: 20, thirties: 30, forties: 40, fifties: 50, sixties: 60, seventies: 70, eighties: 80, nineties: 90,
};
// prettier-ignore
const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
// prettier-ignore
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** Number words to digits ("thirty eight" → "38"), so "thirty-eight" reads like "38". */
function numberWords(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const tens = TENS.indexOf(words[i]!);
    const unit = UNITS.indexOf(words[i + 1] ?? '');
    if (tens >= 2 && unit >= 1 && unit <= 9) {
      out.push(String(tens * 10 + unit));
      i++;
    } else if (tens >= 2) out.push(String(tens * 10));
    else if (UNITS.indexOf(words[i]!) >= 0) out.push(String(UNITS.indexOf(words[i]!)));
    else out.push(words[i]!);
  }
  return out;
}

const AGE_BANDS: [number, string][] = [
  [18, 'under-18'],
  [25, '18-24'],
  [35, '25-34'],
  [45, '35-44'],
  [55, '45-54'],
  [65, '55-64'],
];

/** An age band from a number ("34", "34 years old") or a decade ("mid 30s", "late forties"). */
function ageScores(text: string[]): LexiconScores {
  const words = numberWords(text);
  let age: number | undefined;
  words.forEach((w, i) => {
    if (age !== undefined) return;
    const offset = words[i - 1] === 'early' ? 2 : words[i - 1] === 'late' ? 8 : 5;
    const decade = /^(\d)0s$/.exec(w)?.[1];
    if (decade) age = Number(decade) * 10 + offset;
    else if (w in DECADES) age = DECADES[w]! + (w === 'teens' ? 5 : offset);
    else if (/^\d{1,3}$/.test(w) && Number(w) <= 120 && words[i + 1] !== 's') age = Number(w);
  });
  if (age === undefined) return NONE;
  return single(AGE_BANDS.find(([limit]) => age! < limit)?.[1] ?? '65-plus');
}

function has(words: string[], ...options: string[]): boolean {
  return options.some((o) => (o.includes(' ') ? ` ${words.join(' ')} `.includes(` ${o} `) : words.includes(o)));
}

function genderScores(words: string[]): LexiconScores {
  if (has(words, 'non binary', 'nonbinary', 'enby', 'genderqueer', 'genderfluid', 'agender', 'nb')) return single('nonbinary');
  if (has(words, 'trans', 'transgender', 'transsexual', 'mtf', 'ftm')) return single('transgender');
  if (has(words, 'two spirit', 'bigender', 'third gender')) return single('another');
  if (has(words, 'woman', 'female', 'f', 'girl', 'lady', 'she')) return single('woman');
  if (has(words, 'man', 'male', 'm', 'boy', 'guy', 'he')) return single('man');
  return NONE;
}

function maritalScores(words: string[]): LexiconScores {
  if (has(words, 'remarried')) return single('married');
  if (
    has(
      words,
      'widowed',
      'widow',
      'widower',
      'passed away',
      'died',
      'late husband',
      'late wife',
      'deceased',
      'lost my husband',
      'lost my wife',
      'lost my spouse',
    )
  )
    return single('widowed');
  if (has(words, 'divorced', 'divorcee', 'divorce')) return single('divorced');
  if (has(words, 'separated')) return single('separated');
  if (has(words, 'never married', 'not married', 'unmarried', 'single', 'engaged', 'dating', 'boyfriend', 'girlfriend')) return single('never-married');
  if (has(words, 'married', 'husband', 'wife', 'spouse', 'wed', 'newlywed', 'civil partnership')) return single('married');
  return NONE;
}

// prettier-ignore
const CHILD_WORDS = ['child', 'children', 'kid', 'kids', 'son', 'sons', 'daughter', 'daughters', 'baby', 'babies', 'toddler', 'twins', 'stepson', 'stepdaughter', 'stepchildren', 'teenagers'];
const ARTICLES = ['a', 'an'];
// prettier-ignore
const COUNTS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'several', 'many'];
const NOT_A_PARENT = ['not a parent', 'not a mother', 'not a father', 'not a mom', 'not a dad', 'not a mum', 'not parents'];
/**
 * A count before a child word ("a son", "two kids") or alone ("two"), or a parent word, says yes; otherwise a
 * negation says no; otherwise a child word says yes. "Not a parent" is a negation, not a parent word.
 */
function childrenScores(words: string[]): LexiconScores {
  if (has(words, ...NOT_A_PARENT)) return single('no-children');
  const isCount = (w: string) => COUNTS.includes(w) || /^[1-9]\d?$/.test(w);
  const counted = words.some((w, i) => (isCount(w) || ARTICLES.includes(w)) && CHILD_WORDS.includes(words[i + 1] ?? '')) || isCount(words.at(-1) ?? '');
  if (
    counted ||
    has(words, 'mother', 'father', 'mom', 'dad', 'mum', 'parent', 'parents of', 'grandchildren', 'grandmother', 'grandfather', 'pregnant', 'expecting', 'yes')
  )
    return single('has-children');
  if (
    has(
      words,
      'childless',
      'child free',
      'childfree',
      'none',
      'no',
      'zero',
      '0',
      'not yet',
      'without',
      'nope',
      'don t have',
      'do not have',
      'dont have',
      'never had',
    )
  )
    return single('no-children');
  if (has(words, ...CHILD_WORDS)) return single('has-children');
  return NONE;
}

/** ISCED level of degree names and abbreviations; the highest level mentioned wins (the attained level). */
// prettier-ignore
const EDUCATION_RULES: [string, string[]][] = [
  ['8', ['phd', 'ph d', 'dphil', 'doctorate', 'doctoral', 'edd', 'd phil']],
  ['7', ['master', 'masters', 'msc', 'm sc', 'm eng', 'm a', 'm s', 'm phil', 'mba', 'meng', 'mphil', 'llm', 'mfa', 'mres', 'ma', 'ms', 'med', 'postgraduate', 'graduate degree', 'mst']],
  ['6', ['bachelor', 'bachelors', 'bsc', 'b sc', 'b eng', 'b a', 'b s', 'college graduate', 'university graduate', 'graduated from college', 'graduated from university', 'ba', 'bs', 'beng', 'bba', 'llb', 'bfa', 'bed', 'undergraduate', 'college degree', 'university degree', 'honours degree']],
  ['5', ['associate', 'associates', 'hnd', 'foundation degree', 'community college', 'two year college', '2 year college', 'aa', 'aas']],
  ['4', ['vocational', 'apprenticeship', 'trade school', 'post secondary certificate']],
  ['3', ['high school', 'secondary school', 'a levels', 'a level', 'ged', 'abitur', 'baccalaureate', 'hsc', 'matric', 'twelfth grade', '12th grade']],
  ['2', ['middle school', 'junior high', 'gcse', 'gcses', 'lower secondary', 'ninth grade', '9th grade']],
  ['1', ['primary school', 'elementary school', 'grade school']],
  ['0', ['kindergarten', 'preschool', 'nursery school']],
];
function educationScores(words: string[]): LexiconScores {
  return single(EDUCATION_RULES.find(([, names]) => has(words, ...names))?.[0]);
}

// prettier-ignore
const rules: Partial<Record<KnownField, (words: string[], value: string) => LexiconScores>> = {
  location: locationScores,
  nationality: placeScores,
  languages: languageScores,
  age: ageScores,
  gender: genderScores,
  marital_status: maritalScores,
  children: childrenScores,
  education: educationScores,
  occupation: occupationScores,
  work: occupationScores,
};

/**
 * Declining to answer, in any field (the `unspecified` category): one of these phrases anywhere in the
 * value, or one of DECLINED_WORDS as the whole value. Inside a longer value those words mean something
 * else ("Private investigator", "Na Trang", "unknown artist"), so they must not pull it to `unspecified`.
 */
// prettier-ignore
const DECLINED_PHRASES = ['prefer not to say', 'prefer not to answer', 'rather not say', 'rather not', 'not stated', 'decline to answer', 'not applicable', 'none of your business'];
const DECLINED_WORDS = ['n a', 'na', 'unspecified', 'undisclosed', 'declined', 'unknown', 'private'];

/**
 * Build the lexicon's tables now; each is otherwise built the first time its field is scored (about 120 ms
 * for all of them in Node, most for the 33 k occupation titles). The model host builds them while its
 * model files load, so the first release does not wait for them.
 */
export function warmLexicons(): void {
  placeTable();
  placeKinds();
  languageTable();
  warmOccupationTables();
}

/** Score floors from lexicon hits for `value` in `field`; empty when nothing is recognised. */
export function lexiconScores(field: KnownField, value: string): LexiconScores {
  const words = tokens(value);
  if (has(words, ...DECLINED_PHRASES) || DECLINED_WORDS.includes(words.join(' '))) return single('unspecified');
  const rule = rules[field];
  return rule ? rule(words, value) : NONE;
}
