/**
 * The profile editor: every attribute grouped by whom it is about, each with a shared/withheld switch,
 * edit and remove; and a form to add one. Changes go to the background at once, and the last removal or
 * sharing change can be undone from the status line ("Removed You · Age. Undo").
 *
 * Keyboard focus follows what the person did: an opened form takes focus; after Remove it goes to the
 * row that took the removed one's place (or the one before it, or the Add button); after Save, Cancel or
 * Undo it goes back to the row concerned.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { attributeKey, type Attribute, type Profile } from '../../core/profile';
import { errorText, useClient } from '../client';
import { useStatus } from '../use-status';
import { capitalize, entityLabel, factPhrase, fieldLabel } from '../labels';
import { AttributeForm } from './AttributeForm';
import { Feedback } from './Feedback';

const idOf = (a: Attribute) => ({ entity: a.entity, field: a.field });
const other = (a: Attribute): Attribute['sharing'] => (a.sharing === 'withheld' ? 'shared' : 'withheld');

export interface ProfileEditorProps {
  profile: Profile;
  onProfile: (profile: Profile) => void;
}

/** Where keyboard focus goes after the next render: a row's control, or the Add button. */
type FocusTarget = { key: string; control: 'switch' | 'edit' } | 'add';

interface Undo {
  /** "Undo removing You · Age" */
  label: string;
  run: () => Promise<Profile>;
  done: string;
  focus: FocusTarget;
}

export function ProfileEditor({ profile, onProfile }: ProfileEditorProps) {
  const send = useClient();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(profile.attributes.length === 0);
  const [addOpened, setAddOpened] = useState(false);
  const [undo, setUndo] = useState<Undo | null>(null);
  const [status, setStatus] = useStatus(() => setUndo(null));
  const [error, setError] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (!target || !section.current) return;
    focusNext.current = null;
    if (target === 'add') {
      section.current.querySelector<HTMLElement>('.add-button, .add-panel select')?.focus();
      return;
    }
    const row = [...section.current.querySelectorAll<HTMLElement>('li[data-key]')].find((li) => li.dataset.key === target.key);
    row?.querySelector<HTMLElement>(target.control === 'switch' ? '[role="switch"]' : '.edit-button')?.focus();
  });

  const run = async (action: () => Promise<Profile>, done: string, next: Undo | null, focus?: FocusTarget) => {
    try {
      onProfile(await action());
      setStatus(done);
      setUndo(next);
      setError(null);
      if (focus) focusNext.current = focus;
    } catch (e) {
      setError(errorText(e));
    }
  };

  const toggle = (a: Attribute) => {
    const fact = factPhrase(a);
    const changed = { ...a, sharing: other(a) };
    return run(() => send('profile.putAttribute', { attribute: changed, previous: idOf(a) }), `${capitalize(fact)} is now ${changed.sharing}.`, {
      label: `Undo: make ${fact} ${a.sharing} again`,
      run: () => send('profile.putAttribute', { attribute: a, previous: idOf(a) }),
      done: `${capitalize(fact)} is ${a.sharing} again.`,
      focus: { key: attributeKey(a), control: 'switch' },
    });
  };

  const remove = (a: Attribute) => {
    const index = profile.attributes.indexOf(a);
    const fact = factPhrase(a);
    // Focus: the row that takes its place in the list as shown (grouped by entity), else the one before.
    const shown = [...groupByEntity(profile.attributes).values()].flat();
    const at = shown.indexOf(a);
    const neighbour = shown[at + 1] ?? shown[at - 1];
    return run(
      () => send('profile.removeAttribute', idOf(a)),
      `Removed ${fact}.`,
      {
        label: `Undo: restore ${fact}`,
        run: () => send('profile.putAttribute', { attribute: a, index }),
        done: `Restored ${fact}.`,
        focus: { key: attributeKey(a), control: 'switch' },
      },
      neighbour ? { key: attributeKey(neighbour), control: 'switch' } : 'add',
    );
  };

  const runUndo = (u: Undo) => run(u.run, u.done, null, u.focus);

  const groups = groupByEntity(profile.attributes);
  const withheld = profile.attributes.filter((a) => a.sharing === 'withheld').length;

  return (
    <section ref={section} class="profile-editor" aria-labelledby="profile-heading">
      <div class="section-head">
        <h2 id="profile-heading">Profile</h2>
        <span class="count">
          {profile.attributes.length} facts · {withheld} withheld
        </span>
      </div>
      {profile.attributes.length === 0 && <p class="empty">Nothing yet. Add what chat sites may use to personalize their answers.</p>}
      {[...groups].map(([entity, attributes]) => (
        <div class="entity-group" key={entity}>
          <h3>{entityLabel(entity)}</h3>
          <ul class="attributes" aria-label={`Facts about ${entity === 'self' ? 'you' : entity}`}>
            {attributes.map((a) => {
              const key = attributeKey(a);
              if (editing === key) {
                return (
                  <li key={key} class="attribute editing" data-key={key}>
                    <AttributeForm
                      idPrefix={`edit-${profile.attributes.indexOf(a)}`}
                      initial={a}
                      autoFocus
                      onCancel={() => {
                        focusNext.current = { key, control: 'edit' };
                        setEditing(null);
                      }}
                      onSubmit={async (next) => {
                        onProfile(await send('profile.putAttribute', { attribute: next, previous: idOf(a) }));
                        focusNext.current = { key: attributeKey(next), control: 'edit' };
                        setEditing(null);
                        setStatus(`Saved ${factPhrase(next)}.`);
                        setUndo(null);
                      }}
                    />
                  </li>
                );
              }
              const isWithheld = a.sharing === 'withheld';
              return (
                <li key={key} class={`attribute ${a.sharing}`} data-key={key}>
                  <div class="attribute-text">
                    <span class="field">{fieldLabel(a.field)}</span>
                    <span class="value">{a.value}</span>
                  </div>
                  <button
                    type="button"
                    role="switch"
                    aria-checked={isWithheld}
                    aria-label={`Withhold ${factPhrase(a)}`}
                    class={`sharing-switch ${a.sharing}`}
                    onClick={() => toggle(a)}
                  >
                    <span class="switch-track" aria-hidden="true">
                      <span class="switch-knob" />
                    </span>
                    <span class="switch-text" aria-hidden="true">
                      {isWithheld ? 'Withheld' : 'Shared'}
                    </span>
                  </button>
                  <button type="button" class="icon-button edit-button" aria-label={`Edit ${factPhrase(a)}`} onClick={() => setEditing(key)}>
                    Edit
                  </button>
                  <button type="button" class="icon-button danger" aria-label={`Remove ${factPhrase(a)}`} onClick={() => remove(a)}>
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {adding ? (
        <div class="add-panel">
          <h3>Add a fact</h3>
          <AttributeForm
            idPrefix="add"
            autoFocus={addOpened}
            onCancel={
              profile.attributes.length > 0
                ? () => {
                    focusNext.current = 'add';
                    setAdding(false);
                  }
                : undefined
            }
            onSubmit={async (attribute) => {
              onProfile(await send('profile.putAttribute', { attribute }));
              setStatus(`Added ${factPhrase(attribute)}.`);
              setUndo(null);
            }}
          />
        </div>
      ) : (
        <button
          type="button"
          class="button primary add-button"
          onClick={() => {
            setAddOpened(true);
            setAdding(true);
          }}
        >
          Add a fact
        </button>
      )}
      <Feedback error={error} status={status}>
        {undo && (
          <button type="button" class="link-button undo-button" aria-label={undo.label} onClick={() => void runUndo(undo)}>
            Undo
          </button>
        )}
      </Feedback>
    </section>
  );
}

/** Attributes by entity, in profile order of each entity's first fact (the order the editor shows). */
function groupByEntity(attributes: readonly Attribute[]): Map<string, Attribute[]> {
  const groups = new Map<string, Attribute[]>();
  for (const a of attributes) groups.set(a.entity, [...(groups.get(a.entity) ?? []), a]);
  return groups;
}
