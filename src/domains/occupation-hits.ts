/**
 * Occupation title hits for `occupation` and `work` values (part of ./lexicon.ts): ESCO/ISCO titles found
 * in the value, read through the ways work histories name a job. Every rule reads only the value and the
 * public title lexicon data/occupation-lexicon.json (ESCO/ISCO, CC BY 4.0), so the floors it returns are a
 * deterministic function of the value and public data.
 *
 * ```ts
 * occupationScores(tokens('picking fruit on seasonal contracts')); // Map { '9' => 0.9933… } ("fruit picker")
 * occupationScores(tokens('10 years as a nurse in a hospital'));   // Map { '2' => 0.97 } (head noun "nurse")
 * ```
 */
import occupationLexicon from '../../data/occupation-lexicon.json';
import { lazy, PhraseTable } from './phrases';

/** ESCO/ISCO titles (data/occupation-lexicon.json) → `words:majors` (title length, ISCO major groups). */
const titleTable = lazy(() => {
  const titles = new PhraseTable<string>();
  for (const [majors, list] of Object.entries(occupationLexicon as Record<string, string[]>)) {
    for (const title of list) titles.add(title, `${title.split(' ').length}:${majors}`);
  }
  return titles;
});

/**
 * A known occupation title inside the value ("software developer" in "Senior software developer at a
 * bank") floors its major group(s) at 1 − 0.02/(n+1) for an n-word title: close to 1, longer titles higher,
 * so the embedding still decides between two hits of the same length. Activities count as their agent
 * nouns, also with their object first ("picking fruit" → "fruit picker"), and a closed compound as the
 * open title it spells ("dishwasher" → "dish washer"). With no title at all in a value that
 * says more than the job (where, how long), the head noun of the job's words ("nurse" in "10 years as a
 * nurse in a children's hospital") floors the major group most titles with that head belong to, a little
 * lower: there the embedding of the whole value is diluted by the other words, while a bare job ("Car
 * washer") is left to the embedding, which also weighs the modifier. Failing that, a history that names
 * only its workplace names the person the place is for ("worked in a mine" → miner), at the same floor.
 */
export function occupationScores(words: readonly string[]): ReadonlyMap<string, number> {
  const scores = new Map<string, number>();
  const table = titleTable();
  const hits = [
    ...table.find(words),
    ...table.find(words.map(agentNoun)),
    ...table.find(words.map(activityStem)),
    ...[...objectFirst(words), ...compoundParts(words)].flatMap((phrase) => table.lookup(phrase) ?? []),
  ];
  for (const hit of hits) {
    const [length, majors] = hit.split(':') as [string, string];
    const floor = 1 - 0.02 / (Number(length) + 1);
    for (const major of majors) scores.set(major, Math.max(scores.get(major) ?? 0, floor));
  }
  const job = jobPhrase(words);
  if (scores.size === 0 && job.length < words.length) {
    const major = headMajor(job);
    if (major) scores.set(major, HEAD_HIT);
  }
  if (scores.size === 0) {
    for (const major of workplaceAgents(words)) scores.set(major, HEAD_HIT);
  }
  return scores;
}

const WORK_VERBS = new Set(['worked', 'work', 'working', 'works', 'employed']);

/**
 * The person a workplace is named for, when a history names only where the work was: "worked on my
 * family's farm" → farmer, "worked in a mine" → miner, "working in a mill" → miller. Only the head of the
 * place phrase counts ("a car factory" is a factory, not a car), and only a one-word ESCO title made by
 * adding -er or -r.
 */
function workplaceAgents(words: readonly string[]): string[] {
  const majors: string[] = [];
  words.forEach((word, i) => {
    if (!WORK_VERBS.has(word) || !['on', 'at', 'in'].includes(words[i + 1] ?? '')) return;
    let end = i + 2;
    while (end < words.length && !PHRASE_ENDS.has(words[end]!)) end++;
    const place = words[end - 1];
    if (end === i + 2 || !place) return;
    const hits = titleTable().lookup([`${place}er`]) ?? titleTable().lookup([`${place}r`]) ?? [];
    for (const hit of hits) majors.push(...hit.slice(hit.indexOf(':') + 1));
  });
  return majors;
}

/** Floor from a head noun alone: below every title hit (≥ 0.99), above almost every embedding-only score. */
const HEAD_HIT = 0.97;
const DETERMINERS = new Set(['a', 'an', 'the', 'my', 'our', 'his', 'her', 'their', 'some']);

/** "picking fruit" → ["fruit", "picker"], "washing the dishes" → ["dish", "washer"] (the object also in the singular). */
function objectFirst(words: readonly string[]): string[][] {
  const phrases: string[][] = [];
  words.forEach((word, i) => {
    const agent = agentNoun(word);
    if (agent === word) return;
    let j = i + 1;
    while (DETERMINERS.has(words[j] ?? '')) j++;
    const object = words[j];
    if (object) for (const form of singulars(object)) phrases.push([form, agent]);
  });
  return phrases;
}

/** A closed compound read as the open one a title spells: "dishwasher" → ["dish", "washer"]. */
function compoundParts(words: readonly string[]): string[][] {
  const table = titleTable();
  const parts: string[][] = [];
  for (const word of words) {
    if (word.length < 7 || table.lookup([word])) continue;
    for (let k = 3; k <= word.length - 4; k++) parts.push([word.slice(0, k), word.slice(k)]);
  }
  return parts;
}

/** The word and its possible singulars: "trucks" → truck, "dishes" → dish, "nurses" → nurse, "berries" → berry. */
function singulars(word: string): string[] {
  const forms = [word];
  if (/[^aeiou]ies$/.test(word)) forms.push(word.slice(0, -3) + 'y');
  if (/[^s]s$/.test(word) && word.length > 3) forms.push(word.slice(0, -1));
  if (/(?:s|sh|ch|x|z)es$/.test(word)) forms.push(word.slice(0, -2));
  return forms;
}

/** Words after which a work history stops naming the job and says where, how long or what else. */
const PHRASE_ENDS = new Set([
  'at',
  'in',
  'on',
  'for',
  'with',
  'from',
  'across',
  'to',
  'during',
  'while',
  'since',
  'until',
  'of',
  'and',
  'then',
  'but',
  'after',
  'before',
  'by',
  'as',
]);

/** The words that name the job: those after "as" ("10 years as a nurse in …"), else those before the first phrase end. */
function jobPhrase(words: readonly string[]): readonly string[] {
  const as = words.indexOf('as');
  const start = as >= 0 ? as + 1 : 0;
  let end = start;
  while (end < words.length && !PHRASE_ENDS.has(words[end]!)) end++;
  return words.slice(start, end);
}

/** Build the title tables now instead of at the first occupation scored (see ./lexicon.ts `warmLexicons`). */
export function warmOccupationTables(): void {
  titleTable();
  headTable();
}

/** Title head → the major group holding more than half of the titles with that head (≥ 3 titles). */
const headTable = lazy(() => {
  const counts = new Map<string, number[]>();
  for (const [majors, list] of Object.entries(occupationLexicon as Record<string, string[]>)) {
    for (const title of list) {
      const words = title.split(' ');
      // Only titles that are one noun phrase, as jobPhrase's words are ("operator of trucks" has no head "trucks").
      if (words.some((w) => PHRASE_ENDS.has(w))) continue;
      const head = words.at(-1)!;
      let byMajor = counts.get(head);
      if (!byMajor) counts.set(head, (byMajor = new Array<number>(10).fill(0)));
      for (const major of majors) byMajor[Number(major)]! += 1 / majors.length;
    }
  }
  const heads = new Map<string, string>();
  for (const [head, byMajor] of counts) {
    const total = byMajor.reduce((a, b) => a + b, 0);
    const best = byMajor.indexOf(Math.max(...byMajor));
    if (total >= 3 && byMajor[best]! > total / 2) heads.set(head, String(best));
  }
  return heads;
});

function headMajor(phrase: readonly string[]): string | undefined {
  const head = phrase.at(-1);
  const heads = headTable();
  return head === undefined
    ? undefined
    : singulars(head)
        .map((form) => heads.get(form))
        .find(Boolean);
}

/**
 * The agent noun of an activity word, as work histories name activities: "plumbing" → "plumber",
 * "driving" → "driver", "programming" → "programmer" (the stem keeps its doubled or e-less form).
 */
function agentNoun(word: string): string {
  return /^[a-z]{3,}ing$/.test(word) ? `${word.slice(0, -3)}er` : word;
}

/** The bare stem of an activity word, for nouns that carry no suffix: "waitressing" → "waitress". */
function activityStem(word: string): string {
  return /^[a-z]{5,}ing$/.test(word) ? word.slice(0, -3) : word;
}
