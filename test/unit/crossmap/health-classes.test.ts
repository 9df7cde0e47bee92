/** The class a health condition is generalized to (src/crossmap/health-classes.ts, data/health-classes.json). */
import { describe, expect, it } from 'vitest';
import data from '../../../data/health-classes.json';
import medicines from '../../../data/medication-classes.json';
import { conditionClass, normaliseTerm } from '../../../src/crossmap/health-classes';
import { classWords, TRANSLATED } from '../../../src/crossmap/health-class-words';
import type { SpanKind } from '../../../src/crossmap/types';
import { classPhrase } from '../../../src/crossmap/wording-in-place';

const classes = data.classes as [string, string, string, number][];
const terms = data.terms as string[];

/** [what people write, the class phrase]: common conditions, written for these tests. */
const COMMON: [string, string][] = [
  ['type 1 diabetes', 'a metabolic condition'],
  ['Type 2 Diabetes', 'a metabolic condition'],
  ['diabetes', 'a metabolic condition'],
  ['asthma', 'a lung or airway condition'],
  ['COPD', 'a lung or airway condition'],
  ['epilepsy', 'a brain condition'],
  ['migraine', 'a brain condition'],
  ['migraines', 'a brain condition'],
  ["Crohn's disease", 'a digestive condition'],
  ["Crohn's", 'a digestive condition'],
  ['crohns', 'a digestive condition'],
  ['ulcerative colitis', 'a digestive condition'],
  ['IBS', 'a digestive condition'],
  ['breast cancer', 'a type of cancer'],
  ['HER2-positive breast cancer', 'a type of cancer'],
  ['melanoma', 'a type of cancer'],
  ['leukaemia', 'a blood cancer'],
  ['acute myeloid leukemia', 'a blood cancer'],
  ['lymphoma', 'a blood cancer'],
  ['ADHD', 'a developmental condition'],
  ['attention deficit hyperactivity disorder', 'a developmental condition'],
  ['autism', 'a developmental condition'],
  ['hypertension', 'a circulatory condition'],
  ['high blood pressure', 'a circulatory condition'],
  ['coeliac disease', 'an immune system condition'],
  ['celiac disease', 'an immune system condition'],
  ['coeliac', 'an immune system condition'],
  ['lupus', 'an immune system condition'],
  ['systemic lupus erythematosus', 'an immune system condition'],
  ['MS', 'a neurological condition'],
  ['multiple sclerosis', 'a neurological condition'],
  ["Parkinson's", 'a neurological condition'],
  ["Alzheimer's disease", 'a neurological condition'],
  ['endometriosis', 'a gynaecological condition'],
  ['PCOS', 'a gynaecological condition'],
  ['depression', 'a mental health condition'],
  ['anxiety', 'a mental health condition'],
  ['PTSD', 'a mental health condition'],
  ['schizophrenia', 'a mental health condition'],
  ['psoriasis', 'a skin condition'],
  ['eczema', 'a skin condition'],
  ['glaucoma', 'an eye condition'],
  ['rheumatoid arthritis', 'a bone or joint condition'],
  ['hypothyroidism', 'a hormonal condition'],
  ['anaemia', 'a blood condition'],
  ['haemophilia', 'a blood condition'],
  ['HIV', 'a viral infection'],
  ['COVID-19', 'a viral infection'],
  ['the flu', 'a viral infection'],
  ['chlamydia', 'a bacterial infection'],
  ["Down's syndrome", 'a genetic condition'],
];

describe('conditionClass', () => {
  it.each(COMMON)('%s → %s', (term, phrase) => {
    expect(conditionClass(term)?.phrase).toBe(phrase);
  });

  it('gives the Disease Ontology class, not the condition', () => {
    expect(conditionClass('type 1 diabetes')).toEqual({ id: 'DOID:2978', label: 'carbohydrate metabolic disorder', phrase: 'a metabolic condition' });
    expect(conditionClass("Crohn's disease")).toEqual({ id: 'DOID:77', label: 'gastrointestinal system disease', phrase: 'a digestive condition' });
    for (const [term] of COMMON) {
      const cls = conditionClass(term)!;
      expect(cls.id).toMatch(/^DOID:\d+$/);
      expect(normaliseTerm(cls.label)).not.toBe(normaliseTerm(term));
      expect(cls.phrase).not.toContain(normaliseTerm(term));
    }
  });

  it('normalises case, accents, spelling, possessives, punctuation and plurals', () => {
    const same = (a: string, b: string) => expect(conditionClass(a)).toEqual(conditionClass(b));
    same('CROHN’S DISEASE', "crohn's disease");
    same('crohns disease', "crohn's disease");
    same("Sjögren's syndrome", "Sjogren's syndrome");
    same('oesophageal cancer', 'esophageal cancer');
    same('sickle cell anaemia', 'sickle cell anemia');
    same('post traumatic stress disorder', 'post-traumatic stress disorder');
    same('allergies', 'allergy');
    expect(conditionClass("Crohn's")).toBeDefined();
  });

  it('gives undefined for what is not a known condition', () => {
    for (const term of ['', '   ', 'banana', 'not a disease', 'my son', 'Leeds', 'ibuprofen', 'happy']) expect(conditionClass(term)).toBeUndefined();
  });

  it('gives no class to a top-level category, nor to a sleep disorder (which would read as "a mental health condition")', () => {
    for (const term of ['disease of mental health', 'syndrome', 'genetic disease', 'sleep apnoea', 'narcolepsy']) expect(conditionClass(term)).toBeUndefined();
  });
});

describe('data/health-classes.json', () => {
  it('is one term list per class', () => {
    expect(terms).toHaveLength(classes.length);
    expect(new Set(classes.map(([id]) => id)).size).toBe(classes.length);
  });

  it('never generalizes a class to itself: a class is not among its own terms, and a class name goes up', () => {
    classes.forEach(([, label], i) => expect(terms[i]!.split('|')).not.toContain(normaliseTerm(label)));
    for (const [, label] of classes) {
      const up = conditionClass(label);
      if (up) expect(up.label).not.toBe(label);
    }
  });

  it('has only broad classes: at least 100 distinct conditions, or a top-level category of the ontology', () => {
    const top = new Set([
      'disease by infectious agent',
      'disease of anatomical entity',
      'disease of cellular proliferation',
      'disease of mental health',
      'disease of metabolism',
      'genetic disease',
      'physical disorder',
      'syndrome',
    ]);
    for (const [, label, , count] of classes) expect(count >= 100 || top.has(label)).toBe(true);
    // Well-known single conditions with many subtypes are not classes.
    const labels = classes.map(([, label]) => label);
    for (const condition of ['breast cancer', 'leukemia', 'epilepsy', 'diabetes mellitus', 'inflammatory bowel disease', 'asthma'])
      expect(labels).not.toContain(condition);
  });

  it('has normalised, unique keys and a phrase with an article for every class', () => {
    const seen = new Set<string>();
    for (const list of terms) {
      for (const key of list.split('|')) {
        expect(normaliseTerm(key)).toBe(key);
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
    }
    expect(seen.size).toBeGreaterThan(12_000);
    for (const [, , phrase] of classes) expect(phrase).toMatch(/^(?:a|an) [a-z]/);
  });
});

describe('a class in the other languages the tagger reads', () => {
  it("every class phrase of the data (conditions and medicines, gambling's \"an addiction\", a clinician's and a specialty's) is translated into all five, and nothing else is", () => {
    const phrases = [
      ...new Set([
        ...(data.classes as string[][]).map((c) => c[2]!),
        ...(medicines.classes as [string, number][]).map(([phrase]) => phrase),
        'an addiction',
        'a doctor',
        'a doctor (she)',
        'a medical specialty',
      ]),
    ].sort();
    expect([...TRANSLATED].sort()).toEqual(phrases);
    for (const phrase of phrases) for (const lang of ['de', 'fr', 'es', 'pt', 'it']) expect(classWords(phrase, lang)).toMatch(/\p{L}/u);
    expect(classWords('a lung or airway condition', 'de')).toBe('Lungen- oder Atemwegserkrankung');
    expect(classWords('a lung or airway condition', 'en')).toBeUndefined();
  });
});

describe('a clinician or a specialty read as a special category', () => {
  const phrase = (text: string, kind: SpanKind = 'mental-health') => classPhrase({ start: 0, end: text.length, text, kind });
  it('is a doctor (a woman doctor where the word is feminine) or a medical specialty, in the six languages', () => {
    for (const text of ['my psychiatrist', 'therapist', 'Psychiater', 'psychiatre', 'psiquiatra', 'psichiatra', 'oncologist', 'neurologista', 'neurologo'])
      expect(phrase(text, 'health'), text).toBe('a doctor');
    for (const text of ['Psychiaterin', 'meine Onkologin', 'psicóloga', 'la ginecologa', 'ostetrica'])
      expect(phrase(text, 'health'), text).toBe('a doctor (she)');
    for (const text of ['em psiquiatria', 'psychiatrie', 'oncology']) expect(phrase(text), text).toBe('a medical specialty');
    expect(classWords('a doctor (she)', 'de')).toBe('Ärztin');
    expect(classWords('a doctor', 'fr')).toBe('médecin');
  });
  it('leaves conditions and words that only start like a clinician alone', () => {
    for (const text of ['depression', 'psychosis', 'Psychose', 'therapy', 'Therapie', 'neurological disorder', 'Anämie', 'Mandarin', 'gastro', 'une gastro'])
      expect(phrase(text) ?? '', text).not.toMatch(/doctor|specialty/);
  });
});
