/**
 * The message tagger (issue 31): the shipped ONNX model computes what PyTorch computed when it was trained; one
 * table settles overlaps; the language gate; and what the model reads on messages it never saw in training.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newCodebook, protect } from '../../../src/crossmap';
import { candidateSpans } from '../../../src/crossmap/candidates';
import { famousSpans } from '../../../src/crossmap/famous';
import { detectSpans, sampleData } from '../../../src/crossmap/detect';
import { PRECEDENCE, settle, type Found } from '../../../src/crossmap/settle';
import { townIn } from '../../../src/crossmap/place-country';
import { CONTACT_SURE, GENERAL_AT, readAsGeneral } from '../../../src/crossmap/tagging';
import { tokenFeatures } from '../../../src/crossmap/tagger/features';
import { LABELS } from '../../../src/crossmap/tagger/labels';
import { frontCode, frontDecode } from '../../../src/crossmap/tagger/front-code';
import { plainWords, trimEdges, wholeWords } from '../../../src/crossmap/tagger/tagger';
import { seededRandomSource } from '../../../src/dp/exact/random';
import { nodeTagger } from './tagging';

const reference = JSON.parse(readFileSync(new URL('../../fixtures/tagger-reference.json', import.meta.url), 'utf8')) as {
  labels: number;
  tolerance: number;
  messages: { lang: string; text: string; probs: number[]; general: number }[];
};

describe('the tagger model', () => {
  it('gives the probabilities PyTorch gave for fixed messages (int8 ONNX on onnxruntime-node, within the stated tolerance)', async () => {
    const { openNodeTagger } = await import('../../../src/crossmap/tagger/node');
    const model = await openNodeTagger(new Uint8Array(readFileSync(new URL('../../../public/models/veil-tagger/model.onnx', import.meta.url))));
    expect(reference.labels).toBe(LABELS.length);
    expect(reference.messages.length).toBeGreaterThanOrEqual(10);
    for (const m of reference.messages) {
      const { tokens, ids } = tokenFeatures(m.text, m.lang, candidateSpans(m.text));
      const { probs, general } = await model(ids, tokens.length);
      expect(probs.length, m.text).toBe(m.probs.length);
      let worst = Math.abs(general - m.general);
      for (let i = 0; i < probs.length; i++) worst = Math.max(worst, Math.abs(probs[i]! - m.probs[i]!));
      expect(worst, m.text).toBeLessThanOrEqual(reference.tolerance);
    }
    await model.release();
  });
});

describe("the tagger's public-figure hint", () => {
  it('finds a public figure after an elided article or preposition', () => {
    const text = "un résumé de L'Étranger d'Albert Camus, et Dante dell'Alighieri";
    expect(famousSpans(text).map((s) => [text.slice(s.start, s.end), s.kind])).toContainEqual(['Albert Camus', 'famous']);
    expect(famousSpans('Who was Marie Curie?')).toEqual([{ start: 8, end: 19, kind: 'famous' }]);
  });
});

describe('one table settles overlaps', () => {
  const f = (start: number, end: number, source: Found['source'], score: number, kind: Found['kind'] = 'person'): Found => ({
    start,
    end,
    text: 'x'.repeat(end - start),
    kind,
    source,
    score,
  });
  it('by source, then score, then length; text order out', () => {
    expect(PRECEDENCE).toEqual(['profile', 'always', 'known', 'shape', 'tagger', 'pattern', 'list']);
    // Every pair of sources: the earlier one wins an overlap, whatever the scores.
    for (const [i, a] of PRECEDENCE.entries()) {
      for (const b of PRECEDENCE.slice(i + 1)) expect(settle([f(0, 5, b, 1), f(2, 8, a, 0.1)]).map((s) => s.source)).toEqual([a]);
    }
    expect(settle([f(0, 5, 'tagger', 0.6), f(3, 9, 'tagger', 0.9)]).map((s) => s.score)).toEqual([0.9]);
    expect(settle([f(0, 3, 'list', 0.6), f(0, 9, 'list', 0.6)]).map((s) => s.end)).toEqual([9]);
    expect(settle([f(10, 12, 'list', 0.6), f(0, 3, 'tagger', 0.6)]).map((s) => s.start)).toEqual([0, 10]);
  });

  it('a list or pattern hit counts only where the tagger reads it as personal; a shape almost always', () => {
    const text = 'metformin 5 May 2024 jo@x.org';
    const found = candidateSpans(text);
    const tagging = (p: number, general = 0) => ({
      language: { code: 'en', name: 'English', read: true },
      found,
      personal: [{ start: 0, end: text.length, p }],
      general,
      plain: [],
    });
    expect(detectSpans(text, { tagging: tagging(0.9) }).map((s) => s.kind)).toEqual(['medication', 'date', 'email']);
    expect(detectSpans(text, { tagging: tagging(0.2) }).map((s) => s.kind)).toEqual(['email']);
    expect(detectSpans(text, { tagging: tagging(0.01) }).map((s) => s.kind)).toEqual([]);
    // The person's own values and always-map terms do not wait for the tagger.
    expect(detectSpans(text, { tagging: tagging(0), alwaysMap: ['metformin'] }).map((s) => s.kind)).toEqual(['custom']);
    // A message the tagger reads as a general question: nothing marked but what the person asked for.
    expect(detectSpans(text, { tagging: tagging(0.9, GENERAL_AT) }).map((s) => s.kind)).toEqual([]);
    expect(detectSpans(text, { tagging: tagging(0.9, GENERAL_AT), alwaysMap: ['metformin'] }).map((s) => s.kind)).toEqual(['custom']);
    // Unless an e-mail or a phone a shape found is one the tagger is sure is someone's: then it is read as about
    // someone (a question over pasted records), and an example address the tagger reads as the topic is not.
    const at = text.indexOf('jo@x.org');
    const read = (score: number) => ({
      ...tagging(0.9, 0.95),
      found: [...found, { start: at, end: text.length, text: 'jo@x.org', kind: 'email' as const, source: 'tagger' as const, score }],
    });
    expect(readAsGeneral(read(CONTACT_SURE))).toBe(false);
    expect(detectSpans(text, { tagging: read(CONTACT_SURE) }).map((s) => s.kind)).toEqual(['medication', 'date', 'email']);
    expect(readAsGeneral(read(0.5))).toBe(true);
    expect(detectSpans(text, { tagging: read(0.5) }).map((s) => s.kind)).toEqual([]);
    expect(readAsGeneral({ ...read(1), language: { code: 'xx', name: 'Other', read: false } })).toBe(false);
  });
});

describe("the tagger's spans are whole words on one line", () => {
  const t = (text: string, part: string, kind: Found['kind'] = 'health'): Found => {
    const start = text.indexOf(part);
    return { start, end: start + part.length, text: part, kind, source: 'tagger', score: 0.8 };
  };
  it('never cross a line break, lose edge punctuation, take in the rest of a hyphenated word, and merge what then overlaps', () => {
    const list = 'history:\n- 2015 Kreuzband-OP links\n- 2019 Gürtelrose\n- pré-diabético';
    const found = wholeWords(list, [t(list, 'Kreuzband'), t(list, '-OP links\n- 2019 Gürtelrose'), t(list, 'pré'), t(list, '-'), t(list, 'diabético')]);
    expect(found.map((f) => f.text)).toEqual(['Kreuzband-OP links', '2019 Gürtelrose', 'pré-diabético']);
    for (const f of found) expect(list.slice(f.start, f.end)).toBe(f.text);
    // A number cut at its point is taken whole; a full stop after a number still ends a sentence.
    const reading = 'blew 0.09 at the roadside. 3 points';
    expect(wholeWords(reading, [t(reading, '09 at')]).map((f) => f.text)).toEqual(['0.09 at']);
    expect(wholeWords(reading, [t(reading, 'roadside. 3')]).map((f) => f.text)).toEqual(['roadside. 3']);
    // A span of punctuation alone goes.
    expect(wholeWords('a (b) c', [t('a (b) c', ' (')])).toEqual([]);
  });
  it('lose the words the labelled data never starts or ends a span with; a span of nothing else goes', () => {
    const text = 'por su hernia de disco y no puedo';
    expect(trimEdges(text, 'es', [t(text, 'por su hernia de'), t(text, 'no')]).map((f) => f.text)).toEqual(['hernia']);
    // Inside a span such words stay; a language without the data keeps the spans as they are.
    expect(trimEdges(text, 'es', [t(text, 'hernia de disco')]).map((f) => f.text)).toEqual(['hernia de disco']);
    expect(trimEdges(text, 'nl', [t(text, 'no')]).map((f) => f.text)).toEqual(['no']);
  });
  it("read the message's plain words where the tagger runs: the words its language's training messages use only as ordinary words", () => {
    const words = ['10mg', '10ml', 'asthma', 'asthmatic', 'asthmatically', 'ate', 'über', 'übrigens'];
    expect(frontCode(words)).toBe('010mg|3l|0asthma|6tic|9ally|1te|0über|2rigens');
    expect(frontDecode(frontCode(words))).toEqual(words);
    expect(frontDecode('')).toEqual([]);
    expect(plainWords('Davon weiß ich nichts, sagt Jonas aus Kassel.', 'de')).toEqual(expect.arrayContaining(['davon']));
    expect(plainWords('Davon weiß ich nichts, sagt Jonas aus Kassel.', 'de')).not.toContain('kassel');
    expect(plainWords('Davon weiß ich nichts', 'nl')).toEqual([]);
    // A German compound whose last part is a plain word is one too; not a town's ending, nor in another language.
    expect(plainWords('Was gilt bei der Sicherheitskontrolle?', 'de')).toContain('sicherheitskontrolle');
    expect(plainWords('Wir wohnen in Niederkirchen', 'de')).not.toContain('niederkirchen');
    expect(plainWords('Sie geht auf die Ziehenschule', 'de')).not.toContain('ziehenschule');
    expect(plainWords('the Sicherheitskontrolle', 'en')).not.toContain('sicherheitskontrolle');
  });
});

describe('a conversation keeps general what it sent by its kind', () => {
  it('a follow-up that reads as a general question does not name a condition an earlier message generalized', async () => {
    const random = seededRandomSource(5);
    const tagger = await nodeTagger();
    const first = await protect(
      'My son Leo has asthma and we live in Leeds.',
      { codebook: newCodebook(random), random, tag: tagger.tag },
      async () => undefined,
    );
    expect(first.codebook.generalized).toEqual([{ original: 'asthma', kind: 'health' }]);
    const followUp = 'Is asthma worse in winter?';
    // Alone, the tagger reads it as a general question and sends it as typed…
    expect((await tagger.tag(followUp)).general).toBeGreaterThanOrEqual(GENERAL_AT);
    expect((await protect(followUp, { codebook: newCodebook(random), random, tag: tagger.tag }, async () => undefined)).text).toBe(followUp);
    // …but in the conversation, asthma stays what it was.
    const later = await protect(followUp, { codebook: first.codebook, random, tag: tagger.tag }, async () => undefined);
    expect(later.text).toBe('Is a lung or airway condition worse in winter?');
  });
});

describe('a programming question over pasted records', () => {
  it('is about the people in them, whatever its general score; one with example addresses stays general', async () => {
    const tagger = await nodeTagger();
    const random = seededRandomSource(3);
    const records = [
      'my pandas merge drops rows, why?',
      '',
      'patients = pd.DataFrame([',
      "  {'name': 'Aoife Brennan', 'email': 'aoife.brennan77@gmail.com', 'mobile': '087 412 9930', 'dx': 'bipolar II'},",
      "  {'name': 'Tomasz Wrona', 'email': 'twrona@outlook.ie', 'mobile': '086 220 7714', 'dx': 'epilepsy'},",
      '])',
      "out = patients.merge(visits, on='email', how='inner')",
    ].join('\n');
    expect((await tagger.tag(records)).general).toBeGreaterThanOrEqual(GENERAL_AT);
    const sent = await protect(records, { codebook: newCodebook(random), random, tag: tagger.tag }, async () => undefined);
    for (const value of ['Aoife Brennan', 'aoife.brennan77@gmail.com', '087 412 9930', 'Tomasz Wrona', 'twrona@outlook.ie', '086 220 7714', 'epilepsy'])
      expect(sent.text).not.toContain(value);
    expect(sent.text).toContain("patients.merge(visits, on='email', how='inner')");
    const example = "how do I sort this list by the second field in python?\n\nrows = [('Maria', 'maria@example.com'), ('Ben', 'ben@example.com')]";
    expect((await protect(example, { codebook: newCodebook(random), random, tag: tagger.tag }, async () => undefined)).text).toBe(example);
  });
});

describe('a question over a sample table', () => {
  it('goes as typed when the message calls its data an example, in the languages Veil reads; a table of its own does not', async () => {
    const tagger = await nodeTagger();
    const random = seededRandomSource(4);
    const table = ['nome,regione,eta,reddito', 'Mario Rossi,Lombardia,34,28000', 'Giulia Bianchi,Sicilia,41,19500', 'Luca Verdi,Lazio,29,24000'].join('\n');
    const sample = `come faccio in pandas a fare la media del reddito per regione? ho questo csv di esempio:\n${table}`;
    expect(sampleData(sample)).toBe(true);
    expect((await protect(sample, { codebook: newCodebook(random), random, tag: tagger.tag }, async () => undefined)).text).toBe(sample);
    const own = `come faccio in pandas a fare la media del reddito per regione? ho questo csv dei miei dipendenti:\n${table}`;
    expect(sampleData(own)).toBe(false);
    // The word must qualify the data, or be a tutorial's: not a probation period, a blood sample, a fake account or "for example".
    for (const lead of [
      'siamo nel periodo di prova, ecco i turni:',
      'blood sample results:',
      'someone made a fake account, the chat:',
      'for example my patients:',
    ])
      expect(sampleData(`${lead}\n${table}`), lead).toBe(false);
    for (const lead of ['Tengo este DataFrame de ejemplo', 'tengo este csv de prueba', 'some sample data:', 'hab folgendes beispiel aus nem tutorial'])
      expect(sampleData(`${lead}\n${table}`), lead).toBe(true);
    expect((await protect(own, { codebook: newCodebook(random), random, tag: tagger.tag }, async () => undefined)).text).not.toContain('Mario Rossi');
  });
});

describe('the language gate', () => {
  it('reads the six languages; in another finds only what has a shape, never a capitalised word', async () => {
    const tagger = await nodeTagger();
    const polish = await tagger.tag('Mój syn Kuba Nowak ma gorączkę od wczoraj, napisz do mnie: kuba.nowak@wp.pl albo +48 601 234 567, 12.03.2025.');
    expect(polish.language).toMatchObject({ code: 'pl', read: false });
    const spans = detectSpans('Mój syn Kuba Nowak ma gorączkę od wczoraj, napisz do mnie: kuba.nowak@wp.pl albo +48 601 234 567, 12.03.2025.', {
      tagging: polish,
    });
    expect(spans.map((s) => s.kind)).toEqual(['email', 'phone', 'date']);
    for (const code of ['en', 'de', 'fr', 'es', 'pt', 'it']) expect(READ[code]!.length).toBeGreaterThan(0);
    for (const [code, text] of Object.entries(READ)) expect((await tagger.tag(text)).language, text).toMatchObject({ code, read: true });
  });
});

const READ: Record<string, string> = {
  en: 'my landlord wants to keep the deposit, what can I do',
  de: 'Mein Vermieter will die Kaution nicht zurückzahlen, was kann ich tun?',
  fr: 'Mon propriétaire refuse de me rendre la caution, que faire ?',
  es: 'Mi casero no me quiere devolver la fianza, ¿qué hago?',
  pt: 'O meu senhorio não quer devolver a caução, o que faço?',
  it: 'Il mio padrone di casa non vuole restituirmi la caparra, cosa posso fare?',
};

describe('what the tagger reads', () => {
  const send = async (text: string) => {
    const random = seededRandomSource(3);
    return protect(text, { codebook: newCodebook(random), random, tag: (await nodeTagger()).tag }, async () => undefined);
  };

  it('leaves general questions as typed: public figures, titles, historical dates, places, drugs asked about in general', async () => {
    for (const text of [
      'Who was Marie Curie and what did she discover?',
      'What happened in Paris on 14 July 1789?',
      'Can you recommend films like Amélie?',
      'What are the side effects of metformin?',
      'What is the capital of Peru and how many people live there?',
      'Wer hat den Zauberberg geschrieben und worum geht es?',
      '¿Qué provoca la diabetes tipo 2?',
    ]) {
      const sent = await send(text);
      expect(sent.text, JSON.stringify(sent.marks)).toBe(text);
    }
  });

  it('a place keeps its country: a stand-in for Leeds is a UK town', async () => {
    const places = JSON.parse(readFileSync(new URL('../../../data/places.json', import.meta.url), 'utf8')) as string[][];
    const country = new Map(places.map(([name, , , code]) => [name!, code!]));
    const text = 'We live in Leeds and my son starts school in September, what forms do I need?';
    const seen = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      const random = seededRandomSource(seed);
      const sent = await protect(text, { codebook: newCodebook(random), random, tag: (await nodeTagger()).tag }, async () => undefined);
      const leeds = sent.marks.find((m) => m.text === 'Leeds');
      expect(leeds?.treatment).toBe('replace');
      expect(country.get(leeds!.substitute), leeds!.substitute).toBe('GB');
      seen.add(leeds!.substitute);
    }
    expect(seen.size).toBeGreaterThan(3);
  });

  it('a town the data does not know takes a town of the country the message names, by a known place, its currency or its language', async () => {
    const places = JSON.parse(readFileSync(new URL('../../../data/places.json', import.meta.url), 'utf8')) as string[][];
    const country = new Map(places.map(([name, , , code]) => [name!, code!]));
    const cases: [string, string, string][] = [
      ['my rent in Falmouth went up to £950 a month, is that allowed?', 'Falmouth', 'GB'],
      ['Ich wohne in Lüneburg und mein Vermieter will mehr Miete, darf er das?', 'Lüneburg', 'DE'],
      ['We are moving from Leeds to Falmouth next month, how do I register with a GP?', 'Falmouth', 'GB'],
    ];
    for (const [text, town, code] of cases) {
      const sent = await send(text);
      const mark = sent.marks.find((m) => m.text === town);
      expect(mark?.treatment, text).toBe('replace');
      expect(country.get(mark!.substitute) === code || townIn(mark!.substitute, code) !== undefined, `${town} → ${mark!.substitute}`).toBe(true);
    }
    // With nothing in the message, a place the person shares in their profile gives the country.
    const text = 'my landlord in Falmouth wants to put the rent up again, what can I do?';
    const random = seededRandomSource(3);
    const shared = await protect(text, { codebook: newCodebook(random), random, tag: (await nodeTagger()).tag, shared: ['Leeds, UK'] }, async () => undefined);
    const falmouth = shared.marks.find((m) => m.text === 'Falmouth');
    expect(country.get(falmouth!.substitute) === 'GB' || townIn(falmouth!.substitute, 'GB') !== undefined, `Falmouth → ${falmouth!.substitute}`).toBe(true);
    // A country named in another language is a country: kept.
    const swiss = await send("Je vis en Suisse et mon fils va à l'école à Nyon, que faire pour l'inscrire ?");
    expect(swiss.text).toContain('en Suisse');
  });
});

/**
 * Labelled cases in the six languages (test/fixtures/tagger-cases/, written for these tests by a writer who saw
 * neither the training data nor the detector): every kind at least twice per language, and general questions.
 * The floors are under what the shipped model measured when it was added (see the figures in each message), so
 * a model trained again that reads worse fails here.
 */
describe('every kind in each of the six languages', () => {
  interface Case {
    lang: string;
    general: boolean;
    text: string;
    spans: { start: number; end: number; text: string; kind: string }[];
    keep?: { start: number; end: number }[];
  }
  const cases = (lang: string): Case[] =>
    readFileSync(new URL(`../../fixtures/tagger-cases/${lang}.jsonl`, import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Case);
  for (const lang of ['en', 'de', 'fr', 'es', 'pt', 'it']) {
    it(`${lang}: personal spans marked, general questions left as typed`, async () => {
      const tagger = await nodeTagger();
      let spans = 0;
      let protectedSpans = 0;
      let general = 0;
      let unchanged = 0;
      const kinds = new Map<string, [number, number]>();
      for (const [n, c] of cases(lang).entries()) {
        const random = seededRandomSource(n + 1);
        const sent = await protect(c.text, { codebook: newCodebook(random), random, tag: tagger.tag }, async () => undefined);
        // Marked: what a default keeps (a country or region, a decade of age, an amount, an acronym, an unsure
        // category) is found and marked too, and the review offers to change it.
        const changing = sent.marks;
        for (const s of c.spans) {
          const hit = changing.some((m) => m.start < s.end && s.start < m.end);
          spans++;
          if (hit) protectedSpans++;
          const k = kinds.get(s.kind) ?? [0, 0];
          kinds.set(s.kind, [k[0] + 1, k[1] + (hit ? 1 : 0)]);
        }
        if (c.general) {
          general++;
          if (sent.text === c.text) unchanged++;
        }
      }
      const figures = `${protectedSpans}/${spans} spans protected, ${unchanged}/${general} general unchanged; missed kinds: ${[...kinds]
        .filter(([, [, h]]) => h === 0)
        .map(([k]) => k)
        .join(', ')}`;
      expect(protectedSpans / spans, figures).toBeGreaterThanOrEqual(FLOOR[lang]!.recall);
      expect(unchanged / general, figures).toBeGreaterThanOrEqual(FLOOR[lang]!.general);
      // Every kind is found at least once in every language, but those the floor names.
      expect(
        [...kinds].filter(([k, [, h]]) => h === 0 && !FLOOR[lang]!.unfound.includes(k)).map(([k]) => k),
        figures,
      ).toEqual([]);
    });
  }
});

/**
 * Measured with the shipped model when it was added (protected spans; general questions unchanged): en 103/106,
 * 11/12; de 98/105, 12/12; fr 100/104, 10/12; es 104/108, 12/12; pt 101/103, 10/12; it 100/103, 11/12; every kind
 * found at least once in every language. The floors leave room for a retrained model's noise, not for a worse one.
 */
const FLOOR: Record<string, { recall: number; general: number; unfound: readonly string[] }> = {
  en: { recall: 0.93, general: 10 / 12, unfound: [] },
  de: { recall: 0.88, general: 11 / 12, unfound: [] },
  fr: { recall: 0.9, general: 9 / 12, unfound: [] },
  es: { recall: 0.9, general: 11 / 12, unfound: [] },
  pt: { recall: 0.92, general: 9 / 12, unfound: [] },
  it: { recall: 0.92, general: 10 / 12, unfound: [] },
};
