/**
 * Weekdays in the languages the tagger reads: a date Veil cannot shift ("Montag", "mardi") keeps its shape, a
 * weekday becoming another weekday of its language (./stand-ins.ts).
 *
 * ```ts
 * weekdayIn('à mardi'); // { language: 2, day: 1 }
 * undatable('Montag', draw); // another German weekday, e.g. 'Freitag'
 * ```
 */
import type { Draw } from './numbers';
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

/**
 * A date Veil cannot shift ("Montag", "la semaine dernière"): a weekday becomes another weekday of its language
 * (its case kept); anything else stays as written (a relative date says little, and an object of a theme in
 * its place would break the sentence).
 */
export function undatable(text: string, draw: Draw): string {
  const found = weekdayIn(text);
  if (!found) return text;
  const other = WEEKDAYS[found.language]![(found.day + 1 + draw(6)) % 7]!;
  return text.replace(WEEKDAY_PATTERNS[found.language]![found.day]!, (word) =>
    /^\p{Lu}/u.test(word) ? other.charAt(0).toUpperCase() + other.slice(1) : other,
  );
}

/** Each weekday as a whole word, any case (compiled once). */
const WEEKDAY_PATTERNS = WEEKDAYS.map((days) => days.map(wordPattern));

/** The first weekday `text` names: its language (an index of `WEEKDAYS`, 0 English) and its day. */
export function weekdayIn(text: string): { language: number; day: number } | undefined {
  for (const [language, patterns] of WEEKDAY_PATTERNS.entries()) {
    const day = patterns.findIndex((p) => p.test(text));
    if (day >= 0) return { language, day };
  }
  return undefined;
}
