/**
 * How a framed page of Veil's (the review panel, the compose box, the answer read-back) claims its session:
 * the other half of src/extension/framed-session.ts. Every batch of tokens that reached the frame
 * (./frame-tokens.ts) is offered to the background until it accepts one; the page around the frame may post
 * false ones, which the background refuses at once. A frame no token reaches within `TOKEN_WAIT_MS` says
 * there is nothing here, and keeps listening (a panel loaded ahead gets its token at the next send).
 *
 * ```ts
 * useEffect(() => claimSession(nextTokens, (tokens) => send('compose.get', { tokens }), setPhase, { none }), []);
 * ```
 */
import { errorText } from './client';

/** Where a framed page is: waiting for its session, without one (and why), or showing it. */
export type Claimed<V> = { kind: 'loading' } | { kind: 'none'; error: string } | { kind: 'open'; view: V };

/** How long a framed page waits for a token before it says there is nothing here (it keeps listening). */
export const TOKEN_WAIT_MS = 3_000;

export interface ClaimOptions {
  /** What the page says when no token reached it. */
  none: string;
  /** What the page says when the background refused the tokens (default: the background's words). */
  refused?: (error: unknown) => string;
  /** Called when tokens arrive, before they are offered (the review's timing marks). */
  onTokens?: () => void;
}

/** Offer tokens until one claims the session; returns the effect's clean-up (stop listening, drop the timer). */
export function claimSession<V>(
  nextTokens: () => Promise<string[]>,
  claim: (tokens: string[]) => Promise<V>,
  show: (claimed: Claimed<V>) => void,
  options: ClaimOptions,
): () => void {
  let live = true;
  const timer = setTimeout(() => live && show({ kind: 'none', error: options.none }), TOKEN_WAIT_MS);
  void (async () => {
    while (live) {
      const tokens = await nextTokens();
      if (!live) return;
      clearTimeout(timer);
      options.onTokens?.();
      show({ kind: 'loading' });
      try {
        const view = await claim(tokens);
        if (live) show({ kind: 'open', view });
        return;
      } catch (error) {
        if (live) show({ kind: 'none', error: options.refused?.(error) ?? errorText(error) });
      }
    }
  })();
  return () => {
    live = false;
    clearTimeout(timer);
  };
}
