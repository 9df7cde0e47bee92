/**
 * The compose box's hand-off to the review (compose-service.ts → review-service.ts): the box protected a
 * text already and a frame of this tab will begin its review with exactly that text, so the review sends it
 * as mapped instead of protecting it again. The background's own record, by tab and frame, claimed once and
 * for a minute: nothing the page says turns protection off, and a restarted worker (which has no record)
 * protects the text again, which sends less, never more.
 */

/** How long after a compose box's send its frame may begin the review of it (it does so at once). */
const COMPOSED_WITHIN_MS = 60_000;

export function composedHandOffs(now: () => number) {
  const handedOff = new Map<string, { text: string; until: number }>();
  const frameKey = (tabId: number, frameId: number) => `${tabId}:${frameId}`;
  return {
    /** The box handed `text` to this frame for its review; returns a function that withdraws it (the page refused the text). */
    expect(tabId: number, frameId: number, text: string): () => void {
      const key = frameKey(tabId, frameId);
      const entry = { text, until: now() + COMPOSED_WITHIN_MS };
      handedOff.set(key, entry);
      return () => {
        if (handedOff.get(key) === entry) handedOff.delete(key);
      };
    },
    /** Whether this frame's review of `prompt` is the text its compose box handed it (claimed once). */
    take(tabId: number, frameId: number, prompt: string): boolean {
      const key = frameKey(tabId, frameId);
      const expected = handedOff.get(key);
      if (!expected || expected.until < now() || expected.text !== prompt) return false;
      handedOff.delete(key);
      return true;
    },
  };
}
