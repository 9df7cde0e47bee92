/**
 * Where the review panel is: waiting for its review, without one (and why), showing it, or done (sent,
 * cancelled, moved to Veil's window). It finds its review through the background by its own frame's tokens
 * (src/ui/framed-claim.ts), or, in Veil's own window, as that tab's.
 *
 * ```ts
 * const [phase, setPhase] = useReviewPhase(nextTokens, windowed);
 * ```
 */
import { useEffect, useState } from 'preact/hooks';
import type { ReviewView } from '../../../messaging/contract';
import { errorText, useClient } from '../../client';
import { claimSession, type Claimed } from '../../framed-claim';
import { REVIEW_TOKEN, REVIEW_VIEW } from './timing-marks';

export type Phase = Claimed<ReviewView> | { kind: 'done'; message: string };

export function useReviewPhase(nextTokens: () => Promise<string[]>, windowed: boolean) {
  const send = useClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    const none = 'There is no send to review here. This panel opens only when Veil catches a send on a chat site.';
    // In Veil's own window the review is this tab's: no token (the background bound it when it opened the window).
    if (windowed) {
      // The background binds the review to this window as it opens it: asked again for a moment if too soon.
      void (async () => {
        for (let attempt = 0; live; attempt++) {
          try {
            const view = await send('review.get', {});
            if (live) setPhase({ kind: 'open', view });
            return;
          } catch (e) {
            if (attempt >= 10) return live && setPhase({ kind: 'none', error: errorText(e) });
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }
      })();
      return () => {
        live = false;
      };
    }
    // A panel loaded ahead (hidden) waits for its send; one the page framed itself never gets a token.
    // User Timing marks for `npm run bench`'s trace of a send: the token arrived, the view came back.
    return claimSession(
      nextTokens,
      async (tokens) => {
        const view = await send('review.get', { tokens });
        performance.mark(REVIEW_VIEW);
        return view;
      },
      setPhase,
      { none, refused: (e) => (/no send to review/.test(errorText(e)) ? none : errorText(e)), onTokens: () => performance.mark(REVIEW_TOKEN) },
    );
  }, []);

  return [phase, setPhase] as const;
}
