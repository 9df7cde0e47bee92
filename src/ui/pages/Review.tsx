/**
 * The review panel: Veil's own page in an iframe over the chat page (entrypoints/review). It shows exactly
 * what Send will put into the site's message box, each fact as kept, privatized (with the person's own
 * value, visible only here) or left out, what this send costs, and lets the person send, edit, ask for a
 * new release, or cancel. It finds its review through the background by its own frame; a page that frames
 * this URL itself gets the "nothing to review" message and nothing else.
 *
 * Keyboard: focus starts on the dialog, never on Send (a page that hides the panel must not turn the
 * person's next space bar into a send), Ctrl/Cmd+Enter sends, Tab stays inside the panel, Escape cancels. The content script
 * refuses Send unless the panel has been seen unobscured for a moment (src/content/visible.ts); "Open in a
 * Veil window" moves the review into a window of Veil's own, out of the page's reach (`windowed`).
 *
 * Its parts are in ./review/: where the review is (use-review-phase.ts), what the buttons do
 * (use-review-actions.ts), when Send starts to work (use-armed.ts), the keys (use-panel-keys.ts), the ready
 * release with its facts, preferences and cost (ReadyRelease.tsx), and the bench's timing marks.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { useClient } from '../client';
import { trapTab } from '../focus-trap';
import { KEYS_TAKEN, useKeysTaken } from '../keys-taken';
import { formatEpsilonValue } from '../labels';
import { ReadyRelease } from './review/ReadyRelease';
import { usePaintedMark } from './review/timing-marks';
import { useArmed } from './review/use-armed';
import { usePanelKeys } from './review/use-panel-keys';
import { useReviewActions } from './review/use-review-actions';
import { useReviewPhase } from './review/use-review-phase';

export function Review({ nextTokens, windowed = false }: { nextTokens: () => Promise<string[]>; windowed?: boolean }) {
  const send = useClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const dialog = useRef<HTMLDivElement>(null);
  /** The page took the keyboard from the edit box while the person was typing. */
  const keysTaken = useKeysTaken();
  const [phase, setPhase] = useReviewPhase(nextTokens, windowed);
  const { busy, error, moved, act, update, cancel, approve, openWindow } = useReviewActions(setPhase, windowed);

  const view = phase.kind === 'open' ? phase.view : null;
  usePaintedMark(view);
  const armed = useArmed(view);
  useEffect(() => {
    // Only a review this frame shows: a hidden panel loaded ahead that a page posts false tokens to, or a panel
    // closing after Send or Cancel, must not take focus from the page.
    if (editing) dialog.current?.querySelector<HTMLElement>('textarea')?.focus();
    else if (phase.kind === 'open') dialog.current?.focus();
  }, [phase.kind, view?.state, editing]);

  const onKeyDown = (event: KeyboardEvent) => {
    // Ctrl/Cmd+Enter sends: a deliberate chord, never a stray Enter or space bar (and refused by the content
    // script unless the panel has been seen).
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.repeat && view?.state === 'ready' && !editing && armed && busy === null) {
      event.preventDefault();
      void approve(false);
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      if (editing) setEditing(false);
      else if (phase.kind === 'open' || phase.kind === 'loading' || phase.kind === 'none') void cancel();
    } else if (dialog.current) {
      trapTab(dialog.current, event);
    }
  };
  usePanelKeys(dialog, onKeyDown);

  return (
    <div class="backdrop review-backdrop">
      <div ref={dialog} class="dialog review" role="dialog" aria-modal="true" aria-labelledby="review-title" tabIndex={-1}>
        <h1 id="review-title">{view ? `Review before sending to ${view.siteLabel}` : 'Veil review'}</h1>
        {phase.kind === 'loading' && (
          <>
            <p role="status" class="making">
              Making your release on this device…
            </p>
            <div class="dialog-actions">
              <button type="button" class="button" onClick={() => void cancel()} disabled={busy !== null}>
                Cancel
              </button>
            </div>
          </>
        )}
        {phase.kind === 'none' && (
          <>
            <p class="error">{phase.error}</p>
            <div class="dialog-actions">
              <button type="button" class="button" onClick={() => void cancel()} disabled={busy !== null}>
                Close
              </button>
            </div>
          </>
        )}
        {phase.kind === 'done' && (
          <>
            <p role="status">{phase.message}</p>
            {moved && (
              // The review went on in Veil's window: this panel on the page can be put away (that cancels it).
              <div class="dialog-actions">
                <button type="button" class="button" onClick={() => void cancel()} disabled={busy !== null}>
                  Cancel this send
                </button>
              </div>
            )}
          </>
        )}
        {view?.state === 'failed' && (
          <>
            <p class="error" role="alert">
              Veil could not make a release: {view.error} Nothing was sent.
            </p>
            <p class="muted">Send without Veil sends your message exactly as you typed it, with none of your profile.</p>
          </>
        )}
        {view?.state === 'ready' && (
          <ReadyRelease
            view={view}
            editing={editing}
            draft={draft}
            setDraft={setDraft}
            setEditing={setEditing}
            busy={busy}
            act={act}
            update={update}
            setPhase={setPhase}
          />
        )}
        {keysTaken && (
          <p class="error" role="alert" data-testid="keys-taken">
            {KEYS_TAKEN}
          </p>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        {busy && <p role="status">{busy}</p>}
        {phase.kind === 'open' && (
          <div class="dialog-actions review-actions">
            <button type="button" class="button" onClick={() => void cancel()} disabled={busy !== null}>
              Cancel
            </button>
            {view?.state === 'ready' && !editing && (
              <>
                <button
                  type="button"
                  class="button"
                  onClick={() => {
                    setDraft(view.prompt);
                    setEditing(true);
                  }}
                  disabled={busy !== null}
                >
                  Edit message
                </button>
                <button
                  type="button"
                  class="button"
                  onClick={() => void act('Making a new release…', async () => setPhase({ kind: 'open', view: await send('review.fresh', {}) }))}
                  disabled={busy !== null}
                >
                  New release (costs up to ε {formatEpsilonValue(view.freshCost)})
                </button>
              </>
            )}
            {view?.state === 'failed' && (
              <button type="button" class="button" onClick={() => void approve(true)} disabled={busy !== null || !armed}>
                Send without Veil
              </button>
            )}
            {view?.state === 'ready' && (
              <button
                type="button"
                class="button primary"
                aria-keyshortcuts="Control+Enter Meta+Enter"
                onClick={() => void approve(false)}
                disabled={busy !== null || editing || !armed}
              >
                Send
              </button>
            )}
          </div>
        )}
        {view?.state === 'ready' && !windowed && (
          <p class="without-veil">
            <button type="button" class="link-button" onClick={() => void openWindow()} disabled={busy !== null}>
              Open in a Veil window
            </button>{' '}
            to review and send out of the chat page’s reach (if this panel looks wrong, or Send is refused).
          </p>
        )}
        {view?.state === 'ready' && (
          <p class="without-veil">
            <button type="button" class="link-button" onClick={() => void approve(true)} disabled={busy !== null || !armed}>
              Send without Veil
            </button>{' '}
            sends your message as typed, with none of your profile.
          </p>
        )}
      </div>
    </div>
  );
}
