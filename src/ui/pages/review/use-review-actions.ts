/**
 * What the review panel's buttons do (update, cancel, send with or without Veil, move to Veil's window),
 * one at a time: `busy` says which is running, and a failure shows in `error` and changes nothing else.
 *
 * ```ts
 * const { busy, error, moved, act, update, cancel, approve, openWindow } = useReviewActions(setPhase, windowed);
 * void approve(false); // Send
 * ```
 */
import { useState } from 'preact/hooks';
import { errorText, useClient } from '../../client';
import type { Phase } from './use-review-phase';

export function useReviewActions(setPhase: (phase: Phase) => void, windowed: boolean) {
  const send = useClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** This review went on in Veil's own window. */
  const [moved, setMoved] = useState(false);

  /** Run an action; its failure shows in the panel and changes nothing else. */
  const act = async (label: string, action: () => Promise<void>) => {
    setBusy(label);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  const update = (prompt: string, dropped: string[]) =>
    act('Updating…', async () => setPhase({ kind: 'open', view: await send('review.update', { prompt, dropped }) }));
  const cancel = () =>
    act('Cancelling…', async () => {
      await send('review.cancel', {});
      setPhase({ kind: 'done', message: 'Cancelled. Nothing was sent.' });
      if (windowed) setTimeout(() => window.close(), 1200);
    });
  const approve = (withoutVeil: boolean) =>
    act('Sending…', async () => {
      await send('review.send', { withoutVeil });
      setPhase({ kind: 'done', message: 'Sent.' });
      if (windowed) setTimeout(() => window.close(), 1200);
    });
  const openWindow = () =>
    act('Opening Veil’s window…', async () => {
      await send('review.window', {});
      setMoved(true);
      setPhase({ kind: 'done', message: 'This review goes on in Veil’s own window, out of the page’s reach. Send or cancel it there.' });
    });

  return { busy, error, moved, act, update, cancel, approve, openWindow };
}
