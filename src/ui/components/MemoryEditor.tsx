/**
 * Memories (DP-MemView): short notes kept in Veil at fixed places in public slots, the protected
 * attributes they may imply (each with its cap B_a and its group of memories, every member confirmed by
 * the person), and the views a send may carry instead of them. Every change replaces the stored memory
 * at once; the last removal can be undone from the status line.
 *
 * A memory never leaves the device: a send carries at most one public view per slot its message is
 * about, chosen privately and charged to every protected attribute whose group the slot's memories meet.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { unitsToEpsilon } from '../../core/epsilon';
import type { MemoryOverview } from '../../messaging/contract';
import { SLOT_LABELS, SLOTS, type Slot } from '../../memview/slots';
import { suggestMembers } from '../../memview/suggest';
import { loosenedProtection, type CustomView, type Memory, type MemoryFile, type ProtectedAttribute } from '../../memview/types';
import { slotVocabulary } from '../../memview/vocabulary';
import { errorText, useClient } from '../client';
import { formatEpsilonValue } from '../labels';
import { DEFAULT_MEMORY_CAP, MEASURED_CAPS, MEASURED_K, MEASURED_MEMVIEW } from '../measured-memview';
import { useStatus } from '../use-status';
import { ConfirmDialog, ReleasedStaysReleased } from './ConfirmDialog';
import { Feedback } from './Feedback';

export interface MemoryEditorProps {
  overview: MemoryOverview;
  onOverview: (overview: MemoryOverview) => void;
}

/** A new id: lower-case letters and digits, never shown to anyone. */
function newId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `${prefix}${[...bytes].map((b) => (b % 36).toString(36)).join('')}`;
}

const words = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w.length >= 2);

/** An edit, applied to the memories as they are when its turn to be saved comes. */
type Change = (current: MemoryFile) => MemoryFile;

export function MemoryEditor({ overview, onOverview }: MemoryEditorProps) {
  const send = useClient();
  const file = overview.memory;
  const rates = MEASURED_MEMVIEW[overview.variant];
  const [error, setError] = useState<string | null>(null);
  const [undo, setUndo] = useState<{ label: string; file: MemoryFile } | null>(null);
  const [status, setStatus] = useStatus(() => setUndo(null));
  const [pending, setPending] = useState<{ next: MemoryFile; done: string; previous?: { label: string }; raised: string; loosened: string } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [draftSlot, setDraftSlot] = useState<Slot>('health');
  const [newSlot, setNewSlot] = useState<Slot>('health');
  const [newText, setNewText] = useState('');
  const [newName, setNewName] = useState('');
  const [newCap, setNewCap] = useState(String(DEFAULT_MEMORY_CAP));
  const [view, setView] = useState({ slot: 'food' as Slot, text: '', topics: '', evidence: '' });

  // The newest memories this page knows: a save's answer is known before the render that shows it.
  const latest = useRef(overview);
  useEffect(() => {
    if (overview.revision >= latest.current.revision) latest.current = overview;
  }, [overview]);
  const show = (next: MemoryOverview) => {
    latest.current = next;
    onOverview(next);
  };
  // Saves run one after another, each applied to the memories as the one before left them, so two quick
  // edits (two ticks, two clicks on a cap's spinner) both count and neither is refused.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const save = (change: Change, done: string, previous?: { label: string }, confirmed = false): Promise<boolean> => {
    const run = queue.current.then(() => saveNow(change, done, previous, confirmed));
    queue.current = run;
    return run;
  };

  const saveNow = async (change: Change, done: string, previous: { label: string } | undefined, confirmed: boolean): Promise<boolean> => {
    setError(null);
    const base = latest.current;
    const next = change(base.memory);
    try {
      show(await send('memory.put', { memory: next, confirmed, basis: base.revision }));
      setUndo(previous ? { label: previous.label, file: base.memory } : null);
      setStatus(done);
      return true;
    } catch (e) {
      const message = errorText(e);
      if (/needs your confirmation/.test(message)) {
        // What to ask is the background's answer; the names come from the change (this page's spend
        // figures may be older than the ledger).
        const before = new Map(base.memory.protected.map((a) => [a.id, a.cap]));
        const raised = next.protected.filter((a) => a.cap > (before.get(a.id) ?? Infinity)).map((a) => a.name);
        const loosened = /from its group, needs your confirmation/.test(message) ? loosenedProtection(base.memory, next, () => 1) : loosenedProtection(base.memory, next, (id) => base.spent[id] ?? 0);
        setPending({
          next,
          done,
          ...(previous ? { previous } : {}),
          raised: raised.join(', ') || (/raising the cap/.test(message) ? 'this protected attribute' : ''),
          loosened: loosened.join(', '),
        });
      } else {
        setError(message);
        // Written since this page read them: show the memories as they are now (its copy is out of date).
        if (/changed after this page showed them/.test(message)) {
          setUndo(null);
          await send('memory.get', {}).then(show, () => undefined);
        }
      }
      return false;
    }
  };

  const withMemories = (change: (memories: Memory[]) => Memory[]): Change => (f) => ({ ...f, memories: change(f.memories) });
  const withAttributes = (change: (attributes: ProtectedAttribute[]) => ProtectedAttribute[]): Change => (f) => ({ ...f, protected: change(f.protected) });
  const groupsOf = (id: string) => file.protected.filter((a) => a.members.includes(id)).map((a) => a.name);

  const move = (m: Memory, by: -1 | 1) =>
    void save(
      withMemories((memories) => {
        const same = memories.filter((x) => x.slot === m.slot);
        const other = same[same.findIndex((x) => x.id === m.id) + by];
        if (!other) return memories;
        const list = [...memories];
        const [i, j] = [list.findIndex((x) => x.id === m.id), list.indexOf(other)];
        [list[i], list[j]] = [list[j]!, list[i]!];
        return list;
      }),
      `Moved the memory ${by < 0 ? 'up' : 'down'}.`,
    );

  // Removing a memory also takes it out of every group (a group names memories that exist).
  const remove = (m: Memory) =>
    void save(
      (f) => ({ ...f, memories: f.memories.filter((x) => x.id !== m.id), protected: f.protected.map((a) => ({ ...a, members: a.members.filter((id) => id !== m.id) })) }),
      'Removed the memory.',
      { label: 'Undo removing the memory' },
    );

  const toggleMember = (a: ProtectedAttribute, id: string) => {
    const leaving = a.members.includes(id);
    void save(
      withAttributes((attributes) => attributes.map((x) => (x.id !== a.id ? x : { ...x, members: leaving ? x.members.filter((y) => y !== id) : [...new Set([...x.members, id])] }))),
      leaving ? `Left out of “${a.name}”: that memory is now outside its guarantee.` : `Added to “${a.name}”.`,
    );
  };

  return (
    <section class="memories" aria-labelledby="memories-heading">
      <div class="section-head">
        <h2 id="memories-heading">Memories</h2>
        <span class="count">{file.memories.length === 1 ? '1 memory' : `${file.memories.length} memories`}</span>
      </div>
      <p class="muted">
        Notes that help answers remember you (“training for a marathon”). They stay on this device. A send never carries them: for each topic your
        message is about, it carries at most one general answer preference (“keep meals very cheap”), picked at random with a bias towards what your
        memories support, and it shows you that preference before anything is sent.
      </p>
      <p class="reading">
        Measured on a synthetic test set, at a new attribute’s cap ({DEFAULT_MEMORY_CAP}) and K = {MEASURED_K}: when Veil picks a preference, it is one your
        memories support {rates[DEFAULT_MEMORY_CAP].backed}% of the time, one they do not support {rates[DEFAULT_MEMORY_CAP].misleading}% of the time, and
        nothing is added {rates[DEFAULT_MEMORY_CAP].nothing}%. {overview.variant === 'veil' ? 'Veil adds a preference only when your memories point to it clearly, so mostly it adds nothing. ' : ''}
        At cap 8 it is one they support {rates[8].backed}% of the time and one they do not {rates[8].misleading}%, and an observer tells more (table
        below). For a preference that always fits you, state it yourself below. Check each preference in the review panel and leave out any that does not
        fit you: that is free.
      </p>
      <details class="cap-rates">
        <summary>What a higher cap buys, and what it costs</summary>
        <table>
          <caption class="muted">
            Per cap (K = {MEASURED_K}): preferences backed by your memories, not backed, nothing added; and how well the best possible observer of the
            preferences tells whether you have the attribute (0.5 = a coin toss, 1 = always).
          </caption>
          <thead>
            <tr>
              <th scope="col">cap (ε)</th>
              <th scope="col">backed</th>
              <th scope="col">not backed</th>
              <th scope="col">nothing added</th>
              <th scope="col">observer</th>
            </tr>
          </thead>
          <tbody>
            {MEASURED_CAPS.map((cap) => (
              <tr key={cap}>
                <th scope="row">{cap}</th>
                <td>{rates[cap].backed}%</td>
                <td>{rates[cap].misleading}%</td>
                <td>{rates[cap].nothing}%</td>
                <td>{rates[cap].auc.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>

      {SLOTS.map((slot) => {
        const here = file.memories.filter((m) => m.slot === slot);
        if (here.length === 0) return null;
        return (
          <div key={slot} class="memory-slot">
            <h3>{SLOT_LABELS[slot]}</h3>
            <ul class="memory-list">
              {here.map((m, i) => (
                <li key={m.id} class="memory" data-memory={m.id}>
                  {editing === m.id ? (
                    <form
                      class="inline-form"
                      onSubmit={(e) => {
                        e.preventDefault();
                        // Another topic moves it to the end of that topic's memories.
                        const edited = { ...m, text: draft, slot: draftSlot };
                        const change = withMemories((memories) =>
                          draftSlot === m.slot ? memories.map((x) => (x.id === m.id ? edited : x)) : [...memories.filter((x) => x.id !== m.id), edited],
                        );
                        void save(change, draftSlot === m.slot ? 'Saved the memory.' : `Saved the memory under ${SLOT_LABELS[draftSlot]}.`).then((ok) => ok && setEditing(null));
                      }}
                    >
                      <label for={`memory-edit-slot-${m.id}`}>Topic</label>
                      <TopicSelect id={`memory-edit-slot-${m.id}`} value={draftSlot} onChange={setDraftSlot} />
                      <label for={`memory-edit-${m.id}`}>Memory</label>
                      <input id={`memory-edit-${m.id}`} value={draft} maxLength={1000} onInput={(e) => setDraft(e.currentTarget.value)} />
                      <button type="submit" class="button primary">
                        Save
                      </button>
                      <button type="button" class="button" onClick={() => setEditing(null)}>
                        Cancel
                      </button>
                    </form>
                  ) : (
                    <>
                      <span class="memory-text">{m.text}</span>
                      {groupsOf(m.id).length > 0 ? (
                        <span class="muted"> · protected as {groupsOf(m.id).join(', ')}</span>
                      ) : (
                        <span class="muted"> · in no protected group</span>
                      )}
                      <span class="row-actions">
                        <button type="button" class="link-button" onClick={() => { setEditing(m.id); setDraft(m.text); setDraftSlot(m.slot); }} aria-label={`Edit memory: ${m.text}`}>
                          Edit
                        </button>
                        <button type="button" class="link-button" disabled={i === 0} onClick={() => move(m, -1)} aria-label={`Move up: ${m.text}`}>
                          Up
                        </button>
                        <button type="button" class="link-button" disabled={i === here.length - 1} onClick={() => move(m, 1)} aria-label={`Move down: ${m.text}`}>
                          Down
                        </button>
                        <button type="button" class="link-button" onClick={() => remove(m)} aria-label={`Remove memory: ${m.text}`}>
                          Remove
                        </button>
                      </span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </div>
        );
      })}

      <form
        class="add-panel"
        onSubmit={(e) => {
          e.preventDefault();
          void save(withMemories((memories) => [...memories, { id: newId('m'), slot: newSlot, text: newText.trim() }]), `Added a ${SLOT_LABELS[newSlot].toLowerCase()} memory.`).then((ok) => ok && setNewText(''));
        }}
      >
        <label for="memory-slot">Topic</label>
        <TopicSelect id="memory-slot" value={newSlot} onChange={setNewSlot} />
        <label for="memory-text">New memory</label>
        <input id="memory-text" value={newText} maxLength={1000} placeholder="e.g. Training for a half marathon in spring" onInput={(e) => setNewText(e.currentTarget.value)} />
        <button type="submit" class="button primary" disabled={newText.trim() === ''}>
          Add memory
        </button>
      </form>

      <h3>Protected attributes</h3>
      <p class="muted">
        Something your memories may give away that you want limited (“type 2 diabetes”, “debt”). Every preference picked from a memory in its group is
        charged to it; once its cap would be passed, nothing more is added for those memories. Tick every memory that could hint at it:{' '}
        <strong>a memory left out of the group is outside the guarantee.</strong> Veil marks memories it thinks may belong, but only you decide.
      </p>
      {file.protected.map((a) => {
        const suggested = new Set(suggestMembers(a.name, file.memories));
        return (
          <fieldset key={a.id} class="protected" data-attribute={a.id}>
            <legend>
              {a.name} · cap ε {formatEpsilonValue(a.cap)} · spent ε {formatEpsilonValue(unitsToEpsilon(overview.spent[a.id] ?? 0))}
            </legend>
            <label>
              Cap for {a.name} (ε){' '}
              <input
                type="number"
                min="0.1"
                max="64"
                step="any"
                value={a.cap}
                onChange={(e) => {
                  const cap = Number(e.currentTarget.value);
                  void save(withAttributes((attributes) => attributes.map((x) => (x.id === a.id ? { ...x, cap } : x))), `The cap of “${a.name}” is now ε ${formatEpsilonValue(cap)}.`);
                }}
              />
            </label>
            {overview.mode === 'pre' && (
              <label>
                Planned uses of {a.name}{' '}
                <input
                  type="number"
                  min="1"
                  max="1000"
                  value={a.planned ?? overview.k}
                  onChange={(e) => {
                    const planned = Number(e.currentTarget.value);
                    void save(withAttributes((attributes) => attributes.map((x) => (x.id === a.id ? { ...x, planned } : x))), 'Saved.');
                  }}
                />
              </label>
            )}
            <p class="muted">Memories that may imply {a.name}:</p>
            {file.memories.length === 0 && <p class="muted">No memories yet.</p>}
            <ul class="members">
              {file.memories.map((m) => (
                <li key={m.id}>
                  <label>
                    <input type="checkbox" checked={a.members.includes(m.id)} onChange={() => toggleMember(a, m.id)} /> {m.text}
                    {suggested.has(m.id) && !a.members.includes(m.id) && <span class="suggested"> · Veil suggests this one</span>}
                  </label>
                </li>
              ))}
            </ul>
            <button type="button" class="link-button" onClick={() => void save(withAttributes((attributes) => attributes.filter((x) => x.id !== a.id)), `Removed “${a.name}”. What was released stays released.`, { label: `Undo removing “${a.name}”` })}>
              Remove {a.name}
            </button>
          </fieldset>
        );
      })}
      <form
        class="add-panel"
        onSubmit={(e) => {
          e.preventDefault();
          // An opaque id: it names the attribute's ledger (`memory:<id>`), so it says nothing of the name.
          const id = newId('a');
          void save(withAttributes((attributes) => [...attributes, { id, name: newName.trim(), cap: Number(newCap), members: [] }]), `Added “${newName.trim()}”. Now tick the memories that may imply it.`).then(
            (ok) => ok && setNewName(''),
          );
        }}
      >
        <label for="memory-attribute-name">Protected attribute</label>
        <input id="memory-attribute-name" value={newName} maxLength={80} placeholder="e.g. type 2 diabetes" onInput={(e) => setNewName(e.currentTarget.value)} />
        <label for="memory-attribute-cap">Cap (ε)</label>
        <input id="memory-attribute-cap" type="number" min="0.1" max="64" step="any" value={newCap} onInput={(e) => setNewCap(e.currentTarget.value)} />
        <button type="submit" class="button primary" disabled={newName.trim() === ''}>
          Add protected attribute
        </button>
      </form>

      <h3>Preferences you state yourself</h3>
      <p class="muted">
        A preference you state is sent as yours whenever a message asks for it, instead of one Veil picks from your memories: no memory is read and no
        budget is spent, and the review marks it as yours. It is shared because you chose to share it, so it says openly what it says (“avoid foods not
        advised in pregnancy” tells the site you may be pregnant): state only what you are happy to share.
      </p>
      <div class="stated-preferences">
        {SLOTS.map((slot) => {
          const choices = [...slotVocabulary(slot).views.slice(1), ...file.views.filter((v) => v.slot === slot)];
          const current = file.stated?.find((p) => p.slot === slot)?.code ?? '';
          return (
            <label key={slot} class="stated-preference">
              {SLOT_LABELS[slot]}{' '}
              <select
                aria-label={`Your stated preference for ${SLOT_LABELS[slot]}`}
                value={current}
                onChange={(e) => {
                  const code = e.currentTarget.value;
                  void save(
                    (f) => {
                      const others = (f.stated ?? []).filter((p) => p.slot !== slot);
                      return { ...f, stated: code === '' ? others : [...others, { slot, code }] };
                    },
                    code === '' ? `No stated preference for ${SLOT_LABELS[slot]}: Veil picks from your memories.` : `Stated as yours for ${SLOT_LABELS[slot]}.`,
                  );
                }}
              >
                <option value="">none: Veil picks privately from your memories</option>
                {choices.map((v) => (
                  <option key={v.code} value={v.code}>
                    {v.text}
                  </option>
                ))}
              </select>
            </label>
          );
        })}
      </div>

      <h3>How preferences are charged</h3>
      <fieldset class="memory-mode">
        <legend>Budget for memories</legend>
        <label>
          <input type="radio" name="memory-mode" checked={overview.mode === 'online'} onChange={() => void setMode({ memoryMode: 'online' })} /> Each preference costs
          a protected attribute its cap divided by{' '}
          <input
            type="number"
            min="1"
            max="64"
            aria-label="Number of charged preferences per cap (K)"
            value={overview.k}
            onChange={(e) => void setMode({ memoryK: Number(e.currentTarget.value) })}
          />
        </label>
        <label>
          <input type="radio" name="memory-mode" checked={overview.mode === 'pre'} onChange={() => void setMode({ memoryMode: 'pre' })} /> Each protected attribute’s
          cap is split over the uses you plan for it
        </label>
      </fieldset>

      <details class="views">
        <summary>Preferences a send may carry, by topic</summary>
        <p class="muted">
          The same for everyone, whatever your memories say. A topic’s first choice is always “nothing added”. You may add your own; what a memory says
          never adds one.
        </p>
        {SLOTS.map((slot) => (
          <div key={slot}>
            <h4>{SLOT_LABELS[slot]}</h4>
            <ul>
              {slotVocabulary(slot).views.map((v) => (
                <li key={v.code}>{v.text === '' ? <span class="muted">nothing added</span> : v.text}</li>
              ))}
              {file.views
                .filter((v) => v.slot === slot)
                .map((v) => (
                  <li key={v.code}>
                    {v.text} <span class="muted">(yours)</span>{' '}
                    <button type="button" class="link-button" onClick={() => void save((f) => ({ ...f, views: f.views.filter((x) => x.code !== v.code), stated: (f.stated ?? []).filter((p) => !(p.slot === v.slot && p.code === v.code)) }), 'Removed your preference.')}>
                      Remove
                    </button>
                  </li>
                ))}
            </ul>
          </div>
        ))}
        <form
          class="add-panel"
          onSubmit={(e) => {
            e.preventDefault();
            const own: CustomView = { slot: view.slot, code: newId('custom-'), text: view.text.trim(), topics: words(view.topics), evidence: words(view.evidence) };
            void save((f) => ({ ...f, views: [...f.views, own] }), 'Added your preference.').then((ok) => ok && setView({ ...view, text: '', topics: '', evidence: '' }));
          }}
        >
          <label for="view-slot">Topic</label>
          <TopicSelect id="view-slot" value={view.slot} onChange={(slot) => setView({ ...view, slot })} />
          <label for="view-text">Preference</label>
          <input id="view-text" value={view.text} maxLength={200} placeholder="e.g. keep recipes spicy" onInput={(e) => setView({ ...view, text: e.currentTarget.value })} />
          <label for="view-topics">Words in a message it answers (comma-separated)</label>
          <input id="view-topics" value={view.topics} onInput={(e) => setView({ ...view, topics: e.currentTarget.value })} />
          <label for="view-evidence">Words in a memory that support it</label>
          <input id="view-evidence" value={view.evidence} onInput={(e) => setView({ ...view, evidence: e.currentTarget.value })} />
          <button type="submit" class="button" disabled={view.text.trim().length < 3}>
            Add preference
          </button>
        </form>
      </details>

      <Feedback error={error} status={status}>
        {undo && (
          <button type="button" class="link-button" onClick={() => void save(() => undo.file, 'Undone.')}>
            {undo.label}
          </button>
        )}
      </Feedback>
      {pending && (
        <ConfirmDialog
          title={pending.loosened ? `Protect less under ${pending.loosened}?` : `Raise the cap of ${pending.raised || 'this protected attribute'}?`}
          confirmLabel={pending.loosened ? 'Protect less' : 'Raise cap'}
          onConfirm={() => {
            const p = pending;
            setPending(null);
            void save(() => p.next, p.done, p.previous, true);
          }}
          onCancel={() => setPending(null)}
        >
          {pending.loosened && (
            <p>
              It has already spent budget this period. The memories it would no longer cover then shape preferences with no limit, and adding it again
              later starts a new budget.
            </p>
          )}
          {(pending.raised || !pending.loosened) && <p>Veil may then add more preferences picked from the memories in its group.</p>}
          <ReleasedStaysReleased />
        </ConfirmDialog>
      )}
    </section>
  );

  async function setMode(patch: { memoryMode?: 'online' | 'pre'; memoryK?: number }) {
    setError(null);
    try {
      const settings = await send('settings.update', { patch });
      onOverview({ ...overview, mode: settings.memoryMode, k: settings.memoryK });
      setStatus('Saved.');
    } catch (e) {
      setError(errorText(e));
    }
  }
}

/** The topic (slot) picker the memory and preference forms share. */
function TopicSelect({ id, value, onChange }: { id: string; value: Slot; onChange: (slot: Slot) => void }) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value as Slot)}>
      {SLOTS.map((s) => (
        <option key={s} value={s}>
          {SLOT_LABELS[s]}
        </option>
      ))}
    </select>
  );
}

/**
 * When the stored memories cannot be read (damaged), every send is refused (nothing is sent) and so are
 * the budget and the export: say so, and offer to start over with no memories. The ledgers of protected
 * attributes keep what they spent, so starting over raises no cap.
 */
export function DamagedMemories({ error, onOverview }: { error: string; onOverview: (overview: MemoryOverview) => void }) {
  const send = useClient();
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <section class="memories" aria-labelledby="memories-heading">
      <h2 id="memories-heading">Memories</h2>
      <p class="error" role="alert">
        Veil could not read your memories: {error}. Until then Veil sends nothing, and the budget and the export cannot be shown.
      </p>
      <button type="button" class="button" onClick={() => setAsking(true)}>
        Start over with no memories
      </button>
      {failed && (
        <p class="error" role="alert">
          {failed}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title="Start over with no memories?"
          confirmLabel="Start over"
          onConfirm={() => {
            setAsking(false);
            send('memory.put', { memory: { memories: [], protected: [], views: [] }, confirmed: true }).then(onOverview, (e: unknown) => setFailed(errorText(e)));
          }}
          onCancel={() => setAsking(false)}
        >
          <p>The damaged memories, protected attributes and your own preferences are deleted; your profile stays. What your protected attributes spent this period stays counted.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
