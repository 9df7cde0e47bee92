/**
 * The profile editor: every attribute grouped by whom it is about, each with a shared/withheld switch,
 * edit and remove; and a form to add one. Changes go to the background at once.
 */
import { useState } from 'preact/hooks';
import { attributeKey, type Attribute, type Profile } from '../../core/profile';
import { errorText, useClient } from '../client';
import { attributeLabel, entityLabel, fieldLabel } from '../labels';
import { AttributeForm } from './AttributeForm';

const idOf = (a: Attribute) => ({ entity: a.entity, field: a.field });

export interface ProfileEditorProps {
  profile: Profile;
  onProfile: (profile: Profile) => void;
}

export function ProfileEditor({ profile, onProfile }: ProfileEditorProps) {
  const send = useClient();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(profile.attributes.length === 0);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<Profile>, done: string) => {
    try {
      onProfile(await action());
      setStatus(done);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const toggle = (a: Attribute) =>
    run(
      () => send('profile.putAttribute', { attribute: { ...a, sharing: a.sharing === 'shared' ? 'withheld' : 'shared' }, previous: idOf(a) }),
      `${attributeLabel(a)} is now ${a.sharing === 'shared' ? 'withheld' : 'shared'}.`,
    );
  const remove = (a: Attribute) =>
    run(() => send('profile.removeAttribute', { entity: a.entity, field: a.field }), `Removed ${attributeLabel(a)}.`);

  const groups = new Map<string, Attribute[]>();
  for (const a of profile.attributes) groups.set(a.entity, [...(groups.get(a.entity) ?? []), a]);
  const withheld = profile.attributes.filter((a) => a.sharing === 'withheld').length;

  return (
    <section class="profile-editor" aria-labelledby="profile-heading">
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
          <ul class="attributes" aria-label={`Facts about ${entityLabel(entity)}`}>
            {attributes.map((a) => {
              const key = attributeKey(a);
              if (editing === key) {
                return (
                  <li key={key} class="attribute editing">
                    <AttributeForm
                      idPrefix={`edit-${profile.attributes.indexOf(a)}`}
                      initial={a}
                      onCancel={() => setEditing(null)}
                      onSubmit={async (next) => {
                        onProfile(await send('profile.putAttribute', { attribute: next, previous: idOf(a) }));
                        setEditing(null);
                        setStatus(`Saved ${attributeLabel(next)}.`);
                      }}
                    />
                  </li>
                );
              }
              return (
                <li key={key} class={`attribute ${a.sharing}`} data-key={key}>
                  <div class="attribute-text">
                    <span class="field">{fieldLabel(a.field)}</span>
                    <span class="value">{a.value}</span>
                  </div>
                  <button
                    type="button"
                    role="switch"
                    aria-checked={a.sharing === 'withheld'}
                    aria-label={`Withhold ${attributeLabel(a)}`}
                    class={`sharing-switch ${a.sharing}`}
                    onClick={() => toggle(a)}
                  >
                    {a.sharing === 'withheld' ? 'Withheld' : 'Shared'}
                  </button>
                  <button type="button" class="icon-button" aria-label={`Edit ${attributeLabel(a)}`} onClick={() => setEditing(key)}>
                    Edit
                  </button>
                  <button type="button" class="icon-button danger" aria-label={`Remove ${attributeLabel(a)}`} onClick={() => remove(a)}>
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
            onCancel={profile.attributes.length > 0 ? () => setAdding(false) : undefined}
            onSubmit={async (attribute) => {
              onProfile(await send('profile.putAttribute', { attribute }));
              setStatus(`Added ${attributeLabel(attribute)}.`);
            }}
          />
        </div>
      ) : (
        <button type="button" class="button primary add-button" onClick={() => setAdding(true)}>
          Add a fact
        </button>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p class="status" role="status">
        {status}
      </p>
    </section>
  );
}
