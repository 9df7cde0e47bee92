/**
 * What the message tagger (./tagger/tagger.ts) hands the detector (`Tagging`), and how sure it must be for a
 * finder's span to count: the general-question line (`GENERAL_AT`), the gate per source (`GATE`) and the line
 * under which a special category's kind is not said (`KIND_SURE`).
 *
 * ```ts
 * personalScore(tagging, span.start, span.end) >= GATE[span.source]; // the span counts
 * ```
 */
import type { Found, Source } from './settle';

/**
 * What the tagger made of a message (./tagger/tagger.ts): the language it read, every list and pattern hit
 * (`found`, with the tagger's own spans), and per token how likely it is to be personal (1 − P(nothing)).
 * A message in a language the tagger does not read has no tagger spans and no list hits: only shapes.
 */
export interface Tagging {
  readonly language: { readonly code: string; readonly name: string; readonly read: boolean };
  readonly found: readonly Found[];
  readonly personal: readonly { readonly start: number; readonly end: number; readonly p: number }[];
  /** How likely the whole message is a general question, with nothing personal in it (0 when not read). */
  readonly general: number;
  /**
   * The message's words (their `words()` keys) that the training messages of its language use only as ordinary
   * words, never inside a labelled name, place, organisation or date (data/tagger-edges.json `plain`); none when
   * not read. Read where the tagger runs, so the list is bundled once (../protect.ts `ordinaryWord` reads this).
   */
  readonly plain: readonly string[];
}

/**
 * A message the tagger reads as a general question at least this surely goes as typed: nothing it or the lists
 * and patterns found is marked (the person's own values and always-map terms still are). Chosen on the
 * held-back 6% of the training data (scripts/tagger/dev.ts) for the tagger trained in stop 48: of its 524
 * messages about their writer the highest read 0.21 (a letter on a friend's miscarriage; next, a car plate
 * and a towing fine, 0.19), so at 0.3 none goes unmarked, and 2 of its 254 general questions read under it (5 under 0.5).
 */
export const GENERAL_AT = 0.3;

/**
 * How sure the tagger's own span must be of an e-mail address or a phone number that a shape also found for the
 * message to be read as about someone whatever its general score (`readAsGeneral`): a programming question over a
 * clinic's client list (names, e-mails, dates of birth, a phone, "HIV+") read 0.90 general and went as typed, with
 * its two e-mail addresses and a phone read 1.00 personal. Chosen on the training messages the tagger reads as
 * general (4,869 of 13,803): the highest such span there reads 0.46 (an example mobile number in a question on
 * formats); none of the 420 general questions of the development holdouts has one.
 */
export const CONTACT_SURE = 0.9;

/**
 * Whether a message goes as a general question (`GENERAL_AT`): read by the tagger, general enough, and holding no
 * e-mail address or phone number that a shape found and the tagger is sure is someone's (`CONTACT_SURE`).
 */
export function readAsGeneral(tagging: Tagging): boolean {
  return tagging.language.read && tagging.general >= GENERAL_AT && !holdsContact(tagging);
}

/** Whether a shape found an e-mail address or a phone number that the tagger's own span is sure is someone's (`CONTACT_SURE`). */
export function holdsContact(tagging: Tagging): boolean {
  const contact = (kind: string) => kind === 'email' || kind === 'phone';
  return tagging.found.some(
    (s) =>
      s.source === 'shape' &&
      contact(s.kind) &&
      tagging.found.some((t) => t.source === 'tagger' && t.kind === s.kind && t.score >= CONTACT_SURE && t.start < s.end && s.start < t.end),
  );
}

/**
 * How personal the tagger reads a span to be for it to count: a shape hit (an e-mail, a phone, an ID) unless
 * the tagger is sure it is the topic (an example address in a regex question); a date, an amount, an age or
 * an address found by pattern, and a word-list hit, only where the tagger reads them as personal. The tagger's
 * own spans are what its decoding chose (./tagger/tagger.ts `NOTHING_BELOW`).
 */
export const GATE: Readonly<Record<Source, number>> = { profile: 0, always: 0, known: 0, shape: 0.1, tagger: 0, pattern: 0.35, list: 0.5 };

/**
 * How sure the tagger must be of a special category's kind (its span's mean probability of that kind) for the
 * span to be generalized by default: below, it is still marked, kept as typed unless the person chooses
 * otherwise, and its Generalize says only "a personal matter" (`Span.unsure`). Chosen on the first four
 * holdouts, development sets once measured (stop 43): under 0.5, fewer than half of the tagger's
 * special-category spans touch a labelled span at all (0.4–0.5: 99 of 204; 0.3–0.4: 86 of 215), so
 * generalizing them breaks more questions than it protects facts; from 0.5 up, 61% to 95% do. (It was 0.4, chosen
 * on the first three for the kind alone: 66 of the 110 spans under 0.4 had the wrong kind, 41 of 651 above.)
 */
export const KIND_SURE = 0.5;

/**
 * How sure the tagger must be of a name, place or organisation (its span's mean probability of that kind) for
 * a word neither the place data nor the name lists know to be replaced by default: below, it is marked and kept
 * as typed (`Span.unsure`), and the review offers Replace. Chosen on the development holdouts (ninth, tenth,
 * eighteenth to twentieth; stop 57): under 0.3, 26 of the tagger's 155 such spans touched a labelled span (none of
 * German's 24: "Monats", "Apostille", "Pausen", "Schalter", "Hotline" are nouns), and a stand-in for an ordinary
 * word breaks the sentence ("bis Ende des Wyman"); from 0.3 to 0.4, 13 of 39 did.
 */
export const NAME_SURE = 0.3;

/** The highest probability the tagger gives any token of `[start, end)` of being personal. */
export function personalScore(tagging: Pick<Tagging, 'personal'>, start: number, end: number): number {
  let p = 0;
  for (const t of tagging.personal) if (t.start < end && start < t.end) p = Math.max(p, t.p);
  return p;
}
