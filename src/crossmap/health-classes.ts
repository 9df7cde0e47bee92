/**
 * A health condition's class, for a generalization at the level an answer needs: "my son has type 1 diabetes"
 * can be sent as "my son has a metabolic condition" rather than "a health condition", which often ruins the
 * answer (diet, school, sport advice all depend on the kind of condition).
 *
 * The classes come from the Human Disease Ontology (CC0; ../shared/data/health-cc0/human-disease-ontology.tsv),
 * built into data/health-classes.json by scripts/build-health-classes.ts. The rule, for every disease name:
 * its class is the smallest proper ancestor (never the condition itself, never the root "disease") that holds
 * at least 100 distinct conditions, counting as distinct a descendant that is neither a numbered subtype
 * ("Bardet-Biedl syndrome 12") nor named after the class itself ("HER2 positive breast cancer" under "breast
 * cancer", "focal epilepsy" under "epilepsy"); when no ancestor is that broad, the ontology's top-level
 * category ("genetic disease", "physical disorder"). A name with several parents takes the smallest class over
 * all of them. The classes end up at about the level of a body system ("an eye condition", "a blood cancer",
 * "a digestive condition"): 60 classes for 12,378 names. Each class has a hand-written plain-English noun
 * phrase, with its article. Sleep disorders get no class: the ontology files them under "disease of mental
 * health", and "a mental health condition" would misdescribe sleep apnoea.
 *
 * A term is looked up after normalising case, accents, British spellings ("coeliac", "leukaemia", "apnoea"),
 * possessives ("Crohn's", "Down's syndrome"), hyphens and punctuation, and a simple plural ("migraines").
 * Besides the ontology's names: "mellitus" dropped ("type 1 diabetes"), an eponym without "disease" or
 * "syndrome" ("Crohn's", "Parkinson's"), "X infection" for "X infectious disease", and a short hand-written
 * table of lay names and abbreviations ("MS", "ADHD", "lupus", "heart attack"), each pointing at an ontology name.
 *
 * ```ts
 * conditionClass('type 1 diabetes'); // { id: 'DOID:2978', label: 'carbohydrate metabolic disorder', phrase: 'a metabolic condition' }
 * conditionClass("Crohn's");         // { id: 'DOID:77', label: 'gastrointestinal system disease', phrase: 'a digestive condition' }
 * conditionClass('not a disease');   // undefined
 * ```
 *
 * Privacy: a class reveals more than "a health condition" (it tells the site which body system, or that it is
 * a cancer or an infection), so it must be broad: each class holds at least 100 distinct conditions of the
 * ontology, apart from a top-level category used as the last resort (the smallest, "physical disorder", holds
 * 80). Classes that are one well-known condition with many subtypes ("breast cancer", "leukemia", "epilepsy")
 * are never used, as their subtypes repeat their name. Counts in the ontology are not prevalence: in "a metabolic
 * condition" diabetes is by far the likeliest reading.
 *
 * Medicines: the CC0 data (NLM drug-portal names) has names only, no ATC code or drug class; their classes come
 * from WordNet instead (./medication-classes.ts).
 *
 * Pure: no browser APIs, importable in Node and browsers.
 */
import data from '../../data/health-classes.json';

/** A condition's class: its Disease Ontology id and label, and a noun phrase with its article to put in a sentence. */
export interface HealthClass {
  id: string;
  label: string;
  phrase: string;
}

interface Data {
  /** [id, label, phrase, distinct conditions under it] */
  classes: [string, string, string, number][];
  /** terms[i]: the normalised terms of classes[i], joined by "|" */
  terms: string[];
}
const DATA = data as unknown as Data;

/** British spellings and their American forms, as the ontology spells (the idea of SPELLINGS in ./word-lists.ts, reversed). */
const AMERICAN: readonly [RegExp, string][] = [
  [/coeliac/g, 'celiac'],
  [/haem/g, 'hem'],
  [/aemi/g, 'emi'],
  [/oesophag/g, 'esophag'],
  [/tumour/g, 'tumor'],
  [/oedema/g, 'edema'],
  [/rrhoea/g, 'rrhea'],
  [/pnoea/g, 'pnea'],
  [/paed/g, 'ped'],
  [/gynaec/g, 'gynec'],
  [/oestro/g, 'estro'],
  [/foet/g, 'fet'],
  [/behaviour/g, 'behavior'],
  [/faec/g, 'fec'],
  [/anaes/g, 'anes'],
  [/isation/g, 'ization'],
  [/sulph/g, 'sulf'],
  [/mould/g, 'mold'],
];

/**
 * A term's lookup key: lower case, no accents, American spelling, no possessive "'s", punctuation and hyphens as
 * spaces, no leading article ("Crohn's disease" → "crohn disease", "Coeliac" → "celiac", "post-traumatic" → "post traumatic").
 */
export function normaliseTerm(term: string): string {
  let t = term
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'");
  t = AMERICAN.reduce((s, [from, to]) => s.replace(from, to), t);
  return t
    .replace(/'s\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^(?:an?|the) /, '');
}

/** Singular of a simple plural word ("migraines", "allergies", "rashes"); undefined when it is not one. */
function singular(word: string): string | undefined {
  if (word.length < 4 || /(?:ss|us|is|ys)$/.test(word)) return undefined;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return undefined;
}

/** The keys to try for a normalised term: itself, then its last word singular, then a possessive written without its apostrophe ("crohns disease"). */
function candidates(key: string): string[] {
  const words = key.split(' ');
  const out = [key];
  const last = singular(words.at(-1)!);
  if (last) out.push([...words.slice(0, -1), last].join(' '));
  for (let i = 0; i < words.length - 1; i++) {
    const w = words[i]!;
    if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) out.push([...words.slice(0, i), w.slice(0, -1), ...words.slice(i + 1)].join(' '));
  }
  return out;
}

let index: Map<string, number> | undefined;
function lookup(): Map<string, number> {
  if (index) return index;
  index = new Map();
  DATA.terms.forEach((joined, i) => {
    for (const key of joined.split('|')) if (key) index!.set(key, i);
  });
  return index;
}

/**
 * The Disease Ontology class to generalize a health condition to, or undefined for a term that is not a known
 * condition, is one of the ontology's top-level categories (nothing broader but "disease") or a sleep disorder.
 */
export function conditionClass(term: string): HealthClass | undefined {
  const key = normaliseTerm(term);
  if (!key) return undefined;
  for (const k of candidates(key)) {
    const i = lookup().get(k);
    if (i === undefined) continue;
    const [id, label, phrase] = DATA.classes[i]!;
    return { id, label, phrase };
  }
  return undefined;
}
