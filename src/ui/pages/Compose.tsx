/**
 * CROSS-MAP's private compose box (issue 10): Veil's own page in an iframe docked beside the chat page
 * (entrypoints/compose). The person writes here; the chat site sees only the mapped text. By default the
 * text is protected as every reviewed send is (issue 18): the same marks and per-span choices as the review
 * (MessageMarks); mapping into another domain is an explicit choice that says what it costs. The box shows
 * the original and the text to send side by side with every change marked, lets the person change a
 * substitute, sends through the site's normal review, and shows the site's answer back in the person's own
 * words. A page that frames this URL itself gets nothing: the session needs the one-time token.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { kindLabel } from '../../core/span-kinds';
import { KEYS_TAKEN, useKeysTaken } from '../keys-taken';
import type { ComposeMode, ComposeView } from '../../messaging/contract';
import { errorText, useClient } from '../client';
import { Marked } from '../components/Marked';
import { MarkedMessage, MessageMarks } from '../components/MessageMarks';
import { claimSession, type Claimed } from '../framed-claim';

type Phase = Claimed<ComposeView>;

/** What mapping into another domain costs, in one sentence (shown with the choice). */
export const THEMED_COST =
  'The assistant then answers about the substitute domain: Veil maps its answer back into your words, but facts specific to your real domain (medical advice, for example) are lost.';

export function Compose({ nextTokens }: { nextTokens: () => Promise<string[]> }) {
  const send = useClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [draft, setDraft] = useState('');
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ original: string; value: string } | null>(null);
  const mapTimer = useRef<ReturnType<typeof setTimeout>>();
  // The text as last typed (a callback that runs later sees it, not the text of the render it was made in).
  const typed = useRef('');
  // Ctrl+Enter pressed while the preview was being mapped (or a choice made): send once that is done, never drop the key.
  const sendWhenIdle = useRef(false);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const keysTaken = useKeysTaken();
  const view = phase.kind === 'open' ? phase.view : null;
  // The box opens ready to type in.
  useEffect(() => {
    if (phase.kind === 'open') textArea.current?.focus();
  }, [phase.kind]);

  useEffect(
    () =>
      claimSession(nextTokens, (tokens) => send('compose.get', { tokens }), setPhase, {
        none: 'This compose box is not open for a chat page. Open it with the Veil button next to the message box.',
      }),
    [],
  );

  // While the site answers, ask the background for the recovered answer every second.
  useEffect(() => {
    if (view?.state !== 'waiting') return;
    const timer = setInterval(() => {
      void send('compose.get', {}).then(
        (v) => setPhase({ kind: 'open', view: v }),
        () => undefined,
      );
    }, 1000);
    return () => clearInterval(timer);
  }, [view?.state]);

  const act = async (label: string, action: () => Promise<ComposeView | void>) => {
    setBusy(label);
    setError(null);
    try {
      const next = await action();
      if (next) setPhase({ kind: 'open', view: next });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
      if (label !== 'send' && sendWhenIdle.current) {
        sendWhenIdle.current = false;
        void mapAndSend();
      }
    }
  };

  const map = (text: string) => act('map', () => send('compose.map', { text }));
  const chooseMode = (mode: ComposeMode) => act('mode', () => send('compose.mode', { mode }));
  const onInput = (text: string) => {
    typed.current = text;
    setDraft(text);
    clearTimeout(mapTimer.current);
    mapTimer.current = setTimeout(() => void map(text), 400);
  };
  const close = () => void send('compose.close', {}).catch(() => undefined);
  /** Ctrl/Cmd+Enter: map what is written now, then send it. */
  const mapAndSend = () =>
    act('send', async () => {
      clearTimeout(mapTimer.current);
      const mapped = await send('compose.map', { text: typed.current });
      setPhase({ kind: 'open', view: mapped });
      return send('compose.send', {});
    });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const current = view && view.original === draft;
  const guessed = view?.spans.filter((s) => s.kind === 'proper') ?? [];
  const protect = view?.mode !== 'themed';

  return (
    <div class="compose" role="dialog" aria-labelledby="compose-title">
      <div class="compose-head">
        <h1 id="compose-title">Private compose{view ? ` for ${view.siteLabel}` : ''}</h1>
        <button type="button" class="button" onClick={close} aria-label="Close the private compose box">
          Close
        </button>
      </div>
      {phase.kind === 'loading' && <p role="status">Opening…</p>}
      {phase.kind === 'none' && <p class="error">{phase.error}</p>}
      {view && (
        <>
          {protect ? (
            <p class="muted">
              Write here, not in {view.siteLabel}'s box: {view.siteLabel} gets only the text Veil shows you. Veil replaces the names, places, organisations,
              dates, ages, amounts, contacts and ID numbers it recognises with stand-ins, and sends health, beliefs, money, legal and other sensitive matters
              only by their kind; you choose per word below. There is no formal guarantee: read the text before you send.
            </p>
          ) : (
            <p class="muted">
              Write here, not in {view.siteLabel}'s box: {view.siteLabel} gets only the mapped text. Veil replaces the names, places, organisations, dates,
              ages, amounts, contacts, ID numbers and health, money and legal words it recognises
              {view.theme ? ` with words about ${view.theme}` : ''}, and nothing else. There is no formal guarantee: read the mapped text before you send.
            </p>
          )}
          <label for="compose-text">Your message (stays in Veil)</label>
          <textarea
            id="compose-text"
            ref={textArea}
            rows={5}
            value={draft}
            aria-describedby="compose-keys"
            onInput={(e) => onInput((e.target as HTMLTextAreaElement).value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && draft.trim()) {
                e.preventDefault();
                // (While the preview is being mapped, once it is: a key pressed then had been dropped silently.)
                if (busy === null) void mapAndSend();
                else if (busy !== 'send') sendWhenIdle.current = true;
              }
            }}
          />
          <p id="compose-keys" class="hint">
            Ctrl+Enter sends the mapped text for review; Esc closes this box.
          </p>
          <fieldset class="compose-mode">
            <legend>How Veil changes your message</legend>
            <div>
              <input
                type="radio"
                id="compose-mode-protect"
                name="compose-mode"
                checked={protect}
                disabled={busy !== null}
                onChange={() => void chooseMode('protect')}
              />
              <label for="compose-mode-protect">
                Protect what I write (recommended): stand-ins for names, places and numbers, sensitive matters only by their kind
              </label>
            </div>
            <div>
              <input
                type="radio"
                id="compose-mode-themed"
                name="compose-mode"
                checked={!protect}
                disabled={busy !== null}
                aria-describedby="compose-themed-cost"
                onChange={() => void chooseMode('themed')}
              />
              <label for="compose-mode-themed">Map into another domain (for writing and planning tasks)</label>
              <p id="compose-themed-cost" class="hint">
                {THEMED_COST}
              </p>
            </div>
          </fieldset>
          {view.original && (
            <div class="compose-columns">
              <div>
                <h3>What you wrote</h3>
                <p class="sent-text" data-testid="compose-original">
                  <Marked
                    text={view.original}
                    marks={view.spans.map((s, i) => ({
                      start: s.start,
                      end: s.end,
                      title: (protect ? view.message.marks[i]?.kindLabel : undefined) ?? kindLabel(s.kind),
                    }))}
                  />
                </p>
              </div>
              <div>
                <h3>What {view.siteLabel} will see</h3>
                <p class="sent-text" data-testid="compose-mapped">
                  {protect ? (
                    <MarkedMessage text={view.mapped} marks={view.message.marks} />
                  ) : (
                    <Marked text={view.mapped} marks={view.replaced.map((r) => ({ start: r.start, end: r.end, title: `stands for: ${r.original}` }))} />
                  )}
                </p>
              </div>
            </div>
          )}
          {view.original && protect && (
            <MessageMarks
              message={view.message}
              draftSeen={false}
              disabled={busy !== null || !current}
              onChoose={(mark, treatment) => void act('choose', () => send('compose.choose', { mark, treatment }))}
              text={view.mapped}
              onChooseMany={(marks, treatment) =>
                void act('choose', async () => {
                  // One at a time: each choice is stored before the next is read.
                  let next: ComposeView | void = undefined;
                  for (const mark of marks) next = await send('compose.choose', { mark, treatment });
                  return next;
                })
              }
            />
          )}
          {view.original && (
            <p class="hint" data-testid="compose-mapped-by">
              Mapped by {view.mappedBy}, on this device.
            </p>
          )}
          {view.original && !protect && view.replaced.length === 0 && (
            <p class="typed-warning" role="status">
              Veil found nothing to map in this message: it would go out exactly as written.
            </p>
          )}
          {guessed.length > 0 && (
            <p class="typed-warning">
              Mapped because they look like names: {guessed.map((g) => `“${g.text}”`).join(', ')}. Anything not marked goes out as written.
            </p>
          )}
          {view.replaced.length > 0 && (
            <ul class="compose-pairs" aria-label="Replacements">
              {[...new Map(view.replaced.map((r) => [r.original.toLowerCase(), r])).values()].map((r) => (
                <li key={r.original}>
                  <span>{r.original}</span> →{' '}
                  {editing?.original === r.original ? (
                    <form
                      class="inline-form"
                      onSubmit={(e) => {
                        e.preventDefault();
                        void act('edit', () => send('compose.edit', { original: r.original, substitute: editing.value })).then(() => setEditing(null));
                      }}
                    >
                      <input
                        aria-label={`Replacement for ${r.original}`}
                        value={editing.value}
                        onInput={(e) => setEditing({ original: r.original, value: (e.target as HTMLInputElement).value })}
                      />
                      <button type="submit" class="button" disabled={busy !== null}>
                        Save
                      </button>
                    </form>
                  ) : (
                    <>
                      <strong>{r.text.replace(/['’]s$/, '')}</strong>{' '}
                      <button type="button" class="link" onClick={() => setEditing({ original: r.original, value: r.text.replace(/['’]s$/, '') })}>
                        Change
                      </button>
                    </>
                  )}
                </li>
              ))}
            </ul>
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
          <div class="dialog-actions">
            <button
              type="button"
              class="button primary"
              disabled={busy !== null || !current || view.state === 'waiting' || !view.mapped.trim()}
              onClick={() => void act('send', () => send('compose.send', {}))}
            >
              Send the mapped text…
            </button>
          </div>
          {view.state === 'waiting' && <p role="status">Sent for review. Waiting for {view.siteLabel}'s answer…</p>}
          {view.note && <p class="typed-warning">{view.note}</p>}
          {view.answer && (
            <section aria-labelledby="answer-title" class="compose-answer">
              <h3 id="answer-title">{view.siteLabel}'s answer, in your words</h3>
              <p class="sent-text" data-testid="compose-answer">
                <Marked
                  text={view.answer.text}
                  marks={view.answer.restored.map((r) => ({ start: r.start, end: r.end, title: `${view.siteLabel} wrote: ${r.found}` }))}
                />
              </p>
              <details>
                <summary>What {view.siteLabel} wrote</summary>
                <p class="sent-text">{view.answer.read}</p>
              </details>
            </section>
          )}
          <details class="compose-paste">
            <summary>Read an answer you copied from {view.siteLabel}</summary>
            <label for="compose-paste">Paste the answer</label>
            <textarea id="compose-paste" rows={4} value={pasted} onInput={(e) => setPasted((e.target as HTMLTextAreaElement).value)} />
            <button
              type="button"
              class="button"
              disabled={!pasted.trim() || busy !== null}
              onClick={() => void act('recover', () => send('compose.recover', { text: pasted }))}
            >
              Put my words back
            </button>
          </details>
          <details class="compose-codebook">
            <summary>This conversation's replacements ({view.dictionary.length})</summary>
            <p class="muted">
              The same word gets the same replacement for the whole conversation, so {view.siteLabel}'s answers stay consistent; another conversation gets
              different ones. They are kept on this device only.
            </p>
            <ul>
              {view.dictionary.map((d) => (
                <li key={d.original}>
                  {d.original} → {d.substitute}
                </li>
              ))}
            </ul>
            <button
              type="button"
              class="button"
              disabled={busy !== null || view.dictionary.length === 0}
              onClick={() => void act('forget', () => send('compose.forget', {}))}
            >
              Forget them
            </button>
          </details>
        </>
      )}
    </div>
  );
}
