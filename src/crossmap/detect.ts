/**
 * The detector: the sensitive spans of a message, in text order, never overlapping. One pipeline (issue 31):
 * every finder returns spans with a source and a score (`Found`), and one table settles them (`settle`,
 * `PRECEDENCE`: ./settle.ts):
 * 1. the person's own profile values, their "always map" terms and this conversation's spans;
 * 2. identifiers whose shape is the evidence (./patterns.ts: e-mail, phone, ID and account numbers, checked by
 *    Luhn or mod 97 where they have one);
 * 3. the message tagger's spans (./tagger/tagger.ts), which reads the whole message;
 * 4. the other patterns (dates, amounts, ages, addresses) and the word lists (./word-lists.ts:
 *    data/crossmap-lexicon.json, data/special-terms.json, ./terms.ts; the lay phrases of ./special.ts,
 *    organisation cues; all found by ./candidates.ts): each counts only where the tagger reads it as personal
 *    (`GATE`, ./tagging.ts), so "side effects of metformin" keeps its drug.
 * A message the tagger reads as a general question keeps only 1; in a language the tagger does not read, 2 and
 * the patterns of 4 count, never a word list. No "capitalised word is a name" guess: that is the tagger's to read.
 */
import { normalizeText } from '../domains/text';
import { lazy } from '../domains/phrases';
import { afterTitle, titledNames } from './gender';
import { monthWord } from './months';
import { townsNamed } from './place-country';
import { lexiconList, table } from './word-lists';
import { words, writesCapitals } from './words';
import { plainWords } from './tagger/tagger';
import { languageName, substitutePools } from './pools';
import { FORM_CODE, HEIGHT } from './stand-ins';
import { addSpan } from './patterns';
import { settle, type Found } from './settle';
import { GATE, holdsContact, KIND_SURE, NAME_SURE, personalScore, readAsGeneral, type Tagging } from './tagging';
import { isSpecialKind, type Span, type SpanKind } from './types';

export interface DetectOptions {
  /** The person's profile values (shared and withheld), with their fields. */
  readonly profile?: readonly { readonly field: string; readonly value: string }[];
  /** Terms the person always wants mapped. */
  readonly alwaysMap?: readonly string[];
  /** Spans this conversation already mapped: found again in any case, with the same kind. */
  readonly known?: readonly { readonly original: string; readonly kind: SpanKind }[];
  /** What the tagger read in this text (./tagger/tagger.ts `tagMessage`). */
  readonly tagging: Tagging;
}

/** The kinds of the tagger's spans that `NAME_SURE` applies to. */
const NAMED: ReadonlySet<SpanKind> = new Set(['person', 'place', 'organisation', 'proper']);

/**
 * A tagger span of a kind with a shape where its words have none: an ID or a phone number without a digit, or a
 * date, an age or an amount that is a bare acronym ("OWWA" read as a date, "RRSP" as an age, "PTPTN" as an ID).
 * None of the training data's labelled IDs and phones lacks a digit, and none of its dates, ages and amounts is an
 * acronym; on the development sets (ninth, tenth, twentieth to twenty-second, stop 57's model) the tagger read five
 * such spans: four words that had to stay ("OWWA", "RRSP", "PTPTN", "ANEF") and one unlabelled ("NB").
 * Likewise a person who is a bare acronym of two to five capitals: one of the writers' 6,592 labelled people is
 * ("MW"); on the development sets (ninth, tenth, twenty-first to twenty-fourth; stop 58's model) the tagger read
 * five such people whose stand-in was sent, none a person: four that name no one ("PEC", "RG", "SIM", "ADA", each
 * sent as a given name) and one labelled immigration status ("OFW", which now stays as typed).
 */
function shapeless(text: string, span: Span): boolean {
  const words = text.slice(span.start, span.end);
  if (/\p{Nd}/u.test(words)) return false;
  if (span.kind === 'id' || span.kind === 'phone') return true;
  if (span.kind === 'person') return /^\p{Lu}{2,5}$/u.test(words);
  return (span.kind === 'date' || span.kind === 'age' || span.kind === 'money') && /^\p{Lu}{2,}$/u.test(words);
}

/** Phrases of the profile or the always-map list, found anywhere, any case. */
function exactSpans(text: string, terms: readonly string[], kind: (term: string) => SpanKind): Span[] {
  const out: Span[] = [];
  // Offsets must stay the text's own: when normalising changes the length (a ligature), match in lower case only.
  const normalized = normalizeText(text);
  const sameLength = normalized.length === text.length;
  const lower = sameLength ? normalized : text.toLowerCase();
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    const t = sameLength ? normalizeText(term.trim()) : term.trim().toLowerCase();
    if (t.length < 2) continue;
    let from = 0;
    for (let at = lower.indexOf(t, from); at >= 0; at = lower.indexOf(t, from)) {
      from = at + t.length;
      const edge = (c: string | undefined) => c === undefined || !/[\p{L}\p{N}]/u.test(c);
      if (edge(lower[at - 1]) && edge(lower[at + t.length]))
        addSpan(out, { start: at, end: at + t.length, text: text.slice(at, at + t.length), kind: kind(term) });
    }
  }
  return out;
}

/**
 * A message that pastes a table or a block of code (a fence, three lines of delimited fields, or a bracket opening a
 * list) and calls its data sample data, in the six languages ("csv di esempio", "DataFrame de ejemplo", "csv de
 * prueba", "tabela de exemplo", "sample data", "Beispiel aus nem Tutorial"): the sample's names, towns, dates and
 * sums are no one's, and it goes as a general question does. The general reading had missed such questions in
 * German, Spanish, Italian and Portuguese (the forty-sixth holdout: 5 of 48 changed, "Max Mustermann" replaced).
 * The word must qualify the data (a table, a csv, data, code) or be a tutorial's: "for example", a "periodo di
 * prova", a blood "sample" or a "fake" account in a message about someone are no such word. Of the labelled
 * messages with such a block, none about its writer has such a word (0 of 108); 8 of the 10 general ones do.
 */
export function sampleData(text: string): boolean {
  const block = text.includes('```') || /[[{(]\s*\n/.test(text) || (text.match(/^[^\n]*[,;|\t][^\n]*[,;|\t][^\n]*$/gmu) ?? []).length >= 3;
  return block && (SAMPLE_OF_DATA.test(text) || SAMPLE_BEFORE_DATA.test(text) || SAMPLE_WORD_ALONE.test(text));
}
const DATA_NOUN = String.raw`csv|tsv|json|xml|sql|tables?|tabelle[n]?|tableau|tabla|tabela|tabella|data|daten|donn[ée]es|datos|dados|dati|dataframe|df|dataset|spreadsheet|excel|sheet|planilla|planilha|foglio|liste?|lista|array|code|c[óo]digo|codice|snippet|file|datei|fichier|archivo|arquivo|records?|rows?|registros?`;
const SAMPLE = String.raw`examples?|samples?|dummy|mock|test|fake|fictional|fictitious|beispiel|exemple|ejemplo|prueba|esempio|prova|exemplo|teste|fictif|fictives?|ficticios?|fittizi[oa]?`;
/** "csv di esempio", "DataFrame de ejemplo", "tabela de exemplo", "données fictives": the data, then the word. */
const SAMPLE_OF_DATA = new RegExp(String.raw`(?<![\p{L}\d])(?:${DATA_NOUN})(?:\s+(?:de|di|d['’]|of|del|des))?\s+(?:${SAMPLE})(?![\p{L}\d])`, 'iu');
/** "sample data", "example table", "dummy records", "Beispieldaten": the word, then the data. */
const SAMPLE_BEFORE_DATA = new RegExp(String.raw`(?<![\p{L}\d])(?:${SAMPLE})[\s-]?(?:${DATA_NOUN})(?![\p{L}\d])`, 'iu');
/** A tutorial's code ("Beispiel aus nem Tutorial"), and German compounds ("Beispieldaten", "Testdaten"). */
const SAMPLE_WORD_ALONE = /(?<![\p{L}\d])(?:tutorial|beispiel(?:daten|tabelle|datei|code)|testdaten|dummydaten)(?![\p{L}\d])/iu;

function profileKind(field: string): SpanKind {
  if (/location|city|country|nationality|address|home|town/.test(field)) return 'place';
  if (/name/.test(field)) return 'person';
  if (/email/.test(field)) return 'email';
  if (/phone/.test(field)) return 'phone';
  if (/health|condition|diagnos/.test(field)) return 'health';
  return 'profile';
}
/**
 * The sensitive spans of a message, in text order, never overlapping: the person's own values, the
 * conversation's known spans, and what the tagger read (`options.tagging`), settled by `PRECEDENCE`. A list
 * or pattern hit counts only where the tagger reads it as personal (`GATE`); in a language the tagger does not
 * read, every shape and pattern hit counts and nothing else.
 */
export function detectSpans(text: string, options: DetectOptions): Span[] {
  const found: Found[] = [];
  const profileKinds = new Map((options.profile ?? []).map((a) => [normalizeText(a.value.trim()), profileKind(a.field.toLowerCase())]));
  for (const s of exactSpans(
    text,
    [...profileKinds.keys()].filter((v) => v.length >= 3),
    (t) => profileKinds.get(normalizeText(t)) ?? 'profile',
  ))
    found.push({ ...s, source: 'profile', score: 1 });
  for (const s of exactSpans(text, options.alwaysMap ?? [], () => 'custom')) found.push({ ...s, source: 'always', score: 1 });
  const knownKinds = new Map((options.known ?? []).map((k) => [normalizeText(k.original), k.kind]));
  for (const s of exactSpans(
    text,
    (options.known ?? []).map((k) => k.original),
    (t) => knownKinds.get(normalizeText(t)) ?? 'proper',
  ))
    found.push({ ...s, source: 'known', score: 1 });
  const { tagging } = options;
  const general = readAsGeneral(tagging) || (tagging.language.read && sampleData(text) && !holdsContact(tagging));
  for (const f of general ? [] : tagging.found) {
    if (!tagging.language.read) {
      if (f.source === 'shape' || f.source === 'pattern') found.push(f);
    } else if (f.source === 'tagger') {
      // Where a list or pattern agrees on the kind and holds the tagger's span, its words and grammar: the lay
      // phrase "got fired" (a verb) for the tagger's "fired", "12 June 2025" for "12 June".
      const wider = tagging.found.find(
        (c) => c.source !== 'tagger' && c.kind === f.kind && c.start <= f.start && c.end >= f.end && c.end - c.start > f.end - f.start,
      );
      const span = wider ? { ...wider, source: 'tagger' as const, score: f.score } : f;
      const unsure = isSpecialKind(f.kind) ? f.score < KIND_SURE : NAMED.has(f.kind) && f.score < NAME_SURE;
      if (f.score >= GATE.tagger && !shapeless(text, f)) found.push(unsure ? { ...span, unsure: true } : span);
    } else if (personalScore(tagging, f.start, f.end) >= GATE[f.source]) found.push(f);
  }
  // A name after a person's title, wherever the tagger reads the words around it: a letter's addressee or a
  // doctor is someone's name however impersonal the sentence ("Estimado Sr. Olabarrieta:", "Bonjour M. Delattre",
  // "Herr Dr. Weiß" had been sent as typed). Below the tagger's own spans in the settling.
  if (tagging.language.read && !general) for (const s of titledNames(text)) found.push({ ...s, source: 'pattern', score: 0.9 });
  // A town the data knows typed in lower case after a word that places it ("wohne in uznach", "i miei a gela") by
  // a writer who types no capitals: the tagger leans on capitals to read a name and missed these. Not an
  // ordinary word of the language (`plain`, the place data's everyday words), not a month.
  if (tagging.language.read && !general && !writesCapitals(text))
    for (const s of lowercaseTowns(text, tagging.language.code, new Set(tagging.plain))) found.push({ ...s, source: 'pattern', score: 0.8 });
  // One name, one mark: a person or place marked once is marked wherever else the message names it in the same
  // words ("Tondela" of a letter's head and of its signature; the second had been sent as typed).
  const named = new Map(
    settle(found)
      .filter((s) => (s.kind === 'person' || s.kind === 'place') && /^\p{Lu}/u.test(s.text) && s.text.length > 2)
      .map((s) => [s.text, s.kind]),
  );
  // (Found in any case; marked only as typed there.)
  for (const s of exactSpans(text, [...named.keys()], (t) => named.get(t) ?? 'person'))
    if (named.has(s.text)) found.push({ ...s, source: 'pattern', score: 0.95 });
  const clocks = clockTimes(text);
  return mergeRuns(
    text,
    settle(found)
      // (A clock time inside or at the edge of a span goes as typed: `outsideClocks`.)
      .flatMap((span) => outsideClocks(text, span, clocks))
      // (A laboratory result's reading, once per span: `labPart`.)
      .map((span) => ({ span, lab: labPart(text, span) }))
      .filter(
        ({ span, lab }) =>
          !lawReference(text, span) &&
          !lawTitle(text, span) &&
          !notAnAge(text, span) &&
          !lastingNotAge(text, span) &&
          !timeOrShare(text, span) &&
          !cardBrand(text, span) &&
          !languageNamed(text, span) &&
          !fixtureSide(text, span) &&
          !headerWord(text, span) &&
          !namedMethod(text, span) &&
          !exampleValue(text, span) &&
          !germanNoun(text, span, tagging) &&
          lab !== 'drop' &&
          // A clinic's weeks ("review in 6/52": six weeks) are no date: no month is the 52nd.
          !(span.kind === 'date' && /^\d{1,2}\/52$/.test(span.text)) &&
          !fraction(text, span),
      )
      .map(({ span: { source: _s, score: _c, ...span }, lab }) =>
        asFormCode(text, withOrdinal(text, lab === 'health' ? { ...span, kind: 'health' as const } : longNumber(text, span))),
      ),
  );
}

/**
 * A whole number past 110 read as an age is no one's age. Of five digits or more, someone's number, a staff or
 * licence number or a postcode ("n.º mecanográfico 40715", "cédula n.º 87410"): marked as one, its digits redrawn.
 * Shorter, a sum or a reading ("a renda e 548", "1499" owed, "iba a 155"): marked as an amount is, so kept as
 * typed by default (an age's stand-in had changed the rent and the speed the answers were about).
 */
function longNumber<S extends Span>(text: string, span: S): S {
  // A height read as an age or another number ("je fais 1m64 pour 96 kg": sent as 2m64, so the BMI asked for was
  // wrong): a body measure, health as a weight is, and kept as typed by default as a weight alone is.
  if (NUMBER_KINDS.includes(span.kind) && HEIGHT.test(span.text)) return { ...span, kind: 'health' };
  if (span.kind === 'age' && /^\d{3,}$/.test(span.text) && Number(span.text) > 110) return { ...span, kind: span.text.length >= 5 ? 'id' : 'money' };
  // A decimal read as an age with no unit of age after it ("CGPA 8.1", "6,8 de media", "pondera 0,2"): a grade, a
  // weight or a reading, which no labelled message calls an age; and a short number read as an ID with points or
  // another count after it ("TMS 118 Punkte"). Kept as an amount is (still marked): a stand-in had made the
  // grade 6.1 out of 12 and the score 748.
  const after = text.slice(span.end, span.end + 40);
  if (span.kind === 'age' && /^\d+[.,]\d+$/.test(span.text) && !AGE_UNIT.test(after.trimStart())) return { ...span, kind: 'money' };
  if (span.kind === 'id' && /^\d{1,4}$/.test(span.text) && OTHER_UNIT.test(after)) return { ...span, kind: 'money' };
  // One or two digits (or a range of them: "17-19" of the hours a sick worker must be home) read as an ID: no one's
  // number, a count or an hour (the "4 FIV" Social Security pays for had gone out as 6). Kept as an amount is.
  if (span.kind === 'id' && /^\d{1,2}(?:\s?[-–/]\s?\d{1,2})?$/.test(span.text)) return { ...span, kind: 'money' };
  // A short number with cents read as an ID ("mon taux horaire c'est 22.85"): a sum, no one's number (redrawn, the
  // hourly rate the answer is computed from had gone out as 27.76).
  if (span.kind === 'id' && /^\d{1,4}[.,]\d{2}$/.test(span.text)) return { ...span, kind: 'money' };
  return span;
}

/** A laboratory test's abbreviation as written (case-sensitive: "Na", "K", "ALT" are ordinary words in other cases). */
const LAB_ABBR = String.raw`Na|Cl|Ca|Mg|Hb|Hgb|HGB|Hct|HCT|MCV|MCH|MCHC|RDW|PLT|WBC|eGFR|GFR|TSH|fT4|FT4|fT3|FT3|T4|T3|LDL|HDL|HbA1c|HbA1C|CRP|PCR|ALT|AST|GPT|GOT|GGT|γGT|ALP|LDH|INR|PSA|BNP|B12|hCG|β-hCG|beta-hCG|TPO|Anti-TPO|HCO3`;
/** A laboratory test's name, in the six languages (any case). */
const LAB_NAME = String.raw`vitamin\s?d|vitamine\s?d|vitamina\s?d|ferritin|ferritina|ferritine|creatinine|créatinine|kreatinin|creatinina|glucose|glukose|glucosa|glicemia|glicose|glycémie|cholesterol|cholestérol|colesterol|colesterolo|triglycerides|triglyceride|triglycérides|triglicéridos|triglicerídeos|trigliceridi|harnstoff|urée|sodium|natrium|sodio|sódio|potassium|kalium|potasio|potássio|potassio|haemoglobin|hemoglobin|hémoglobine|hämoglobin|hemoglobina|emoglobina|leucocytes|leukozyten|leucocitos|leucócitos|leucociti|platelets|plaquettes|thrombozyten|plaquetas|piastrine|hématocrite|hämatokrit|hematocrito|ematocrito`;
/** A test's name or abbreviation, as the regular expression `shape` places it ("^…$", "…\\s*$"). */
const labWords = (shape: (words: string) => string) => [new RegExp(shape(LAB_ABBR), 'u'), new RegExp(shape(LAB_NAME), 'iu')];
const labTest = (patterns: RegExp[], text: string) => patterns.some((p) => p.test(text));
/** Whole, anywhere. */
const LAB_WORD = labWords((w) => String.raw`(?:^|[^\p{L}])(?:${w})(?![\p{L}])`);
/** Ending the text before a value ("Na 129", "eGFR: 41"). */
const LAB_BEFORE = labWords((w) => String.raw`(?:^|[^\p{L}])(?:${w})\s*[:=]?\s*$`);
/** Opening a span, apart from its value ("Hb 11.9 g/dL", "HbA1c : 7,9 %"), and alone. */
const LAB_OPENING = labWords((w) => String.raw`^(?:${w})(?:\s*[:=]\s*|\s+)`);
const LAB_ALONE = labWords((w) => String.raw`^(?:${w})$`);
/** A unit a laboratory value or a vital sign is given in. */
const LAB_UNIT =
  /^\s*(?:%|(?:g\/dl|mg\/dl|g\/l|mg\/l|µg\/l|ug\/l|ng\/ml|pg\/ml|mmol\/l|µmol\/l|umol\/l|nmol\/l|pmol\/l|meq\/l|mmol\/mol|ml\/min(?:\/1[.,]73\s?m2)?|u\/l|iu\/l|ui\/l|miu\/l|mui\/l|mu\/l|fl|pg|x\s?10\^?\d+\/l|\/[µu]l|mm\/h|mmhg|bpm|iu|ui)(?![\p{L}]))/iu;
/** A number with a laboratory unit after it, anywhere on a line. */
const LAB_UNIT_AFTER_NUMBER = new RegExp(`\\d${LAB_UNIT.source.slice(1)}`, 'iu');
/**
 * A laboratory result read as an age, an ID, a place or a date, on a line of results (one that names a test or
 * gives a value in a test's unit). Its value, alone after a test's name or before a unit, or with the test's name
 * ("Na 129", "Hb 11.9 g/dL", "MCV 54 fL"), is the person's health matter ('health': generalized by default, kept as
 * typed with sensitive matters kept), never a stand-in of another kind, and so is a test's name read as a name
 * ("Hémoglobine" had gone out as "Kendall"); a reference range in brackets ("(49-90)", "(<6.5)") or a result's flag
 * ("H", "L") alone is nobody's ('drop'). Pasted results had gone out
 * with a sodium of 129 as 651, a range 49–90 as 48–90 and "MCV 54 fL" as a place, so their reading was wrong. A
 * date on that line (the day it was collected) stays a date.
 */
function labPart(text: string, span: Span): 'health' | 'drop' | undefined {
  const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
  const lineEnd = text.indexOf('\n', span.end);
  const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
  if (!labTest(LAB_WORD, line) && !LAB_UNIT_AFTER_NUMBER.test(line)) return undefined;
  // (Also a unit's letters read as a name or an ID, "µU" of "µU/ml", "IU" of "IU/ml".)
  if (/^(?:H|L|HH|LL)$/.test(span.text) || (/^(?:[µu]U|mU|IU|UI|mUI|U)$/.test(span.text) && /^\//.test(text.slice(span.end)))) return 'drop';
  if (!['age', 'id', 'place', 'date', 'money', 'person', 'organisation'].includes(span.kind)) return undefined;
  if (labTest(LAB_ALONE, span.text)) return 'health';
  const before = text.slice(lineStart, span.start);
  const after = text.slice(span.end, lineEnd < 0 ? text.length : lineEnd);
  const named = LAB_OPENING.map((p) => p.exec(span.text)).find(Boolean);
  const value = (named ? span.text.slice(named[0].length) : span.text).trim();
  // A number, perhaps with its unit, or a range of numbers; never a date with a year or a month's name.
  const range = /^[<>≤≥]?\s*\d+(?:[.,]\d+)?(?:\s*[-–]\s*\d+(?:[.,]\d+)?)?$/u.test(value);
  if (!range && !(/^\d/u.test(value) && LAB_UNIT.test(value.replace(/^\d+(?:[.,]\d+)?/u, '')))) return undefined;
  if (span.kind === 'date' && !/^\d+(?:[.,]\d+)?\s*[-–]\s*\d+(?:[.,]\d+)?$/u.test(value)) return undefined;
  if (!named && /\(\s*[<>≤≥]?\s*$/u.test(before) && /^\s*\)/u.test(after) && /[<>≤≥.,–-]/u.test(`${before.slice(-2)}${value}`)) return 'drop';
  return named || labTest(LAB_BEFORE, before) || LAB_UNIT.test(after) ? 'health' : undefined;
}

/**
 * A German noun read as a town: one word right after an article, a possessive or a neuter adjective ("veganes Essen
 * für ihn", "das Essen", "in der Halle"; "veganes Essen" had gone out as "veganes Münster"), where a town's name
 * takes none. A town after "in", "aus" or "nach" stays one.
 */
function germanNoun(text: string, span: Span, tagging: Tagging): boolean {
  if (tagging.language.code !== 'de' || !/^\p{Lu}\p{Ll}+$/u.test(span.text)) return false;
  // After a possessive ("mein Neffe", "meine Hausverwaltung") a German word is a noun, no body's name: of 1,530 such
  // words in the labelled messages, two were an organisation's name ("Ihr Jobcenter", signing a letter). "Neffe" had
  // gone out as an organisation's stand-in. (A place there stays marked, below: a sensitive word read with the wrong
  // kind, "seiner Hautfarbe".)
  if (span.kind === 'organisation' && POSSESSIVE_DE.test(text.slice(Math.max(0, span.start - 12), span.start))) return true;
  if (span.kind !== 'place') return false;
  // (A town's name the data knows only: a region's or a country's takes an article, "die Pfalz", "die Schweiz", and so
  // does a street, "in der Quellenstraße"; a word the tagger read as a place with the wrong kind, "seiner
  // Hautfarbe", is still marked.)
  const kind = substitutePools().placeKind?.(span.text)?.type;
  if (kind !== 'city' && (kind !== undefined || townsNamed(span.text).length === 0)) return false;
  return /(?:^|[^\p{L}])(?:der|die|das|dem|den|des|ein|eine|einem|einen|einer|eines|kein\p{L}*|mein\p{L}*|dein\p{L}*|sein\p{L}*|ihr\p{L}*|unser\p{L}*|eu(?:e)?r\p{L}*|\p{Ll}{3,}es)\s+$/u.test(
    text.slice(Math.max(0, span.start - 30), span.start),
  );
}

/** A German possessive before a word. */
const POSSESSIVE_DE = /(?:^|[^\p{L}])(?:mein|dein|sein|ihr|unser|euer|eur)(?:e|em|en|er|es)?\s+$/iu;

/** A regulation's or directive's word in the six languages ("règlement (CE) 883/2004", "Richtlinie 2004/38"). */
const REGULATION = String.raw`regulation|règlement|reglamento|regolamento|regulamento|verordnung|directive|directiva|direttiva|diretiva|richtlinie`;

/**
 * The words that place a town after them, by language. Not English: its towns are as often English words ("at
 * university", "in reading", "in orange" name towns of the data), which the other five languages' ordinary words
 * (`plainWords`) rule out for theirs.
 */
const TOWN_BEFORE: Readonly<Record<string, RegExp>> = {
  de: /(?:^|\s)(?:in|aus|nach|bei)\s+$/u,
  fr: /(?:^|\s)(?:à|a|vers)\s+$/u,
  es: /(?:^|\s)(?:en)\s+$/u,
  it: /(?:^|\s)(?:a|in)\s+$/u,
  pt: /(?:^|\s)(?:em)\s+$/u,
};
const READ_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt'];
const everydayPlaces = lazy(() => new Set(lexiconList('place-common')));
/** Lower-case words after `TOWN_BEFORE` that are a town of the data (data/towns.json) and no ordinary word. */
function lowercaseTowns(text: string, language: string, plain: ReadonlySet<string>): Span[] {
  const before = TOWN_BEFORE[language];
  if (!before) return [];
  const out: Span[] = [];
  for (const w of words(text)) {
    if (!/^\p{Ll}[\p{Ll}'’-]{3,}$/u.test(w.text) || plain.has(w.key) || everydayPlaces().has(w.key) || monthWord(w.text, language)) continue;
    // (Nor an ordinary word of another of the six languages: "pret a manger" in an Italian message.)
    if (READ_LANGUAGES.some((other) => plainWords(w.text, other).length > 0)) continue;
    if (!before.test(text.slice(Math.max(0, w.start - 12), w.start)) || townsNamed(w.text).length === 0) continue;
    // (Not with its region typed after it, "opelousas louisiana": the two are read together as one name.)
    const next = /^[\s,]+(\p{L}+)/u.exec(text.slice(w.end))?.[1];
    if (next && (townsNamed(next).length > 0 || substitutePools().placeKind?.(next) !== undefined)) continue;
    out.push({ start: w.start, end: w.end, text: w.text, kind: 'place' });
  }
  return out;
}

/**
 * Words that cite a law's article, section or number ("art. 28", "section 80D", "§ 558", "Lei n.º 13/2023", "DPR
 * 309/90", "L. 300/1970", "Provimento 73").
 */
const LAW_CITE = String.raw`(?:§§?|\bs{1,2}\.|\bl\.|\b(?:arts?|artt|articles?|artikel|articolo|artículo|artigo|section|sec|lei|ley|loi|legge|gesetz(?:es)?|dpr|d\.\s?lgs|decreto(?:-lei)?|decree|${REGULATION}|paragraph|paragraf|absatz|abs|provimento|portaria|circolare|resolu[cç][aã]o|resoluci[oó]n)\.?(?:\s*\((?:CE|EU|UE|EG|EWG|CEE|EC|EEC)\))?)\s*(?:n\.?\s?[º°o]\.?\s*|n\.\s*)?`;
/**
 * …with the first part of its number before it too ("1970" of "L. 300/1970", "2023" of "Lei n.º 13/2023"; "1" of
 * "section 216(1)", "2" of "Section 13B(2)").
 */
const LAW_WORD = new RegExp(`${LAW_CITE}(?:\\d+[a-z]{0,3}(?:\\([0-9a-z]{1,4}\\))*[/.(-])?$`, 'iu');
/** A law's citing word and nothing else ("Decreto", "Art.", "§"). */
const LAW_WORD_ALONE = new RegExp(`^${LAW_CITE}$`, 'iu');
/** A law cited inside a span the tagger read as an ID or a date ("art. 7 della L. 300/1970"). */
const LAW_INSIDE = new RegExp(`${LAW_CITE}\\d`, 'iu');
const NUMBER_KINDS: readonly SpanKind[] = ['id', 'date', 'money', 'age', 'phone'];

/**
 * What a number counts when it is not years: weeks, days, hours, a weight, a distance, a share, children, credits,
 * people ("ca. 80 Leute", "40 other workers"), times ("em 24 vezes"), land, and anything counted with "+" after it
 * ("4+ years" of a waiting list).
 */
const OTHER_UNIT =
  /^\s*(?:%|\+|(?:mg|mcg|µg|ml|weeks?|wks?|days?|hours?|hrs?|minutes?|mins?|minuten|minutos|minuti|std|kgs?|kilos?|grams?|gramas?|grammi|lbs?|km|kms|miles?|cm|mm|nights?|noches|nuits|noites|notti|nächte|nachte|sundays|domingos|dimanches|domeniche|sonntage|acres?|hectares?|hektar|ettari|semanas?|semaines?|settimane|wochen|días|dias|jours|giorni|tage?n?|täg|fehltage|horas|heures|ore|stunden|hijos|hijas|filhos|filhas|figli|figlie|kinder|kids|children|enfants|crianças|criancas|niños|ninos|niñas|bambini|bambine|sons|daughters|boys|girls|garçons|filles|fils|söhne|töchter|jungs|mädchen|varones|chicos|chicas|maschi|femmine|ragazzi|ragazze|meninos|meninas|grandchildren|enkel(?:kinder)?|petits-enfants|nietos|nipoti|netos|brothers|sisters|frères|sœurs|soeurs|brüder|schwestern|geschwister|hermanos|hermanas|fratelli|sorelle|irmãos|irmãs|attempts|tries|cycles|versuche|tentatives|intentos|tentativi|tentativas|ciclos|cicli|zyklen|adults?|adultos?|adultas?|adultes?|adulti|erwachsenen?|créditos|creditos|cotizad[oa]s|vezes|veces|fois|volte|mal|times|rates|raten|cuotas|parcelas|rate|people|persons|workers|employees|colleagues|other\s+(?:workers|people|employees|colleagues)|leute|personen|mitarbeiter(?:innen)?|kollegen|personnes|salariés|collègues|persone|dipendenti|colleghi|pessoas|funcionários|funcionarios|colegas|personas|empleados|trabajadores|trabalhadores|lavoratori|points?|pts|punkte?n?|pontos|puntos|punti)\b)/iu;
/**
 * Words before a number that make it a count of people, a place in a list, or a clock time: "a family of 3",
 * "siamo in 4", "on est 3", "somos 5 em casa", "round 4", "column 18", "alle 18", "às 10h00".
 */
const COUNT_BEFORE =
  /(?:\b(?:family of|famille de|familia de|família de|(?:mom|mum|mother|dad|father|parent) of|mère de|mãe de|madre de|we are|we['’]re|we were|siamo in|siamo|eravamo|on est|on était|nous sommes|nous étions|somos|éramos|wir sind zu|wir waren|round|column|colonne|colonna|spalte|page|seite|página|pagina|line|ligne|riga|zeile|item|step|alle|às|a las)|\bx)\s+$/iu;
/** Months owed, off or without something: "5 mois d'arriérés", "4 mois d'arrêt", "7 meses sem receber". */
/**
 * Words after a number that compare it with another ("58 au lieu de 50", "52 in a 35", "la case 15 au lieu de
 * la 14", "20 statt 15"): a reading, a limit or a box, no one's age; and the words before the second of them.
 */
const COMPARED = String.raw`(?:au lieu de|instead of|rather than|statt|anstatt|anstelle von|en lugar de|en vez de|invece di|anziché|al posto di|em vez de|ao invés de|em lugar de|in an?|in einer|dans une|en una|in una|numa|em uma)`;
/** What may stand between the comparing words and the limit: an article, or a road's or zone's word ("numa via de 50"). */
const COMPARED_ROAD = String.raw`(?:la\s+|le\s+|the\s+|der\s+|die\s+|(?:zone|zona|via|vía|área|area|strada|rua|estrada|calle|carretera|road|street|straße|strasse)\s+(?:de\s+|da\s+|do\s+|di\s+)?)?`;
/** A speed's excess over the limit: "24 over in Georgia", "15 over the limit", "10 mph over". */
const SPEED_OVER = /^\s*(?:mph|km\/h|kmh)?\s*over(?:\s+(?:in\b|the\s+(?:speed\s+)?limit\b|limit\b)|\s*[?.!,;]|\s*$)/iu;
const COMPARED_AFTER = new RegExp(String.raw`^\s*(?:km\/h|mph|kmh)?\s*${COMPARED}\s+${COMPARED_ROAD}\d`, 'iu');
const COMPARED_BEFORE = new RegExp(String.raw`\d\s*(?:km\/h|mph|kmh)?\s+${COMPARED}\s+${COMPARED_ROAD}$`, 'iu');
/**
 * A speed limit or a zone by its number ("in einer 50er-Zone", "limite de 80", "Tempo 30", "a 30 zone"):
 * the road's, public, never anyone's age (a stand-in had made the 50 zone a 53 one).
 */
// (Not "zona 18" before it: a city's district, Guatemala City's zones.)
const ZONE_BEFORE = /\b(?:tempo|limit|limite|límite|limit of|limite de|límite de|speed limit of|speed limit is|limit is)\s+$/iu;
const ZONE_AFTER = /^(?:er)?[- ]?(?:zone|zona|km\/h[- ]zone|mph zone|limit)\b/iu;
/** A score on a scale: its numerator and its scale ("8 out of 10", "10,2 sobre 14", "12 sur 20", "27 su 30", "2 von 15"). */
const SCALE = String.raw`(?:out\s+of|sobre|sur|su|von)`;
const SCALE_AFTER = new RegExp(String.raw`^\s*${SCALE}\s+\d`, 'iu');
const SCALE_BEFORE = new RegExp(String.raw`\d\s+${SCALE}\s+$`, 'iu');
const DURATION_RANGE_BEFORE =
  /\d\s*(?:months?|meses|mois|mesi|monate?n?|weeks?|semanas|semaines|settimane|wochen|days?|días|dias|jours|giorni|tage?n?)\s+(?:a|to|à|al|ai|bis|até|-|–)\s+$/iu;
/** Words before a number that add it to another ("se somar mais 7", "plus 3", "noch 7"): a count. */
const ADDED_BEFORE = /\b(?:mais|más|plus|più|another|noch|weitere)\s+$/iu;
const MONTHS_OF = /^\s*(?:months?|mois|meses|mesi|monate?n?)\s+(?:d['’]|de\s|di\s|of\s|sem\s|sin\s|senza\s|sans\s|without\s|ohne\s)/iu;
/**
 * Years that are a tenure, a contribution record or a residence, or spent somewhere: "41 anni di contributi", "3 años
 * ahí", "6 años en una empresa", "8 Jahre bei Siemens", "5 years in the UK", "erst 2 Jahre hier", "a los 2 años de
 * residencia" (a nationality's condition, sent as 4 years).
 */
const YEARS_OF =
  /^\s*(?:years?|años|anos|ans|anni|jahren?)\s+(?:(?:and a half|e mezzo|y medio|e meio|et demi)\s+)?(?:(?:d['’]\s*|di\s+|de\s+|of\s+)(?:anciennet[ée]|anzianit[àa]|antig[üu]edad|antiguidade|seniority|contributi|cotizaci[oó]n|contribui[cç][aã]o|servi(?:ce|cio|ço|zio)|lavoro|trabajo|trabalho|casad[oa]s|matrimonio|experiencia|experiência|esperienza|experience|r[eé]siden(?:cia|ce|cy|za)|residência|s[ée]jour|soggiorno|estancia|estadia)|cotizad[oa]s|trabajando|trabalhando|working|lavorando|ahí|allí|alli|aquí|aqui|lá|ali|there|here|dort|hier|là|ici|lì|qui|qua|(?:en|in|at|with|na|no|nella|nello|nel|bei|chez|dans|à|em)\s)/iu;
/**
 * Years someone has to do something, a term left, not an age: "tenho 2 anos pra entrar", "j'ai 2 ans pour
 * contester", "tengo 3 años para reclamar", "I have 2 years to file" (a filing deadline of 2 years had gone out as
 * 3, so the answer flipped). The years word, then "to" or its word in the language, then a verb's infinitive.
 */
const YEARS_TO = /^\s*(?:years?|años|anos|ans|anni|jahre)\s+(?:to\s+\p{L}+|(?:para|pra|pour|per)\s+\p{L}+(?:ar|er|ir|or|re|oir)\b|um\s)/iu;
/**
 * Words before a number that make it a limit, not anyone's age: "till 18", "from 55", "avant 18 ans", "ab 16",
 * "menores de 18", "fino ai 14 anni", "a partir dos 65" (the age a rule starts or ends at, which the answer is
 * about; a stand-in would cite another rule).
 */
const LIMIT_BEFORE =
  /\b(?:until|till|til|before|from|after|over|under|above|below|at least|bis|ab|vor|unter|über|avant|après|dès|jusqu['’]à|moins de|plus de|à partir de|hasta|antes de|después de|a partir de|menores de|menor de|mayores de|mayor de|más de|menos de|da meno di|da più di|fino a|fino ai|prima dei|dopo i|sotto i|sopra i|oltre i|entro i|a partire dai|minori di|maggiori di|até|antes dos|depois dos|a partir dos|menores de|maiores de|maior de|mais de)(?:\s+(?:the\s+age\s+of|age|l['’]âge\s+de|la\s+edad\s+de|los|las|dem|zum|i|ai|gli|a|os|as|dos|das|de))?\s+$/iu;
/** Pregnancy words: "4 months pregnant", "enceinte de 4 mois" count the pregnancy, not anyone's age. */
const PREGNANT = /\b(?:pregnant|enceinte|schwanger|embarazada|grávida|gravida|incinta)\b/iu;
const MONTH_UNIT = /^\s*(?:months?|mois|meses|mesi|monate?n?)\b/iu;
const AGE_UNIT = /^(?:years?|yrs?|y\.?o\.?|ans?|años|anos|anni|jahren?|j\.|months?|mois|meses|mesi|monate?n?)\b/iu;
/** The number is part of another: a decimal, a time, a height, an ordinal ("39,8", "9:30", "5'4", "3.º", "2e", "10.ª", "blew .09"). */
const PART_BEFORE = /(?:\d|\d[.,:']|(?:^|\s)[.,])$/u;
const PART_AFTER = /^(?:\d|[.,:'’]\d|\.?[ºª°])/u;
const ORDINAL = /^\d+(?:e|er|ère|ème|º|ª|°)$/iu;

/** Years, months or weeks right after a number. */
const YEARS = String.raw`(?:years?|yrs?|months?|weeks?|años?|anos?|ans|anni|anno|jahre?n?|j\.|monate?n?|monat|meses?|mois|mesi|mese|semanas?|semaines?|settimane|settimana|wochen?)`;
const YEARS_UNIT = new RegExp(String.raw`^\s*${YEARS}(?!\p{L})`, 'iu');
/** After the unit, what makes it an age: "old", "alt", "de edad", or a birthday's day ("faz 62 anos em 15 de julho"). */
const AGE_AFTER = new RegExp(
  String.raw`^\s*${YEARS}(?:[\s-]+(?:old|alt|de edad|d['’]âge|di età|de idade)|\s+(?:le|el|em|on|am|dia|il|no|au|à|a|en|this|next|ce|este|esse|questo|nächsten?)\s+(?:\d|\p{L}*day|sábado|domingo|samedi|dimanche|sabato|domenica|samstag|sonntag))(?!\p{L})`,
  'iu',
);
const HOW_MANY_YEARS = /\b(?:how many years|wie viele jahre|wieviele jahre|cu[aá]ntos años|combien d['’](?:années|ans)|quanti anni|quantos anos)\b[^.!?\n]*$/iu;
const SINCE_BEFORE =
  /(?:^|[^\p{L}])(?:for(?: the (?:past|last))?|after|por|pour|für|llevaba|llevo|lleva|llevamos|hace|durante|depuis|pendant|il y a|(?:ça|cela) fait|seit|vor|nach|da|há|desde há|(?:ya |già )?(?:son|sono|são))\s+$/iu;
/**
 * The words a person's age in years or months follows, in the labelled messages: a verb of having or being
 * ("tengo", "j'ai", "c'ha", "ist"), "de", "di", "aged", "turned", "and" of a list, a possessive or a word for a
 * relative ("ma fille 3 ans", "my father 68 yrs"), or the words "only", "just", "nearly". Of the 5,147 numbers
 * with years, months or weeks after them in the labelled messages (training data and holdouts up to the 41st),
 * 2,383 are ages: 4 of them follow another word ("mein sohn leon 6 jahre", a sentence's full stop), and so do
 * 1,891 of the 2,764 others ("seit 5 Jahren", "ca. 5 Monate in", "been with them 4 years", "durar 7 años").
 */
const AGE_WORD_BEFORE = new Set(
  (
    "de di of à ho ha hat have had faço aura he she him he's she's tenho tem têm tinha tengo tiene tienen tenía tenia tenemos temos abbiamo avons ai a as " +
    "j'ai j’ai jai c'ha c’ha c'ho c’ho eu ont avait aveva avevo hanno hatte aurai aurà avoir tendrá tendra tng tene havi " +
    'e et y und and or o ou oder con com mit is am ist bin sind war wurde wird werde était era estaba que aos los les i g s ' +
    'aged age turn turns turned turning cumple cumplió cumplo cumpliré cumplirá compie compio compirà compiuto compiuti fez fará farà vais va ' +
    'my our his her mes ses mis sus seus meus miei suoi only just nearly almost erst fast knapp apenas presque seulement quase só quasi ' +
    'oggi jetzt pis juste retired teacher kid kids child baby bébé bebé bebê bimbo bimba kind niño niña menino menina garçon petit petite ' +
    'father mother son daughter brother sister husband wife mari femme marido esposa mujer moglie marito frau mann pa ma patri ' +
    'fille fils frère frere soeur sœur mère mere père pere mamma mamá mama mãe mae pai padre madre figlio figlia hijo hija filho filha ' +
    'sohn tochter mutter vater nonna nonno abuela abuelo avó avô oma opa sogra sobrinho neto neta nieto nieta enkel enkelin nipote neveu nièce'
  ).split(' '),
);

/**
 * A number of years or months the tagger read as an age that follows none of those words, nor a name, and has no
 * "old" after it, is how long something lasted (data/tagger/GUIDE.md, decision 5): a stand-in had made a 5-month
 * absence 7, 4 years of service 2.
 */
function lastingNotAge(text: string, span: Span): boolean {
  const unit = /^(\d{1,3})\s*(\p{L}.*)?$/u.exec(span.text);
  if (span.kind !== 'age' || !unit) return false;
  const after = unit[2] ? ` ${unit[2]}${text.slice(span.end, span.end + 30)}` : text.slice(span.end, span.end + 40);
  // (A number with no unit after the words of a time since, "llevaba 4.", "ya son 2", or in a question of how many
  // years, "Wie viele Jahre muss ich da sein – 10, oder reichen 6?": one too.)
  if (!YEARS_UNIT.test(after))
    return (
      /^\d{1,2}$/.test(span.text) &&
      (SINCE_BEFORE.test(text.slice(Math.max(0, span.start - 24), span.start)) || HOW_MANY_YEARS.test(text.slice(Math.max(0, span.start - 80), span.start)))
    );
  if (AGE_AFTER.test(after)) return false;
  if (YEARS_OF.test(after)) return true;
  // Years ago, a term as an adjective ("a 5 year contract"; "a 5-year-old" is an age), or after the two words of a
  // time since ("depois de 7 anos", "il y a 2 ans") whose last is one an age may follow.
  if (/^\s*(?:years?|yrs?)\s+ago\b|^\s*anni\s+fa\b|^[\s-]year[\s-](?!olds?\b)\p{L}/iu.test(after)) return true;
  if (/\b(?:despu[eé]s de|depois de|dps de|il y a|ya son|já são)\s+$/iu.test(text.slice(Math.max(0, span.start - 16), span.start))) return true;
  // A term's word before the verb ("die Tilgungsfrist nach dem Tilgungsgesetz ist 5 Jahre", "the sentence was 3
  // years", "le délai est de 2 ans"; a re-entry bar, "castigo de 10 años"): the term's length, which the answer is
  // about (sent as 6 years, another date; the bar as 12).
  if (TERM_BEFORE.test(text.slice(Math.max(0, span.start - 60), span.start))) return true;
  const [last, second] = lastWords(text.slice(Math.max(0, span.start - 40), span.start));
  if (last === undefined || ageWordBefore(last)) return false;
  // (A name before it: "Léa 7 ans", "THÉO MARCHAND 20 ans"; in lower case after a relative or in a list: "mio figlio
  // salvo 19 anni", "(léa 7 ans pis maxime 4 ans)".)
  if ((second === undefined || ageWordBefore(second)) && table().map.get(words(last)[0]?.key ?? '')?.kind === 'person') return false;
  return (
    !/^\p{Lu}/u.test(last) || /^(?:For|Since|After|Over|In|About|Seit|Nach|Vor|Depuis|Après|Pendant|Hace|Desde|Durante|Por|Há|Faz|Da|Dopo|Per)$/u.test(last)
  );
}
/** A term's word, up to three words, then a verb of being or lasting (or "of") right before the number. */
const TERM_BEFORE =
  /(?:\p{L}*(?:frist|dauer|laufzeit|wartezeit|probezeit|sperre|sperrzeit|haftzeit|bewährungszeit|verjährung)|\b(?:period|term|deadline|sentence|probation|contract|waiting time|ban|bar|castigo|prohibici[oó]n|proibi[cç][aã]o|interdiction|divieto|délai|durée|période|peine|plazo|duración|período|periodo|condena|termine|durata|pena|prazo|duração|carência|carencia))(?:\s+\p{L}+){0,3}\s+(?:is|are|was|were|lasts|of|ist|sind|war|beträgt|dauert|von|est|était|dure|de|es|era|son|dura|è|sono|era|di|é|são|da)(?:\s+de)?\s+$/iu;
/** The last two words (or marks) of a text, last first. */
const lastWords = (before: string) => [...before.matchAll(/\p{L}+(?:['’]\p{L}+)?|[^\s\p{L}\d]/gu)].map((m) => m[0]).reverse();
const ageWordBefore = (word: string) => /^[(,:;–\-/]$/u.test(word) || AGE_WORD_BEFORE.has(word.toLowerCase());

/**
 * A number the tagger read as an age that the words around it say is something else (data/tagger/GUIDE.md,
 * decision 5: durations, counts and quantities are not ages): 16 weeks, 70 km, 27.9%, 2 hijos, 41 anni di
 * contributi, 9:30, 39,8 of fever, "la 2e". A stand-in there changes a fact the answer rests on and hides
 * nothing about anyone's age. Decided on the earlier holdouts (development sets).
 */
function notAnAge(text: string, span: Span): boolean {
  if (span.kind !== 'age' || !/\d/.test(span.text)) return false;
  const after = text.slice(span.end, span.end + 40);
  const before = text.slice(Math.max(0, span.start - 30), span.start);
  const whole = /^\d+$/.test(span.text);
  // ("old" after it, or a birthday's day: "minha mãe faz 62 anos em 15 de julho".)
  if (AGE_AFTER.test(after)) return false;
  if (whole && LIMIT_BEFORE.test(before)) return true;
  // A count of people, a place in a list, a clock time; months owed or off; years since or spent.
  if (whole && COUNT_BEFORE.test(before) && !AGE_UNIT.test(after.trimStart())) return true;
  if (whole && MONTHS_OF.test(after)) return true;
  if (whole && (COMPARED_AFTER.test(after) || COMPARED_BEFORE.test(before) || ADDED_BEFORE.test(before))) return true;
  // The far end of a range of durations ("de 3 meses a 3 anos", "from 6 months to 2 years"): a term, no age.
  if (whole && DURATION_RANGE_BEFORE.test(before)) return true;
  if (/^\d+er-?zone$/iu.test(span.text) || (whole && (ZONE_BEFORE.test(before) || ZONE_AFTER.test(after)))) return true;
  if (/^\d+(?:[.,]\d+)?$/.test(span.text) && (SCALE_AFTER.test(after) || SCALE_BEFORE.test(before)) && !AGE_UNIT.test(after.trimStart())) return true;
  // A number with its unit or a clock's "h" in the span ("10mg", "10h00"), or with a count's noun ("4 children",
  // "4 garçons": the number of sons an inheritance is split by had gone out as 2).
  if (/^\d+\s*(?:mg|mcg|µg|ml|g|h|hrs?|h\d{2}|uhr)$/iu.test(span.text)) return true;
  const unit = /^\d+\s+(\p{L}.*)$/u.exec(span.text);
  if (unit && OTHER_UNIT.test(` ${unit[1]}`) && !AGE_UNIT.test(unit[1]!) && !AGE_AFTER.test(` ${unit[1]}${after}`)) return true;
  // How far over a speed limit ("how many points is 24 over in Georgia": sent as 22, another band of points).
  if (whole && SPEED_OVER.test(after)) return true;
  if (MONTH_UNIT.test(after) && PREGNANT.test(`${before} ${after.slice(0, 24)}`)) return true;
  // A count summed or ranged with another of the same unit ("45 + 45 dias", "3 or 4 weeks"): both counts. Not
  // "and" ("I'm 20 and 10 weeks pregnant" is an age and a count).
  const paired = /^\s*(?:\+|-|–|\/|or|to|o|a|al|ou|oder|bis)\s*\d+(?:[.,]\d+)?/iu.exec(after);
  if (whole && paired && OTHER_UNIT.test(after.slice(paired[0].length))) return true;
  // A decimal with its unit in the span, no unit of age ("0,85 U/h" of an insulin pump had gone out as "1,85 U/h").
  if (/^\d+[.,]\d+\s*\S/u.test(span.text) && !AGE_UNIT.test(span.text.replace(/^\d+[.,]\d+\s*/u, ''))) return true;
  return (
    (/^\d+(?:[.,]\d+)?$/.test(span.text) &&
      (OTHER_UNIT.test(after) ||
        YEARS_OF.test(after) ||
        YEARS_TO.test(after) ||
        PART_BEFORE.test(text.slice(Math.max(0, span.start - 2), span.start)) ||
        PART_AFTER.test(after))) ||
    ORDINAL.test(span.text) ||
    // Capitals after the number: a flat's "1BHK", no age ("7yo", "34F" have one letter or lower case).
    /^\d+\p{Lu}{2,}$/u.test(span.text)
  );
}

/**
 * A number right after a law's article or section word is the law's, public and the topic, never a person's
 * ID, date or age: a stand-in would cite another law (graded: "section 80D" → "64D", "Lei 11.343" → "7.713").
 */
/**
 * Words of a law's title ("Divorce Act", "Ley de Arrendamientos Urbanos", "Loi Alur"): a public text the question
 * is about, whatever the tagger read them as. The title word is capitalised ("Act", "Ley"); a number stays for
 * `lawReference`.
 */
function lawTitle(text: string, span: Span): boolean {
  if (NUMBER_KINDS.includes(span.kind) || /\d/.test(span.text)) return false;
  const after = text.slice(span.end, span.end + 40);
  // The citing word alone before its number ("Decreto" of "Decreto nº 8.727/2016", read as a name).
  // (Also with the Union's letters between: "Regolamento CE 261/2004", "Verordnung (EG) Nr. 261/2004".)
  if (LAW_WORD_ALONE.test(span.text) && /^\s*(?:\(?(?:CE|EU|UE|EG|EWG|CEE|EC|EEC)\)?\s*)?(?:n\.?\s?[º°o]\.?|nr\.?|no\.)?\s*\d/iu.test(after)) return true;
  return LAW_AFTER.test(after) || LAW_BEFORE.test(text.slice(Math.max(0, span.start - 40), span.start));
}
const LAW_AFTER = /^(?:[^\S\n]+\p{Lu}\p{L}*){0,3}[^\S\n]+(?:Act|Acts|Law|Bill|Code|Gesetz|Gesetzes|Verordnung)\b/u;
const LAW_BEFORE =
  /\b(?:Ley|Lei|Loi|Legge|Código|Codice|Code)(?:[^\S\n]+(?:de|do|da|dos|das|des|du|della|delle|del|sobre|sur|sull[ae']?|sul|on|of))?[^\S\n]+(?:\p{Lu}\p{L}*[^\S\n]+){0,3}$/u;

function lawReference(text: string, span: Span): boolean {
  if (!NUMBER_KINDS.includes(span.kind)) return false;
  const before = text.slice(Math.max(0, span.start - 48), span.start);
  return (
    (/^\d/.test(span.text) && LAW_WORD.test(before.slice(-24))) ||
    LAW_INSIDE.test(span.text) ||
    ((span.kind === 'date' || span.kind === 'id') && /\d/.test(span.text) && LAW_DATE_BEFORE.test(before))
  );
}
/**
 * What dates a law: its word, perhaps an adjective or its number, then "du", "of", "vom", "de"… ("la loi n° 89-462
 * du 6 juillet 1989", "la loi bioéthique du 2 août 2021", "Gesetz vom 12. März 2019", "Ley 15/2015, de 2 de julio",
 * "legge 5 febbraio 1992"): the law's date, public, which the question cites (two had been moved, "juillet 1989"
 * redrawn as an ID). Not an in-law's, nor an "arrêté" (arrested) or an "ordonnance" (a prescription) of the person.
 */
const LAW_DATE_BEFORE = new RegExp(
  String.raw`(?<![\p{L}-])(?:law|act|loi|ley|lei|legge|gesetz(?:es)?|decreto(?:-lei)?|décret|decree|${REGULATION}|d\.\s?lgs\.?|dpr)` +
    String.raw`(?:\s+(?:\p{Ll}{4,}|n\.?\s?[º°o]\.?|nr\.?|no\.?|n\.)){0,2}(?:\s*[\d./-]+)?,?\s+(?:du|of|vom|de|del|do|da|dated)?\s*(?:\d{1,2}\.?\s+)?$`,
  'iu',
);

/**
 * A clock time or a share ("6:00", "9h30", "7am", "19 Uhr", "70%"), or digits of one: a clock time is no
 * place, name or age, a share is a rate the answer is computed from, and a stand-in for either writes another
 * question or an impossible time ("6:77", "05%").
 */
function timeOrShare(text: string, span: Span): boolean {
  if (span.kind === 'phone') return false;
  if (/^\d{1,2}\s?[ap]\.?m\.?$|^\d+(?:[.,]\d+)?\s?%$/iu.test(span.text)) return true;
  if (!/^\d{1,3}(?:[.,]\d+)?$/.test(span.text)) return false;
  const after = text.slice(span.end, span.end + 8);
  if (/^\s?%/.test(after)) return true;
  if (!/^\d{1,2}$/.test(span.text)) return false;
  return (
    /\d[:h]$/iu.test(text.slice(Math.max(0, span.start - 2), span.start)) ||
    /^[:h]\d{2}(?!\d)/iu.test(after) ||
    /^\s?(?:[ap]\.?m\b\.?|uhr\b|h\b|o['’]clock)/iu.test(after)
  );
}

/**
 * A fraction read as a date: "1/3 do líquido", "2/3 of the estate", "1/4 des Erbes" (a share the answer computes
 * from; "1/3" had gone out as "6/2"). A smaller number over one of 2 to 10, then "of" or its like and a word that
 * is no month.
 */
function fraction(text: string, span: Span): boolean {
  const share = /^(\d)\/(\d{1,2})$/.exec(span.text);
  if (span.kind !== 'date' || !share || Number(share[1]) >= Number(share[2]) || Number(share[2]) > 10) return false;
  const of = /^\s+(?:(?:of the|of|do|da|dos|das|de la|del|de|della|dello|dei|delle|des|du|von|vom|der)\s+|(?:de l|dell|d)['’])(\p{L}+)/iu.exec(
    text.slice(span.end, span.end + 40),
  );
  return of !== null && monthWord(of[1]!) === undefined;
}

/**
 * The clock times of a message ("19:45", "5h", "14h15", "21h-5h", "10.30 Uhr", "08:45(+1)"), as [start, end).
 * Not a date's dots ("10.12.") nor a ratio: an hour to 23, minutes to 59.
 */
function clockTimes(text: string): [number, number][] {
  return [
    ...text.matchAll(
      /(?<![\p{L}\d]|\d[.,:/]|\p{Lu}-)(?:[01]?\d|2[0-3])(?:[:h]\d{2}(?:\(\+\d\))?|\s?h(?:\s\d{2})?(?![\p{L}\d])|\.\d{2}(?=\s?(?:[Uu]hr|h)\b))(?!\d|[.,:/]\d)/gu,
    ),
  ].map((m) => [m.index, m.index + m[0].length]);
}

/**
 * A span without the clock times in it: a flight's or a shift's time says when, not who, and a stand-in drawn for
 * digits cut out of one was no time at all ("19:72", "60h-6h", "35h86" had gone out of pasted bookings and rotas).
 * What is left on either side stays marked where it still says something: a date, a name, a code with a digit
 * ("14 Dec 2025" of "14 Dec 2025 21:15"; "MAD" of "50 → MAD 08"); the words between ("à", "Arr") go as typed.
 */
function outsideClocks<S extends Span>(text: string, span: S, clocks: readonly [number, number][]): S[] {
  const inside = clocks.filter(([a, b]) => a < span.end && span.start < b);
  if (!inside.length || span.kind === 'phone' || span.kind === 'email') return [span];
  const pieces: S[] = [];
  let from = span.start;
  for (const [a, b] of [...inside, [span.end, span.end] as [number, number]]) {
    const raw = text.slice(from, Math.max(from, a));
    const lead = /^[\s→–\-—/,;:()]*(?:(?:à|a|at|um|às|alle|a las|ab|dès|bis|to|until|-)\s+)?/iu.exec(raw)![0].length;
    const trail = /(?:\s+(?:à|a|at|um|às|alle|a las|ab|dès|bis|to|until|de|from|Dep|Arr))?[\s→–\-—/,;:()]*$/iu.exec(raw.slice(lead))![0].length;
    const start = from + lead;
    const end = Math.max(start, from + raw.length - trail);
    const piece = text.slice(start, end);
    const says = span.kind === 'date' ? /\d|\p{L}{3}/u.test(piece) : NUMBER_KINDS.includes(span.kind) ? /\d/.test(piece) : /\p{L}{2}/u.test(piece);
    // (Three capitals cut out of a flight line read as a number are an airport's code: "REC", "GRU".)
    const place = !says && NUMBER_KINDS.includes(span.kind) && /^\p{Lu}{3}$/u.test(piece);
    if (place) pieces.push({ ...span, start, end, text: piece, kind: 'place' });
    else if (end > start && says && !/^(?:Dep|Arr|Départ|Arrivée|Abflug|Ankunft|Salida|Llegada|Partenza|Arrivo|Partida|Chegada)$/iu.test(piece))
      pieces.push({ ...span, start, end, text: piece });
    from = Math.max(from, b);
  }
  return pieces;
}

/**
 * A name that names a method, a theorem or an effect ("la méthode Renard", "the Compton effect", "metodo
 * Montessori"): public, what the answer computes with, no one the writer knows (a stand-in had made the Belgian
 * child-support method "Lennie").
 */
function namedMethod(text: string, span: Span): boolean {
  return (
    span.kind === 'person' &&
    /\b(?:méthode|method|método|metodo|methode|théorème|theorem|teorema|effect|effet|efecto|effetto|effekt)\s+(?:de\s+|of\s+|du\s+|des\s+|von\s+|di\s+|da\s+|do\s+)?$/iu.test(
      text.slice(Math.max(0, span.start - 24), span.start),
    )
  );
}

/**
 * An address, a phone or an ID number given as an example ("die Beispiel-IBAN DE89 3704…", "l'IBAN d'exemple
 * CH93…", "por ejemplo 12345678Z", "e.g. 021 123 4567"): a documentation's or a format's, the topic of the question
 * and no one's (a question why the documentation's example IBAN failed a check had gone out with another IBAN).
 * The example's word at most two words before it on the same line, none of them "my" or "our" ("for example my
 * IBAN is …" is someone's, and so is "Mi DNI por ejemplo es …"), and not part of an address ("stadtwerke-example.de").
 */
function exampleValue(text: string, span: Span): boolean {
  if (span.kind !== 'email' && span.kind !== 'phone' && span.kind !== 'id') return false;
  const before = text.slice(Math.max(0, span.start - 40), span.start);
  const example = EXAMPLE_BEFORE.exec(before);
  if (!example) return false;
  // (Nor the three words before the example's word: "Mi DNI por ejemplo es 12345678Z".)
  const lead = lastWords(text.slice(Math.max(0, span.start - 40 - 30), span.start - before.length + example.index + 1)).slice(0, 3);
  return !MINE.test(example[1] ?? '') && !lead.some((w) => MINE.test(w));
}
const EXAMPLE_BEFORE =
  /(?:^|[^\p{L}.@-])(?:examples?|sample|e\.\s?g\.|for instance|beispiel\p{L}*|z\.\s?b\.|exemples?|par ex\.|ejemplos?|por ej\.|esempio|esempi|per es\.|ad es\.|exemplos?|por ex\.)((?:[ \t\-:=("'`,.]+[\p{L}\d]+){0,2})[ \t\-:=("'`,.]*$/iu;
const MINE =
  /(?:^|[^\p{L}])(?:my|mine|our|mein\p{L}*|unser\p{L}*|mon|ma|mes|notre|nos|mi|mis|nuestr\p{L}*|mio|mia|miei|mie|nostr\p{L}*|meu|minha|meus|minhas|noss\p{L}*)(?![\p{L}])/iu;

/**
 * A pasted e-mail's header word before its colon ("De : Caroline Bouchard", "De: Coordinación Académica", "Von:",
 * "Objet :"): no one's name and nowhere (French and Spanish "De" had gone out as a stand-in's name).
 */
function headerWord(text: string, span: Span): boolean {
  return (
    NAME_KINDS.includes(span.kind) &&
    /^(?:de|von|from|para|pour|à|an|da|a|to|cc|cci|objet|asunto|betreff|oggetto|assunto|subject|enviado|envoyé|gesendet|inviato|sent|fecha|datum|data|date|message|mensaje|nachricht|messaggio|mensagem)$/iu.test(
      span.text,
    ) &&
    /^\s?:/.test(text.slice(span.end, span.end + 2))
  );
}

/**
 * A language's name read as a place, a name or a body ("letters in French" had gone out as "letters in
 * Pointe-Claire"; "Deutsch A1", a level of German, as a person's name): a language is no one's and nowhere; the
 * level after it stays with it. Not after a person's title ("Mr English").
 */
function languageNamed(text: string, span: Span): boolean {
  if (!NAME_KINDS.includes(span.kind) || afterTitle(text, span.start)) return false;
  return languageName(span.text.replace(/\s+[ABC][12]$/, ''));
}
const NAME_KINDS: readonly SpanKind[] = ['place', 'person', 'organisation', 'proper'];

/**
 * A side of a fixture ("Stoke v Sunderland", "Flamengo x Vasco", "Real Madrid vs Barça"): two clubs named by their
 * towns, a public match, not where anyone lives ("watching Stoke v Sunderland at the pub" had gone out with two
 * other towns). Places and bodies only: "Smith v Jones" may be someone's own case.
 */
function fixtureSide(text: string, span: Span): boolean {
  if (span.kind !== 'place' && span.kind !== 'organisation') return false;
  return FIXTURE_AFTER.test(text.slice(span.end, span.end + 40)) || FIXTURE_BEFORE.test(text.slice(Math.max(0, span.start - 40), span.start));
}
const FIXTURE_SIDE = String.raw`\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,2}`;
const FIXTURE_AFTER = new RegExp(String.raw`^\s+(?:v|vs\.?|versus|x)\s+${FIXTURE_SIDE}`, 'u');
const FIXTURE_BEFORE = new RegExp(String.raw`${FIXTURE_SIDE}\s+(?:v|vs\.?|versus|x)\s+$`, 'u');

/**
 * A payment card's brand read as immigration ("mi tarjeta Visa", "my Visa card", "carte Visa"): the debt it is about
 * is marked on its own; as a visa the send had written "mi [asunto migratorio]".
 */
function cardBrand(text: string, span: Span): boolean {
  if (span.kind !== 'immigration' || !/\bvisa\b/iu.test(span.text)) return false;
  for (const m of text.matchAll(CARD_VISA)) if (m.index <= span.start && span.end <= m.index + m[0].length) return true;
  return false;
}
const CARD_VISA =
  /(?:\b(?:tarjeta|carte|cartão|cartao|carta|karte|card)(?:\s+(?:de\s+)?(?:crédito|credito|débito|debito|crédit|bancaire|di\s+credito))?\s+visa\b|\bvisa(?:[\s-]+(?:card|karte|debit|credit|electron|prepaid|gold|platinum))+)/giu;

/**
 * A number read as an age, a date, an amount or part of an ID whose whole word is a public form's code ("765" of
 * "I-765", "821D" of "I-821D", "E411" read as an age): the code, as an ID, which ./stand-ins.ts `keptByDefault`
 * keeps unless a word before makes it someone's (the forms asked about had gone out as "I-768", "E412").
 */
function asFormCode(text: string, span: Span): Span {
  if (!FORM_READ_AS.includes(span.kind) || !/\d/.test(span.text)) return span;
  let start = span.start;
  let end = span.end;
  while (start > 0 && /[\p{L}\p{N}-]/u.test(text[start - 1]!)) start--;
  while (end < text.length && /[\p{L}\p{N}]/u.test(text[end]!)) end++;
  const word = text.slice(start, end);
  return FORM_CODE.test(word) && /\p{Lu}/u.test(word) ? { start, end, text: word, kind: 'id' } : span;
}
const FORM_READ_AS: readonly SpanKind[] = ['id', 'age', 'date', 'money'];

/** A number span that stops before its ordinal suffix ("3" of "3rd") takes it in, so a stand-in writes its own. */
function withOrdinal(text: string, span: Span): Span {
  const suffix = /\d$/.test(span.text) ? /^(?:st|nd|rd|th)(?![\p{L}\p{N}])/iu.exec(text.slice(span.end, span.end + 3)) : null;
  return suffix ? { ...span, end: span.end + 2, text: span.text + suffix[0] } : span;
}

/**
 * Adjacent name-like spans separated by one space are one name: "Kevin" + "Pratt" → "Kevin Pratt" (a
 * person), "Wells" + "Fargo" → "Wells Fargo" (an unknown name), so the substitute replaces the whole.
 */
function mergeRuns(text: string, spans: Span[]): Span[] {
  const NAMELIKE: readonly SpanKind[] = ['person', 'proper', 'place'];
  const out: Span[] = [];
  for (const span of spans) {
    const prev = out.at(-1);
    // A date's month read apart from its year ("08" as a place, then "2011 – 07/2014"): one date, or the month
    // alone is redrawn as something else ("66/2011" had gone out).
    if (
      prev &&
      span.kind === 'date' &&
      prev.kind !== 'date' &&
      /^\d{1,2}$/.test(prev.text) &&
      text.slice(prev.end, span.start) === '/' &&
      /^\d{4}/.test(span.text)
    ) {
      out[out.length - 1] = { start: prev.start, end: span.end, text: text.slice(prev.start, span.end), kind: 'date' };
      continue;
    }
    // One space, or a hyphen inside a name ("Rolls-Royce", "Mary-Jane").
    if (
      prev &&
      NAMELIKE.includes(prev.kind) &&
      NAMELIKE.includes(span.kind) &&
      /^[ -]$/.test(text.slice(prev.end, span.start)) &&
      !(prev.kind === 'place' && span.kind === 'place')
    ) {
      const hyphen = text[prev.end] === '-';
      const kind: SpanKind = prev.kind === span.kind ? prev.kind : !hyphen && (prev.kind === 'person' || span.kind === 'person') ? 'person' : 'proper';
      out[out.length - 1] = { start: prev.start, end: span.end, text: text.slice(prev.start, span.end), kind };
    } else out.push(span);
  }
  return out;
}
