/**
 * A ready release in the review panel: exactly what Send puts into the site's message box (or the box to
 * edit the message), its marks, the person's facts and answer preferences in it, each to leave out or put
 * back, the facts left out as not needed (each to add by a new release), and what it cost.
 *
 * ```tsx
 * <ReadyRelease view={view} editing={editing} draft={draft} setDraft={setDraft} setEditing={setEditing} busy={busy} act={act} update={update} setPhase={setPhase} />
 * ```
 */
import type { ReviewView } from '../../../messaging/contract';
import { useClient } from '../../client';
import { MarkedMessage, MessageMarks } from '../../components/MessageMarks';
import { formatEpsilonValue } from '../../labels';
import { DEFAULT_MEMORY_CAP, MEASURED_MEMVIEW } from '../../measured-memview';
import { Cost } from './Cost';
import { FactRow } from './FactRow';
import type { Phase } from './use-review-phase';
import { ViewRow } from './ViewRow';

/** The measured rates at the default settings (Veil's rule, a new attribute's cap, the default K). */
const DEFAULT_RATES = MEASURED_MEMVIEW.veil[DEFAULT_MEMORY_CAP];

/** The keys of the facts and preferences the person left out of this send. */
const dropped = (v: ReviewView) => [...v.facts, ...v.views].filter((f) => f.dropped).map((f) => f.key);

export interface ReadyReleaseProps {
  view: ReviewView;
  editing: boolean;
  draft: string;
  setDraft: (draft: string) => void;
  setEditing: (editing: boolean) => void;
  busy: string | null;
  act: (label: string, action: () => Promise<void>) => Promise<void>;
  update: (prompt: string, dropped: string[]) => Promise<void>;
  setPhase: (phase: Phase) => void;
}

export function ReadyRelease({ view, editing, draft, setDraft, setEditing, busy, act, update, setPhase }: ReadyReleaseProps) {
  const send = useClient();
  return (
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
          text={view.text}
          onChooseMany={(marks, treatment) =>
            void act('Updating…', async () => {
              // One at a time: each choice is stored before the next is read.
              let next = view;
              for (const mark of marks) next = await send('review.choose', { mark, treatment });
              setPhase({ kind: 'open', view: next });
            })
          }
        >
          {view.typed.length > 0 && (
            <p class="typed-warning" role="alert">
              Your message itself mentions {view.typed.length === 1 ? 'a fact you withheld' : 'facts you withheld'}:{' '}
              {view.typed.map((t) => `${t.label.toLowerCase()} (“${t.text}”)`).join(', ')}.
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
            <FactRow
              key={fact.key}
              fact={fact}
              onToggle={() => update(view.prompt, fact.dropped ? dropped(view).filter((k) => k !== fact.key) : [...dropped(view), fact.key])}
              disabled={busy !== null}
            />
          ))}
        </ul>
      )}
      {view.leftOut.length > 0 && (
        <div class="left-out">
          <p class="muted">
            Left out, as your message does not seem to need them (free): {view.leftOut.map((f) => f.label).join(', ')}. Adding one makes a new release, which
            costs up to ε {formatEpsilonValue(view.freshCost)}.
          </p>
          <div class="dialog-actions">
            {view.leftOut.map((f) => (
              <button
                key={f.key}
                type="button"
                class="button"
                onClick={() =>
                  void act('Making a new release…', async () => setPhase({ kind: 'open', view: await send('review.fresh', { include: [f.key] }) }))
                }
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
            Picked at random with a bias towards your memories, so one may not fit you: leave it out if so (free). At Veil’s default settings, tests found{' '}
            {DEFAULT_RATES.backed}% of picks backed by the memories, {DEFAULT_RATES.misleading}% not, and {DEFAULT_RATES.nothing}% adding nothing. One you
            stated yourself is marked as yours. Your memories themselves are never sent.
          </p>
          <ul class="review-facts review-views">
            {view.views.map((v) => (
              <ViewRow
                key={v.key}
                view={v}
                onToggle={() => update(view.prompt, v.dropped ? dropped(view).filter((k) => k !== v.key) : [...dropped(view), v.key])}
                disabled={busy !== null}
              />
            ))}
          </ul>
        </>
      )}
      <Cost view={view} />
    </>
  );
}
