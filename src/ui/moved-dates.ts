/**
 * Which dates of a message the review offers to keep as typed at once, and why: each date Veil moves gets a
 * shift of its own (7 to 60 days, the dates' order kept), so the days between two dates change, and so does a
 * deadline counted from one. Graders judged that the first cause of broken answers once sensitive matters are
 * kept (16 of 31 on the forty-third holdout: a deadline from a letter's date, the weeks since an operation, the
 * days between a vaccination and a journey). Offered when the message has two moved dates or more, or one and
 * words that count time (a number of days, weeks, months or years, a deadline, "how long"), in the six languages
 * Veil reads.
 *
 * ```ts
 * movedDates('Letter dated 3 April, I have 30 days to object: until when?', marks); // ['9-16'] (the date's mark)
 * ```
 */
import type { ReviewMark } from '../messaging/contract';

const COUNTS_TIME = new RegExp(
  [
    String.raw`\d+\s*(?:days?|weeks?|wks?|months?|years?|yrs?|nights?|tage?n?|wochen?|monate?n?|jahre?n?|nächte|jours?|semaines?|mois|ans|années|nuits|días|dias|semanas?|meses|años|anos|noches|noites|giorni|settimane|mesi|anni|notti)\b`,
    String.raw`\b(?:deadline|how long|how many (?:days|weeks|months)|by when|until when|frist|fristen|bis wann|wie lange|wie viele (?:tage|wochen|monate)|délai|combien de (?:jours|semaines|mois|temps)|jusqu['’]à quand|plazo|cuánto tiempo|cuántos (?:días|meses)|cuántas semanas|hasta cuándo|scadenza|termine|quanto tempo|quanti (?:giorni|mesi)|quante settimane|entro quando|fino a quando|prazo|quantos (?:dias|meses)|quantas semanas|até quando)\b`,
  ].join('|'),
  'iu',
);

/**
 * The ids of the dates Veil moved, when the message counts with them; none otherwise. A date written twice in the
 * same words has one stand-in, so it is one date here (two of them move no days between).
 */
export function movedDates(text: string, marks: readonly ReviewMark[]): string[] {
  const moved = marks.filter((m) => m.kind === 'date' && m.treatment !== 'keep');
  const dates = new Set(moved.map((m) => m.original.toLowerCase().replace(/\s+/g, ' ')));
  return dates.size >= 2 || (dates.size === 1 && COUNTS_TIME.test(text)) ? moved.map((m) => m.id) : [];
}
