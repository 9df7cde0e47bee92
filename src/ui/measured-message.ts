/**
 * Measured, not promised: how well message protection (the tagger and what Veil sends in place of what it
 * marks) did on messages written by people who never saw Veil, each set run once (docs/using.md, "How well it
 * reads"). test/unit/ui/measured-message.test.ts recomputes every figure here from the stored sets, so they
 * change when an evaluation is run again.
 *
 * - What was missed, and the general questions: the 245 messages of eval/tagger-holdout-4/ (170, six
 *   languages) and eval/tagger-holdout-4b/ (75, Spanish, Italian, Portuguese), with the tagger as it ships.
 * - How answers fared: an expert grader's judgement of the answer to what Veil sent beside the answer to the
 *   original, for the 98 messages about their writer in eval/tagger-holdout-3/. Those grades are of what an
 *   earlier version sent (before places kept their country and an unsure kind became "a personal matter"):
 *   the grading of the fourth holdouts did not finish, so the line says "an earlier set" and keeps the older,
 *   worse-looking figures rather than a guess.
 */
export const MEASURED_MESSAGE = {
  messages: 245,
  /** Labelled personal spans that reached the site unchanged (%), both fourth holdouts together. */
  missedPercent: 4.1,
  /** General questions (nothing personal in them) among those messages, and how many Veil changed. */
  general: { general: 78, changed: 4 },
  /** Of the earlier set's messages about the writer: the answer as good as the original's / worse / no longer the question (%). */
  personal: { messages: 98, same: 7, worse: 49, broken: 44 },
} as const;

/** One line for the person: what the measurement means for the message in front of them. */
export function measuredMessageLine(changed: boolean): string {
  const { messages, missedPercent, personal } = MEASURED_MESSAGE;
  const missed = `about 1 in ${Math.round(100 / missedPercent)}`;
  const base = `Measured on ${messages} messages Veil had never seen: ${missed} of the personal details in them went to the site unmarked, so read your message before you send it.`;
  if (!changed) return base;
  return `${base} On an earlier set of ${personal.messages} messages about their writer, an expert judged the answer to what Veil sent as good as the original’s for ${personal.same} in 100, worse but still useful for ${personal.worse}, and no longer answering the question for ${personal.broken}: put back with “Keep as typed” what your question needs.`;
}
