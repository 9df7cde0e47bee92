/**
 * Measured, not promised: how well message protection (the tagger and what Veil sends in place of what it
 * marks) did on messages written by people who never saw Veil, each set run once (docs/using.md, "How well it
 * reads"). test/unit/ui/measured-message.test.ts recomputes every figure here from the stored set, so they
 * change when an evaluation is run again.
 *
 * The 150 messages of eval/tagger-holdout-47/ (six languages, 48 general questions), with the tagger and defaults
 * as they ship:
 * - what was missed (sent as typed, unmarked), what was marked but kept as typed by default (amounts, countries
 *   and regions, a year or a month alone, a relative date ("yesterday"), bodies named by an acronym, offices named by their kind alone, courts by their type, public forms by their code, a dose, a weight or a height alone, a grade with decimals, teenagers' ages and an age someone reaches that is a limit the message states, names and categories the tagger is unsure of), and the general questions
 *   Veil changed;
 * - how answers fared: expert graders (who saw only each original beside what was sent, never Veil, its data
 *   or the other sets: eval/tagger-holdout-47/GRADING.md) judged whether the answer to what Veil sent would
 *   serve the person as well as the answer to the original, for every message Veil changed (`grades-1.jsonl`;
 *   a message sent as typed gets the original's answer). The figures are for the messages about their writer,
 *   by Veil's defaults, and with every sensitive matter kept as typed (names, towns, dates still replaced), the
 *   choice the settings page offers. (The grades of earlier versions stay in eval/tagger-holdout-4*
 *   to -46.)
 */
export const MEASURED_MESSAGE = {
  messages: 150,
  /** Labelled personal spans that reached the site unmarked (%). */
  missedPercent: 5.5,
  /** Labelled personal spans marked but kept as typed by Veil's defaults (%). */
  keptPercent: 25.5,
  /** General questions (nothing personal in them) among those messages, and how many Veil changed. */
  general: { general: 48, changed: 3 },
  /** Of the messages about their writer: the answer as good as the original's / worse / no longer the question (%), by Veil's defaults. */
  personal: { messages: 102, same: 9, worse: 52, broken: 39 },
  /** The same, with every sensitive matter (health, religion, money trouble, …) kept as typed. */
  personalKeepingSensitive: { same: 52, worse: 25, broken: 23 },
} as const;

/** One line for the person: what the measurement means for the message in front of them. */
export function measuredMessageLine(changed: boolean): string {
  const { messages, missedPercent, personal } = MEASURED_MESSAGE;
  const missed = `about 1 in ${Math.round(100 / missedPercent)}`;
  const base = `Measured on ${messages} messages Veil had never seen: ${missed} of the personal details in them went to the site unmarked, so read your message before you send it; another ${Math.round(MEASURED_MESSAGE.keptPercent)} in 100 went as typed though marked (amounts, years, months, weekdays and relative dates, countries and regions, national bodies and offices named by their kind, courts, public forms, doses, weights and heights and teenagers’ ages, which answers depend on, and what Veil was unsure of).`;
  if (!changed) return base;
  return `${base} Of the ${personal.messages} about their writer, an expert judged the answer to what Veil sent as good as the original’s for ${personal.same} in 100, worse but still useful for ${personal.worse}, and no longer answering the question for ${personal.broken}: put back with “Keep as typed” what your question turns on (a public name, a place, a number, a date).`;
}

/** For the settings page: what generalizing sensitive matters cost the answers, measured. */
export function measuredDefaultsLine(): string {
  const { personal, personalKeepingSensitive: kept } = MEASURED_MESSAGE;
  return `Measured on ${personal.messages} messages about their writer: with sensitive matters generalized (Veil's default), the answer was as good as without Veil for ${personal.same} in 100 and no longer answered the question for ${personal.broken}; with them kept as typed (names, towns and dates still replaced), as good for ${kept.same} in 100 and off the question for ${kept.broken}. Generalizing keeps the detail from the site, and often costs the answer.`;
}
