/**
 * Message protection (issue 18): what a person typed, as it will be sent. Every detected span becomes a mark
 * with one treatment: Keep (as typed), Replace (a substitute of the same kind from the conversation's
 * codebook, recoverable from the answer) or Generalize (a public phrase of its category). By default
 * identifiers are replaced and special categories generalized, so the site learns "a health condition", not
 * "type 1 diabetes", and the question stays answerable; what the answer depends on and names no one is kept
 * as typed, still marked (`DEFAULT_TREATMENT`, `keptByDefault`: amounts, a year or a month alone, countries and regions, bodies named by
 * an acronym, courts named by their type, a category the tagger is unsure of).
 *
 * ```ts
 * const codebook = newCodebook(random);
 * const text = 'My daughter Mia (7) has type 1 diabetes; how do I tell her school in Leeds?';
 * const sent = protectMessage(text, { codebook, random, tagging: await tagger.tag(text) }); // or protect(), ./long.ts
 * // sent.text: 'My daughter Ava (9) has a metabolic condition; how do I tell her school in Bradford?'
 * // sent.marks: [{ id: '12-15', kind: 'person', treatment: 'replace', substitute: 'Ava', … }, …]
 * const back = recover(answer, sent.dictionary); // the answer in the person's words
 * ```
 *
 * What it promises: a generalization depends on the span's category and on the grammar around it only
 * (`generalizationFor`, ./generalization-phrases.ts; worded in place by ./wording-in-place.ts), never on the span's words, so it says nothing more than the category; except a health
 * condition, which is generalized to its broad class in the Disease Ontology (at least 100 conditions under it,
 * ./health-classes.ts: "asthma" → "a lung or airway condition"), so the answer stays about the right body system. A substitute
 * depends on the conversation's secret and the span (./stand-ins.ts, ./derive.ts), so it is the same in every message of a
 * conversation and unlinkable across conversations. What it does not promise: a span the detector misses is
 * sent as typed; and the site's own box has seen the draft before any of this runs.
 */
import { drawFrom, knownEntry, lookupKey, substituteTaken, withEntry, type CodebookState } from './codebook';
import { derivedSource } from './derive';
import { distinctLetters } from './distinct-letters';
import { ageNumber, dayOfYear, weekShift } from './numbers';
import { localWording } from './generalization-phrases';
import { afterTitle, personHint } from './gender';
import { promptDictionary } from './mapper';
import { withNamePart } from './name-parts';
import { fewTowns } from './place-stand-ins';
import { countriesNamed, knownPlace, messageCue, placeCountry, regionCue, townIn, townsNamed } from './place-country';
import { substitutePools, type SubstitutePools } from './pools';
import { protectSpans } from './protect-spans';
import { DEFAULT_TREATMENT } from './default-treatment';
import type { ProtectOptions, Treatment } from './protect-options';
import { dateShift, keptByDefault, substituteFor, type SubstituteHint } from './stand-ins';
import type { Tagging } from './tagging';
import { textBefore, words, writesCapitals } from './words';
import { weekdayIn } from './weekdays';
import { isSpecialKind, type DictionaryEntry, type Span, type SpanKind } from './types';
import { article, capitalizeAt, classPhrase, generalizationInPlace, inPlace } from './wording-in-place';

export interface Mark {
  /** `${start}-${end}` in the original text. */
  readonly id: string;
  /** The span in the ORIGINAL text. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly kind: SpanKind;
  /** What is applied in `Protected.text`. */
  readonly treatment: Treatment;
  /** What Replace writes (from the conversation codebook; consistent per conversation). */
  readonly substitute: string;
  /** What Generalize writes, worded for its place; null if the kind has none (e.g. email). */
  readonly generalization: string | null;
}

export interface Protected {
  /** The message as it will be sent. */
  readonly text: string;
  /** Text order. */
  readonly marks: readonly Mark[];
  /** Where each changed span sits in `text` (for highlighting), text order. */
  readonly placed: readonly { readonly id: string; readonly start: number; readonly end: number }[];
  /** With this message's new pairs (only for replaced spans). */
  readonly codebook: CodebookState;
  /** Pairs for reading the answer back (replaced spans only). */
  readonly dictionary: readonly DictionaryEntry[];
  /** The language the tagger read the message in (`read: false`: only shapes were looked for). */
  readonly language: Tagging['language'];
}

/** The span read as another kind: without what belonged to its old kind (a matter's form, unsureness, phrase). */
function ofKind<S extends Span>(span: S, kind: SpanKind): S {
  const { form: _f, unsure: _u, phrase: _p, ...rest } = span as S & { phrase?: unknown };
  return { ...rest, kind } as unknown as S;
}

/**
 * A span read as a name or an organisation whose whole text is a country or a region the place data knows
 * ("Belgique", "États-Unis" read as a surname or a company), or as a sensitive matter whose whole text is a
 * country, is that place, unless it is also a given name
 * ("Georgia", "Jordan": a person's name is never kept for looking like a place).
 */
function asPlace<S extends Span>(span: S, pools: SubstitutePools): S {
  const named = span.kind === 'person' || span.kind === 'organisation' || span.kind === 'proper';
  // A country read as a sensitive matter ("en Suisse" as religion) is the place it names; where the country is
  // how the matter is said ("from Syria": immigration, ethnicity), it stays that matter.
  const special = isSpecialKind(span.kind) && span.kind !== 'immigration' && span.kind !== 'ethnicity';
  if (!named && !special) return span;
  const type = pools.placeKind?.(span.text)?.type;
  if (type !== 'country' && (type !== 'region' || special)) return span;
  if (nameLists(pools).given.has(span.text.toLowerCase())) return span;
  return ofKind(span, 'place');
}

/**
 * A name read without the article that begins it ("Spezia" of "La Spezia", "Rochelle" of "La Rochelle" read as a
 * person, "Salvador" of "El Salvador"): the place with its article, when the place data knows the whole ("a La
 * Spezia" had been sent as "a La Albenga").
 */
function withArticle<S extends Span>(text: string, span: S, pools: SubstitutePools): S {
  if (span.kind !== 'place' && span.kind !== 'person' && span.kind !== 'organisation' && span.kind !== 'proper') return span;
  const article = /(?:^|[^\p{L}'’])((?:la|le|les|el|los|las|il|lo|den|a|o)\s|l['’])$/iu.exec(text.slice(Math.max(0, span.start - 5), span.start))?.[1];
  if (!article) return span;
  const whole = article + span.text;
  if (!townsNamed(whole).length && !pools.placeKind?.(whole)) return span;
  return { ...ofKind(span, 'place'), start: span.start - article.length, text: whole };
}

/**
 * A route between two cities read as one place ("Lima-Caracas", "Roma – Tunisi"): two places, each with a stand-in
 * of its own country, so the answer (a flight, a distance, a crossing) is still between two countries' cities.
 * Only when both parts are cities the place data knows, in two countries or two regions of one, and the whole is no town.
 */
function routeParts<S extends Span>(span: S, pools: SubstitutePools): S[] {
  if (span.kind !== 'place') return [span];
  const m = /^(\p{Lu}[\p{L}'’.]*(?: \p{Lu}[\p{L}'’.]*)*)( ?[-–—] ?)(\p{Lu}[\p{L}'’.]*(?: \p{Lu}[\p{L}'’.]*)*)$/u.exec(span.text);
  if (!m || pools.placeKind?.(span.text) !== undefined) return [span];
  const [, from, dash, to] = m as unknown as [string, string, string, string];
  const [a, b] = [pools.placeKind?.(from), pools.placeKind?.(to)];
  if (a?.type !== 'city' || b?.type !== 'city') return [span];
  // Two cities of one country are a route when they lie in two of its regions ("Roma-Milano"); in one region
  // ("Berlin-Neukölln", a city and its district) they stay one place of that country.
  if (a.country === b.country) {
    const [ta, tb] = a.country ? [townIn(from, a.country), townIn(to, a.country)] : [];
    if (!ta || !tb || ta.region === tb.region) return [span];
  }
  const second = span.start + from.length + dash.length;
  return [
    { ...span, end: span.start + from.length, text: from },
    { ...span, start: second, text: to },
  ];
}

/**
 * A place or name the tagger read with the ordinary words after it ("Sarnia served us", "Luzern gefunden",
 * "Cosenza pensano", "COBRA costa"), where the writer capitalises names: the name alone, as a stand-in for the whole would drop
 * those words from the message. Not when the whole is a place the data knows, nor when a word after it is a
 * name or town of the data's ("Ana de souza": a family name typed in lower case is still hers).
 */
function withoutLowerTail<S extends Span>(span: S, pools: SubstitutePools, cased: boolean, plain: ReadonlySet<string> = new Set()): S {
  // A place the data knows with ordinary words in lower case after it, whoever typed it ("do i lose my louisiana
  // benefits" had gone out as "my Talladega"): the place.
  // (Not a place the data knows whole, "Caxias do Sul"; nor a code, "la plata" is no Louisiana.)
  if (span.kind === 'place' && !knownPlace(span.text, pools)) {
    const parts = span.text.split(' ');
    for (let n = parts.length - 1; n >= 1; n--) {
      const head = parts.slice(0, n).join(' ');
      if (head.length > 3 && parts.slice(n).every((w) => /^\p{Ll}/u.test(w) && plain.has(w)) && knownPlace(head, pools))
        return { ...span, end: span.start + head.length, text: head };
    }
  }
  // An organisation too when its name is an acronym ("COBRA costa": "COBRA"), whoever typed it; not otherwise, as
  // lower-case words are part of many names ("Centro de salud").
  const acronym = span.kind === 'organisation' && /^\p{Lu}{2,6}\s/u.test(span.text);
  if (!acronym && (!cased || (span.kind !== 'place' && span.kind !== 'person'))) return span;
  const m = (acronym ? /^(\p{Lu}{2,6})((?:\s+\p{Ll}[\p{Ll}'’-]*)+)$/u : /^(\p{Lu}.*?[\p{L}\p{N}.])((?:\s+\p{Ll}[\p{Ll}'’-]*)+)$/u).exec(span.text);
  if (!m || knownPlace(span.text, pools)) return span;
  const tail = m[2]!.trim().split(/\s+/);
  if (tail.some((w) => townsNamed(w).length > 0 || nameLists(pools).all.has(w.toLowerCase()))) return span;
  return { ...span, end: span.start + m[1]!.length, text: m[1]! };
}

/**
 * The country of the place written right after this one, past a comma ("Whitefield, Bangalore", "Yaba, Lagos",
 * "Miraflores, Lima"): a district or town named with its city or region is in that place's country, though the
 * data knows a town of the first name elsewhere (Whitefield in England). Undefined when no place follows so.
 */
function cityAfter(text: string, span: Span, spans: readonly Span[], pools: SubstitutePools, language: string): string | undefined {
  const next = spans.find((s) => s.start >= span.end && s.kind === 'place');
  if (!next || !/^,\s*$/.test(text.slice(span.end, next.start))) return undefined;
  return placeCountry(next.text, pools, { language, several: true });
}

/**
 * A number grouped in thousands or lakhs ("21,50,000", "1.340.000") read as a place, name or organisation is an
 * amount: kept by default as amounts are, which answers are computed from (a balance read as a place and changed
 * flipped whether it sufficed for a visa, graded broken on the twenty-seventh holdout). A postcode has no group
 * separators; an ID read as an ID ("DNI 12.345.678") stays one.
 */
function asAmount<S extends Span>(span: S): S {
  // An amount with its currency read as an ID ("209.580,00 Kz" of a payslip had gone out as "208.841,40 Jk").
  if (span.kind === 'id' && CURRENCY_AMOUNT.test(span.text)) return ofKind(span, 'money');
  if (span.kind !== 'place' && span.kind !== 'person' && span.kind !== 'organisation') return span;
  if (!/^\d{1,3}(?:[.,]\d{2,3})+$/.test(span.text) || !/\d{3}$/.test(span.text)) return span;
  return ofKind(span, 'money');
}

/** A grouped amount with cents and a currency's sign or code before or after it ("209.580,00 Kz", "€ 1.234,50", "R$ 3.187,42"). */
const CURRENCY_AMOUNT = /^(?:(?:€|\$|£|R\$|US\$|[A-Z]{3})\s?)?\d{1,3}(?:[.,\s ]\d{3})+[.,]\d{2}(?:\s?(?:€|\$|£|Kz|MT|[A-Z]{3}|euros?|reais|dólares|pesos))?$/u;

/**
 * A weekday read as another kind ("Thurs" as a place, "mardi" as a matter) is a date: its stand-in is a weekday,
 * never "a place". A person's name is left alone ("Friday", "Sun" are names too), as are the short forms that are
 * ordinary words ("Sat", "Sun", "Mon").
 */
function asWeekday<S extends Span>(span: S): S {
  if (span.kind === 'date' || span.kind === 'person') return span;
  const bare = span.text.replace(/[.,]$/, '');
  const full = weekdayIn(bare);
  const whole = full !== undefined && bare.split(/\s+/).length === 1;
  if (!whole && !WEEKDAY_SHORT.test(bare)) return span;
  return ofKind(span, 'date');
}
/** English weekdays shortened, but not those that are words of their own. */
const WEEKDAY_SHORT = /^(?:Tues?|Wed|Thu(?:rs?)?|Fri)$/i;

const withRegion = (region: string | undefined) => (region ? { region } : {});
/**
 * Words that name what follows a region: a canton, province, state or Land, not its capital's city; or an island
 * ("ilha de Santiago": Cape Verde's, not Chile's capital).
 */
const REGION_BEFORE =
  /\b(?:(?:des\s+)?kantons?|canton(?: de| du| of)?|cantone(?: di| del| dei)?|province(?: of| de| du)?|provincia(?: di| de| del)?|prov[ií]ncia(?: de| do| da)?|distrito (?:de|do|da)|state of|estado de|bundesland|region|r[ée]gion(?: de| du)?|regione|comunidad de|departamento de|d[ée]partement (?:de|du)|ilha (?:de|da|do)|isla (?:de|del)|[îi]le (?:de|du)|isola (?:di|del)|island of|isle of|insel)\s+$|\b(?:[îi]le|isola) d['’]$/iu;

/** The words for a kind of place, in the six languages, alone. */
const PLACE_KIND_WORD =
  /^(?:the\s+)?(?:kanton|canton|cantone|province|provincia|prov[ií]ncia|bundesland|landkreis|kreis|bezirk|gemeinde|stadt|dorf|region|r[ée]gion|regione|regi[ãa]o|d[ée]partement|departamento|county|state|district|distrito|comune|commune|municipio|munic[ií]pio|comarca|city|town|village|ville|villaggio|pueblo|ciudad|cidade|citt[àa]|paese)$/iu;

/** Whether the writer capitalises names: a capitalised word inside a sentence, not after its end. */
/** A title or a degree's abbreviation alone, in the six languages ("Ing.", "Lic.", "Dott.ssa", "Mme"). */
const TITLE_ALONE =
  /^(?:mr|mrs|ms|miss|mx|dr|dra|profa?|ing|lic|arq|abg|avv|dott|dott\.ssa|geom|rag|mag|dipl|sr|sra|srta|mme|mlle|frau|herr|sig\.ra|senhora?)\.?$/iu;
/** The title of an office or post, alone, in the six languages. */
const OFFICE_ALONE =
  /^(?:the\s+)?(?:director|directora|directeur|directrice|direktor|direktorin|diretor|diretora|direttore|direttrice|rektor|rektorin|schulleiter|schulleiterin|principal|headteacher|headmaster|headmistress|manager|managerin|gerente|supervisor|supervisora|superviseur|superviseure|chef|chefin|jefe|jefa|presidente|président|présidente|präsident|präsidentin|secretary|secretaria|secrétaire|sekretär|sekretärin|segretario|segretaria|secretário|secretária)$/iu;

/** A letter's greeting or closing, alone; not one that is also a name ("Cara", "Gentile", "Caro"). */
const SALUTATION =
  /^(?:dear|dearest|hi|hello|hey|regards|liebe[rs]?|sehr geehrte[rs]?|hallo|gr[üu](?:ß|ss)(?:e|en)?|gru(?:ß|ss)|cher|ch[èe]re|chers|bonjour|cordialement|estimad[oa]s?|querid[oa]s?|hola|saludos|abrazos|egregio|saluti|prezad[oa]s?|ol[áa]|atenciosamente|cumprimentos|abraços)$/iu;

/** A sentence's first word follows this: the start, an end of sentence or line, a colon, quotes or a bracket. */
const SENTENCE_START = /(?:^|[.!?…:;\n])[\s"'«»„“”(]*$/u;

/**
 * Whether the tagger's name, place, organisation or date span is an ordinary word of the message's language:
 * one word of three letters or more ("M." is an initial) that the training messages use, and never inside a
 * labelled name, place, organisation or date nor as a word that had to stay ("davon", "Geschichte", "Bau",
 * "tambien", "Preguntas": ./tagging.ts `plain`), capitalised only where
 * its language capitalises any such word (German nouns; a sentence's first word: "Preguntas:", "Devrais-je";
 * elsewhere a capital says name: "my brother Will"), with no capitalised neighbour it would be one name with
 * ("Jonas Bau", "Lar Forte"; "Mein Vater" opens a sentence), and no other date beside it ("vendredi passé").
 */
function ordinaryWord(text: string, span: Span, spans: readonly Span[], { language: { code: language }, plain }: Tagging): boolean {
  const [word, ...more] = words(span.text);
  if (!word || more.length || word.text !== span.text || span.text.length < 3 || !plain.includes(word.key)) return false;
  const before = text.slice(Math.max(0, span.start - 30), span.start);
  const neighbour = /\p{Lu}[\p{L}.'’-]*\s$/u.exec(before);
  if (language !== 'de' && /^\p{Lu}/u.test(span.text) && !SENTENCE_START.test(before)) return false;
  if ((neighbour && !SENTENCE_START.test(before.slice(0, neighbour.index))) || /^\s\p{Lu}/u.test(text.slice(span.end, span.end + 2))) return false;
  const beside = (o: Span) => o !== span && o.kind === 'date' && /^\s*$/.test(text.slice(Math.min(o.end, span.end), Math.max(o.start, span.start)));
  return !(span.kind === 'date' && spans.some(beside));
}

/**
 * A list's number read as an age or an amount (`listMarker`: "1." had been sent as "2."), or a span the tagger
 * read as a name, place, organisation or date that is none, whose stand-in would break the
 * sentence: an e-mail address without an "@" or a phone number with fewer than three digits ("Ext." of a
 * signature line had become an invented address), a name or organisation without a letter ("3" is a count; a
 * place may be a house number), a one-word name with a digit ("B2"), a title or a letter's greeting read as a name of its own ("Ing.", "Dear"),
 * the word for a kind of place read as a place ("den Kanton wechseln"), a number with decimals or initials read as a place, or a word
 * that neither the place data nor the name lists know, no title precedes and the person's profile does not
 * hold, and that is either
 * - an ordinary word of its language (`ordinaryWord`: "davon", "Geschichte", "tambien"), or
 * - a name, place or organisation typed in lower case by a writer who capitalises names ("isch",
 *   "ortografía", "tangenziale"). Checked on the earlier holdouts (development sets, stop 43): of 102 such
 *   spans, 87 touched no labelled name, place or organisation; of the 15 that did, 13 were the kind word of an
 *   organisation whose name is marked apart ("la mairie de Vannes"), 2 a name typed in lower case ("en
 *   providencia", "bei der voestalpine"), which now go as typed.
 */
function notAName(text: string, span: Span, spans: readonly Span[], pools: SubstitutePools, cased: boolean, options: ProtectOptions): boolean {
  if (listMarker(text, span)) return true;
  if (span.kind === 'email') return !span.text.includes('@');
  if (span.kind === 'phone') return (span.text.match(/\d/g)?.length ?? 0) < 3;
  const name = span.kind === 'person' || span.kind === 'place' || span.kind === 'organisation' || span.kind === 'proper';
  if (!name && span.kind !== 'date') return false;
  if (span.kind === 'person' && TITLE_ALONE.test(span.text)) return true;
  // The title of an office alone ("Señor Director:", "mit der Rektorin"): no one's name, no body's.
  if ((span.kind === 'person' || span.kind === 'organisation') && OFFICE_ALONE.test(span.text)) return true;
  // A letter's greeting or closing read as a name ("Dear", "Liebe", "Estimado", "Grüßen"): no one's name.
  if (name && SALUTATION.test(span.text)) return true;
  if ((span.kind === 'person' || span.kind === 'organisation') && !/\p{L}/u.test(span.text)) return true;
  // A one-word name has no digit ("B2" of a visa's "B1/B2"); a place may ("SW1A"), and so may a firm ("3M").
  if (span.kind === 'person' && /^[^\s\d]*\d\S*$/u.test(span.text)) return true;
  if (span.kind === 'place' && PLACE_KIND_WORD.test(span.text)) return true;
  // A number with decimals is a measure, not a house number ("glycémie à 3,2 g" had gone out as "0,0 g"); initials
  // the place data does not know are an abbreviation ("excused from P.E." had gone out as "from a place.").
  if (span.kind === 'place' && /^\d+[.,]\d+$/.test(span.text)) return true;
  if (span.kind === 'place' && /^(?:\p{Lu}\.){1,3}\p{Lu}?\.?$/u.test(span.text) && !knownPlace(span.text, pools)) return true;
  const lower = name && cased && /^\p{Ll}[\p{Ll}'’-]*$/u.test(span.text);
  if (!lower && !ordinaryWord(text, span, spans, options.tagging)) return false;
  if (knownPlace(span.text, pools) || nameLists(pools).all.has(span.text.toLowerCase())) return false;
  if ((options.profile ?? []).some((p) => lookupKey(p.value) === lookupKey(span.text))) return false;
  return !afterTitle(text, span.start);
}

/**
 * The numbers from 1 to 120 the message sends as typed, in no span or in one kept as typed ("you have to be 18 to
 * 45", read as an amount; "the pension at 67"), not a measure's ("80 kg", "70%"): an age's stand-in keeps its side
 * of each, so an answer that compares the age with a limit the message states stays right ("turns 48" against
 * "18 to 45" had broken an eligibility question). Only numbers that go out as typed are lines: the stand-in then
 * tells which side of each the age is on, which the answer needs, and within the three years an age moves no more.
 */
function ageLines(text: string, spans: readonly Listed[], options: ProtectOptions, pools: SubstitutePools): number[] {
  const lines = new Set<number>();
  for (const m of text.matchAll(/(?<![\p{L}\d.,:/-])\d{1,3}(?![\d:/]|[.,]\d)/gu)) {
    const n = Number(m[0]);
    const at = m.index;
    if (n < 1 || n > 120 || LINE_UNIT.test(text.slice(at + m[0].length, at + m[0].length + 8))) continue;
    const span = spans.find((s) => s.start <= at && at < s.end);
    if (span === undefined || keptAsTyped(text, span, options, pools)) lines.add(n);
  }
  return [...lines];
}
const LINE_UNIT = /^\s?(?:%|€|\$|£|kg|km|cm|mg|ml|g\b|h\b|min\b|euros?|dollars?|pounds?|reais|pesos|francs?|libras?)/iu;

/** A span as protection lists it: with its generalization's phrase, or shared by the person. */
type Listed = Span & { phrase?: string; shared?: true };
/** Whether a span (not a place) goes out as typed by default or by the person's choice. */
function keptAsTyped(text: string, span: Listed, options: ProtectOptions, pools: SubstitutePools): boolean {
  if (span.kind === 'place') return false;
  const kept =
    span.shared === true || (span.phrase === undefined && keptByDefault(span, pools, text.slice(span.end, span.end + 16), textBefore(text, span.start)));
  const byKind = kept || span.unsure ? 'keep' : span.phrase !== undefined ? 'generalize' : DEFAULT_TREATMENT(span.kind);
  return (options.choices?.[`${span.start}-${span.end}`] ?? (kept ? 'keep' : (options.defaults?.[span.kind] ?? byKind))) === 'keep';
}

/**
 * The shifts of the days a message's dates name, each 7 to 60 days either way as any date's (./stand-ins.ts
 * `dateShift`), so the dates keep their order: a departure before its return, a sick note's first day before its
 * last, two days never one ("the absence dates are reversed", "a return before the departure" had made questions
 * nonsense to graders). The days are drawn in the order of the year, each from a draw of its own, drawn again
 * while it would pass a day before it or fall behind a day after it (within 150 days); a day whose first draw
 * keeps the order keeps it. A stand-in then tells the order of the dates around it, which the message's words
 * mostly say anyway, and nothing else: no shift is shared. A day the conversation already moved keeps its
 * stand-in; after 256 draws (a wrap round the new year with no room) the last one is used.
 */
function orderedShifts(
  spans: readonly Span[],
  named: readonly (number | undefined)[],
  wholeWeeks: ReadonlySet<number | undefined>,
  codebook: CodebookState,
  options: ProtectOptions,
  language: string,
): Map<number, number> {
  // A day already moved in this conversation keeps its shift; the others are drawn.
  const fixed = new Map<number, number>();
  const free = new Set<number>();
  for (const [i, day] of named.entries()) {
    if (day === undefined) continue;
    const known = knownEntry(codebook, spans[i]!.text, options.scope);
    const moved = known ? dayOfYear(known.substitute, language) : undefined;
    if (moved !== undefined) fixed.set(day, circular(moved - day));
    else free.add(day);
  }
  for (const day of fixed.keys()) free.delete(day);
  if (free.size === 0) return new Map();
  const shifts = new Map(fixed);
  for (const day of [...free].sort((a, b) => a - b)) {
    const draw = drawFrom(codebook.secret ? derivedSource(codebook.secret, `${options.scope ?? ''}\u0000date order\u0000${day}`) : options.random);
    let shift = 0;
    for (let attempt = 0; attempt < 256; attempt++) {
      shift = dateShift(draw);
      if (wholeWeeks.has(day)) shift = weekShift(shift);
      if (inOrder(day, shift, shifts)) break;
    }
    shifts.set(day, shift);
  }
  for (const day of fixed.keys()) shifts.delete(day);
  return shifts;
}

/** A difference of days of the year, the short way round (-182 to 182). */
const circular = (days: number) => ((((days + 182) % 365) + 365) % 365) - 182;

/** Whether `day` moved by `shift` stays after every day before it and before every day after it (150 days either way), and on another day. */
function inOrder(day: number, shift: number, shifts: ReadonlyMap<number, number>): boolean {
  for (const [other, moved] of shifts) {
    const apart = circular(day - other);
    if (apart === 0 || Math.abs(apart) > 150) continue;
    const after = apart + shift - moved;
    if (Math.sign(after) !== Math.sign(apart)) return false;
  }
  return true;
}

/** A list's number opening a line or a sentence ("1. I am Ukrainian … 2. I work at"), read as an age or a number: none. */
const listMarker = (text: string, span: Span) =>
  /^\d{1,2}$/.test(span.text) &&
  SENTENCE_START.test(text.slice(Math.max(0, span.start - 4), span.start)) &&
  /^[.)](?:\s|$)/.test(text.slice(span.end, span.end + 2));

/**
 * A name, place or organisation the tagger was unsure of (./tagging.ts `NAME_SURE`) is kept as typed unless the
 * place data or the name lists know it ("Kufstein", "Müller"): then it is replaced as any other.
 */
function surelyNamed<S extends Span>(span: S, pools: SubstitutePools, text: string): S {
  if (!span.unsure || isSpecialKind(span.kind)) return span;
  // (A name after a person's title is one: "Dr. med. Aebersold".)
  const known =
    knownPlace(span.text, pools) ||
    words(span.text).some((w) => nameLists(pools).all.has(w.text.toLowerCase())) ||
    (span.kind === 'person' && afterTitle(text, span.start));
  if (!known) return span;
  const { unsure: _u, ...sure } = span;
  return sure as S;
}

/** The pools' given names, and given and family names together, in lower case (made once per pools). */
const nameSets = new WeakMap<SubstitutePools, { readonly given: Set<string>; readonly all: Set<string> }>();
function nameLists(pools: SubstitutePools): { readonly given: Set<string>; readonly all: Set<string> } {
  let sets = nameSets.get(pools);
  if (!sets) {
    const given = new Set(pools.givenNames.map((n) => n.toLowerCase()));
    nameSets.set(pools, (sets = { given, all: new Set([...given, ...pools.familyNames.map((n) => n.toLowerCase())]) }));
  }
  return sets;
}

export function protectMessage(text: string, options: ProtectOptions): Protected {
  const pools = options.pools ?? substitutePools();
  const cased = writesCapitals(text);
  const plain = new Set(options.tagging.plain);
  const spans = protectSpans(text, options)
    // (A word this conversation already replaced stays marked however it is typed.)
    .filter((span, _, all) => knownEntry(options.codebook, span.text, options.scope) !== undefined || !notAName(text, span, all, pools, cased, options))
    .map((span) => asAmount(asWeekday(asPlace(surelyNamed(withoutLowerTail(withArticle(text, span, pools), pools, cased, plain), pools, text), pools))))
    .flatMap((span) => routeParts(span, pools));
  const language = options.tagging.language.code;
  const cue = messageCue(text, spans, pools, language, options.shared, options.tagging.plain);
  const countries = countriesNamed(spans, pools);
  const several = countries.size > 1;
  const marks: Mark[] = [];
  const placed: { id: string; start: number; end: number }[] = [];
  const replaced: Span[] = [];
  let codebook = options.codebook;
  // The text as sent, in pieces (joined once: a long message costs linear time), its length and last character.
  const out: string[] = [];
  let length = 0;
  let lastChar = '';
  let last = 0;
  const letters = distinctLetters(text, spans, options.healthLevel !== 'category');
  const english = options.tagging.language.code === 'en';
  // The shift each day of the year named by a date got, so the same day typed otherwise gets the same one; a day
  // typed twice, once with its weekday, moves by whole weeks, so that weekday stays right.
  const shifts = new Map<number, number>();
  // The shift each age got, so the same age typed otherwise ("7yo", "7 year old") gets the same one.
  const ageShifts = new Map<number, number>();
  const named = spans.map((s) => (s.kind === 'date' ? dayOfYear(s.text, language) : undefined));
  const repeated = new Set(
    named.filter((d, i) => d !== undefined && named.indexOf(d) !== i && spans.some((s, j) => named[j] === d && weekdayIn(s.text, language) !== undefined)),
  );
  for (const [day, shift] of orderedShifts(spans, named, repeated, codebook, options, language)) shifts.set(day, shift);
  const lines = ageLines(text, spans, options, pools);
  for (const [index, span] of spans.entries()) {
    const id = `${span.start}-${span.end}`;
    const healthClass = options.healthLevel === 'category' || span.unsure ? undefined : classPhrase(span);
    const worded = generalizationInPlace(text, span, span.phrase, healthClass);
    const local =
      span.phrase === undefined && worded !== null
        ? localWording(span.kind, language, letters.get(span), healthClass, span.unsure && isSpecialKind(span.kind))
        : undefined;
    const generalization = local ?? (worded === null || !letters.has(span) ? worded : `${worded} ${letters.get(span)}`);
    // Kept by default: a value the person shares, a country or region, a decade of age ("in my forties":
    // already general), an organisation named by an acronym (./stand-ins.ts `keptByDefault`).
    // A place named as a region ("Kanton Luzern", "des Kantons Zürich", "province of Ontario") is kept as any region is,
    // though a city shares its name.
    // ("distrito de Braga", "Kanton Luzern": the words may be the span's own.)
    const inside = /^(.*\s)\p{Lu}/u.exec(span.text)?.[1];
    const regionNamed = span.kind === 'place' && (REGION_BEFORE.test(textBefore(text, span.start)) || (inside !== undefined && REGION_BEFORE.test(inside)));
    const kept =
      span.shared === true ||
      (span.phrase === undefined && (regionNamed || keptByDefault(span, pools, text.slice(span.end, span.end + 16), textBefore(text, span.start), lines)));
    const country =
      span.kind === 'place' ? (cityAfter(text, span, spans, pools, language) ?? placeCountry(span.text, pools, { cue, language, several })) : undefined;
    // A town in no country the data or the message names is generalized ("a place"): a stand-in would move it
    // abroad; so is a town of a country with too few towns for a stand-in within it ("São Tomé").
    const town = span.kind === 'place' && !/\d/.test(span.text);
    const placeKind = town ? pools.placeKind?.(span.text.replace(/['’]s$/, '')) : undefined;
    const nowhere =
      town && (country === undefined ? placeKind === undefined : (placeKind === undefined || placeKind.type === 'city') && fewTowns(country, pools));
    // A special category the tagger is unsure of (`Span.unsure`: right about 4 times in 10 on the development
    // holdouts) is kept as typed unless the person chose a default for its kind: generalizing a word that is not
    // personal ("Franchise" → "a personal matter") breaks the question. It stays marked, so the review offers
    // Generalize.
    const byKind = kept || span.unsure ? 'keep' : span.phrase !== undefined || nowhere ? 'generalize' : DEFAULT_TREATMENT(span.kind);
    let treatment: Treatment = options.choices?.[id] ?? (kept ? 'keep' : (options.defaults?.[span.kind] ?? byKind));
    if (treatment === 'generalize' && generalization === null) treatment = 'replace';
    // A special-category phrase that is not a noun ("relapsed", "on probation") has no stand-in of the same
    // grammar: Replace writes its generalization, kept in the dictionary so the answer reads back.
    const day = named[index];
    const age = span.kind === 'age' ? ageNumber(span.text) : undefined;
    const hint: SubstituteHint = {
      mode: 'protect',
      language: options.tagging.language.code,
      ...(options.scope ? { scope: options.scope } : {}),
      ...(span.kind === 'person' ? personHint(text, span) : {}),
      ...(span.kind === 'place' && country ? { country, ...withRegion(regionCue(span, spans, country, pools, text)) } : {}),
      ...(regionNamed ? { regionNamed: true } : {}),
      // An organisation's town ("Jobcenter Gelsenkirchen"): of the country the message points to, if any.
      ...(span.kind === 'organisation' && cue ? { country: cue } : {}),
      ...(span.kind === 'organisation' && countries.size ? { countries: [...countries] } : {}),
      // A day this message already named otherwise ("22/11", then "vendredi 22 novembre"): the same shift.
      ...(day !== undefined && shifts.has(day) ? { days: shifts.get(day)! } : {}),
      ...(day !== undefined && repeated.has(day) ? { wholeWeeks: true } : {}),
      ...(span.kind === 'age' && lines.length ? { ageLines: lines } : {}),
      ...(age !== undefined && ageShifts.has(age) ? { ageShift: ageShifts.get(age)! } : {}),
    };
    const special = isSpecialKind(span.kind) || span.phrase !== undefined;
    const decoy = special && (span.form ?? 'noun') === 'noun' && pools.specialDecoys?.[span.kind]?.length;
    // One person, one stand-in: a first or family name alone takes its part of the full name's stand-in.
    const base = span.kind === 'person' ? withNamePart(codebook, span, spans, text, options, pools) : codebook;
    const known = knownEntry(base, span.text, options.scope);
    let substitute: string;
    let next: CodebookState;
    if (known || !special || decoy) {
      ({ state: next, substitute } = substituteFor(base, span, options.random, pools, text, hint));
    } else {
      substitute = generalization ?? span.text;
      // A phrase another original already reads back from would read back wrong: this one then stays general.
      const taken = substituteTaken(codebook, substitute);
      next = taken
        ? codebook
        : {
            ...codebook,
            entries: withEntry(codebook.entries, {
              original: span.text.replace(/['’]s$/, ''),
              substitute,
              kind: span.kind,
              ...(options.scope ? { scope: options.scope } : {}),
            }),
          };
    }
    substitute = inPlace(text, span, substitute);
    const moved = day === undefined ? undefined : dayOfYear(substitute, language);
    if (day !== undefined && moved !== undefined && !shifts.has(day)) shifts.set(day, ((((moved - day + 182) % 365) + 365) % 365) - 182);
    const movedAge = age === undefined || ageShifts.has(age) ? undefined : ageNumber(substitute);
    if (age !== undefined && movedAge !== undefined && movedAge !== age) ageShifts.set(age, movedAge - age);
    // A stand-in that is the text itself ("yesterday", "l'été prochain": a date with nothing to move) changes
    // nothing: the review says it is kept as typed, not replaced.
    if (treatment === 'replace' && substitute === span.text && options.choices?.[id] === undefined) treatment = 'keep';
    if (treatment === 'replace') {
      codebook = next;
      replaced.push(span);
    } else if (
      treatment === 'generalize' &&
      isSpecialKind(span.kind) &&
      !(codebook.generalized ?? []).some((g) => lookupKey(g.original) === lookupKey(span.text))
    ) {
      codebook = { ...codebook, generalized: [...(codebook.generalized ?? []), { original: span.text.replace(/['’]s$/, ''), kind: span.kind }] };
    }
    marks.push({ id, start: span.start, end: span.end, text: span.text, kind: span.kind, treatment, substitute, generalization });
    const written = treatment === 'keep' ? span.text : treatment === 'replace' ? substitute : capitalizeAt(text, span.start, generalization!);
    let gap = text.slice(last, span.start);
    if (treatment !== 'keep') {
      // "a" / "an" before what is written now, in the words since the last span (the character before them
      // tells a word start; it is written back unchanged). English only: "a" is a preposition in Spanish,
      // Portuguese, Italian, Catalan, …
      if (english) {
        gap = (lastChar + gap)
          .replace(/(^|[^\p{L}])(a|an|A|An)(\s+)$/u, (whole: string, pre: string, a: string, space: string, at: number) => {
            // The article is a word of the gap, never the last letter written ("Southend-on-Sea" + " in an…"
            // had become "Southend-on-Sean in an…").
            if (at + pre.length < lastChar.length) return whole;
            const fixed = article(written);
            return `${pre}${/^A/.test(a) ? fixed.charAt(0).toUpperCase() + fixed.slice(1) : fixed}${space}`;
          })
          .slice(lastChar.length);
      }
      placed.push({ id, start: length + gap.length, end: length + gap.length + written.length });
    }
    out.push(gap, written);
    length += gap.length + written.length;
    lastChar = (gap + written).slice(-1) || lastChar;
    last = span.end;
  }
  out.push(text.slice(last));
  return { text: out.join(''), marks, placed, codebook, dictionary: promptDictionary(codebook, replaced), language: options.tagging.language };
}
