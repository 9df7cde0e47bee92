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
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ReviewFact, ReviewSlotView, ReviewView } from '../../messaging/contract';
import { errorText, useClient } from '../client';
import { MarkedMessage, MessageMarks } from '../components/MessageMarks';
import { trapTab } from '../focus-trap';
import { KEYS_TAKEN, useKeysTaken } from '../keys-taken';
import { formatEpsilonValue } from '../labels';
import { factWhy } from '../fact-why';
import { claimSession, type Claimed } from '../framed-claim';
import { DEFAULT_MEMORY_CAP, MEASURED_MEMVIEW } from '../measured-memview';

type Phase = Claimed<ReviewView> | { kind: 'done'; message: string };

/** The User Timing mark set when a release is painted in the panel. */
export const REVIEW_PAINTED = 'veil-review-painted';
export const REVIEW_TOKEN = 'veil-review-token';
export const REVIEW_VIEW = 'veil-review-view';

/** How long after a release is shown Send starts to work (ms; above the content script's VISIBLE_MS). */
const ARM_MS = 700;

export function Review({ nextTokens, windowed = false }: { nextTokens: () => Promise<string[]>; windowed?: boolean }) {
  const send = useClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const dialog = useRef<HTMLDivElement>(null);
  /**
   * Send works a moment after a release is shown, not at once: the person has seen it (and Veil's content script
   * refuses a Send the panel was not visible for, src/content/visible.ts; this keeps the two in step).
   */
  const [armed, setArmed] = useState(false);
  /** This review went on in Veil's own window. */
  const [moved, setMoved] = useState(false);
  /** The page took the keyboard from the edit box while the person was typing. */
  const keysTaken = useKeysTaken();

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

  const view = phase.kind === 'open' ? phase.view : null;
  // A User Timing mark when the release is on screen (after the next paint): `npm run bench` reads it.
  // A layout effect runs right after the render, so the mark waits for one frame, not two.
  useLayoutEffect(() => {
    if (view?.state === 'ready') requestAnimationFrame(() => setTimeout(() => performance.mark(REVIEW_PAINTED)));
  }, [view?.reviewId, view?.state]);
  useEffect(() => {
    setArmed(false);
    if (view?.state !== 'ready' && view?.state !== 'failed') return;
    const timer = setTimeout(() => setArmed(true), ARM_MS);
    return () => clearTimeout(timer);
  }, [view?.reviewId, view?.state]);
  useEffect(() => {
    // Only a review this frame shows: a hidden panel loaded ahead that a page posts false tokens to, or a panel
    // closing after Send or Cancel, must not take focus from the page.
    if (editing) dialog.current?.querySelector<HTMLElement>('textarea')?.focus();
    else if (phase.kind === 'open') dialog.current?.focus();
  }, [phase.kind, view?.state, editing]);

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
  const dropped = (v: ReviewView) => [...v.facts, ...v.views].filter((f) => f.dropped).map((f) => f.key);
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

  // The whole panel is the dialog: keys are handled on the document, so Escape and Tab work wherever focus
  // is in the frame (the page hands focus to the frame, not to a control in it). When the frame gets focus
  // with nothing in it focused, focus goes to the main control.
  const keys = useRef(onKeyDown);
  keys.current = onKeyDown;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keys.current(event);
    const onFocus = () => {
      if (document.activeElement === document.body || document.activeElement === null) dialog.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('focus', onFocus);
    };
  }, []);

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
          <>
            <h3 id="text-heading">Exactly what will be sent</h3>
            {editing ? (
              <div class="edit-prompt">
                <label for="prompt-edit">Your message (your facts are added below it)</label>
                <textarea id="prompt-edit" rows={5} value={draft} onInput={(e) => setDraft((e.target as HTMLTextAreaElement).value)} />
                <div class="dialog-actions">
                  <button type="button" class="button" onClick={() => setEditing(false)}>
                    Discard changes
                  </button>
                  <button
                    type="button"
                    class="button primary"
                    onClick={() => void update(draft, dropped(view)).then(() => setEditing(false))}
                    disabled={draft.trim() === '' || busy !== null}
                  >
                    Use this message
                  </button>
                </div>
              </div>
            ) : (
              <pre class="sent-text" aria-labelledby="text-heading" tabIndex={0}>
                <MarkedMessage text={view.text} marks={view.message.marks} />
              </pre>
            )}
            {!editing && (
              <MessageMarks
                message={view.message}
                draftSeen
                disabled={busy !== null}
                onChoose={(mark, treatment) => void act('Updating…', async () => setPhase({ kind: 'open', view: await send('review.choose', { mark, treatment }) }))}
              >
                {view.typed.length > 0 && (
                  <p class="typed-warning" role="alert">
                    Your message itself mentions {view.typed.length === 1 ? 'a fact you withheld' : 'facts you withheld'}: {view.typed.map((t) => `${t.label.toLowerCase()} (“${t.text}”)`).join(', ')}.
                  </p>
                )}
              </MessageMarks>
            )}
            <h3>Your facts in this send</h3>
            {view.facts.length === 0 ? (
              <p class="muted">Your profile is empty: only your message is sent.</p>
            ) : (
              <ul class="review-facts">
                {view.facts.map((fact) => (
                  <FactRow key={fact.key} fact={fact} onToggle={() => update(view.prompt, fact.dropped ? dropped(view).filter((k) => k !== fact.key) : [...dropped(view), fact.key])} disabled={busy !== null} />
                ))}
              </ul>
            )}
            {view.leftOut.length > 0 && (
              <div class="left-out">
                <p class="muted">
                  Left out, as your message does not seem to need them (free): {view.leftOut.map((f) => f.label).join(', ')}. Adding one makes a new release,
                  which costs up to ε {formatEpsilonValue(view.freshCost)}.
                </p>
                <div class="dialog-actions">
                  {view.leftOut.map((f) => (
                    <button
                      key={f.key}
                      type="button"
                      class="button"
                      onClick={() => void act('Making a new release…', async () => setPhase({ kind: 'open', view: await send('review.fresh', { include: [f.key] }) }))}
                      disabled={busy !== null}
                    >
                      Add {f.label}
                    </button>
                  ))}
                </div>
              </div>
            )}
            {view.views.length > 0 && (
              <>
                <h3>Answer preferences from your memories</h3>
                <p class="muted">
                  Picked at random with a bias towards your memories, so one may not fit you: leave it out if so (free). At Veil’s default settings, tests
                  found {DEFAULT_RATES.backed}% of picks backed by the memories, {DEFAULT_RATES.misleading}% not, and {DEFAULT_RATES.nothing}% adding nothing. One you
                  stated yourself is marked as yours. Your memories themselves are never sent.
                </p>
                <ul class="review-facts review-views">
                  {view.views.map((v) => (
                    <ViewRow key={v.key} view={v} onToggle={() => update(view.prompt, v.dropped ? dropped(view).filter((k) => k !== v.key) : [...dropped(view), v.key])} disabled={busy !== null} />
                  ))}
                </ul>
              </>
            )}
            <Cost view={view} />
          </>
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
                <button type="button" class="button" onClick={() => void act('Making a new release…', async () => setPhase({ kind: 'open', view: await send('review.fresh', {}) }))} disabled={busy !== null}>
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
              <button type="button" class="button primary" aria-keyshortcuts="Control+Enter Meta+Enter" onClick={() => void approve(false)} disabled={busy !== null || editing || !armed}>
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

function FactRow({ fact, onToggle, disabled }: { fact: ReviewFact; onToggle: () => void; disabled: boolean }) {
  const what =
    fact.treatment === 'kept'
      ? `${fact.released} (shared as is)`
      : fact.treatment === 'privatized'
        ? `${fact.original} → ${fact.released}`
        : fact.omitted
          ? `${fact.original} → left out`
          : `${fact.original} → ${fact.released}`;
  const why = factWhy(fact);
  return (
    <li class={`review-fact ${fact.treatment}${fact.dropped ? ' dropped' : ''}`}>
      <span class="fact-text">
        <strong>{fact.label}:</strong> {what}
        {fact.epsilon > 0 && <span class="muted"> · ε {formatEpsilonValue(fact.epsilon)}</span>}
        {fact.dropped && <span class="muted"> · left out of this send</span>}
        {why && <span class="fact-why">{why.text}</span>}
        {why?.detail && <span class="fact-why hint">{why.detail}</span>}
      </span>
      {!(fact.treatment === 'suppressed' && fact.omitted) && (
        <button type="button" class="link-button" onClick={onToggle} disabled={disabled} aria-label={`${fact.dropped ? 'Put back' : 'Leave out'} ${fact.label}`}>
          {fact.dropped ? 'Put back' : 'Leave out'}
        </button>
      )}
    </li>
  );
}

/** The measured rates at the default settings (Veil's rule, a new attribute's cap, the default K). */
const DEFAULT_RATES = MEASURED_MEMVIEW.veil[DEFAULT_MEMORY_CAP];

const VIEW_KINDS: Record<ReviewSlotView['kind'], string> = {
  selected: 'chosen privately from your memories',
  reused: 'this conversation’s earlier view, free',
  fallback: 'a budget for this period is used up, so nothing is added (free)',
  generic: 'nothing to add for this message, free',
  unprotected: 'from memories in no protected group (outside the guarantee), free',
  stated: 'yours: the preference you stated, shared as you chose, no budget',
};

function ViewRow({ view, onToggle, disabled }: { view: ReviewSlotView; onToggle: () => void; disabled: boolean }) {
  return (
    <li class={`review-fact view ${view.kind}${view.dropped ? ' dropped' : ''}`}>
      <span class="fact-text">
        <strong>{view.label}:</strong> {view.text === '' ? <span class="muted">nothing added</span> : `“${view.text}”`}
        <span class="muted"> · {VIEW_KINDS[view.kind]}</span>
        {view.kind === 'selected' && (
          <span class="muted">
            {' '}
            · ε {formatEpsilonValue(view.epsilon)} charged to {view.attributes.join(', ')}
          </span>
        )}
        {view.kind === 'fallback' && <span class="muted"> ({view.attributes.join(', ')})</span>}
        {view.dropped && <span class="muted"> · left out of this send</span>}
      </span>
      {view.text !== '' && (
        <button type="button" class="link-button" onClick={onToggle} disabled={disabled} aria-label={`${view.dropped ? 'Put back' : 'Leave out'} the ${view.label} preference`}>
          {view.dropped ? 'Put back' : 'Leave out'}
        </button>
      )}
    </li>
  );
}

function Cost({ view }: { view: ReviewView }) {
  return (
    <div class="review-cost">
      {view.reused && view.charged === 0 ? (
        <p>This conversation’s earlier release is used again: this send costs nothing.</p>
      ) : (
        <p>
          This release cost ε {formatEpsilonValue(view.charged)}. It was charged when it was made and <strong>stays charged even if you cancel</strong>; a new
          release costs more.
        </p>
      )}
      {view.fallback && <p class="muted">Some facts have used up their budget for this period: Veil sends their last answer again or leaves them out, at no cost.</p>}
      <p class="muted">Privacy budget left under your total cap: ε {formatEpsilonValue(view.remaining)}.</p>
    </div>
  );
}
