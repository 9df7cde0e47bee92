/**
 * A generalization or a stand-in written in its place: the category's phrase in the form the grammar around the
 * span wants ("has a health condition", "I'm dealing with a health condition", "relapsed" → "used substances",
 * "a gay couple" → "an LGBTQ+ couple"), its article fitted to the determiner before it, a capital to open a
 * sentence, the span's possessive kept; and a health condition's Disease Ontology class for its noun.
 *
 * ```ts
 * const text = 'My son relapsed last week';
 * generalizationInPlace(text, { start: 7, end: 15, text: 'relapsed', kind: 'substance', form: 'verb' }); // 'used substances'
 * ```
 */
import { IDENTIFIER_WORDING, UNSURE, WORDING } from './generalization-phrases';
import { medicationClass } from './medication-classes';
import { conditionClass } from './health-classes';
import { isSpecialKind, type PhraseForm, type Span } from './types';
import { longestKnownRun, textBefore } from './words';
import { ordinalSuffix } from './numbers';

const DETERMINER = /(?:^|[^\p{L}])(my|his|her|their|our|your|its|the|this|that|a|an)\s+$/iu;
/** "is that neuropathy?": "that" as a pronoun, not a determiner. */
const PRONOUN_THAT = /(?:^|[^\p{L}])(?:is|was|are|isn['’]t|could|can|might|would)\s+(?:that|this|it)\s+$/iu;
/** "I'm a type 2 diabetic", "my dad is an alcoholic": a person of the category. */
const PERSON_SLOT =
  /(?:^|[^\p{L}])(?!(?:it|that|this|which|what|there)\b)\p{L}+(?:['’]s|['’]m|['’]re|\s+(?:am|is|are|was|were|be|been|being|as))\s+(?:a|an)\s+$/iu;
const COPULA =
  /(?:^|[^\p{L}])(?:am|i['’]m|im|is|['’]s|are|['’]re|was|were|be|been|being|feel|feels|feeling|felt|seem|seems|became|become|stay|stayed|remain|remains|get|got|getting)\s+(?:(?:so|very|really|still|now|just|only|not|also|openly|always|never|actually|basically|currently|newly|recently)\s+)?$/iu;
/**
 * "it's asthma", "the diagnosis was diabetes", "Is metformin safe…?": a thing's copula, or a question's, where the
 * category's noun reads (not "I'm").
 */
const THING_COPULA =
  /(?:^|[.!?]\s*|\n\s*)(?:is|was|are|were|isn['’]t|wasn['’]t|aren['’]t)\s+$|(?:^|[^\p{L}])(?:it|that|this|which|what|there|problem|issue|diagnosis|reason|cause|question|thing|result|condition|one)(?:['’]s|\s+(?:is|was|are|were|be|been|being|might be|could be|may be|must be|seems|seemed))\s+(?:\p{L}+\s+)?$/iu;
const POSSESSIVE_START = /^(my|his|her|their|our|your)\s+/i;
/**
 * Where only a verb can follow: after a subject pronoun or a modal ("did i get scammed", "how do i self exclude",
 * "my mother, who uses …"). A span the lists gave no form there is worded as a verb phrase ("did i get into legal
 * trouble"), not as a noun ("did i a criminal-justice matter").
 */
const VERB_SLOT =
  /(?:^|[^\p{L}'’])(?:i|you|he|she|we|they|who|did|didn['’]t|didnt|do|don['’]t|dont|does|doesn['’]t|doesnt|will|won['’]t|wont|would|can|can['’]t|cant|cannot|could|should|might|may|must|i['’]ll|i['’]d)\s+$/iu;
const ARTICLE = /^(?:a|an|the)\s+/i;
const PAST =
  /^(?:came|got|went|was|were|lost|took|did|broke|tore|had|left|pled|drank|began|made|put|told|found|cut|hurt|quit|overdosed|threw|fell|stole|caught|ran|drove|spent|sold|fought|slept|woke|\p{L}+ed)\b/iu;

const NOT_NOUNS = new Set([
  'and',
  'but',
  'or',
  'nor',
  'so',
  'to',
  'in',
  'at',
  'on',
  'for',
  'with',
  'of',
  'from',
  'by',
  'because',
  'who',
  'that',
  'which',
  'now',
  'too',
  'again',
  'since',
  'after',
  'before',
  'when',
  'while',
  'is',
  'was',
  'are',
  'were',
  'and',
  'if',
  'then',
  'than',
  'as',
  'like',
  'yet',
  'still',
  'already',
  'though',
  'although',
]);

/** Whether a noun seems to follow `end` ("gay couple"), not a pause or a function word ("gay and", "gay.") */
function nounFollows(text: string, end: number): boolean {
  const next = /^[ ]+(\p{L}+)/u.exec(text.slice(end))?.[1];
  return next !== undefined && !NOT_NOUNS.has(next.toLowerCase());
}

/** "a"/"an" for the word it goes before. */
export function article(next: string): string {
  return /^(?:[aeio]|u(?!n[ie]|s[eu]|ro)|hour|honest|LGBT)/i.test(next) ? 'an' : 'a';
}

/** Whether `start` begins a sentence (only spaces and quotes since the last . ! ? or the start). */
function sentenceStart(text: string, start: number): boolean {
  return start === 0 || /(?:^|[.!?]\s+|\n\s*)["'“(]?$/.test(text.slice(Math.max(0, start - 4), start));
}

/** A determiner and one describing word before the span: "my last seizure", "her early dementia". */
const DETERMINER_ADJECTIVE =
  /(?:^|[^\p{L}])(my|his|her|their|our|your|its|the|this|that|a|an)\s+(?:last|first|new|old|recent|next|current|latest|early|late|bad|severe|mild|worst|chronic|little|big|own|only|second|third|previous|ongoing|suspected|possible|diagnosed)\s+$/iu;

/**
 * A noun phrase worded for its place: after a determiner its own article goes ("my chronic illness", "the
 * prescription medicine"), and a leading "my" gives way to the determiner that is there ("his religion").
 */
function nounInPlace(phrase: string, before: string, countable?: string): string {
  const adjective = DETERMINER_ADJECTIVE.exec(before)?.[1];
  if (adjective)
    return /^an?$/i.test(adjective)
      ? (countable ?? phrase.replace(ARTICLE, '').replace(POSSESSIVE_START, ''))
      : phrase.replace(ARTICLE, '').replace(POSSESSIVE_START, '');
  const determiner = DETERMINER.exec(before)?.[1];
  if (!determiner || PRONOUN_THAT.test(before)) return phrase;
  // "a payday loan" → "a money problem", not "a money trouble".
  if (/^an?$/i.test(determiner) && !/^(?:a|an)\s/i.test(phrase)) return countable ?? phrase.replace(POSSESSIVE_START, '');
  return phrase.replace(ARTICLE, '').replace(POSSESSIVE_START, '');
}

/** The generalization of `span` worded for where it sits in `text`; null if its kind has none. */
export function generalizationInPlace(
  text: string,
  span: Pick<Span, 'start' | 'end' | 'text' | 'kind' | 'form' | 'unsure'>,
  phrase?: string,
  classNoun?: string,
): string | null {
  const before = textBefore(text, span.start);
  // A span that opens with a possessive ("my PO", "my breakdown") keeps it and words the rest after it.
  const possessive = POSSESSIVE_START.exec(span.text)?.[0] ?? '';
  const lead = possessive ? `${before}${possessive}` : before;
  const keep = (s: string) => (possessive ? `${possessive}${s}` : s);
  if (phrase !== undefined) return keep(nounInPlace(phrase, lead));
  if (!isSpecialKind(span.kind)) {
    const noun = IDENTIFIER_WORDING[span.kind];
    return noun ? keep(nounInPlace(noun, lead)) : null;
  }
  // A health condition's class (./health-classes.ts) in the category's place: "a person with a lung or airway condition".
  // A clinician or a specialty (`classPhrase`) is that in every grammar ("my psychiatrist" → "my doctor").
  const clinician = classNoun?.replace(/ \(she\)$/, '');
  const wording = span.unsure
    ? UNSURE
    : clinician === 'a doctor' || clinician === 'a medical specialty'
      ? { ...WORDING[span.kind], noun: clinician, pred: clinician, person: clinician, role: clinician }
      : classNoun && span.kind === 'medication'
        ? {
            ...WORDING.medication,
            noun: classNoun,
            pred: `on ${classNoun}`,
            verb: [`take ${classNoun}`, `took ${classNoun}`, `taking ${classNoun}`] as const,
            person: `a person on ${classNoun}`,
          }
        : classNoun
          ? { ...WORDING[span.kind], noun: classNoun, pred: `dealing with ${classNoun}`, person: `a person with ${classNoun}` }
          : WORDING[span.kind];
  const body = span.text.slice(possessive.length);
  const form: PhraseForm = span.form ?? (VERB_SLOT.test(lead) ? 'verb' : 'noun');
  switch (form) {
    case 'verb': {
      const tense = /^\p{L}+ing\b/iu.test(body) ? 2 : PAST.test(body) ? 1 : 0;
      // "who uses", "my knee hurts": the third person's -s.
      const third = tense === 0 && /^\p{L}+[^s\W]s\b/iu.test(body) && !PAST.test(body);
      return keep(third ? wording.verb[0].replace(/^have\b/, 'has').replace(/^(\p{L}+)/u, (v) => (v === 'has' ? v : `${v}s`)) : wording.verb[tense]);
    }
    case 'role':
      return keep(nounInPlace(wording.role, lead));
    case 'place':
      return keep(nounInPlace(wording.place, lead));
    case 'thing':
      return keep(nounInPlace(wording.thing ?? wording.noun, lead, wording.countable));
    case 'event':
      return keep(nounInPlace(wording.event ?? wording.noun, lead, wording.countable));
    case 'pred':
      // "a Mormon", "an alcoholic": a person of the category.
      if (ARTICLE.test(body) && !/^the\s/i.test(body)) {
        return keep(wording.attributive && nounFollows(text, span.end) ? `${article(wording.attributive)} ${wording.attributive}` : wording.person);
      }
      // "a gay couple", "as a Catholic family": the category's adjective before a noun.
      if (wording.attributive && DETERMINER.test(lead) && nounFollows(text, span.end)) return keep(wording.attributive);
      if (PERSON_SLOT.test(lead)) return keep(wording.person.replace(ARTICLE, ''));
      if (COPULA.test(lead) || !DETERMINER.test(lead) || PRONOUN_THAT.test(lead)) return keep(wording.pred);
      // "a gay couple": the category's adjective before the noun.
      return keep(wording.attributive ?? nounInPlace(wording.noun, lead));
    default:
      if (PERSON_SLOT.test(lead) && !/ing$/i.test(body)) return keep(wording.person.replace(ARTICLE, ''));
      // "I'm bleeding", "she's vomiting": a participle after a copula reads as a state.
      // "I'm pregnant", "he got sacked" → "I'm dealing with a pregnancy-related matter", never "I'm a
      // pregnancy-related matter"; "it's asthma" → "it's a health condition".
      if (COPULA.test(lead) && !DETERMINER.test(lead))
        return keep(/ing$/i.test(body) || !/^(?:a|an)\s/i.test(wording.noun) || !THING_COPULA.test(lead) ? wording.pred : wording.noun);
      return keep(nounInPlace(wording.noun, lead, wording.countable));
  }
}

/** Gambling and betting words in the six languages the tagger reads. */
const GAMBLING =
  /gambl|\bbet(?:s|ting)?\b|casino|\bslots?\b|poker|wette|\bzock|spielsucht|glücksspiel|apuesta|ludopat|tragaperras|apostas?\b|\bjogo|azzardo|scommess|\bparis\b|\bjeux?\b|\bjuego|\bgioco/iu;

/**
 * A health condition's class in the Disease Ontology (./health-classes.ts: "asthma" → "a lung or airway
 * condition"), so the answer stays about the right part of the body, and a medicine's therapeutic class
 * (./medication-classes.ts: "sertraline" → "an antidepressant"); undefined (the category's own phrase, "a health
 * condition", "a prescription medicine") for one the data does not know, or a span that is not a noun ("my knee
 * hurts").
 */
export function classPhrase(span: Span): string | undefined {
  // "my psychiatrist", "meine Onkologin", "em psiquiatria": a doctor, a specialty; never "my mental-health
  // condition" (graded nonsense on the thirty-seventh holdout, five times).
  const bare = span.text.replace(POSSESSIVE_START, '').replace(CLINIC_ARTICLE, '');
  if (CLINICIAN.test(bare)) return SHE_CLINICIAN.test(bare) ? 'a doctor (she)' : 'a doctor';
  if (SPECIALTY.test(bare)) return 'a medical specialty';
  if ((span.form ?? 'noun') !== 'noun') return undefined;
  if (span.kind === 'medication') return medicationClass(span.text);
  // Gambling is filed with substance use (data/tagger/GUIDE.md), but "substance use" says another problem.
  if (span.kind === 'substance') return GAMBLING.test(span.text) ? 'an addiction' : undefined;
  if (span.kind !== 'health') return undefined;
  const words = span.text.replace(POSSESSIVE_START, '').split(/[\s-]+/);
  // "severe asthma", "stage 3 breast cancer", "asthma attacks", "Asthma-Anfälle": the longest run of its words
  // the ontology knows.
  return longestKnownRun(words, (run) => conditionClass(run)?.phrase);
}

/**
 * Clinicians whose specialty tells a special category, in the six languages (with their feminine forms), and the
 * specialties themselves: said as a doctor and a medical specialty.
 */
const CLINICIAN = new RegExp(
  '^(?:' +
    [
      // en
      String.raw`(?:psychiatr|psycholog|psychotherap|therap|oncolog|neurolog|cardiolog|gyn(?:a)?ecolog|urolog|endocrinolog|rheumatolog|dermatolog|gastroenterolog|hepatolog|nephrolog|pulmonolog|ha?ematolog|sexolog|addictionolog)ists?`,
      String.raw`counsel+ors?|shrinks?|obstetricians?|midwi(?:fe|ves)|addiction counsel+ors?`,
      // de
      String.raw`(?:psychiater|psychotherapeut|therapeut|frauenarzt|frauenärzt|hautarzt|hautärzt)(?:in|innen|en)?`,
      String.raw`(?:psycholog|onkolog|neurolog|kardiolog|gynäkolog|urolog|endokrinolog|rheumatolog|dermatolog|gastroenterolog|nephrolog|hämatolog|sexolog)(?:e|en|in|innen)`,
      String.raw`hebammen?`,
      // fr
      String.raw`(?:psychiatre|psychologue|psychothérapeute|thérapeute|oncologue|neurologue|cardiologue|gynécologue|gynéco|urologue|endocrinologue|rhumatologue|dermatologue|gastro-entérologue|néphrologue|pneumologue|hématologue|addictologue|sexologue|sage-femme|psy)s?`,
      // es, pt, it
      String.raw`(?:psiquiatra|psichiatra|neuropsichiatra|terapeuta|psicoterapeuta|obstetra|neuropediatra)s?`,
      String.raw`(?:psicólog|oncólog|neurólog|cardiólog|ginecólog|urólog|endocrinólog|reumatólog|dermatólog|neumólog|hematólog|sexólog|psicolog|oncolog|neurolog|cardiolog|ginecolog|urolog|endocrinolog|reumatolog|dermatolog|pneumolog|ematolog|sessuolog)(?:o|a|os|as|i|he)`,
      String.raw`(?:oncolog|neurolog|cardiolog|ginecolog|urolog|endocrinolog|reumatolog|dermatolog|pneumolog|hematolog)istas?`,
      String.raw`(?:matrona|partera|parteira|ostetrica)s?`,
    ].join('|') +
    ')$',
  'iu',
);
/** A clinician word of the feminine ("Psychiaterin", "psicóloga", "ostetrica"): she is said as a doctor too. */
const SHE_CLINICIAN = /(?:[^n]in|innen|[oó]log[ah]s?|[oó]loghe|matronas?|parteras?|parteiras?|ostetric[ah]e?|hebammen?)$/iu;
const SPECIALTY =
  /^(?:(?:em|en|in|na|no|nella|alla|dans|in der|bei der)\s+)?(?:psychiatry|psychiatrie|psiquiatria|psiquiatría|psichiatria|psychology|psychologie|psicologia|psicología|oncology|onkologie|oncologie|oncologia|oncología)$/iu;
const CLINIC_ARTICLE =
  /^(?:mein(?:e[nmr]?)?|dein(?:e[nmr]?)?|sein(?:e[nmr]?)?|ihr(?:e[nmr]?)?|der|die|den|dem|mon|ma|mes|le|la|les|mi|mis|el|los|las|meu|minha|meus|minhas|o|a|os|as|il|lo|i|gli|mio|mia|miei|mie)\s+/iu;

/** A capital at the start of a sentence, where the person wrote one ("my church, …" stays lower case). */
export function capitalizeAt(text: string, start: number, phrase: string): string {
  return sentenceStart(text, start) && /^\p{Lu}/u.test(text.charAt(start)) ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : phrase;
}

/** A substitute in its place: no article after a determiner, a capital to open a sentence, the span's possessive. */
export function inPlace(text: string, span: Span, substitute: string): string {
  let s = substitute;
  if (DETERMINER.test(textBefore(text, span.start))) s = s.replace(ARTICLE, '');
  s = capitalizeAt(text, span.start, s);
  // "3rd" redrawn as an ID ("9rd", "0sr"): the suffix follows the new number ("9th").
  const was = /\d(st|nd|rd|th)$/i.exec(span.text)?.[1];
  if (was) s = s.replace(/^(\d+)\p{L}{0,2}$/u, (_, n: string) => n + sameCaseSuffix(ordinalSuffix(Number(n)), was));
  const possessive = /['’]s$/.exec(span.text)?.[0] ?? '';
  if (possessive && !s.endsWith(possessive)) s += possessive;
  return s;
}

const sameCaseSuffix = (suffix: string, like: string) => (like === like.toUpperCase() ? suffix.toUpperCase() : suffix);
