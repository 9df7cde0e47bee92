/**
 * Weekdays in the languages the tagger reads: a date Veil cannot shift ("Montag", "mardi") keeps its shape, a
 * weekday becoming another weekday of its language (./stand-ins.ts).
 *
 * ```ts
 * weekdayIn('à mardi'); // { language: 2, day: 1 }
 * undatable('Montag', draw); // another German weekday, e.g. 'Freitag'
 * ```
 */
import { wordPattern } from './recover';

/** Weekdays in the languages the tagger reads, Monday first: a weekday that cannot be dated moves to another. */
const WEEKDAYS: readonly (readonly string[])[] = [
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
  ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
  ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
  ['segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado', 'domingo'],
  ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'],
];

/** The language of each row of `WEEKDAYS`. */
const CODES = ['en', 'de', 'fr', 'es', 'pt', 'it'];

/**
 * A date Veil cannot shift ("Montag", "la semaine dernière"): a weekday becomes another weekday of its language
 * (its case kept), the message's where the word is of several ("domingo" in Portuguese stays Portuguese);
 * anything else stays as written (a relative date says little, and an object of a theme in its place would
 * break the sentence).
 */
export function undatable(text: string, draw: (n: number) => number, language?: string): string {
  const found = weekdayIn(text, language);
  if (!found) return text;
  const other = WEEKDAYS[found.language]![(found.day + 1 + draw(6)) % 7]!;
  return text.replace(WEEKDAY_PATTERNS[found.language]![found.day]!, (word) =>
    /^\p{Lu}/u.test(word) ? other.charAt(0).toUpperCase() + other.slice(1) : other,
  );
}

/** Each weekday as a whole word, any case (compiled once). */
const WEEKDAY_PATTERNS = WEEKDAYS.map((days) => days.map(wordPattern));

/**
 * The first weekday `text` names: its language (an index of `WEEKDAYS`, 0 English) and its day; in the
 * message's `language` first, where it reads one ("sábado" is Spanish and Portuguese).
 */
export function weekdayIn(text: string, language?: string): { language: number; day: number } | undefined {
  const own = CODES.indexOf(language ?? '');
  for (const row of own > 0 ? [own, ...WEEKDAY_PATTERNS.keys()] : WEEKDAY_PATTERNS.keys()) {
    const day = WEEKDAY_PATTERNS[row]!.findIndex((p) => p.test(text));
    if (day >= 0) return { language: row, day };
  }
  return undefined;
}

/**
 * A weekday of the other five languages opening a date, with what joins it to the date ("viernes ", "Freitag, den
 * ", "vendredi le "): that prefix, so the date after it moves by whole weeks and the weekday stays right
 * (./numbers.ts `shiftDate`). Undefined when the text does not open so.
 */
export function leadingWeekday(text: string): string | undefined {
  return LEADING.exec(text)?.[0];
}
const LEADING = new RegExp(
  `^(?:${WEEKDAYS.slice(1)
    .flat()
    .map((w) => w.replace(/-/g, '[- ]?'))
    .join('|')})\\.?,?\\s+(?:(?:den|le|el|il|o)\\s+)?(?=\\d)`,
  'iu',
);

/**
 * A weekday alone, with what says which or how often ("Friday", "every sunday", "los martes", "le mardi", "jeden
 * Donnerstag", "às sextas"): one day in seven of some week names no one's date, and a shift, a service, a
 * meeting or a sabbath the answer depends on is on it (a Saturday sabbath "desde el viernes" had become another
 * day). No day of the month with it.
 */
export function weekdayAlone(text: string): boolean {
  return !/\d/.test(text) && ALONE.test(text.trim());
}
const ALONE = new RegExp(
  `^(?:(?:every|each|on|next|last|this|coming|the|jeden|jedem|am|nächsten|letzten|diesen|le|les|ce|chaque|tous|prochain|dernier|el|los|las|la|cada|todos|todas|este|esta|próximo|próxima|pasado|il|lo|ogni|tutti|tutte|i|le|questo|prossimo|scorso|o|a|os|as|às|aos|nas|nos|na|no|toda|todo|passada|passado|desde|hasta)\\s+)*(?:${[
    ...WEEKDAYS.flat(),
    'segunda',
    'terça',
    'quarta',
    'quinta',
    'sexta',
  ]
    .map((w) => w.replace(/-/g, '[- ]?'))
    .join('|')}|(?:Mon|Tues?|Wed|Thu(?:rs)?|Fri|Sat|Sun)\\.?)(?:s|en)?(?:\\s+(?:prochain|dernier|pasado|próximo|que vem|passada|passado|prossimo|scorso))?$`,
  'iu',
);
