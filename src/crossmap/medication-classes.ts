/**
 * A medicine's therapeutic class, for a generalization at the level an answer needs (issue 31: "a medicine to
 * its class where a public classification is at hand"): "is it safe to drink on sertraline?" can be sent as "…
 * on an antidepressant" rather than "on a prescription medicine", which leaves the assistant nothing to answer
 * from. The classes come from WordNet 3.1, built into data/medication-classes.json by
 * scripts/model/import-medication-classes.ts (which says which classes and why; each holds at least 8 of
 * WordNet's medicines and brand names, so a class never all but names one).
 *
 * A name is looked up in lower case without accents, as typed and in its English spelling where the other
 * languages Veil reads spell it with another ending ("Sertralin", "sertralina" → "sertraline"; "metformina" →
 * "metformin"). A medicine WordNet does not know gets no class (undefined), and its generalization stays "a
 * prescription medicine".
 *
 * ```ts
 * medicationClass('Zoloft');     // 'an antidepressant'
 * medicationClass('ibuprofeno'); // 'an anti-inflammatory medicine'
 * medicationClass('lithium');    // undefined (a metal in WordNet)
 * ```
 *
 * Privacy: like a condition's class (./health-classes.ts), a class tells the site more than "a prescription
 * medicine" (an antidepressant: mental health), about as much as the kind's own label already does. Protection's
 * `healthLevel: 'category'` (./protect-options.ts) sends neither class.
 *
 * Pure: no browser APIs.
 */
import data from '../../data/medication-classes.json';
import { lazy } from '../domains/phrases';
import { longestKnownRun } from './words';

interface Data {
  /** [phrase with its article, number of terms] */
  classes: [string, number][];
  /** terms[i]: the medicines of classes[i], lower case, joined by "|" */
  terms: string[];
}
const DATA = data as unknown as Data;

const lookup = lazy(() => {
  const byTerm = new Map<string, string>();
  DATA.terms.forEach((joined, i) => {
    for (const term of joined.split('|')) byTerm.set(term, DATA.classes[i]![0]);
  });
  return byTerm;
});

const plain = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[®™]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The English spellings a name in another language may stand for: a final vowel dropped or changed, or an "e"
 * added ("sertralina", "Sertralin" → "sertraline"; "ibuprofeno", "ibuprofène" → "ibuprofen").
 */
function spellings(name: string): string[] {
  const out = [name];
  if (/[aeo]$/.test(name)) out.push(name.slice(0, -1), `${name.slice(0, -1)}e`);
  else out.push(`${name}e`);
  return out;
}

/** The class phrase of a medicine's name (its article included), or undefined. */
export function medicationClass(text: string): string | undefined {
  const name = plain(text);
  if (!name) return undefined;
  // "my sertraline", "Sertralin 50 mg", "a Ventolin inhaler": the longest run of its words WordNet knows.
  const words = name
    .replace(/^(?:my|his|her|their|our|your|the|a|an)\s+/, '')
    .split(/[\s/]+/)
    .filter((w) => !/\d/.test(w));
  return longestKnownRun(words, (run) =>
    spellings(run)
      .map((candidate) => lookup().get(candidate))
      .find(Boolean),
  );
}
