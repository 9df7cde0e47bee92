/**
 * Measured, not promised: how well message protection (the tagger and what Veil sends in place of what it
 * marks) did on the 140 messages of eval/tagger-holdout-3/, written by someone who never saw Veil and run
 * once (docs/using.md, "How well it reads"): the share of labelled personal spans sent unchanged, and an expert grader's
 * judgement of the answer to what Veil sent beside the answer to the original, for the 98 messages about the
 * writer (the 42 general questions all went as typed). test/unit/ui/measured-message.test.ts recomputes
 * these from the stored grades, so they change when the evaluation is run again.
 */
export const MEASURED_MESSAGE = {
  messages: 140,
  /** Labelled personal spans that reached the site unchanged (%). */
  missedPercent: 5.0,
  /** General questions (nothing personal in them) among the messages; all of them went as typed. */
  general: 42,
  /** Of the messages about the writer: the answer as good as the original's / worse / no longer the question (%). */
  personal: { messages: 98, same: 7, worse: 49, broken: 44 },
} as const;

/** One line for the person: what the measurement means for the message in front of them. */
export function measuredMessageLine(changed: boolean): string {
  const { messages, missedPercent, personal } = MEASURED_MESSAGE;
  const missed = `about 1 in ${Math.round(100 / missedPercent)}`;
  const base = `Measured on ${messages} messages Veil had never seen: ${missed} of the personal details in them went to the site unmarked, so read your message before you send it.`;
  if (!changed) return base;
  return `${base} Where Veil changed a message about its writer, an expert judged the answer as good as the original’s for ${personal.same} in 100, worse but still useful for ${personal.worse}, and no longer answering the question for ${personal.broken}: put back with “Keep as typed” what your question needs.`;
}
