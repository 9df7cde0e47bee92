/** Message protection (issue 18): marks, public generalizations, substitutes that keep the question answerable. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TREATMENT,
  generalizationFor,
  newCodebook,
  protectMessage,
  recover,
  SPECIAL_KINDS,
  substitutePools,
  type Protected,
} from '../../../src/crossmap';
import { keptByDefault } from '../../../src/crossmap/stand-ins';
import { plainWords } from '../../../src/crossmap/tagger/tagger';
import { lexiconList } from '../../../src/crossmap/word-lists';
import {
  dayOfYear,
  lifeStage,
  movedAge,
  numberWords,
  scramble,
  scramblePhone,
  shiftAge,
  shiftDate,
  shiftDatesWithin,
  wordsNumber,
} from '../../../src/crossmap/numbers';
import { drawFrom } from '../../../src/crossmap/codebook';
import { generalizationInPlace } from '../../../src/crossmap/wording-in-place';
import { townIn } from '../../../src/crossmap/place-country';
import { seededRandomSource } from '../../../src/dp/exact/random';
import { listTagging, taggerRead } from './tagging';
import type { SpanKind } from '../../../src/crossmap/types';

const protect = (text: string, seed = 7, extra: Partial<Parameters<typeof protectMessage>[1]> = {}): Protected => {
  const random = seededRandomSource(seed);
  return protectMessage(text, { codebook: newCodebook(random), random, tagging: listTagging(text), ...extra });
};
/** The ages marked when the tagger reads `part` of `text` as an age. */
const ages = (text: string, part: string, lang = 'en') =>
  protect(text, 7, { tagging: taggerRead(text, lang, [[part, 'age']]) })
    .marks.filter((m) => m.kind === 'age')
    .map((m) => m.text);
const mark = (p: Protected, text: string) => p.marks.find((m) => m.text === text)!;
const female = new Set(lexiconList('substitute-given-female'));
const male = new Set(lexiconList('substitute-given-male'));

describe('protectMessage', () => {
  it('replaces identifiers and generalizes special categories by default, marking every span', () => {
    const p = protect('My daughter Mia (7) was just diagnosed with type 1 diabetes; how do I talk to her school in Leeds?');
    expect(p.marks.map((m) => [m.kind, m.text, m.treatment])).toEqual([
      ['person', 'Mia', 'replace'],
      ['age', '7', 'replace'],
      ['health', 'type 1 diabetes', 'generalize'],
      ['place', 'Leeds', 'replace'],
    ]);
    expect(p.text).toMatch(
      /^My daughter \p{Lu}\p{L}+ \(\d+\) was just diagnosed with a metabolic condition; how do I talk to her school in \p{Lu}[\p{L} -]+\?$/u,
    );
    expect(p.text).not.toMatch(/Mia|\b7\b|diabetes|Leeds/);
    for (const m of p.marks) expect(m.id).toBe(`${m.start}-${m.end}`);
    // Every changed span is where `placed` says, with what was written there.
    for (const place of p.placed) {
      const m = p.marks.find((x) => x.id === place.id)!;
      expect(p.text.slice(place.start, place.end)).toBe(m.treatment === 'replace' ? m.substitute : m.generalization);
    }
    // The codebook and the dictionary hold the replaced spans only.
    expect(p.dictionary.map((d) => d.original)).toEqual(['Mia', '7', 'Leeds']);
    expect(p.codebook.entries.map((d) => d.original)).toEqual(['Mia', '7', 'Leeds']);
    expect(DEFAULT_TREATMENT('person')).toBe('replace');
    expect(DEFAULT_TREATMENT('criminal')).toBe('generalize');
  });

  it('applies per-kind defaults and per-mark choices; Keep sends a span as typed', () => {
    const text = 'I take sertraline for anxiety and live in Leeds.';
    const first = protect(text);
    const p = protect(text, 7, { defaults: { medication: 'keep' }, choices: { [mark(first, 'Leeds').id]: 'keep', [mark(first, 'anxiety').id]: 'replace' } });
    expect(p.text).toContain('sertraline');
    expect(p.text).toContain('Leeds');
    expect(p.text).not.toContain('anxiety');
    expect(mark(p, 'anxiety').treatment).toBe('replace');
    expect(p.dictionary.map((d) => d.original)).toEqual(['anxiety']);
    // Replace on a special category is a stand-in of the same kind, never a themed word.
    expect(['insomnia', 'burnout', 'low mood', 'stress', 'panic attacks']).toContain(mark(p, 'anxiety').substitute);
    // A kind without a generalization falls back to Replace.
    const email = protect('mail me at jo.kent@gmail.com', 7, { defaults: { email: 'generalize' } });
    expect(email.marks[0]).toMatchObject({ kind: 'email', treatment: 'replace', generalization: null });
  });

  it('generalizes a withheld profile value typed in the message to its released label', () => {
    const p = protect("I'm a pediatric nurse in Lyon and my shifts are long", 7, {
      generalize: [{ value: 'Pediatric nurse', phrase: 'a health professional' }],
    });
    expect(mark(p, 'pediatric nurse')).toMatchObject({ kind: 'profile', treatment: 'generalize', generalization: 'health professional' });
    expect(p.text).toMatch(/^I'm a health professional in \p{Lu}/u);
  });
});

describe('generalizations are public phrases of the category', () => {
  it('depend on the kind only, never on the words of the span (a health condition or a medicine: on its broad class)', () => {
    const same: Record<string, string[]> = {
      // Medicines WordNet gives no class (./medication-classes.test.ts): the category's phrase.
      medication: ['lithium', 'Ozempic', 'semaglutide'],
      'mental-health': ['depression', 'schizophrenia', 'PTSD'],
      religion: ['Islam', 'Judaism', 'Buddhism'],
    };
    for (const [kind, terms] of Object.entries(same)) {
      const sent = new Set(terms.map((t) => protect(`I have questions about ${t} at work.`).text));
      expect(sent.size, kind).toBe(1);
      expect([...sent][0]).toBe(`I have questions about ${generalizationFor(kind as never)} at work.`);
    }
    // A condition becomes its Disease Ontology class, the same for every condition of the class; one the ontology
    // does not know, the category's phrase.
    expect(new Set(['asthma', 'COPD', 'bronchiectasis'].map((t) => protect(`I have questions about ${t} at work.`).text))).toEqual(
      new Set(['I have questions about a lung or airway condition at work.']),
    );
    expect(protect('I have questions about bleeding at work.').text).toBe('I have questions about a health condition at work.');
    // A medicine becomes its class, the same for every medicine of the class.
    expect(new Set(['sertraline', 'fluoxetine', 'Prozac'].map((t) => protect(`I have questions about ${t} at work.`).text))).toEqual(
      new Set(['I have questions about an antidepressant at work.']),
    );
    for (const kind of SPECIAL_KINDS) expect(generalizationFor(kind)).toMatch(/^(?:a|an|my|\p{Ll})/u);
    expect(generalizationFor('email')).toBeNull();
    expect(generalizationFor('person')).toBeNull();
  });

  it('tell different spans of one category apart by letters, in order, so a comparison stays one', () => {
    expect(protect('Is sertraline or fluoxetine better? I already take sertraline.').text).toBe(
      'Is an antidepressant A or an antidepressant B better? I already take an antidepressant A.',
    );
    expect(protect('Is lupus or coeliac disease worse?').text).toBe('Is an immune system condition A or an immune system condition B worse?');
  });

  it('in the other languages the tagger reads, are a bracketed label in that language; "a" there stays a preposition', () => {
    const text = 'tengo asthma y eczema, voy a Leeds con mi abogado';
    const p = protect(text, 7, { tagging: { ...listTagging(text), language: { code: 'es', name: 'Spanish', read: true } } });
    // Each condition by its class, in Spanish; no letters, the classes tell them apart.
    expect(p.text).toMatch(/^tengo \[enfermedad pulmonar o de las vías respiratorias\] y \[enfermedad de la piel\], voy a \p{Lu}/u);
    expect(mark(p, 'asthma').generalization).toBe('[enfermedad pulmonar o de las vías respiratorias]');
    const two = 'tengo lupus y coeliac disease'; // the lists read English names only
    expect(protect(two, 7, { tagging: { ...listTagging(two), language: { code: 'es', name: 'Spanish', read: true } } }).text).toMatch(
      /\[enfermedad del sistema inmunitario A\] y \[enfermedad del sistema inmunitario B\]/,
    );
    // Every changed mark is placed on what was written for it (the review highlights it there).
    const changed = p.marks.filter((m) => m.treatment !== 'keep');
    expect(p.placed.map((at) => p.text.slice(at.start, at.end))).toEqual(changed.map((m) => (m.treatment === 'generalize' ? m.generalization : m.substitute)));
  });

  it('where the tagger is unsure of the category: kept as typed but marked; Generalize says only "a personal matter", so a wrong one does not mislead', () => {
    const tagged = (
      text: string,
      part: string,
      kind: 'substance' | 'health',
      score: number,
      code = 'en',
      defaults: Record<string, 'generalize'> = { substance: 'generalize', health: 'generalize' },
    ) => {
      const start = text.indexOf(part);
      return protect(text, 7, {
        defaults,
        tagging: {
          language: { code, name: code, read: true },
          found: [{ start, end: start + part.length, text: part, kind, source: 'tagger', score }],
          personal: [{ start: 0, end: text.length, p: 1 }],
          general: 0,
          plain: [],
        },
      });
    };
    expect(tagged('I keep crying at night, is that normal?', 'crying', 'substance', 0.2).text).toBe('I keep a personal matter at night, is that normal?');
    expect(tagged('I have asthma and a cough.', 'asthma', 'health', 0.3).text).toBe('I have a personal matter and a cough.');
    // Sure of the kind: its category (here a health condition's class).
    expect(tagged('I have asthma and a cough.', 'asthma', 'health', 0.9).text).toBe('I have a lung or airway condition and a cough.');
    expect(tagged('lloro todas las noches, ¿es normal?', 'lloro', 'substance', 0.2, 'es').text).toBe('[asunto personal] todas las noches, ¿es normal?');
    // By default (no default chosen for the kind) an unsure span goes as typed, still marked with its Generalize.
    const unsure = tagged('I keep crying at night, is that normal?', 'crying', 'substance', 0.2, 'en', {});
    expect(unsure.text).toBe('I keep crying at night, is that normal?');
    expect(unsure.marks).toMatchObject([{ text: 'crying', treatment: 'keep', generalization: 'a personal matter' }]);
    // Sure of the kind: generalized by default.
    expect(tagged('I have asthma and a cough.', 'asthma', 'health', 0.9, 'en', {}).text).toBe('I have a lung or airway condition and a cough.');
  });

  it('a clinician read as a special category is said as a doctor, in its language and gender; a specialty as a specialty', () => {
    const doctor = (text: string, code: string, part: string) => protect(text, 7, { tagging: taggerRead(text, code, [[part, 'mental-health']]) }).text;
    expect(doctor('meine Psychiaterin sagt, ich soll weitermachen', 'de', 'Psychiaterin')).toBe('meine [Ärztin] sagt, ich soll weitermachen');
    expect(doctor('mon psychiatre dit que non', 'fr', 'psychiatre')).toBe('mon [médecin] dit que non');
    expect(doctor('I have an appointment with my psychiatrist on monday', 'en', 'my psychiatrist')).toBe('I have an appointment with my doctor on monday');
    expect(doctor('sou seguida em psiquiatria há anos', 'pt', 'psiquiatria')).toBe('sou seguida em [especialidade médica] há anos');
  });

  it('a clock time goes as typed, whatever span it was read into; what is left of the span stays marked', () => {
    const marks = (text: string, lang: string, found: [string, SpanKind][]) =>
      protect(text, 7, { tagging: taggerRead(text, lang, found) }).marks.map((m) => [m.kind, m.text]);
    const rota = 'matin 5h-13h du lundi, nuit 21h-5h, puis aprem 13h-21h';
    expect(
      marks(rota, 'fr', [
        ['5h-13h', 'place'],
        ['21h-5h', 'place'],
        ['13h-21h', 'id'],
      ]),
    ).toEqual([]);
    const flight = 'Dep 14 Dec 2025 21:15  Arr 15 Dec 2025 17:55';
    expect(
      marks(flight, 'en', [
        ['14 Dec 2025 21', 'date'],
        ['15 Dec 2025 17:55', 'date'],
      ]),
    ).toEqual([
      ['date', '14 Dec 2025'],
      ['date', '15 Dec 2025'],
    ]);
    const p = protect(flight, 7, {
      tagging: taggerRead(flight, 'en', [
        ['14 Dec 2025 21', 'date'],
        ['15 Dec 2025 17:55', 'date'],
      ]),
    });
    expect(p.text).toMatch(/^Dep \d{1,2} \w{3} 202\d 21:15 {2}Arr \d{1,2} \w{3} 202\d 17:55$/);
    const leg = 'IB 3171 06:50 → MAD 08:05';
    expect(marks(leg, 'es', [['50 → MAD 08', 'place']])).toEqual([['place', 'MAD']]);
    expect(marks('Voo LA3981 16/11/2025 REC 05:50', 'pt', [['REC 05:50', 'id']])).toEqual([['place', 'REC']]);
    // Hours written with spaces, as in Québec ("à 8 h", "7 h 50", "15 h 20").
    const day = "il a sa dialyse à 8 h. Léa-Rose prend son autobus à 7 h 50 et finit l'école à 15 h 20";
    expect(
      marks(day, 'fr', [
        ['8 h', 'place'],
        ['50', 'place'],
        ['20', 'age'],
      ]),
    ).toEqual([]);
    // A pasted e-mail's header word is no name.
    const mail = 'De : Caroline Bouchard, Objet : retard';
    expect(
      marks(mail, 'fr', [
        ['De', 'person'],
        ['Caroline Bouchard', 'person'],
        ['Objet', 'place'],
      ]),
    ).toEqual([['person', 'Caroline Bouchard']]);
    // A plate's "2H41" is no time.
    expect(marks('placa RKS-2H41, só que', 'pt', [['RKS-2H41', 'id']])).toEqual([['id', 'RKS-2H41']]);
    // A time before a comma or a full stop is one too.
    expect(marks('FCO 23/03/2025 08:05, AZ1417', 'it', [['23/03/2025 08', 'date']])).toEqual([['date', '23/03/2025']]);
  });

  it('the two sides of a fixture named by their towns go as typed; a case between people stays marked', () => {
    const match = 'were watching Stoke v Sunderland at the pub in Hanley';
    expect(
      protect(match, 7, {
        tagging: taggerRead(match, 'en', [
          ['Stoke', 'place'],
          ['Sunderland', 'place'],
          ['Hanley', 'place'],
        ]),
      }).marks.map((m) => m.text),
    ).toEqual(['Hanley']);
    const own = 'my hearing in Smith v Jones is on Monday';
    expect(
      protect(own, 7, {
        tagging: taggerRead(own, 'en', [
          ['Smith', 'person'],
          ['Jones', 'person'],
        ]),
      }).marks.map((m) => m.text),
    ).toEqual(['Smith', 'Jones']);
  });

  it("a date's month read apart from its year is one date with it", () => {
    const text = '08/2011 – 07/2014   Ausbildung zur Kauffrau';
    const p = protect(text, 7, {
      tagging: taggerRead(text, 'de', [
        ['08', 'place'],
        ['2011 – 07/2014', 'date'],
      ]),
    });
    expect(p.marks.map((m) => [m.kind, m.text])).toEqual([['date', '08/2011 – 07/2014']]);
    expect(p.text).toMatch(/^(0[1-9]|1[0-2])\/20\d\d – (0[1-9]|1[0-2])\/20\d\d {3}Ausbildung/);
  });

  it('a place span that is only the word for a kind of place names none and goes as typed', () => {
    const text = 'Darf ich mit dem F-Ausweis den Kanton wechseln, wenn ich nach Zürich ziehe?';
    const p = protect(text, 7, {
      tagging: taggerRead(text, 'de', [
        ['Kanton', 'place'],
        ['Zürich', 'place'],
      ]),
    });
    expect(p.marks.map((m) => m.text)).toEqual(['Zürich']);
    expect(p.text).toContain('den Kanton wechseln');
    const en = 'Can I move to another county before the hearing?';
    expect(protect(en, 7, { tagging: taggerRead(en, 'en', [['county', 'place']]) }).text).toBe(en);
  });

  it('an acronym read with the lower-case words after it is the acronym alone, kept as an acronym is', () => {
    const text = "l'assicurazione era quella del lavoro. COBRA costa tipo $2,100 al mese, nn ce la facciamo.";
    const p = protect(text, 7, { tagging: taggerRead(text, 'it', [['COBRA costa', 'organisation']]) });
    expect(p.marks).toMatchObject([{ text: 'COBRA', treatment: 'keep' }]);
    expect(p.text).toBe(text);
  });

  it('a number with decimals or initials read as a place go as typed', () => {
    const text = 'Hier sa glycémie était à 3,2 g à jeun, le médecin veut augmenter la dose.';
    const p = protect(text, 7, { tagging: taggerRead(text, 'fr', [['3,2', 'place']]) });
    expect(p.marks).toEqual([]);
    expect(p.text).toBe(text);
    const pe = 'Her haematologist has advised that she be excused from P.E. for the remainder of the term.';
    expect(protect(pe, 7, { tagging: taggerRead(pe, 'en', [['P.E', 'place']]) }).text).toBe(pe);
  });

  it("a name read across a letter's lines is one per line; a greeting is no name; initials read apart are one name's", () => {
    const text = 'Mr. R. Alleyne\nDeputy Principal\nCombermere School\n\nDear Mr. Alleyne,\n\nMy daughter was absent.';
    const head = 'Alleyne\nDeputy Principal\nCombermere School\n\nDear';
    for (let seed = 1; seed <= 5; seed++) {
      const tagging = taggerRead(text, 'en', [
        ['R', 'person'],
        [head, 'organisation'],
      ]);
      const at = text.lastIndexOf('Alleyne');
      tagging.found.push({ start: at, end: at + 7, text: 'Alleyne', kind: 'person', source: 'tagger', score: 0.9 });
      const p = protect(text, seed, { tagging });
      expect(p.marks.map((m) => m.text)).toEqual(['R. Alleyne', 'Deputy Principal', 'Combermere School', 'Alleyne']);
      // The initial stays an initial, the family name one stand-in wherever it is typed.
      const [, family] = /^Mr\. \p{Lu}\. (\p{Lu}[\p{L}'’-]+)\n/u.exec(p.text) ?? [];
      expect(family, p.text).toBeDefined();
      expect(family).not.toBe('Alleyne');
      expect(p.text).toContain(`\n\nDear Mr. ${family},`);
      expect(p.text).toMatch(/\n\p{Lu}[\p{L}'’-]+ School\n/u);
    }
    const closing = 'Bitte um Rückmeldung.\nMit freundlichen Grüßen\nAnna Keller';
    const p = protect(closing, 7, {
      tagging: taggerRead(closing, 'de', [
        ['Grüßen', 'person'],
        ['Anna Keller', 'person'],
      ]),
    });
    expect(p.text).toContain('Mit freundlichen Grüßen\n');
    expect(p.text).not.toContain('Keller');
    // A greeting that is also a name is read as the name it may be.
    const cara = 'I told Cara about the eviction.';
    expect(protect(cara, 7, { tagging: taggerRead(cara, 'en', [['Cara', 'person']]) }).text).not.toContain('Cara');
  });

  it('a span without the shape of its kind goes as typed: an e-mail address without "@", a phone number without digits, a title alone', () => {
    const text = 'Quedo atento. Atte. Ing. Marco Reséndiz, Núm. de empleado 40718 | Ext. 2231 mresendiz@grupo.com.mx';
    const at = (part: string, kind: 'person' | 'email' | 'phone') => {
      const start = text.indexOf(part);
      return { start, end: start + part.length, text: part, kind, source: 'tagger' as const, score: 0.9 };
    };
    const p = protect(text, 7, {
      tagging: {
        language: { code: 'es', name: 'Spanish', read: true },
        found: [at('Ing', 'person'), at('Marco Reséndiz', 'person'), at('Ext', 'email'), at('2231', 'phone'), at('mresendiz@grupo.com.mx', 'email')],
        personal: [{ start: 0, end: text.length, p: 1 }],
        general: 0,
        plain: [],
      },
    });
    expect(p.marks.map((m) => m.text)).toEqual(['Marco Reséndiz', '2231', 'mresendiz@grupo.com.mx']);
    expect(p.text).toContain('Atte. Ing. ');
    expect(p.text).toContain('| Ext. ');
  });

  it('keeps what the answer is computed from: amounts as typed (marked, Replace on choice), a law cited by number never marked', () => {
    const text = 'My rent is £875 and the landlord wants £960 from 3 March. Is that allowed under section 13 of the Housing Act?';
    const p = protect(text);
    expect(p.marks.filter((m) => m.kind === 'money').map((m) => [m.text, m.treatment])).toEqual([
      ['£875', 'keep'],
      ['£960', 'keep'],
    ]);
    expect(p.text).toContain('£875 and the landlord wants £960');
    expect(p.marks.some((m) => m.text.includes('13'))).toBe(false);
    expect(p.text).toContain('section 13 of the Housing Act');
    expect(DEFAULT_TREATMENT('money')).toBe('keep');
    // The person's default for amounts, or their choice on one, still replaces it.
    expect(protect(text, 7, { defaults: { money: 'replace' } }).text).not.toContain('£875');
  });

  it('a number of years after a duration word is a duration, not an age: never marked; an age in the same words is', () => {
    const age = (text: string, part: string, from = 0) => {
      const start = text.indexOf(part, from);
      return protect(text, 7, {
        tagging: {
          language: { code: 'it', name: 'Italian', read: true },
          found: [{ start, end: start + part.length, text: part, kind: 'age', source: 'tagger', score: 0.9 }],
          personal: [{ start: 0, end: text.length, p: 1 }],
          general: 0,
          plain: [],
        },
      });
    };
    expect(age('lavoro alla ILVA da 19 anni, posso andare in pensione?', '19').marks).toEqual([]);
    expect(age('fumo una canna ogni sera da 10 anni', '10').marks).toEqual([]);
    expect(age('mio figlio ha 14 anni e ha la febbre', '14').marks.map((m) => m.text)).toEqual(['14']);
    const en = 'I have been on sertraline for 8 months, is that long?';
    expect(
      protect(en, 7, {
        tagging: { ...listTagging(en), found: [{ start: en.indexOf('8'), end: en.indexOf('8') + 1, text: '8', kind: 'age', source: 'tagger', score: 0.9 }] },
      }).marks.some((m) => m.text === '8'),
    ).toBe(false);
  });

  it('a name after a person’s title is a name, though the tagger read nothing there; its stand-in a family name', () => {
    const text = 'Estimado Sr. Olabarrieta: le escribo por la fianza. Hallo Herr Dr. Weiß, ich bin krank. Bonjour M. Delattre.';
    const p = protect(text, 7, { tagging: taggerRead(text, 'es', []) });
    expect(p.marks.filter((m) => m.kind === 'person').map((m) => m.text)).toEqual(['Olabarrieta', 'Weiß', 'Delattre']);
    for (const m of p.marks) expect(p.text).not.toContain(m.text);
    expect(new Set(substitutePools().familyNames)).toContain(mark(p, 'Olabarrieta').substitute);
    // Not an article that looks like a title, nor the "M." of an amount.
    const swiss = 'i schaff als Grenzgänger bi dr SFS in Heerbrugg. Land appraised at $4.2M. She moved out.';
    expect(protect(swiss, 7, { tagging: taggerRead(swiss, 'de', []) }).marks.filter((m) => m.kind === 'person')).toEqual([]);
    // "meine Frau" is a wife, not a title: the word after it is no name for that ("Deutsch A1", a level of German).
    const wife = 'Muss meine Frau Deutsch A1 nachweisen? Bei Frau Berger war das anders.';
    expect(protect(wife, 7, { tagging: taggerRead(wife, 'de', []) }).marks.map((m) => m.text)).toEqual(['Berger']);
  });

  it('a regulation’s word before its number is no body’s name', () => {
    const text = 'la compensazione di 250 euro prevista dal Regolamento CE 261/2004';
    expect(protect(text, 7, { tagging: taggerRead(text, 'it', [['Regolamento', 'organisation']]) }).marks).toEqual([]);
  });

  it('a method’s or an effect’s name is no one’s', () => {
    const text = 'Avec la méthode Renard, à combien pourrait s’élever la contribution ? Mon ex, Julien Renard, refuse.';
    const p = protect(text, 7, {
      tagging: taggerRead(text, 'fr', [
        ['Renard', 'person'],
        ['Julien Renard', 'person'],
      ]),
    });
    expect(p.marks.map((m) => m.text)).toEqual(['Julien Renard']);
  });

  it('a German word after a possessive is a noun, no body', () => {
    const read = (text: string, parts: [string, SpanKind][]) => protect(text, 7, { tagging: taggerRead(text, 'de', parts) }).marks.map((m) => m.text);
    expect(
      read('wir sind 6 Leute, darunter mein Neffe Ben, der ist 13', [
        ['Neffe', 'organisation'],
        ['Ben', 'person'],
      ]),
    ).toEqual(['Ben']);
    expect(read('unsere Hausverwaltung antwortet nicht', [['Hausverwaltung', 'organisation']])).toEqual([]);
    // Not a body's name of two words signing a letter, nor a town after another word.
    expect(read('Mit freundlichen Grüßen, Ihr Jobcenter Gelsenkirchen', [['Jobcenter Gelsenkirchen', 'organisation']])).toEqual(['Jobcenter Gelsenkirchen']);
    expect(
      read('ich arbeite bei Siemens in Erlangen', [
        ['Siemens', 'organisation'],
        ['Erlangen', 'place'],
      ]),
    ).toEqual(['Siemens', 'Erlangen']);
  });

  it('a language’s name is no place, name or body, nor is its level', () => {
    const read = (text: string, part: string, kind: 'place' | 'person', lang = 'en') =>
      protect(text, 7, { tagging: taggerRead(text, lang, [[part, kind]]) }).marks.map((m) => m.text);
    expect(read('Service Canada keeps sending me letters in French only', 'French', 'place')).toEqual([]);
    expect(read('Muss meine Frau Deutsch A1 nachweisen?', 'Deutsch A1', 'person', 'de')).toEqual([]);
    expect(read('ho fatto il corso di tedesco a Bolzano', 'tedesco', 'place', 'it')).toEqual([]);
    expect(read('I moved to Georgia last year', 'Georgia', 'place')).toEqual(['Georgia']);
    expect(read('I wrote to Mr English about the rent', 'English', 'person')).toEqual(['English']);
  });

  it('a person or place marked once is marked wherever the message names it again; a law named after a place keeps it', () => {
    const text = 'Jaheim need school books. My landlord in Yaba, Lagos gave me quit notice. What does the Lagos State Tenancy Law 2011 say? Jaheim is 9.';
    const p = protect(text, 7, {
      tagging: taggerRead(text, 'en', [
        ['Jaheim', 'person'],
        ['Yaba', 'place'],
        ['Lagos', 'place'],
      ]),
    });
    expect(p.marks.filter((m) => m.text === 'Jaheim')).toHaveLength(2);
    expect(p.text).not.toContain('Jaheim');
    expect(p.text).toContain('the Lagos State Tenancy Law 2011');
  });

  it('the title of an office alone, read as a name or a body, goes as typed', () => {
    const text = 'Señor Director: le escribo por la matrícula de mi hija. Tengo cita con la Rektorin el lunes.';
    const p = protect(text, 7, {
      tagging: taggerRead(text, 'es', [
        ['Director', 'person'],
        ['Rektorin', 'organisation'],
      ]),
    });
    expect(p.marks.map((m) => m.text)).not.toContain('Director');
    expect(p.marks.map((m) => m.text)).not.toContain('Rektorin');
    expect(p.text).toContain('Señor Director:');
  });

  it('a number whose words say it counts something else is not an age: weeks, km, %, children, contributions, a time, a decimal, an ordinal', () => {
    const ages = (text: string, part: string, lang = 'en') => {
      const start = text.indexOf(part);
      return protect(text, 7, {
        tagging: {
          language: { code: lang, name: lang, read: true },
          found: [{ start, end: start + part.length, text: part, kind: 'age', source: 'tagger', score: 0.9 }],
          personal: [{ start: 0, end: text.length, p: 1 }],
          general: 0,
          plain: [],
        },
      }).marks.map((m) => m.text);
    };
    expect(ages('meine freundin ist 16 wochen schwanger', '16', 'de')).toEqual([]);
    expect(ages("il habite à 70 km et je n'ai pas de voiture", '70', 'fr')).toEqual([]);
    expect(ages('one card is at 27.9% APR', '27.9')).toEqual([]);
    expect(ages('mi marido y yo tenemos 2 hijos de 7 y 9', '2', 'es')).toEqual([]);
    expect(ages('ho 66 anni e 41 anni di contributi', '41', 'it')).toEqual([]);
    expect(ages('la cita es a las 17:00 con la orientadora', '00', 'es')).toEqual([]);
    expect(ages('elle a 39,8 de fièvre', '8', 'fr')).toEqual([]);
    expect(ages("c'était la 2e fois", '2e', 'fr')).toEqual([]);
    expect(ages('got done for drink driving, blew .09, first offence', '09')).toEqual([]);
    expect(ages('uso Humalog, basale 0,85 U/h di notte', '0,85 U/h', 'it')).toEqual([]);
    // Ages stay ages: the same numbers before years, or alone.
    expect(ages('ho 66 anni e 41 anni di contributi', '66', 'it')).toEqual(['66']);
    expect(ages('my son is 16 and has asthma', '16')).toEqual(['16']);
    expect(ages('planning my mum’s 70th birthday', '70th')).toEqual(['70th']);
  });

  it('an age keeps its side of each number the message sends as typed; an age reached that is such a line stays', () => {
    const age = (
      text: string,
      part: string,
      seed: number,
      extra: Partial<Parameters<typeof protectMessage>[1]> = {},
      parts: [string, 'age' | 'money'][] = [],
    ) => {
      const sent = protect(text, seed, { tagging: taggerRead(text, 'en', [[part, 'age'], ...parts]), ...extra });
      return sent.marks.find((m) => m.text === part)!;
    };
    const stand = (text: string, extra = {}, parts: [string, 'age' | 'money'][] = []) =>
      Array.from({ length: 40 }, (_, i) => Number(age(text, '48', i + 1, extra, parts).substitute));
    // 48 moves within its life stage, to 45 too; against "18 to 45" never to 45 or under.
    expect(stand('I am 48 and the limit is high, can I apply?').some((n) => n <= 45)).toBe(true);
    expect(stand('I am 48 and the limit is 18 to 45, can I apply?').every((n) => n > 45)).toBe(true);
    // A number the send changes (an amount the person chose to replace) is no line.
    expect(stand('I am 48 and the fee is 45 a week', { defaults: { money: 'replace' } }, [['45', 'money']]).some((n) => n <= 45)).toBe(true);
    expect(stand('I am 48 and the fee is 45 a week', {}, [['45', 'money']]).every((n) => n > 45)).toBe(true);
    // "she turns 45" against "18 to 45": the line is what the question asks about.
    expect(age('she turns 45 this October and you have to be 18 to 45', '45', 1).treatment).toBe('keep');
    expect(age('she is 45 and works in a bakery, she wants to apply', '45', 1).treatment).toBe('replace');
  });

  it('an ID or phone with a part that has nothing to redraw is still redrawn, and the send does not fail', () => {
    const draw = drawFrom(seededRandomSource(5));
    expect(scramble('/', draw)).toBe('/');
    const phone = scramblePhone('+41', draw);
    expect(phone).not.toBe('+41');
    expect(phone).toMatch(/^\+\d\d$/);
    const text = 'my permit is AB123 / C4, what now?';
    const sent = protect(text, 7, { tagging: taggerRead(text, 'en', [['AB123 / C4', 'id']]) });
    expect(sent.text).not.toContain('AB123');
    expect(sent.text).toContain(' / ');
  });

  it('a form read in part or as an age is the form; capitals the place data does not know are kept; a known place keeps its place, not the words after it', () => {
    const read = (text: string, parts: [string, 'age' | 'id' | 'place'][], lang = 'en') =>
      protect(text, 7, { tagging: { ...taggerRead(text, lang, parts), plain: plainWords(text, lang) } });
    const forms = read('i need to send the I-821D and the I-765 but the fee went up', [
      ['821D', 'id'],
      ['765', 'age'],
    ]);
    expect(forms.marks.map((m) => [m.text, m.kind, m.treatment])).toEqual([
      ['I-821D', 'id', 'keep'],
      ['I-765', 'id', 'keep'],
    ]);
    expect(read('ha um formulario E411 q tenho de levar', [['E411', 'age']], 'pt').text).toContain('E411');
    // Someone's code stays someone's.
    expect(read('my permit number is B-765 and it expired', [['765', 'age']]).text).not.toContain('B-765');
    // "SVG" (a Swiss law) read as a place: kept as typed, still marked.
    const svg = read('was droht nach SVG beim ersten Mal?', [['SVG', 'place']], 'de');
    expect(svg.text).toContain('SVG');
    expect(svg.marks.map((m) => m.treatment)).toEqual(['keep']);
    // "louisiana benefits": the state, kept as a state is; "Caxias do Sul" is a town whole.
    expect(read('if i move do i lose my louisiana benefits', [['louisiana benefits', 'place']]).text).toContain('louisiana benefits');
    const caxias = read('sono nata a Caxias do Sul e vivo a Padova', [['Caxias do Sul', 'place']], 'it');
    expect(caxias.marks.map((m) => m.text)).toEqual(['Caxias do Sul']);
  });

  it('a laboratory result read as another kind is a health matter, its reference range and flag nobody’s', () => {
    const read = (text: string, parts: [string, SpanKind][]) => {
      const p = protect(text, 7, { tagging: taggerRead(text, 'en', parts) });
      return { sent: p.text, marks: p.marks.map((m) => [m.text, m.kind]) };
    };
    // "Na 129" had gone out as "Na 651"; the range 49–90 as 48–90; "MCV 54 fL" as a place.
    const na = read('Complications: hyponatraemia Na 129', [['129', 'place']]);
    expect(na.marks).toEqual([['129', 'health']]);
    const lab = read('Creatinine  98 umol/L  (49-90)  H\nHb 11.9 g/dL (12-16) L, MCV 54 fL', [
      ['49-90', 'age'],
      ['H', 'substance'],
      ['MCV 54 fL', 'place'],
      ['L', 'place'],
    ]);
    expect(lab.marks).toEqual([['MCV 54 fL', 'health']]);
    expect(lab.sent).toContain('(49-90)  H');
    // With sensitive matters kept as typed, the results go as typed.
    const kept = protect('Hb 11.9 g/dL (12-16) L, MCV 54 fL', 7, {
      tagging: taggerRead('Hb 11.9 g/dL (12-16) L, MCV 54 fL', 'en', [['MCV 54 fL', 'place']]),
      defaults: { health: 'keep' },
    });
    expect(kept.text).toBe('Hb 11.9 g/dL (12-16) L, MCV 54 fL');
    // Not on a line without a test or its unit: an age in brackets, an ID, a bank.
    expect(read('My daughter Mia (7) has a fever', [['7', 'age']]).marks).toEqual([['7', 'age']]);
    expect(read('Versichertennummer: K482915736', [['K482915736', 'id']]).marks).toEqual([['K482915736', 'id']]);
  });

  it('a German noun after an article, a possessive or a neuter adjective is no town ("veganes Essen")', () => {
    const places = (text: string, words: string[]) =>
      protect(text, 7, {
        tagging: taggerRead(
          text,
          'de',
          words.map((w) => [w, 'place'] as const),
        ),
      })
        .marks.filter((m) => m.kind === 'place')
        .map((m) => m.text);
    expect(places('bitte in der Mensa veganes Essen für ihn', ['Essen'])).toEqual([]);
    expect(places('Ich bringe das Essen zu meiner Mutter nach Bochum.', ['Essen', 'Bochum'])).toEqual(['Bochum']);
    expect(places('Wir wohnen in Essen und mein Sohn hat Asthma.', ['Essen'])).toEqual(['Essen']);
    // A street, a region, a country or a word read with the wrong kind takes an article and stays marked.
    expect(places('Ich arbeite bei Billa in der Quellenstraße, 25 Stunden', ['Quellenstraße'])).toEqual(['Quellenstraße']);
    expect(places('Wir fahren in die Schweiz und mein Vater lebt in der Pfalz', ['Pfalz'])).toEqual(['Pfalz']);
    // ("Hautfarbe", this test's word until stop 68, is an ordinary word of the retrained data now, which no place
    // reading keeps; the retrained tagger reads it as ethnicity.)
    expect(places('Sie sagen Wörter wegen seiner Abstammung', ['Abstammung'])).toEqual(['Abstammung']);
  });

  it('a town the data knows, typed in lower case after a word that places it by a writer who types no capitals, is a place', () => {
    const places = (text: string, lang = 'en', general = 0) =>
      protect(text, 7, { tagging: { ...taggerRead(text, lang, []), general, plain: plainWords(text, lang) } })
        .marks.filter((m) => m.kind === 'place')
        .map((m) => m.text);
    expect(places('sono incinta e i miei a gela non lo sanno', 'it')).toEqual(['gela']);
    expect(places('bruch s auto zum pendle nach uznach ins spital', 'de')).toEqual(['uznach']);
    // Not in English, whose towns are often English words ("at university", "in reading").
    expect(places('my son is at university and my dad stays in labasa')).toEqual([]);
    // Not an ordinary word of another language ("pret a manger"), nor a town with its region after it (read as one
    // name elsewhere), nor where the writer types capitals, nor in a general question.
    expect(places('lavoro da pret a manger a camden', 'it')).not.toContain('manger');
    expect(places('mi hermano vive en opelousas louisiana y dice que hay trabajo', 'es')).not.toContain('opelousas');
    expect(places('Mein Vater Jörg wohnt in uznach', 'de')).toEqual([]);
    expect(places('wie gross ist das spital in uznach', 'de', 0.99)).toEqual([]);
  });

  it('a bill’s letters are no law where a word before makes the number someone’s', () => {
    expect(keptByDefault({ text: 'AB-1234', kind: 'id' }, substitutePools(), '', 'my ref is ')).toBe(false);
    expect(keptByDefault({ text: 'SF 496', kind: 'id' }, substitutePools(), '', 'what does ')).toBe(true);
  });

  it('a social media handle is an account, redrawn letter for letter; a name after "@" is read as a name', () => {
    const p = protect('un tizio, @marco_vb88 su ig, mi scrive commenti schifosi (e anche @lari.f_2)');
    expect(p.marks.filter((m) => m.kind === 'id').map((m) => m.text)).toEqual(['@marco_vb88', '@lari.f_2']);
    expect(p.text).toMatch(/^un tizio, @[a-z]{5}_[a-z]{2}\d{2} su ig,/);
    expect(p.text).not.toContain('marco_vb88');
    for (const text of ['@Aylin was bringt ihr mit?', 'mask jane.doe@acme.com as j***@acme.com in logs', 'user@host'])
      expect(protect(text).marks.filter((m) => m.kind === 'id')).toEqual([]);
  });

  it("an address, a phone or an ID given as an example is the topic; one of someone's is not", () => {
    const ids = (text: string, part: string, lang = 'en') =>
      protect(text, 7, { tagging: taggerRead(text, lang, [[part, 'id']]) })
        .marks.filter((m) => m.kind === 'id')
        .map((m) => m.text);
    const german = 'Warum liefert mein Code für die Beispiel-IBAN DE89 3704 0044 0532 0130 00 aus der Doku immer False?';
    expect(ids(german, 'DE89 3704 0044 0532 0130 00', 'de')).toEqual([]);
    expect(ids("Par ex. l'IBAN d'exemple CH93 0076 2011 6238 5295 7 renvoie false", 'CH93 0076 2011 6238 5295 7', 'fr')).toEqual([]);
    expect(ids('el dígito de control, por ejemplo 12345678Z', '12345678Z', 'es')).toEqual([]);
    // "My" or "our" near the example's word, a line break between, or the word inside an address: someone's.
    expect(ids('for example my IBAN is DE89 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 00')).toEqual(['DE89 3704 0044 0532 0130 00']);
    expect(ids('Mi DNI por ejemplo es 48213657X', '48213657X', 'es')).toEqual(['48213657X']);
    expect(ids('see the example:\nDE89 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 00')).toEqual(['DE89 3704 0044 0532 0130 00']);
    expect(ids('write to billing@shop-example.de 48213657', '48213657')).toEqual(['48213657']);
  });

  it('a term of years, a count summed or ranged with another, is no age', () => {
    expect(ages('El contrato lo firmé el 15/08/2021 por 5 años. puede hacer eso?', '5', 'es')).toEqual([]);
    expect(ages('I signed a 5 year contract in March', '5')).toEqual([]);
    expect(ages('o contrato é de 45 + 45 dias e começou 06/01', '45', 'pt')).toEqual([]);
    expect(ages('she was off for 3 or 4 weeks', '3')).toEqual([]);
    expect(ages('im 20 and 10 weeks pregnant, live in omagh', '20')).toEqual(['20']);
    expect(ages('my 5 year old has a fever', '5')).toEqual(['5']);
    expect(ages('Mon fils a 5 ans et je suis parti pour 3 ans', '5', 'fr')).toEqual(['5']);
    // Years someone has to do something: a term left ("tenho 2 anos pra entrar" had gone out as 3 years).
    expect(ages('fui demitido em março. tenho 2 anos pra entrar na justiça né?', '2', 'pt')).toEqual([]);
    expect(ages("j'ai 2 ans pour contester ou moins ?", '2', 'fr')).toEqual([]);
    expect(ages('tengo 3 años para reclamar?', '3', 'es')).toEqual([]);
    expect(ages('meu filho tem 5 anos para a escola ainda', '5', 'pt')).toEqual(['5']);
  });

  it('a count of people, years of seniority or since, months owed, a place in a list, a clock time or a dose is no age', () => {
    expect(ages("j'ai 52 ans, 19 ans d'anciennete et je suis délégué syndical", '19', 'fr')).toEqual([]);
    expect(ages('Ho 58 anni e 22 anni di anzianità', '22', 'it')).toEqual([]);
    expect(ages('echao del curro con 58 años y 22 cotizados', '22', 'es')).toEqual([]);
    expect(ages('siamo in 4 e l isee e 5.300', '4', 'it')).toEqual([]);
    expect(ages('Ich arbeite bei Zollner Elektronik in Zandt, ca. 80 Leute.', '80', 'de')).toEqual([]);
    expect(ages('last month me and 40 other workers joined the union', '40')).toEqual([]);
    expect(ages('somos 5 em casa com 3 crianças de 2, 6 e 11 anos', '3', 'pt')).toEqual([]);
    expect(ages('fui despedido ontem da Sonae em Matosinhos dps de 7 anos', '7', 'pt')).toEqual([]);
    expect(ages('moro em Portimão faz 3 anos e trabalhava de camareira', '3', 'pt')).toEqual([]);
    expect(ages("Nous avons 5 mois d'arriérés de salaire", '5', 'fr')).toEqual([]);
    expect(ages('the housing list is 4+ years', '4')).toEqual([]);
    expect(ages('la pausa al tramonto invece che alle 18', '18', 'it')).toEqual([]);
    expect(ages('le dan metilfenidato de 10mg', '10mg', 'es')).toEqual([]);
    // A reading compared with a limit or another value, points added, how long something lasts.
    expect(ages('exces de vitesse 58 au lieu de 50 a la sortie du village', '58', 'fr')).toEqual([]);
    expect(ages('exces de vitesse 58 au lieu de 50 a la sortie du village', '50', 'fr')).toEqual([]);
    expect(ages('Got a ticket, 52 in a 35 zone', '52')).toEqual([]);
    expect(ages('ja ta com 31 pontos e se somar mais 7 eu perco?', '31', 'pt')).toEqual([]);
    expect(ages('ja ta com 31 pontos e se somar mais 7 eu perco?', '7', 'pt')).toEqual([]);
    expect(ages('lo firmé en 2020. tiene que durar 7 años? Tengo 67 años', '7', 'es')).toEqual([]);
    expect(ages('lo firmé en 2020. tiene que durar 7 años? Tengo 67 años', '67', 'es')).toEqual(['67']);
    // Past 110: a sum or a reading, kept as typed as an amount is; of five digits or more, someone's number.
    const past = (text: string, part: string, lang: string) => mark(protect(text, 7, { tagging: taggerRead(text, lang, [[part, 'age']]) }), part);
    expect(past('Me llegó una multa, dice que iba a 155 en un tramo de 120', '155', 'es')).toMatchObject({ kind: 'money', treatment: 'keep' });
    expect(past('ganho 980€ limpos e a renda e 548', '548', 'pt')).toMatchObject({ kind: 'money', treatment: 'keep' });
    expect(past('Trabalhador: n.º mecanográfico 40715, operador de forno', '40715', 'pt')).toMatchObject({ kind: 'id', treatment: 'replace' });
    expect(ages('my dad is 104 and still drives', '104')).toEqual(['104']);
    expect(ages('then Celtic v Rangers, we are 6 altogether', '6')).toEqual([]);
    expect(ages('Van a ir 14 niños confirmados y 9 adultos.', '9', 'es')).toEqual([]);
    expect(ages('Nous étions 4 : mon épouse, nos deux enfants et moi-même.', '4', 'fr')).toEqual([]);
    expect(ages('A proibição de conduzir é de 6 meses a 3 anos?', '3', 'pt')).toEqual([]);
    expect(ages('Ho 20 anni e la patente da meno di 3 anni', '3', 'it')).toEqual([]);
    expect(ages('Ho 20 anni e la patente da meno di 3 anni', '20', 'it')).toEqual(['20']);
    expect(ages('visto che ho più di 55 anni, quanti giorni?', '55', 'it')).toEqual(['55']);
    expect(ages('Soy de la zona 18 de la Ciudad de Guatemala', '18', 'es')).toEqual(['18']);
    expect(ages('con 3 anni e mezzo di anzianità?', '3', 'it')).toEqual([]);
    // A speed limit or zone by its number, and a score on its scale, are no one's age.
    expect(ages('tava a 58 numa via de 50, é grave?', '58', 'pt')).toEqual([]);
    expect(ages('tava a 58 numa via de 50, é grave?', '50', 'pt')).toEqual([]);
    expect(ages('mit 58 in einer 50er-Zone geblitzt', '50er-Zone', 'de')).toEqual([]);
    expect(ages('caught doing 41 in a school zone, the limit is 25', '25')).toEqual([]);
    expect(ages('my CGPA is 8 out of 10, is that 80%?', '8')).toEqual([]);
    expect(ages('my CGPA is 8 out of 10, is that 80%?', '10')).toEqual([]);
    expect(ages('la nota de corte fue un 10 sobre 14', '14', 'es')).toEqual([]);
    expect(ages('mia figlia ha 10 anni su 3 fratelli', '10', 'it')).toEqual(['10']);
    // A decimal read as an age (a grade, a weight) and a short number with points read as an ID: amounts, kept.
    expect(past('My CGPA is 8.1 and I am applying to TU Munich', '8.1', 'en')).toMatchObject({ kind: 'money', treatment: 'keep' });
    expect(past('llevo un 6,8 de media de bachillerato', '6,8', 'es')).toMatchObject({ kind: 'money', treatment: 'keep' });
    // Hours of a contract, millimetres, nights and Sundays worked, a parent's children: counts, no age.
    expect(ages('contrato a tiempo parcial de 25h', '25h', 'es')).toEqual([]);
    expect(ages('un rene un po’ dilatato (pielectasia 6 mm)', '6', 'it')).toEqual([]);
    expect(ages('A febbraio ho fatto 6 notti e 2 domeniche', '6', 'it')).toEqual([]);
    expect(ages('A febbraio ho fatto 6 notti e 2 domeniche', '2', 'it')).toEqual([]);
    expect(ages('im on SSI and a single mom of 2, can they sue me', '2')).toEqual([]);
    // Years or months after no word an age follows: how long something lasted ("ca. 5 Monate" had gone out as 7).
    expect(ages('ich war 2021 ca. 5 Monate in Kragujevac bei meiner Mama', '5', 'de')).toEqual([]);
    expect(ages("I've been with them 4 years 3 months, last drawn salary $6,800", '4')).toEqual([]);
    expect(ages('Ist das nicht zu früh, sie ist erst 2 Jahre hier?', '2', 'de')).toEqual([]);
    expect(ages('my flat is 1BHK and I am on leave', '1BHK')).toEqual([]);
    // A count with its noun in the span, a dose, days in Swiss German, a speed over the limit, a term's length.
    expect(ages('what share goes to the surviving wife and the 4 children', '4 children')).toEqual([]);
    expect(ages('on est 7 enfants au total (4 garçons et 3 filles)', '4', 'fr')).toEqual([]);
    expect(ages('Ich nimm sälber Ritalin, 3x täglich 10 mg. Mir sind 23 Täg unterwägs', '10', 'de')).toEqual([]);
    expect(ages('Ich nimm sälber Ritalin, 3x täglich 10 mg. Mir sind 23 Täg unterwägs', '23', 'de')).toEqual([]);
    expect(ages('how many points is 24 over in Georgia? Im 52', '24')).toEqual([]);
    expect(ages('how many points is 24 over in Georgia? Im 52', '52')).toEqual(['52']);
    expect(ages('die Tilgungsfrist nach dem Tilgungsgesetz ist 5 Jahre, aber ab wann? Bin 34', '5', 'de')).toEqual([]);
    expect(ages('the sentence was 3 years, suspended', '3')).toEqual([]);
    // A bar on coming back, and years of residence (a nationality's condition).
    expect(ages('lo deportaron, le ponen castigo de 10 años? tiene 34', '10', 'es')).toEqual([]);
    expect(ages('a re-entry ban of 5 years? I am 29', '5')).toEqual([]);
    expect(ages('me dicen que a los 2 años de residencia legal puedo pedir la nacionalidad', '2 años', 'es')).toEqual([]);
    expect(ages('est-ce que ça casse mes 5 ans de résidence ? moi j’ai 31 ans', '5 ans', 'fr')).toEqual([]);
    expect(ages('est-ce que ça casse mes 5 ans de résidence ? moi j’ai 31 ans', '31 ans', 'fr')).toEqual(['31 ans']);
    expect(ages('my son is 5 years old and my contract ends soon', '5')).toEqual(['5']);
    expect(ages('Wie viele Jahre muss ich durchgehend da sein – 10, oder reichen 6 wenn ich B2 hab?', '6', 'de')).toEqual([]);
    expect(ages('¿cuántos años me piden siendo casado, 3 o 5? Tengo 41', '5', 'es')).toEqual([]);
    expect(ages('¿cuántos años me piden siendo casado, 3 o 5? Tengo 41', '41', 'es')).toEqual(['41']);
    expect(ages('on a 2 enfants (léa 7 ans pis maxime 4 ans)', '7', 'fr')).toEqual(['7']);
    expect(ages('my father 68 yrs diagnosed with Parkinson', '68')).toEqual(['68']);
    expect(ages('minha mãe faz 62 anos em 15 de julho', '62', 'pt')).toEqual(['62']);
    expect(ages('Mein Sohn Jakob ist jetzt 14 Monate', '14', 'de')).toEqual(['14']);
    // A weight alone, read as a health matter, is kept by default, still marked.
    const weight = 'can I give her Pamol and Nurofen together? she’s 16kg.';
    expect(mark(protect(weight, 7, { tagging: taggerRead(weight, 'en', [['16kg', 'health']]) }), '16kg')).toMatchObject({ treatment: 'keep' });
    // So is a height, alone or with a weight, and one read as an age is a height ("1m64" had gone out as "2m64").
    const bmi = "je fais 1m64 pour 96 kg et j'ai 47 ans, ça me fait un IMC de combien ?";
    const read = protect(bmi, 7, {
      tagging: taggerRead(bmi, 'fr', [
        ['1m64', 'age'],
        ['96 kg', 'health'],
        ['47', 'age'],
      ]),
    });
    expect(mark(read, '1m64')).toMatchObject({ kind: 'health', treatment: 'keep' });
    expect(mark(read, '47')).toMatchObject({ kind: 'age', treatment: 'replace' });
    const child = 'my son is 4, 96cm and 14kg, is that ok?';
    expect(mark(protect(child, 7, { tagging: taggerRead(child, 'en', [['96cm and 14kg', 'health']]) }), '96cm and 14kg')).toMatchObject({ treatment: 'keep' });
    const tall = "I'm 5'4 and 180 lbs, what's my BMI";
    expect(mark(protect(tall, 7, { tagging: taggerRead(tall, 'en', [["5'4", 'age']]) }), "5'4")).toMatchObject({ kind: 'health', treatment: 'keep' });
    // Not a height with a condition beside it.
    const lump = 'a 12 cm lump and asthma';
    expect(mark(protect(lump, 7, { tagging: taggerRead(lump, 'en', [['12 cm lump and asthma', 'health']]) }), '12 cm lump and asthma')).toMatchObject({
      treatment: 'generalize',
    });
    const rate = 'calcule-moi combien ils me doivent si mon taux horaire c’est 22.85';
    expect(mark(protect(rate, 7, { tagging: taggerRead(rate, 'fr', [['22.85', 'id']]) }), '22.85')).toMatchObject({ kind: 'money', treatment: 'keep' });
    // One or two digits read as an ID: a count or hours, kept as an amount is.
    const tries = "la Sécu prend en charge combien de tentatives, c'est bien 4 FIV ?";
    expect(mark(protect(tries, 7, { tagging: taggerRead(tries, 'fr', [['4', 'id']]) }), '4')).toMatchObject({ kind: 'money', treatment: 'keep' });
    const hours = 'Le fasce orarie sono 10-12 e 17-19 anche per i bancari?';
    expect(mark(protect(hours, 7, { tagging: taggerRead(hours, 'it', [['17-19', 'id']]) }), '17-19')).toMatchObject({ kind: 'money', treatment: 'keep' });
    const card = 'meine Kundennummer ist 4471902';
    expect(mark(protect(card, 7, { tagging: taggerRead(card, 'de', [['4471902', 'id']]) }), '4471902')).toMatchObject({ kind: 'id', treatment: 'replace' });
    const points = 'im TMS 118 punkte, reicht das für medizin?';
    expect(mark(protect(points, 7, { tagging: taggerRead(points, 'de', [['118', 'id']]) }), '118')).toMatchObject({ kind: 'money', treatment: 'keep' });
    expect(ages('mein Sohn ist 2,5 Jahre alt', '2,5', 'de')).toEqual(['2,5']);
    // A fraction read as a date is a share ("1/3 do líquido" had gone out as "6/2"); a day and month stays a date.
    const dated = (text: string, part: string, lang: string) =>
      protect(text, 7, { tagging: taggerRead(text, lang, [[part, 'date']]) })
        .marks.filter((m) => m.kind === 'date')
        .map((m) => m.text);
    expect(dated('o advogado falou em 1/3 do líquido, é justo?', '1/3', 'pt')).toEqual([]);
    expect(dated('does my sister get 2/3 of the estate?', '2/3', 'en')).toEqual([]);
    expect(dated('ci vediamo il 1/3 di mattina', '1/3', 'it')).toEqual(['1/3']);
    expect(dated('fui demitido dia 3/10 depois de 14 anos de empresa', '3/10', 'pt')).toEqual(['3/10']);
    expect(dated('la audiencia es el 1/3 de 2026, a las 9', '1/3', 'es')).toEqual(['1/3']);
    // Ages stay ages.
    expect(ages('mio figlio ha 5 anni e ha la febbre', '5', 'it')).toEqual(['5']);
    expect(ages('meine Tochter ist seit 3 Jahren krank, sie ist 7', '7', 'de')).toEqual(['7']);
    expect(ages('mon bébé a 5 mois et tousse', '5', 'fr')).toEqual(['5']);
  });

  it('a limit, months of a pregnancy, years spent somewhere, a clock time, a share or a law cited in the span are no one’s age, ID or date', () => {
    const read = (text: string, part: string, kind: 'age' | 'id' | 'date' | 'place' | 'person' | 'legal' | 'phone' | 'immigration', lang = 'en') => {
      const start = text.indexOf(part);
      return protect(text, 7, {
        tagging: {
          language: { code: lang, name: lang, read: true },
          found: [{ start, end: start + part.length, text: part, kind, source: 'tagger', score: 0.9 }],
          personal: [{ start: 0, end: text.length, p: 1 }],
          general: 0,
          plain: [],
        },
      });
    };
    const marked = (...args: Parameters<typeof read>) => read(...args).marks.map((m) => m.text);
    // The age a rule starts or ends at.
    expect(marked("they say there's nothing they can do till 18. is that true?", '18', 'age')).toEqual([]);
    expect(marked('can I cash in my pension from 55?', '55', 'age')).toEqual([]);
    expect(marked('ont-ils le droit de me mettre à la porte avant 18 ans ?', '18', 'age', 'fr')).toEqual([]);
    expect(marked('¿qué pasa con los menores de 18 años?', '18', 'age', 'es')).toEqual([]);
    expect(marked('darf man ab 16 Jahren alleine wohnen?', '16', 'age', 'de')).toEqual([]);
    expect(marked('posso andare in pensione a partire dai 67 anni?', '67', 'age', 'it')).toEqual([]);
    // Months of a pregnancy, years spent at a firm or in a country.
    expect(marked("je suis enceinte de 4 mois, c'est normal ?", '4', 'age', 'fr')).toEqual([]);
    expect(marked("I'm 5 months pregnant", '5', 'age')).toEqual([]);
    expect(marked('estuve 6 años en una metalúrgica y me echaron', '6', 'age', 'es')).toEqual([]);
    expect(marked('ich war 8 Jahre bei Siemens', '8', 'age', 'de')).toEqual([]);
    // Digits of a clock time, and a law cited inside what the tagger read as an ID.
    expect(read('turno delle ore 6:00. Ha facoltà di', '00', 'place', 'it').text).toContain('ore 6:00.');
    expect(marked('alle 9:30 in tribunale', '9', 'date', 'it')).toEqual([]);
    expect(marked('me marcan a las 7am y hasta a mi trabajo', '7am', 'date', 'es')).toEqual([]);
    expect(marked('they call at 9 pm every night', '9', 'age')).toEqual([]);
    expect(marked('ich muss um 19 Uhr dort sein', '19', 'age', 'de')).toEqual([]);
    // An ordinal's suffix follows the number written in its place ("3rd" never becomes "9rd").
    const suffix = (n: number) => (n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'));
    for (const [part, kind] of [
      ['3', 'id'],
      ['3rd', 'id'],
      ['21st', 'age'],
    ] as const) {
      const sent = read('our 3rd transfer failed on my 21st birthday', part, kind).text;
      const ordinals = [...sent.matchAll(/(\d+)(st|nd|rd|th)\b/g)];
      expect(ordinals.length, sent).toBe(2);
      for (const [, n, was] of ordinals) expect(was, sent).toBe(suffix(Number(n)));
    }
    // A canton, province or state named as one is kept, as a region is; Replace gives it a region of its country,
    // not its capital's city's stand-in.
    const cantons = substitutePools().regionsByCountry!.get('CH')!;
    for (const seed of [1, 2, 3, 4, 5]) {
      const text = 'habe den Ausweis F im Kanton Luzern, darf ich den Kanton wechseln?';
      const start = text.indexOf('Luzern');
      const tagging = {
        language: { code: 'de', name: 'de', read: true },
        found: [{ start, end: start + 6, text: 'Luzern', kind: 'place' as const, source: 'tagger' as const, score: 0.9 }],
        personal: [{ start: 0, end: text.length, p: 1 }],
        general: 0,
        plain: [],
      };
      expect(protect(text, seed, { tagging }).text).toBe(text);
      const sent = protect(text, seed, { tagging, choices: { [`${start}-${start + 6}`]: 'replace' } }).text;
      expect(
        cantons.some((c) => sent.includes(`im Kanton ${c},`)),
        sent,
      ).toBe(true);
    }
    // French names a province with "au" and its city with "à": the province is kept, the city replaced.
    for (const [text, kept] of [
      ["J'habite au Québec depuis 2019, ai-je droit à la RAMQ ?", true],
      ["J'habite à Québec depuis 2019, ai-je droit à la RAMQ ?", false],
    ] as const) {
      const start = text.indexOf('Québec');
      const sent = protect(text, 1, {
        tagging: {
          language: { code: 'fr', name: 'fr', read: true },
          found: [{ start, end: start + 6, text: 'Québec', kind: 'place', source: 'tagger', score: 0.9 }],
          personal: [{ start: 0, end: text.length, p: 1 }],
          general: 0,
          plain: [],
        },
      }).text;
      expect(sent.includes('Québec'), sent).toBe(kept);
    }
    // A share the answer is computed from.
    expect(marked("mi paga il 70% o l'80% del guadagno", '70%', 'id', 'it')).toEqual([]);
    expect(marked('they take 25 % of my wages', '25', 'age')).toEqual([]);
    expect(marked("ai sensi dell'art. 7 della L. 300/1970, l'assenza", "dell'art. 7 della L. 300/1970", 'id', 'it')).toEqual([]);
    expect(marked('pela Lei n.º 13/2023? E o Provimento 73?', '13/2023', 'id', 'pt')).toEqual([]);
    expect(marked('pela Lei n.º 13/2023? E o Provimento 73?', '73', 'id', 'pt')).toEqual([]);
    // Words of a law's title, whatever they were read as; a name before a signature's "State Code" line is still a name.
    expect(marked('según la Ley de Arrendamientos Urbanos usted dispone de un mes', 'Arrendamientos', 'person', 'es')).toEqual([]);
    expect(marked('can I relocate the kids under the Divorce Act? we split in 2021', 'Divorce', 'legal')).toEqual([]);
    expect(marked('citando o Decreto nº 8.727/2016, se ele ainda estiver valendo', 'Decreto', 'person', 'pt')).toEqual([]);
    expect(marked('mein Vater Decreto hat 2016 geheiratet', 'Decreto', 'person', 'de')).toEqual(['Decreto']);
    expect(marked('Kindly advise.\nTosin Bamidele\nState Code LA/22B/4', 'Tosin Bamidele', 'person')).toEqual(['Tosin Bamidele']);
    // A law's date ("la loi du 6 juillet 1989"), a regulation's number; a date after an in-law, an arrest or a
    // prescription is still someone's.
    expect(marked('article 22 de la loi n° 89-462 du 6 juillet 1989, ce dépôt', '6 juillet 1989', 'date', 'fr')).toEqual([]);
    expect(marked('article 22 de la loi n° 89-462 du 6 juillet 1989, ce dépôt', 'juillet 1989', 'id', 'fr')).toEqual([]);
    expect(marked('depuis la loi bioéthique du 2 août 2021 on doit', '2 août 2021', 'date', 'fr')).toEqual([]);
    expect(marked('Mit dem Gesetz vom 12. März 2019 hat sich was geändert?', '12. März 2019', 'date', 'de')).toEqual([]);
    expect(marked('según la Ley 15/2015, de 2 de julio, puedo casarme?', '2 de julio', 'date', 'es')).toEqual([]);
    expect(marked('con la legge 5 febbraio 1992 n. 104 ho diritto?', '5 febbraio 1992', 'date', 'it')).toEqual([]);
    expect(marked("d'après le règlement (CE) 883/2004 c'est bien", '2004', 'id', 'fr')).toEqual([]);
    expect(marked('my mother-in-law of 3 May stays', '3 May', 'date')).toEqual(['3 May']);
    expect(marked("j'ai été arrêté du 3 au 5 mai", '3', 'date', 'fr')).toEqual(['3']);
    expect(marked("l'ordonnance du 3 mars dit 2 comprimés", '3 mars', 'date', 'fr')).toEqual(['3 mars']);
    // A payment card's brand is no visa.
    expect(marked('tengo tres cuotas de mi tarjeta Visa sin pagar', 'tarjeta Visa', 'immigration', 'es')).toEqual([]);
    expect(marked('my Visa card was declined again', 'Visa', 'immigration')).toEqual([]);
    expect(marked('my visa expires in March and my card was declined', 'visa', 'immigration')).toEqual(['visa']);
    // The second part of a law's number alone is the law's too.
    expect(marked('pela Lei n.º 13/2023? E o Provimento 73?', '2023', 'id', 'pt')).toEqual([]);
    expect(marked("ai sensi dell'art. 7 della L. 300/1970, l'assenza", '1970', 'date', 'it')).toEqual([]);
    // A subsection in brackets is the law's too ("216(1)" sent as "216(2)" cited another rule: graded broken).
    expect(marked('it was refused under section 40(1) of IRPR', '1', 'age')).toEqual([]);
    expect(marked('can we get waiver under Section 13B(2) of Hindu Marriage Act?', '2', 'age')).toEqual([]);
    // A one-word name has no digit (a visa class), a longer span may hold an address.
    expect(marked('refused again under 214(b) for B1/B2, second time now', 'B2', 'person')).toEqual([]);
    // A kind with a shape where the words have none: an ID or phone without a digit, an acronym read as a date, age
    // or amount; a date in words is still a date, an ID with digits still an ID.
    expect(marked('can she still claim assistance from OWWA? she is 53', 'OWWA', 'date')).toEqual([]);
    expect(marked('Can I count my RRSP? I live in Halifax btw.', 'RRSP', 'age')).toEqual([]);
    expect(marked('my PTPTN loan is in arrears since June', 'PTPTN', 'id')).toEqual([]);
    expect(marked('call me on my work line please', 'work line', 'phone')).toEqual([]);
    expect(marked("l'erogazione dell'ADI è sospesa da gennaio", 'ADI', 'person', 'it')).toEqual([]);
    expect(marked('FORTUNATO CARMELA, via Roma 3', 'FORTUNATO CARMELA', 'person', 'it')).toEqual(['FORTUNATO CARMELA']);
    expect(marked('my boss JAMIESON said no', 'JAMIESON', 'person')).toEqual(['JAMIESON']);
    expect(marked('the interview is next Thursday morning', 'next Thursday', 'date')).toEqual(['next Thursday']);
    expect(marked('my PTPTN number is AB1234 since June', 'AB1234', 'id')).toEqual(['AB1234']);
    // Still ages, IDs, dates: a person's age, their own number, a time's day.
    expect(marked('my son is 16 and has been in trouble since 14', '16', 'age')).toEqual(['16']);
    expect(marked('mi hijo de 19 años fue detenido', '19', 'age', 'es')).toEqual(['19']);
    expect(marked('ma fille de 4 mois a de la fièvre', '4', 'age', 'fr')).toEqual(['4']);
    expect(marked('my case number is 300/1970 at the court', '300/1970', 'id')).toEqual(['300/1970']);
    expect(marked('the hearing is on 12.12.2024 at 9:30', '12.12.2024', 'date')).toEqual(['12.12.2024']);
  });

  it('a teenager’s age from 14 to 17 is kept as typed, as each year is a legal line; Replace moves it, other ages move by default; so does an age of 14 to 21 the writer waits to reach ("until I turn 18")', () => {
    const at = (text: string, part: string, lang = 'en') =>
      protect(text, 7, { tagging: taggerRead(text, lang, [[part, 'age']]) }).marks.find((m) => m.text === part);
    for (const [text, part, lang] of [
      ['Hallo, ich bin 17, trans und meine Eltern', '17', 'de'],
      ['im 16 and my parents', '16', 'en'],
      ['mon fils (15) a une convocation', '15', 'fr'],
      ['my fourteen-year-old got caught', 'fourteen-year-old', 'en'],
      ['they say to wait until I turn 18 in March', '18', 'en'],
      ['a minha namorada diz pra esperar ate eu fazer 18 em março', '18', 'pt'],
      ['once she turns 21 in singapore', '21', 'en'],
      ['hasta que cumpla 18 no puedo', '18', 'es'],
    ] as const)
      expect(at(text, part, lang)?.treatment).toBe('keep');
    for (const [text, part] of [
      ['my daughter is 13 and', '13'],
      ['my son is 18 and', '18'],
      ['my son is 19 and', '19'],
      ['I turn 40 next week and', '40'],
      ['my baby is 14 months old and', '14'],
    ] as const)
      expect(at(text, part)?.treatment).toBe('replace');
  });

  it('a name, place or organisation the tagger is unsure of is kept as typed and stays marked, unless the data knows it', () => {
    const text = 'Ich soll bis Ende des Monats zahlen, sagt Frau Obermaier aus Kufstein, sonst geht es zum Generalkonsulat.';
    const read = taggerRead(text, 'de', [
      ['Monats', 'organisation'],
      ['Obermaier', 'person'],
      ['Kufstein', 'place'],
      ['Generalkonsulat', 'organisation'],
    ]);
    const scores: Record<string, number> = { Monats: 0.08, Obermaier: 0.95, Kufstein: 0.12, Generalkonsulat: 0.41 };
    // No ordinary-word list (data/tagger-edges.json, remade at each training): the score alone decides here.
    const tagging = { ...read, plain: [], found: read.found.map((f) => ({ ...f, score: scores[f.text]! })) };
    const p = protect(text, 7, { tagging });
    const treatment = (part: string) => p.marks.find((m) => m.text === part)?.treatment;
    expect(treatment('Monats')).toBe('keep');
    expect(p.text).toContain('bis Ende des Monats zahlen');
    // Sure enough, or a town the data knows, though the tagger was unsure: replaced.
    expect(treatment('Obermaier')).toBe('replace');
    expect(treatment('Kufstein')).toBe('replace');
    expect(treatment('Generalkonsulat')).toBe('replace');
    // Replace is offered and writes a stand-in.
    const chosen = protect(text, 7, { tagging, choices: { [mark(p, 'Monats').id]: 'replace' } });
    expect(chosen.text).not.toContain('des Monats');
  });

  it('a town whose name says what it lies on is one place with one stand-in, though read as two', () => {
    const text = 'Mein Vermieter in Pfaffenhofen an der Ilm droht mit Räumung; wir sind aus Newcastle upon Tyne hergezogen.';
    const p = protect(text, 7, {
      tagging: taggerRead(text, 'de', [
        ['Pfaffenhofen', 'place'],
        ['Ilm', 'person'],
        ['Newcastle', 'place'],
        ['Tyne', 'place'],
      ]),
    });
    expect(p.marks.filter((m) => m.kind === 'place').map((m) => [m.text, m.treatment])).toEqual([
      ['Pfaffenhofen an der Ilm', 'replace'],
      ['Newcastle upon Tyne', 'replace'],
    ]);
    expect(p.text).not.toMatch(/Pfaffenhofen| an der |Newcastle|upon/);
  });

  it('a lower-case word read as a name, where the writer capitalises names, is an ordinary word unless the data knows it or a title precedes it', () => {
    // No ordinary-word list (data/tagger-edges.json, remade at each training): case alone is what this checks.
    const read = (text: string, parts: [string, 'person' | 'place' | 'organisation'][]) =>
      protect(text, 7, { tagging: { ...taggerRead(text, 'es', parts), plain: [] } });
    const text = 'Hola, me llamo Lucía y vivo en Toledo. ¿Me corriges la ortografía de esta carta para la Sra. Ortiz?';
    const p = read(text, [
      ['Lucía', 'person'],
      ['Toledo', 'place'],
      ['ortografía', 'person'],
    ]);
    // ("Sra. Ortiz", which the tagger left, is a name after a title.)
    expect(p.marks.map((m) => m.text)).toEqual(['Lucía', 'Toledo', 'Ortiz']);
    expect(p.text).toContain('la ortografía de esta carta');
    // A town the data knows, or a name after a title, stays marked though typed in lower case.
    const lower = 'Hola, soy Ana y trabajo en toledo con la sra. ortiz.';
    expect(
      read(lower, [
        ['toledo', 'place'],
        ['ortiz', 'person'],
      ]).marks.map((m) => m.text),
    ).toEqual(['toledo', 'ortiz']);
    // A name this conversation already replaced stays marked, however it is typed.
    const first = 'Hola, escribo por Brennholt, mi vecino.';
    const before = read(first, [['Brennholt', 'person']]);
    const again = 'Hola, hablé con brennholt ayer en Toledo.';
    expect(
      protectMessage(again, {
        codebook: before.codebook,
        random: seededRandomSource(7),
        tagging: taggerRead(again, 'es', [['brennholt', 'person']]),
      }).marks.map((m) => m.text),
    ).toEqual(['brennholt']);
    // A writer who types everything in lower case: case says nothing, the tagger decides.
    const all = 'hola, me corriges la ortografía de esta carta';
    expect(read(all, [['ortografía', 'person']]).marks.map((m) => m.text)).toEqual(['ortografía']);
  });

  it('a word its language uses only as an ordinary word, read as a name, place, organisation or date, is not marked; a count is no organisation', () => {
    const read = (text: string, code: string, parts: [string, 'person' | 'place' | 'organisation' | 'date'][]) =>
      protect(text, 7, { tagging: taggerRead(text, code, parts) }).marks.map((m) => m.text);
    // German nouns anywhere ("Bau", "Vater", "Geschichte": in the training messages, never a name, place or date).
    const de = 'Ok, lange Geschichte. Mein Vater ist streng, und ich brauche den Ausweis für die Arbeit auf dem Bau in Fürth.';
    expect(
      read(de, 'de', [
        ['Geschichte', 'date'],
        ['Vater', 'person'],
        ['Bau', 'place'],
        ['Fürth', 'place'],
      ]),
    ).toEqual(['Fürth']);
    // A compound of one ("Sicherheitskontrolle": "Kontrolle" is plain) had become an invented surname.
    const flug = 'Was müssen wir bei der Sicherheitskontrolle in Frankfurt beachten?';
    expect(
      read(flug, 'de', [
        ['Sicherheitskontrolle', 'person'],
        ['Frankfurt', 'place'],
      ]),
    ).toEqual(['Frankfurt']);
    // Elsewhere, a sentence's first word or a lower-case one; a capital inside a sentence says name ("Will").
    const es = 'Preguntas: ¿puedo dejar de pagar? tambien mi hermano Will dice que no.';
    expect(
      read(es, 'es', [
        ['Preguntas', 'organisation'],
        ['tambien', 'person'],
        ['Will', 'person'],
      ]),
    ).toEqual(['Will']);
    const en = 'Will my brother lose his job? he works at 3 shops in Leeds.';
    expect(
      read(en, 'en', [
        ['Will', 'person'],
        ['3', 'organisation'],
        ['Leeds', 'place'],
      ]),
    ).toEqual(['Leeds']);
    // A title before it, a capitalised neighbour (one name: "Jonas Bauer"), or the person's profile: still a name.
    expect(read('Ich habe Frau Bau geschrieben.', 'de', [['Bau', 'person']])).toEqual(['Bau']);
    expect(read('Mein Kollege Jonas Bau kommt morgen.', 'de', [['Bau', 'person']])).toEqual(['Bau']);
    const mine = 'Ich arbeite am Bau.';
    expect(
      protect(mine, 7, { tagging: taggerRead(mine, 'de', [['Bau', 'place']]), profile: [{ field: 'Location', value: 'Bau' }] }).marks.map((m) => m.text),
    ).toEqual(['Bau']);
    // A word beside another date is part of it.
    const fr = 'Il a été agressé vendredi passé, on lui a volé son téléphone.';
    const passé = read(fr, 'fr', [
      ['vendredi', 'date'],
      ['passé', 'date'],
    ]);
    expect(passé).toContain('passé');
  });

  it('a country or region read as a name or organisation is a place, kept by default; a given name that is also a place stays a name', () => {
    const tagging = (text: string, parts: [string, 'person' | 'organisation'][]) => taggerRead(text, 'fr', parts);
    const text = "J'habite à Bruxelles avec Jordan, c'est jusqu'à combien de semaines en Belgique et aux États-Unis ?";
    const p = protect(text, 7, {
      tagging: tagging(text, [
        ['Jordan', 'person'],
        ['Belgique', 'person'],
        ['États-Unis', 'organisation'],
      ]),
    });
    expect(p.marks.map((m) => [m.text, m.kind, m.treatment])).toEqual([
      ['Jordan', 'person', 'replace'],
      ['Belgique', 'place', 'keep'],
      ['États-Unis', 'place', 'keep'],
    ]);
    expect(p.text).toContain('en Belgique et aux États-Unis');
  });

  it('a weekday read as a place or organisation is a date, never "a place"; a name that is also a weekday stays a name', () => {
    const text = "I won't be in Thurs or Fri, my colleague Sun covers, and the Leeds office is shut.";
    const p = protect(text, 7, {
      tagging: taggerRead(text, 'en', [
        ['Thurs', 'place'],
        ['Fri', 'organisation'],
        ['Sun', 'person'],
        ['Leeds', 'place'],
      ]),
    });
    expect(p.marks.map((m) => [m.text, m.kind])).toEqual([
      ['Thurs', 'date'],
      ['Fri', 'date'],
      ['Sun', 'person'],
      ['Leeds', 'place'],
    ]);
    expect(p.text).not.toContain('a place');
    expect(p.text).not.toContain('Sun');
    expect(p.text).not.toContain('Leeds');
    // In another language, its weekday in full: a date, kept as a weekday alone is (the day names no one's date).
    const de = 'Kann ich am Donnerstag in Fürth zum Arzt?';
    const q = protect(de, 7, {
      tagging: taggerRead(de, 'de', [
        ['Donnerstag', 'place'],
        ['Fürth', 'place'],
      ]),
    });
    expect(q.marks.map((m) => [m.text, m.kind])).toEqual([
      ['Donnerstag', 'date'],
      ['Fürth', 'place'],
    ]);
    expect(q.marks[0]!.treatment).toBe('keep');
    expect(q.text).toMatch(/^Kann ich am Donnerstag in (?!Fürth)/);
  });

  it('join neighbours of two special kinds in English into one matter of the longer one’s kind', () => {
    const text = 'If this isnt fixed Im filing a complaint with the FCC';
    const p = protect(text, 7, {
      tagging: taggerRead(text, 'en', [
        ['filing', 'legal'],
        ['a complaint', 'criminal'],
      ]),
    });
    expect(p.marks.map((m) => [m.text, m.kind])).toEqual([['filing a complaint', 'criminal']]);
    expect(p.text).toBe('If this isnt fixed Im involved in a criminal-justice matter with the FCC');
    // Not in the other languages, whose labels read side by side.
    const de = 'Mir wurde gekündigt Schulden habe ich auch';
    const q = protect(de, 7, {
      tagging: taggerRead(de, 'de', [
        ['gekündigt', 'employment'],
        ['Schulden', 'finance'],
      ]),
    });
    expect(q.marks.map((m) => m.kind)).toEqual(['employment', 'finance']);
  });

  it('never join the items of a list into one', () => {
    const p = protect('my history:\n- asthma\n- eczema');
    expect(p.text).toMatch(/^my history:\n- an? [^\n]+ condition[^\n]*\n- an? [^\n]+ condition[^\n]*$/);
    expect(p.marks.map((m) => m.text)).toEqual(['asthma', 'eczema']);
  });

  it('read grammatically in place', () => {
    const cases: [string, string][] = [
      ['Is my diabetes getting worse?', 'Is my metabolic condition getting worse?'],
      ['She had a miscarriage in May.', 'She had a pregnancy-related matter in'],
      ["I'm pregnant and scared.", "I'm dealing with a pregnancy-related matter and scared."],
      ['I got fired and need help.', 'I lost a job and need help.'],
      ["I'm getting laid off soon", "I'm losing a job soon"],
      ['My husband told me he is gay.', 'told me he is LGBTQ+.'],
      ['I relapsed last week.', 'I used substances last week.'],
      ['Ask my PO if I can travel.', 'Ask my case officer if I can travel.'],
      ['Depression runs in my family.', 'A mental-health condition runs in my family.'],
      ['I take an antidepressant daily.', 'I take an antidepressant daily.'],
      ['We overstayed our visa.', 'We had an immigration problem.'],
      ['We use a Ventolin inhaler daily.', 'We use an asthma medicine daily.'],
      ['they gave me tamsulosin', 'they gave me a prescription medicine'],
      ["I'm a type 2 diabetic.", "I'm a person with a metabolic condition."],
      ['Is it safe to travel as a gay couple?', 'as an LGBTQ+ couple?'],
      ["we're a Catholic family", "we're a religious family"],
      ["now I'm bleeding, is that normal", "now I'm dealing with a health condition, is that normal"],
      ['is that neuropathy?', 'is that a nerve condition?'],
      ['should I go to A&E or wait?', 'should I go to A&E or wait?'],
      ['they found a gram of coke in his room', 'they found a drug in his room'],
      ['Is it ok to wear my hijab to work?', 'wear my religious dress to work?'],
      ['help me plan a bar mitzvah', 'help me plan a religious occasion'],
      ['Got a payday loan for rent', 'Got a money problem for rent'],
      ['my dad was in the Communist Party', 'my dad was in a political group'],
      ['my church wants 10% of my salary', 'my place of worship wants'],
      ['My last seizure was in the night', 'My last health condition was in the night'],
      ['a debt collector keeps calling me', 'a creditor keeps calling me'],
      ['what are the side effects in kids?', 'what are the side effects in kids?'],
    ];
    for (const [text, expected] of cases) expect(protect(text).text).toContain(expected);
    // A span the tagger marks comes with no grammatical form: after a person's copula it reads as the category's
    // state, never its noun ("I am a work problem"); after a thing's copula or in a question, as the noun.
    for (const [text, part, kind, expected] of [
      ['I am unemployed since the spring', 'unemployed', 'employment', 'out of a job'],
      ['my wife is pregnant, can we get help?', 'pregnant', 'pregnancy', 'dealing with a pregnancy-related matter'],
      ['the doctor said it is asthma', 'asthma', 'health', 'a health condition'],
      ['Is diabetes worse in winter?', 'diabetes', 'health', 'a health condition'],
      // Where only a verb can follow (a subject, a modal): a verb phrase, with a third person's -s.
      ['did i get scammed?? will they refund me', 'get scammed', 'criminal', 'get into legal trouble'],
      ['my mum, who uses a wheelchair, was left alone', 'uses', 'health', 'has a health problem'],
      ['last night i threw up twice', 'threw up', 'health', 'had a health problem'],
    ] as const) {
      const start = text.indexOf(part);
      expect(generalizationInPlace(text, { start, end: start + part.length, text: part, kind }), text).toBe(expected);
    }
  });
});

describe('substitutes keep what the answer depends on', () => {
  it('an age typed twice in two ways gets one stand-in', () => {
    const text = 'took my 7yo to the dentist, she needs 2 fillings. is it normal for a 7 year old to need fillings?';
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const p = protect(text, seed, {
        tagging: taggerRead(text, 'en', [
          ['7yo', 'age'],
          ['7 year old', 'age'],
        ]),
      });
      const [first, second] = [/my (\d+)yo/.exec(p.text)?.[1], /a (\d+) year old/.exec(p.text)?.[1]];
      expect(first, p.text).toBeDefined();
      expect(first, p.text).not.toBe('7');
      expect(second, p.text).toBe(first);
    }
  });

  it('a name keeps the gender the text gives it', () => {
    const p = protect('My daughter Cedric and my husband Alex met Mrs. Garcia; her colleague Sam said he would come.');
    expect(female.has(mark(p, 'Cedric').substitute)).toBe(true);
    expect(male.has(mark(p, 'Alex').substitute)).toBe(true);
    // After a title, a family name.
    expect(lexiconList('substitute-family')).toContain(mark(p, 'Garcia').substitute);
  });

  it('property: with a kin word or a title, a substitute comes from that gender’s names', () => {
    const cues = [
      ['daughter', female],
      ['wife', female],
      ['sister', female],
      ['son', male],
      ['husband', male],
      ['brother', male],
    ] as const;
    const names = [...lexiconList('substitute-given').slice(0, 400)];
    fc.assert(
      fc.property(fc.constantFrom(...cues), fc.constantFrom(...names), fc.integer({ min: 0, max: 2 ** 31 }), ([cue, pool], name, seed) => {
        const p = protect(`My ${cue} ${name} needs help with the move.`, seed);
        const m = p.marks.find((x) => x.kind === 'person');
        if (!m) return; // a name that is also an everyday word may not be read as one
        expect(pool.has(m.substitute.replace(/\s.*$/, ''))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('property: an age keeps its life stage, in digits and in words', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 110 }),
        fc.integer({ min: -3, max: 3 }).filter((s) => s !== 0),
        (age, shift) => {
          const moved = movedAge(age, shift);
          expect(moved).not.toBe(age);
          expect(lifeStage(moved)).toBe(lifeStage(age));
          expect(lifeStage(Number(shiftAge(String(age), shift)))).toBe(lifeStage(age));
          if (age < 100) {
            const words = shiftAge(numberWords(age), shift);
            expect(words).toMatch(/^[a-z-]+$/);
            expect(lifeStage(wordsNumber(words)!)).toBe(lifeStage(age));
          }
        },
      ),
    );
    expect(shiftAge('6-year-old', 3)).toMatch(/^\d+-year-old$/);
    expect(shiftAge('30s', 2)).toBe('40s');
  });

  it("a child's age moves by one or two years, an adult's by the shift drawn", () => {
    for (const shift of [-3, -2, -1, 1, 2, 3])
      for (let age = 1; age < 14; age++) expect(Math.abs(movedAge(age, shift) - age), `${age} ${shift}`).toBeLessThanOrEqual(2);
    expect(movedAge(42, 2)).toBe(44);
    expect(movedAge(6, 3)).toBe(8);
  });

  it('how long something has lasted is no age: it goes as typed; an age beside it is still one', () => {
    for (const [text, code, duration, age] of [
      ['me despidieron el viernes, llevaba 4 años. tengo 41 años', 'es', '4', '41'],
      ['got made redundant after 11 yrs im 58', 'en', '11', '58'],
      ['Ich bin seit 6 Jahren dort und 34 Jahre alt', 'de', '6', '34'],
      ['lavoro lì da 3 anni, ne ho 29', 'it', '3', '29'],
      ['estoy en el padrón desde 2022, ya son 2 años, tengo 33', 'es', '2', '33'],
      ['ça fait 5 ans que je travaille là et j’ai 47 ans', 'fr', '5', '47'],
    ] as const) {
      const at = text.lastIndexOf(age);
      const tagging = taggerRead(text, code, [[duration, 'age']]);
      tagging.found.push({ start: at, end: at + age.length, text: age, kind: 'age', source: 'tagger', score: 0.9 });
      const p = protect(text, 7, { tagging });
      expect(
        p.marks.map((m) => m.text),
        text,
      ).toEqual([age]);
    }
  });

  it('"a" before a generalization becomes "an" only where it is a word of the text, never the last letter of a stand-in', () => {
    const text = 'I study at the University of Sheffield on a Student visa.';
    const random = seededRandomSource(3);
    const book = newCodebook(random);
    const codebook = {
      ...book,
      entries: [{ original: 'University of Sheffield', substitute: 'University of Southend-on-Sea', kind: 'organisation' as const }],
    };
    const tagging = taggerRead(text, 'en', [['University of Sheffield', 'organisation']]);
    tagging.found.push({
      start: text.indexOf('on a'),
      end: text.indexOf('.'),
      text: 'on a Student visa',
      kind: 'immigration' as never,
      source: 'tagger',
      score: 0.9,
    });
    const p = protectMessage(text, { codebook, random, tagging });
    expect(p.text).toMatch(/^I study at the University of Southend-on-Sea (?!n )/);
  });

  it('a place named with its article is the place, article and all', () => {
    const text = 'je vis au Havre depuis 2019, et mon frère à La Rochelle';
    for (let seed = 1; seed <= 10; seed++) {
      const p = protect(text, seed, { tagging: taggerRead(text, 'fr', [['Rochelle', 'person']]) });
      const m = mark(p, 'La Rochelle');
      expect(m.kind).toBe('place');
      expect(townIn(m.substitute, 'FR'), m.substitute).toBeDefined();
      expect(p.text).not.toMatch(/La (?!Rochelle)\p{Lu}/u);
    }
  });

  it("a list's numbers are no ages: they go as typed", () => {
    const text = 'I have few questions please: 1. I am 34, came in 2023.\n2) I work at a meat plant. 3. Can I get EI?';
    // As the tagger had read them: each list number an age.
    const tagging = taggerRead(text, 'en', [
      ['1', 'age'],
      ['34', 'age'],
    ]);
    for (const at of [text.indexOf('\n2)') + 1, text.indexOf(' 3.') + 1])
      tagging.found.push({ start: at, end: at + 1, text: text.charAt(at), kind: 'age', source: 'tagger', score: 0.9 });
    const p = protect(text, 7, { tagging });
    expect(p.text).toMatch(/please: 1\. I am \d+, came/);
    expect(p.text).toContain('\n2) I work');
    expect(p.text).toContain('. 3. Can I');
    expect(p.marks.some((m) => m.text === '34')).toBe(true);
  });

  it('ages around names are found and moved within their stage', () => {
    const p = protect('My son Tyler (17), my nan Edna, 81, and a 6-year-old are coming.');
    expect(lifeStage(Number(mark(p, '17').substitute))).toBe('teen');
    expect(lifeStage(Number(mark(p, '81').substitute))).toBe('senior');
    expect(lifeStage(parseInt(mark(p, '6-year-old').substitute, 10))).toBe('child');
    expect(male.has(mark(p, 'Tyler').substitute)).toBe(true);
  });

  it('a place stays a place of its kind and size; a dated weekday stays that weekday', () => {
    const pools = substitutePools();
    const p = protect('We moved from Nigeria to Shanghai, then to Ohio.');
    expect(pools.countries).toContain(mark(p, 'Nigeria').substitute);
    expect(pools.cityBands![0]).toContain(mark(p, 'Shanghai').substitute);
    expect(pools.placeKind!(mark(p, 'Ohio').substitute)?.type).toBe('region');
    expect(shiftDate('Friday the 12th', 30)).toMatch(/^Friday the \d+(?:st|nd|rd|th)$/);
    expect(shiftDate('Saturday 18 October', 45)).toMatch(/^Saturday \d+ \w+$/);
    // An abbreviated month stays abbreviated.
    expect(shiftDate('Sept 4', 100)).toMatch(/^(?:Dec|Jan) \d+$/);
    // A month keeps its language and form: never an English month in a French, German or Portuguese message.
    expect(shiftDate('4 mars 2025', 47, 'fr')).toBe('20 avril 2025');
    expect(shiftDate('3. März 2024', 47, 'de')).toBe('19. April 2024');
    expect(shiftDate('12 de marzo de 2024', 47, 'es')).toBe('28 de abril de 2024');
    expect(shiftDate('5 febbraio', 47, 'it')).toBe('24 marzo');
    expect(shiftDate('1er avril', 47, 'fr')).toBe('18 mai');
    expect(shiftDate('jul 2024', 47, 'pt')).toBe('set 2024');
    // A day, a month and a year joined by dashes, as forms write them: found as a date, moved in that form.
    expect(shiftDate('24-Nov-2025', 9)).toBe('3-Dec-2025');
    expect(shiftDate('3-Mar-24', 9)).toBe('12-Mar-24');
    expect(dayOfYear('24-Nov-2025')).toBe(328);
    const notice = protect('Got a layoff notice, last working day is 24-Nov-2025. When does my grace period end?');
    expect(mark(notice, '24-Nov-2025').kind).toBe('date');
    expect(mark(notice, '24-Nov-2025').substitute).toMatch(/^\d{1,2}-[A-Z][a-z]{2}-20\d\d$/);
    expect(mark(notice, '24-Nov-2025').substitute).not.toBe('24-Nov-2025');
    expect(shiftDate('févr.', 180, 'fr')).toBe('août');
    expect(shiftDate('nov.', 30, 'es')).toBe('dic.');
    expect(shiftDate('März', 60, 'de')).toBe('Mai');
    // A weekday of the other five languages before its date: the date moves by whole weeks, the weekday stays (the
    // real date had gone out with another weekday's name).
    expect(shiftDate('viernes 7 de marzo de 2025', 10, 'es')).toBe('viernes 14 de marzo de 2025');
    expect(shiftDate('vendredi 14 mars', -20, 'fr')).toBe('vendredi 21 février');
    expect(shiftDate('Freitag, den 7. März', 40, 'de')).toBe('Freitag, den 18. April');
    expect(shiftDate('venerdì 7', 10, 'it')).toBe('venerdì 14');
    // Four weeks would bring a day back onto itself: one week instead, the weekday still right (not "venerdì 8").
    expect(shiftDate('venerdì 7', 28, 'it')).toBe('venerdì 14');
    // An abbreviation of another language is no month ("ago" is Spanish for August only).
    expect(shiftDate('3 ago', 47, 'en')).toBeUndefined();
    // A day and month the German way (its last dot often outside the span), a month and year, a day after its word.
    expect(shiftDate('9.5.', 47, 'de')).toBe('25.6.');
    expect(shiftDate('14.3', 47, 'de')).toBe('30.4');
    expect(shiftDate('3.15', 47, 'en')).toBeUndefined();
    expect(shiftDate('02/2024', 47)).toBe('04/2024');
    expect(shiftDate('12/2024', 47)).toBe('02/2025');
    expect(shiftDate('dia 20', 47, 'pt')).toMatch(/^dia (?!20$)\d{1,2}$/);
    // The dates inside a span read with other words: each moved by the same days, the words kept.
    expect(shiftDatesWithin('15th January along', 47)).toBe('3rd March along');
    expect(shiftDatesWithin('10 février au 2 mars', 47, 'fr')).toBe('29 mars au 18 avril');
    expect(shiftDatesWithin('summer 2024', 47)).toBeUndefined();
    // A range of days before one month: both ends moved by the same days, the first with its own month where the
    // move parts them.
    expect(shiftDate('17 al 28 marzo', 9, 'it')).toBe('26 marzo al 6 aprile');
    expect(shiftDate('17 al 28 marzo', -8, 'it')).toBe('9 al 20 marzo');
    expect(shiftDate('5. bis 9. Juni', -8, 'de')).toBe('28. Mai bis 1. Juni');
    expect(shiftDate('5 bis 9 Juni 2025', -8, 'de')).toBe('28 Mai bis 1 Juni 2025');
  });

  it('one day typed twice in two forms is one date: both get the same shift, in whole weeks where one names its weekday', () => {
    expect(dayOfYear('22/11', 'fr')).toBe(dayOfYear('vendredi 22 novembre', 'fr'));
    expect(dayOfYear('Nov 22nd, 2024')).toBe(dayOfYear('2024-11-22'));
    expect(dayOfYear('22. November', 'de')).toBe(326);
    expect(dayOfYear('12th to 23rd February')).toBeUndefined();
    const text = 'Objet : entretien du 22/11. Je confirme ma présence le vendredi 22 novembre et je pars le 3 décembre.';
    for (let seed = 1; seed <= 10; seed++) {
      const p = protect(text, seed, {
        tagging: taggerRead(text, 'fr', [
          ['22/11', 'date'],
          ['vendredi 22 novembre', 'date'],
        ]),
      });
      const [numeric, named] = p.marks.map((m) => dayOfYear(m.substitute, 'fr'));
      expect(numeric, p.text).toBeDefined();
      expect(named, p.text).toBe(numeric);
      expect(p.marks[1]!.substitute).toMatch(/^vendredi \d+ \p{L}+$/u);
    }
  });

  it('the two ends of a range of dates are one date, moved by one draw: the range keeps its order and length', () => {
    for (const [text, code, from, to] of [
      ['She was absent from Monday 12th February to Friday 23rd February 2024.', 'en', 'Monday 12th February', 'Friday 23rd February 2024'],
      ['devo chiedere 10 giorni di congedo dal 17 al 28 marzo perché mio padre viene operato', 'it', '17', '28 marzo'],
    ] as const)
      for (let seed = 1; seed <= 10; seed++) {
        const p = protect(text, seed, {
          tagging: taggerRead(text, code, [
            [from, 'date'],
            [to, 'date'],
          ]),
        });
        expect(p.marks).toHaveLength(1);
        // Ten or eleven days apart, as typed (a leap year's February may take one).
        const months =
          code === 'en'
            ? ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
            : ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
        const sub = p.marks[0]!.substitute;
        const ends = [...sub.matchAll(/\b(\d{1,2})(?:st|nd|rd|th)?\b(?: (\p{L}+))?/gu)];
        const last = ends.at(-1)!;
        const lastMonth = months.indexOf(last[2]!);
        const firstMonth = ends[0]![2] && months.includes(ends[0]![2]) ? months.indexOf(ends[0]![2]) : lastMonth;
        const gap = Date.UTC(2025, lastMonth, Number(last[1])) - Date.UTC(2025, firstMonth, Number(ends[0]![1]));
        expect(gap / 86_400_000, sub).toBeGreaterThanOrEqual(10);
        expect(gap / 86_400_000, sub).toBeLessThanOrEqual(11);
      }
  });

  it('the dates of a message keep their order, each moved 7 to 60 days by a draw of its own', () => {
    const text = 'Falté el 13/02 por la fiebre. Volví el 20/02, el jefe me llamó el 24/02 y me despidió el 02/03. ¿Es legal?';
    const dates = ['13/02', '20/02', '24/02', '02/03'];
    const moves = new Set<number>();
    for (let seed = 1; seed <= 60; seed++) {
      const p = protect(text, seed, {
        tagging: taggerRead(
          text,
          'es',
          dates.map((d) => [d, 'date'] as const),
        ),
      });
      const days = dates.map((d) => dayOfYear(mark(p, d).substitute, 'es')!);
      for (const [i, d] of dates.entries()) {
        const move = Math.abs(days[i]! - dayOfYear(d, 'es')!);
        expect(Math.min(move, 365 - move), p.text).toBeGreaterThanOrEqual(7);
        expect(Math.min(move, 365 - move), p.text).toBeLessThanOrEqual(60);
        moves.add(days[i]! - dayOfYear(d, 'es')!);
      }
      // In order, the short way round the year.
      for (let i = 1; i < days.length; i++) expect((((days[i]! - days[i - 1]! + 182) % 365) + 365) % 365, p.text).toBeGreaterThan(182);
    }
    expect(moves.size).toBeGreaterThan(30);
  });

  it('a number grouped in thousands or lakhs read as a place is an amount, kept by default; a postcode stays a place', () => {
    const text = 'My father’s account in Sylhet shows 21,50,000 taka. We live at 28012 Madrid.';
    const p = protect(text, 7, {
      tagging: taggerRead(text, 'en', [
        ['21,50,000', 'place'],
        ['28012', 'place'],
      ]),
    });
    expect(mark(p, '21,50,000')).toMatchObject({ kind: 'money', treatment: 'keep' });
    expect(p.text).toContain('shows 21,50,000 taka');
    expect(mark(p, '28012').kind).toBe('place');
  });

  it('an amount with cents and its currency read as an ID is an amount, kept by default; an ID stays one', () => {
    const text = 'Líquido: 209.580,00 Kz. Apólice n.º 7.204.331-8, NIF 245 187 332';
    const p = protect(text, 7, {
      tagging: taggerRead(text, 'pt', [
        ['209.580,00 Kz', 'id'],
        ['7.204.331-8', 'id'],
        ['245 187 332', 'id'],
      ]),
    });
    expect(mark(p, '209.580,00 Kz')).toMatchObject({ kind: 'money', treatment: 'keep' });
    expect(mark(p, '7.204.331-8')).toMatchObject({ kind: 'id', treatment: 'replace' });
    expect(mark(p, '245 187 332')).toMatchObject({ kind: 'id', treatment: 'replace' });
  });

  it('a date with nothing to move goes as typed and says so: kept, not "replaced"; one read with another word still moves', () => {
    const text = 'I lost my job yesterday and was told on 15th January along with 40 others.';
    const p = protect(text, 7, {
      tagging: taggerRead(text, 'en', [
        ['yesterday', 'date'],
        ['15th January along', 'date'],
      ]),
    });
    expect(mark(p, 'yesterday').treatment).toBe('keep');
    expect(mark(p, '15th January along').treatment).toBe('replace');
    expect(p.text).toContain('yesterday');
    expect(p.text).not.toContain('15th January');
    expect(p.text).toMatch(/on \d{1,2}(?:st|nd|rd|th) \w+ along with 40/);
  });
});

describe('consistency and recovery', () => {
  it('two places the tagger reads as one ("Leeds to Falmouth") are two marks with stand-ins of their own; a place of that shape the data knows stays one', () => {
    const text = 'We are moving from Leeds to Falmouth, then von Graz nach Linz; my cousin lives in Trinidad and Tobago.';
    const sent = protect(text, 7, {
      tagging: taggerRead(text, 'en', [
        ['Leeds to Falmouth', 'place'],
        ['Graz nach Linz', 'place'],
        ['Trinidad and Tobago', 'place'],
      ]),
    });
    expect(sent.marks.map((m) => m.text)).toEqual(['Leeds', 'Falmouth', 'Graz', 'Linz', 'Trinidad and Tobago']);
    expect(sent.text, sent.text).toMatch(/ to .+, then von .+ nach .+; my cousin lives in Trinidad and Tobago\.$/);
    for (const town of ['Leeds', 'Falmouth', 'Graz', 'Linz']) expect(sent.text).not.toContain(town);
  });

  it('gives a span the same substitute in every message of a conversation, however often recomputed', () => {
    const random = seededRandomSource(3);
    const codebook = newCodebook(random);
    const first = protectMessage('Mia lives in Leeds and I owe £4,000.', { codebook, random, tagging: listTagging('Mia lives in Leeds and I owe £4,000.') });
    const again = protectMessage('Mia lives in Leeds and I owe £4,000.', {
      codebook,
      random: seededRandomSource(99),
      tagging: listTagging('Mia lives in Leeds and I owe £4,000.'),
    });
    expect(again.text).toBe(first.text);
    const later = protectMessage('Is LEEDS safe for mia?', { codebook: first.codebook, random, tagging: listTagging('Is LEEDS safe for mia?') });
    expect(later.text).toContain(mark(first, 'Leeds').substitute);
    expect(later.text).toContain(mark(first, 'Mia').substitute);
    // A span shown but kept is not stored; replacing it later writes what the review showed.
    const kept = protectMessage('Mia lives in Leeds.', { codebook, random, choices: { '0-3': 'keep' }, tagging: listTagging('Mia lives in Leeds.') });
    expect(kept.codebook.entries.map((e) => e.original)).toEqual(['Leeds']);
    expect(mark(kept, 'Mia').substitute).toBe(mark(first, 'Mia').substitute);
  });

  it('differs across conversations', () => {
    const texts = new Set<string>();
    for (let seed = 100; seed < 120; seed++) texts.add(protect('Mia lives in Leeds.', seed).text);
    expect(texts.size).toBeGreaterThan(15);
  });

  it('reads an answer about the substitutes back in the person’s words', () => {
    const p = protect('My son Leo has asthma; we live in Leeds.');
    const leo = mark(p, 'Leo').substitute;
    const leeds = mark(p, 'Leeds').substitute;
    const back = recover(`${leo} can use an inhaler. Clinics in ${leeds} help; ${leo}'s school too.`, p.dictionary);
    expect(back.text).toBe("Leo can use an inhaler. Clinics in Leeds help; Leo's school too.");
  });
});
