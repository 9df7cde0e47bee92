/**
 * The class each health condition is generalized to (src/crossmap/health-classes.ts), from the Human Disease
 * Ontology (CC0; ../shared/data/health-cc0/human-disease-ontology.tsv: id, label, subClassOf, one row per
 * parent), written to data/health-classes.json.
 *
 * The rule, for every disease name: its class is the smallest proper ancestor, the root "disease" apart, that
 * holds at least MINIMUM (100) distinct conditions; when none does, its top-level category (a child of
 * "disease"). "Smallest" is by that count, over all the name's parents (ties by label), so a name with two
 * parents takes the narrower of its two broad-enough classes. Distinct conditions under a class are its
 * descendants except
 * - numbered subtypes ("Bardet-Biedl syndrome 12", "Usher syndrome type 2", "orofaciodigital syndrome IX"): one
 *   condition in the ontology's dozens of genetic variants;
 * - those named after the class (a descendant's label shares a non-generic word with the class's label:
 *   "HER2 positive breast cancer" under "breast cancer", "acute myeloid leukemia" under "leukemia"), so a class
 *   that is one well-known condition with many subtypes never qualifies and its subtypes go up a level.
 * Why 100: about 1% of the ontology's ~8,500 distinct conditions. Classes then sit at about a body system
 * ("eye disease", "gastrointestinal system disease", "hematologic cancer", "viral infectious disease"): what an
 * answer needs (which specialist, which organ, infection or cancer) without naming the condition. At 50 (94
 * classes), narrower groups appear that are two or three conditions in practice: "male reproductive organ
 * cancer" (prostate, testis), "neurodegenerative disease", "intestinal disease", "artery disease"; at 200 (32
 * classes) asthma, endometriosis, hypothyroidism and anaemia fall back to "disease of anatomical entity", i.e.
 * "a health condition", the generalization this replaces.
 *
 * Names looked up, besides the ontology's labels (the file has no synonyms column): "mellitus" dropped
 * ("type 1 diabetes"), an eponym without "disease"/"syndrome" ("Crohn's"), "X infection" for "X infectious
 * disease", and LAY below (hand-written lay names, each pointing at an ontology label). A key that two labels
 * share with different classes takes the broader class. Sleep disorders get no class (MISDESCRIBED below).
 * Medicines: the CC0 drug list has names only (no ATC code or class); their classes come from WordNet
 * (scripts/model/import-medication-classes.ts).
 *
 *   npx tsx scripts/build-health-classes.ts [../shared/data/health-cc0]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const source = resolve(process.argv[2] ?? join(import.meta.dirname, '../../shared/data/health-cc0'));
const out = resolve(import.meta.dirname, '../data/health-classes.json');
// The normaliser is the lookup's own; its module imports the JSON this script writes, so one must exist first.
if (!existsSync(out)) writeFileSync(out, '{"classes": [], "terms": []}\n');
const { normaliseTerm } = await import('../src/crossmap/health-classes.ts');

/** The fewest distinct conditions a class holds. */
const MINIMUM = 100;

/** Words of ontology labels that do not name a condition: "breast cancer" is named by "breast". */
const GENERIC = new Set(
  'disease diseases disorder disorders syndrome cancer neoplasm benign malignant system organ organs tissue of the and or with type cell primary secondary acquired inherited infectious by entity physical anatomical'.split(
    ' ',
  ),
);
/** A numbered subtype: "… 12", "… 2A", "… IV", "… type B", "… group C". */
const NUMBERED = /(?:\s|-)(?:\d+[A-Z]?|[IVX]+[A-Z]?|(?:type|group) [A-Z])$/;

/** Lay plain-English noun phrase for each class the rule picks (the build fails if one is missing). */
const PHRASES: Record<string, string> = {
  'amino acid metabolic disorder': 'a metabolic condition',
  'bacterial infectious disease': 'a bacterial infection',
  'benign neoplasm': 'a benign tumour',
  'bone development disease': 'a bone development condition',
  'bone disease': 'a bone or joint condition',
  'brain disease': 'a brain condition',
  cancer: 'a type of cancer',
  'carbohydrate metabolic disorder': 'a metabolic condition',
  'cardiovascular system disease': 'a heart or circulation condition',
  'cell type cancer': 'a type of cancer',
  'central nervous system cancer': 'a brain or spinal cord cancer',
  'central nervous system disease': 'a neurological condition',
  'connective tissue cancer': 'a connective tissue cancer',
  'connective tissue disease': 'a connective tissue condition',
  'developmental disorder of mental health': 'a developmental condition',
  'disease by infectious agent': 'an infection',
  'disease of anatomical entity': 'a health condition',
  'disease of cellular proliferation': 'a tumour',
  'disease of mental health': 'a mental health condition',
  'disease of metabolism': 'a metabolic condition',
  'endocrine system disease': 'a hormonal condition',
  'eye disease': 'an eye condition',
  'female reproductive organ cancer': 'a gynaecological cancer',
  'female reproductive system disease': 'a gynaecological condition',
  'gastrointestinal system cancer': 'a digestive system cancer',
  'gastrointestinal system disease': 'a digestive condition',
  'genetic disease': 'a genetic condition',
  'hematologic cancer': 'a blood cancer',
  'hematopoietic system disease': 'a blood condition',
  'immune system disease': 'an immune system condition',
  'inherited metabolic disorder': 'a metabolic condition',
  'integumentary system disease': 'a skin, hair or nail condition',
  'intellectual disability': 'an intellectual disability',
  'lower respiratory tract disease': 'a lung or airway condition',
  'muscle tissue disease': 'a muscle condition',
  'musculoskeletal system cancer': 'a bone or muscle cancer',
  'musculoskeletal system disease': 'a bone, joint or muscle condition',
  'nervous system cancer': 'a nervous system cancer',
  'nervous system disease': 'a neurological condition',
  neuropathy: 'a nerve condition',
  'organ system benign neoplasm': 'a benign tumour',
  'organ system cancer': 'a type of cancer',
  osteochondrodysplasia: 'a skeletal condition',
  'parasitic infectious disease': 'a parasitic infection',
  'peripheral nervous system disease': 'a nerve condition',
  'physical disorder': 'a congenital condition',
  'primary bacterial infectious disease': 'a bacterial infection',
  'reproductive organ benign neoplasm': 'a benign reproductive organ tumour',
  'reproductive organ cancer': 'a reproductive organ cancer',
  'reproductive system disease': 'a reproductive health condition',
  'respiratory system cancer': 'a respiratory cancer',
  'respiratory system disease': 'a respiratory condition',
  'sensory system disease': 'an eye or ear condition',
  'skin disease': 'a skin condition',
  'specific developmental disorder': 'a developmental condition',
  syndrome: 'a health condition',
  'urinary system cancer': 'a kidney or bladder cancer',
  'urinary system disease': 'a kidney or urinary condition',
  'vascular disease': 'a circulatory condition',
  'viral infectious disease': 'a viral infection',
};

/**
 * Lay names and abbreviations people write for common conditions (written for Veil, as the ontology file has no
 * synonyms) → the ontology label they name. Each must be a label, and must not itself be a label's key.
 */
const LAY: Record<string, string> = {
  ADHD: 'attention deficit hyperactivity disorder',
  AIDS: 'acquired immunodeficiency syndrome',
  ALS: 'amyotrophic lateral sclerosis',
  'acid reflux': 'gastroesophageal reflux disease',
  anorexia: 'anorexia nervosa',
  anxiety: 'anxiety disorder',
  autism: 'autism spectrum disorder',
  bipolar: 'bipolar disorder',
  'bowel cancer': 'colorectal cancer',
  bulimia: 'bulimia nervosa',
  celiac: 'celiac disease',
  COPD: 'chronic obstructive pulmonary disease',
  covid: 'COVID-19',
  depression: 'major depressive disorder',
  diabetic: 'diabetes mellitus',
  allergy: 'allergic disease',
  eczema: 'atopic dermatitis',
  epileptic: 'epilepsy',
  asthmatic: 'asthma',
  autistic: 'autism spectrum disorder',
  flu: 'influenza',
  GERD: 'gastroesophageal reflux disease',
  GORD: 'gastroesophageal reflux disease',
  'hay fever': 'allergic rhinitis',
  'heart attack': 'myocardial infarction',
  herpes: 'herpes simplex',
  'high blood pressure': 'hypertension',
  HIV: 'human immunodeficiency virus infectious disease',
  IBS: 'irritable bowel syndrome',
  'kidney stone': 'nephrolithiasis',
  lupus: 'systemic lupus erythematosus',
  MS: 'multiple sclerosis',
  OCD: 'obsessive-compulsive disorder',
  PCOS: 'polycystic ovary syndrome',
  'postnatal depression': 'postpartum depression',
  prediabetes: 'prediabetes syndrome',
  PTSD: 'post-traumatic stress disorder',
  reflux: 'gastroesophageal reflux disease',
  T1D: 'type 1 diabetes mellitus',
  T2D: 'type 2 diabetes mellitus',
  UTI: 'urinary tract infection',
};

// ---- the ontology

const parents = new Map<string, string[]>();
const idOf = new Map<string, string>();
for (const line of readFileSync(join(source, 'human-disease-ontology.tsv'), 'utf8').split('\n').slice(1)) {
  const [id, label, parent] = line.split('\t').map((c) => c.trim().replace(/^"|"$/g, ''));
  if (!id || !label || !parent) continue;
  idOf.set(label, id);
  const list = parents.get(label) ?? [];
  if (!list.includes(parent)) list.push(parent);
  parents.set(label, list);
}
const ROOT = 'disease';
const children = new Map<string, string[]>();
for (const [label, ps] of parents) for (const p of ps) children.set(p, [...(children.get(p) ?? []), label]);
const TOP = new Set(children.get(ROOT) ?? []);

const descendants = new Map<string, Set<string>>();
function under(label: string): Set<string> {
  let set = descendants.get(label);
  if (set) return set;
  set = new Set();
  descendants.set(label, set); // guards a cycle
  for (const c of children.get(label) ?? []) {
    set.add(c);
    for (const d of under(c)) set.add(d);
  }
  return set;
}
const stems = (label: string) =>
  label
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w && !GENERIC.has(w))
    .map((w) => w.slice(0, 6));
const distinctCounts = new Map<string, number>();
/** Distinct conditions under a class: not numbered subtypes, not named after the class. */
function distinct(label: string): number {
  let n = distinctCounts.get(label);
  if (n !== undefined) return n;
  const own = stems(label);
  n = [...under(label)].filter((d) => !NUMBERED.test(d) && !stems(d).some((s) => own.includes(s))).length;
  distinctCounts.set(label, n);
  return n;
}
function ancestors(label: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...(parents.get(label) ?? [])];
  while (stack.length) {
    const a = stack.pop()!;
    if (seen.has(a) || a === ROOT) continue;
    seen.add(a);
    stack.push(...(parents.get(a) ?? []));
  }
  return seen;
}
const byCount = (a: string, b: string) => distinct(a) - distinct(b) || (a < b ? -1 : a > b ? 1 : 0);
/**
 * Where the rule's class would misdescribe a condition to the person and the site: the ontology files sleep
 * disorders ("sleep apnea", "narcolepsy") under "disease of mental health", whose phrase is "a mental health
 * condition". Such a condition gets no class (the caller keeps "a health condition").
 */
const MISDESCRIBED: readonly [subtree: string, cls: string][] = [['sleep disorder', 'disease of mental health']];
/** The rule (see the header). */
function classOf(label: string): string | undefined {
  const up = [...ancestors(label)];
  const cls = up.filter((a) => distinct(a) >= MINIMUM).sort(byCount)[0] ?? up.filter((a) => TOP.has(a)).sort(byCount)[0];
  return MISDESCRIBED.some(([subtree, c]) => c === cls && (label === subtree || up.includes(subtree))) ? undefined : cls;
}

// ---- the keys

interface Pick {
  cls: string;
  priority: number;
  from: string;
}
const keys = new Map<string, Pick>();
let clashes = 0;
/** priority: 0 an ontology label, 1 a lay name, 2 a derived form. */
function add(term: string, cls: string, priority: number, from: string) {
  const key = normaliseTerm(term);
  if (!key) return;
  const had = keys.get(key);
  if (!had || priority < had.priority) return void keys.set(key, { cls, priority, from });
  if (priority > had.priority || had.cls === cls) return;
  // Two labels (or two derived forms) with one key and different classes: the broader class.
  clashes++;
  if (distinct(cls) > distinct(had.cls) || (distinct(cls) === distinct(had.cls) && cls < had.cls)) keys.set(key, { cls, priority, from });
}

const labels = [...parents.keys()].sort();
for (const label of labels) {
  const cls = classOf(label);
  if (cls) add(label, cls, 0, label);
}
for (const [lay, label] of Object.entries(LAY).sort()) {
  const cls = classOf(label);
  if (!cls) throw new Error(`LAY ${lay}: "${label}" is not a Disease Ontology label with a class`);
  if (keys.get(normaliseTerm(lay))?.priority === 0) throw new Error(`LAY ${lay}: already an ontology label`);
  add(lay, cls, 1, label);
}
for (const label of labels) {
  const cls = classOf(label);
  if (!cls) continue;
  const forms: string[] = [];
  if (/\bmellitus\b/.test(label)) forms.push(label.replace(/\s*\bmellitus\b/, ''));
  const eponym = /^(.+['’]s?) (?:disease|syndrome)$/.exec(label);
  if (eponym) forms.push(eponym[1]!);
  const infection = /^(.+) infectious disease$/.exec(label);
  if (infection) forms.push(`${infection[1]} infection`);
  for (const f of forms) add(f, cls, 2, label);
}
// Never the condition itself: a class's own label is not one of its keys.
for (const [key, pick] of keys) if (normaliseTerm(pick.cls) === key) throw new Error(`${key} would be generalized to itself`);

// ---- out

const used = [...new Set([...keys.values()].map((p) => p.cls))].sort();
const missing = used.filter((c) => !PHRASES[c]);
if (missing.length) throw new Error(`no phrase for the classes: ${missing.join('; ')}`);
const unused = Object.keys(PHRASES).filter((c) => !used.includes(c));
if (unused.length) console.warn(`phrases not used: ${unused.join('; ')}`);
const termsOf = used.map((c) =>
  [...keys]
    .filter(([, p]) => p.cls === c)
    .map(([k]) => k)
    .sort(),
);
for (const t of termsOf.flat()) if (t.includes('|')) throw new Error(`a key with "|": ${t}`);
const classes = used.map((c) => [idOf.get(c)!, c, PHRASES[c]!, distinct(c)] as const);
const lines = [
  '{',
  `"about": ${JSON.stringify(`Human Disease Ontology (CC0 1.0; DiseaseOntology/HumanDiseaseOntology DOreports/HumanDO.tsv, commit 9fbefd66): the class each condition is generalized to, by scripts/build-health-classes.ts. classes[i] = [DOID, label, phrase, distinct conditions under it]; terms[i] = the normalised names in classes[i], joined by "|". Minimum ${MINIMUM} distinct conditions per class, or a top-level category.`)},`,
  `"classes": [\n${classes.map((c) => JSON.stringify(c)).join(',\n')}\n],`,
  `"terms": [\n${termsOf.map((t) => JSON.stringify(t.join('|'))).join(',\n')}\n]`,
  '}',
];
writeFileSync(out, `${lines.join('\n')}\n`);

const from = [0, 1, 2].map((p) => [...keys.values()].filter((k) => k.priority === p).length);
const size = readFileSync(out).length;
console.log(
  `health-classes.json: ${keys.size} terms (${from[0]} ontology labels, ${from[1]} lay names, ${from[2]} derived forms) in ${classes.length} classes, ${clashes} key clashes; ${(size / 1024).toFixed(0)} kB`,
);
const noClass = labels.filter((l) => !classOf(l));
console.log(`no class (${noClass.length}: the top-level categories, MISDESCRIBED): ${noClass.join('; ')}`);
