/**
 * The memories by topic, each with its groups, to edit (text and topic), move within its topic or remove;
 * and the form that adds one.
 *
 * ```tsx
 * <MemoryList file={overview.memory} save={save} />
 * ```
 */
import { useState } from 'preact/hooks';
import { SLOT_LABELS, SLOTS, type Slot } from '../../../memview/slots';
import type { Memory, MemoryFile } from '../../../memview/types';
import { newId, withMemories, type Save } from './memory-changes';
import { TopicSelect } from './TopicSelect';

export function MemoryList({ file, save }: { file: MemoryFile; save: Save }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [draftSlot, setDraftSlot] = useState<Slot>('health');
  const [newSlot, setNewSlot] = useState<Slot>('health');
  const [newText, setNewText] = useState('');

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
      (f) => ({
        ...f,
        memories: f.memories.filter((x) => x.id !== m.id),
        protected: f.protected.map((a) => ({ ...a, members: a.members.filter((id) => id !== m.id) })),
      }),
      'Removed the memory.',
      { label: 'Undo removing the memory' },
    );

  return (
    <>
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
                        void save(change, draftSlot === m.slot ? 'Saved the memory.' : `Saved the memory under ${SLOT_LABELS[draftSlot]}.`).then(
                          (ok) => ok && setEditing(null),
                        );
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
                        <button
                          type="button"
                          class="link-button"
                          onClick={() => {
                            setEditing(m.id);
                            setDraft(m.text);
                            setDraftSlot(m.slot);
                          }}
                          aria-label={`Edit memory: ${m.text}`}
                        >
                          Edit
                        </button>
                        <button type="button" class="link-button" disabled={i === 0} onClick={() => move(m, -1)} aria-label={`Move up: ${m.text}`}>
                          Up
                        </button>
                        <button
                          type="button"
                          class="link-button"
                          disabled={i === here.length - 1}
                          onClick={() => move(m, 1)}
                          aria-label={`Move down: ${m.text}`}
                        >
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
          void save(
            withMemories((memories) => [...memories, { id: newId('m'), slot: newSlot, text: newText.trim() }]),
            `Added a ${SLOT_LABELS[newSlot].toLowerCase()} memory.`,
          ).then((ok) => ok && setNewText(''));
        }}
      >
        <label for="memory-slot">Topic</label>
        <TopicSelect id="memory-slot" value={newSlot} onChange={setNewSlot} />
        <label for="memory-text">New memory</label>
        <input
          id="memory-text"
          value={newText}
          maxLength={1000}
          placeholder="e.g. Training for a half marathon in spring"
          onInput={(e) => setNewText(e.currentTarget.value)}
        />
        <button type="submit" class="button primary" disabled={newText.trim() === ''}>
          Add memory
        </button>
      </form>
    </>
  );
}
