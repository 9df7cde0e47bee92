/**
 * The protected attributes (DP-MemView): each with its cap B_a, what it has spent this period, its planned
 * uses (when the budget is split over them) and its group of memories, every member ticked by the person
 * (Veil only suggests); and the form that adds one.
 *
 * ```tsx
 * <ProtectedAttributes overview={overview} save={save} />
 * ```
 */
import { useState } from 'preact/hooks';
import { unitsToEpsilon } from '../../../core/epsilon';
import type { MemoryOverview } from '../../../messaging/contract';
import { suggestMembers } from '../../../memview/suggest';
import type { ProtectedAttribute } from '../../../memview/types';
import { formatEpsilonValue } from '../../labels';
import { DEFAULT_MEMORY_CAP } from '../../measured-memview';
import { newId, withAttributes, type Save } from './memory-changes';

export function ProtectedAttributes({ overview, save }: { overview: MemoryOverview; save: Save }) {
  const file = overview.memory;
  const [newName, setNewName] = useState('');
  const [newCap, setNewCap] = useState(String(DEFAULT_MEMORY_CAP));

  const toggleMember = (a: ProtectedAttribute, id: string) => {
    const leaving = a.members.includes(id);
    void save(
      withAttributes((attributes) =>
        attributes.map((x) => (x.id !== a.id ? x : { ...x, members: leaving ? x.members.filter((y) => y !== id) : [...new Set([...x.members, id])] })),
      ),
      leaving ? `Left out of “${a.name}”: that memory is now outside its guarantee.` : `Added to “${a.name}”.`,
    );
  };

  return (
    <>
      <h3>Protected attributes</h3>
      <p class="muted">
        Something your memories may give away that you want limited (“type 2 diabetes”, “debt”). Every preference picked from a memory in its group is charged
        to it; once its cap would be passed, nothing more is added for those memories. Tick every memory that could hint at it:{' '}
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
                  void save(
                    withAttributes((attributes) => attributes.map((x) => (x.id === a.id ? { ...x, cap } : x))),
                    `The cap of “${a.name}” is now ε ${formatEpsilonValue(cap)}.`,
                  );
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
                    void save(
                      withAttributes((attributes) => attributes.map((x) => (x.id === a.id ? { ...x, planned } : x))),
                      'Saved.',
                    );
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
            <button
              type="button"
              class="link-button"
              onClick={() =>
                void save(
                  withAttributes((attributes) => attributes.filter((x) => x.id !== a.id)),
                  `Removed “${a.name}”. What was released stays released.`,
                  { label: `Undo removing “${a.name}”` },
                )
              }
            >
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
          void save(
            withAttributes((attributes) => [...attributes, { id, name: newName.trim(), cap: Number(newCap), members: [] }]),
            `Added “${newName.trim()}”. Now tick the memories that may imply it.`,
          ).then((ok) => ok && setNewName(''));
        }}
      >
        <label for="memory-attribute-name">Protected attribute</label>
        <input
          id="memory-attribute-name"
          value={newName}
          maxLength={80}
          placeholder="e.g. type 2 diabetes"
          onInput={(e) => setNewName(e.currentTarget.value)}
        />
        <label for="memory-attribute-cap">Cap (ε)</label>
        <input id="memory-attribute-cap" type="number" min="0.1" max="64" step="any" value={newCap} onInput={(e) => setNewCap(e.currentTarget.value)} />
        <button type="submit" class="button primary" disabled={newName.trim() === ''}>
          Add protected attribute
        </button>
      </form>
    </>
  );
}
