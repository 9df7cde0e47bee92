/**
 * Add or edit one attribute: who it is about (you, or another person by role), which field (a known field
 * with a public candidate domain, or a custom one), its value, and whether it is shared or withheld.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { candidateDomain } from '../../domains/index';
import { KNOWN_FIELDS, attributeSchema, isKnownField, type Attribute, type Importance, type Sharing } from '../../core/profile';
import { errorText } from '../client';
import { fieldExample, fieldLabel } from '../labels';
import { SharingToggle } from './SharingToggle';
import { Feedback } from './Feedback';
import { entityRole } from '../../release/render';

const CUSTOM = '__custom__';

const ROLE_SUGGESTIONS = ['my child', 'my partner', 'my mother', 'my father', 'my friend', 'my colleague'];

export interface AttributeFormProps {
  /** The attribute being edited; absent when adding. */
  initial?: Attribute;
  /** Stores the attribute; a thrown error is shown in the form. */
  onSubmit: (attribute: Attribute) => Promise<void>;
  onCancel?: () => void;
  /** Distinguishes ids when several forms are on a page. */
  idPrefix?: string;
  /** Move keyboard focus into the form when it opens (it was opened by the person, e.g. Edit). */
  autoFocus?: boolean;
}

export function AttributeForm({ initial, onSubmit, onCancel, idPrefix = 'attr', autoFocus = false }: AttributeFormProps) {
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (autoFocus) first.current?.focus();
  }, []);
  const [isSelf, setIsSelf] = useState(initial ? initial.entity === 'self' : true);
  const [role, setRole] = useState(initial && initial.entity !== 'self' ? initial.entity : '');
  const [fieldChoice, setFieldChoice] = useState(initial ? (isKnownField(initial.field) ? initial.field : CUSTOM) : 'occupation');
  const [customField, setCustomField] = useState(initial && !isKnownField(initial.field) ? initial.field : '');
  const [value, setValue] = useState(initial?.value ?? '');
  const [sharing, setSharing] = useState<Sharing>(initial?.sharing ?? 'withheld');
  const [importance, setImportance] = useState<Importance | 'normal'>(initial?.importance ?? 'normal');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = fieldChoice === CUSTOM ? customField : fieldChoice;
  const domain = candidateDomain(field.trim());
  const id = (name: string) => `${idPrefix}-${name}`;

  const submit = async (event: Event) => {
    event.preventDefault();
    const parsed = attributeSchema.safeParse({
      entity: isSelf ? 'self' : role,
      field,
      value,
      sharing,
      ...(sharing === 'withheld' && importance !== 'normal' ? { importance } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const what = { entity: 'Role', field: 'Field', value: 'Value', sharing: 'Sharing' }[String(issue.path[0])] ?? 'Attribute';
      setError(`${what} ${issue.message}`);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(parsed.data);
      setError(null);
      if (!initial) {
        setValue('');
        setCustomField('');
      }
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="attribute-form" onSubmit={submit} aria-label={initial ? 'Edit attribute' : 'Add attribute'} noValidate>
      <div class="form-row">
        <label for={id('who')}>About</label>
        <select ref={first} id={id('who')} value={isSelf ? 'self' : 'other'} onChange={(e) => setIsSelf(e.currentTarget.value === 'self')}>
          <option value="self">You</option>
          <option value="other">Someone else, by role</option>
        </select>
      </div>
      {!isSelf && (
        <div class="form-row">
          <label for={id('role')}>Role</label>
          <input
            id={id('role')}
            list={id('roles')}
            value={role}
            placeholder="my child"
            aria-describedby={id('role-hint')}
            onInput={(e) => setRole(e.currentTarget.value)}
          />
          <datalist id={id('roles')}>
            {ROLE_SUGGESTIONS.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
          <p id={id('role-hint')} class="hint">
            Use a role, not a name: release text names people by role only.
          </p>
          {role.trim() !== '' && (
            <p class={entityRole(role) ? 'hint' : 'warning'} role="status">
              {entityRole(role)
                ? `Releases will call this person “${entityRole(role)}”.`
                : `Veil does not read “${role.trim()}” as a role (it may be a name), so releases will call this person “another person”. A role such as “my daughter” keeps it clear and private.`}
            </p>
          )}
        </div>
      )}
      <div class="form-row">
        <label for={id('field')}>Field</label>
        <select id={id('field')} value={fieldChoice} onChange={(e) => setFieldChoice(e.currentTarget.value)}>
          {KNOWN_FIELDS.map((f) => (
            <option key={f} value={f}>
              {fieldLabel(f)}
            </option>
          ))}
          <option value={CUSTOM}>Custom field…</option>
        </select>
      </div>
      {fieldChoice === CUSTOM && (
        <div class="form-row">
          <label for={id('custom')}>Custom field name</label>
          <input id={id('custom')} value={customField} placeholder="favourite food" onInput={(e) => setCustomField(e.currentTarget.value)} />
        </div>
      )}
      <div class="form-row">
        <label for={id('value')}>Value</label>
        <input
          id={id('value')}
          value={value}
          placeholder={fieldExample(fieldChoice === CUSTOM ? customField : fieldChoice)}
          onInput={(e) => setValue(e.currentTarget.value)}
        />
      </div>
      <SharingToggle name={id('sharing')} value={sharing} onChange={setSharing} />
      <p class="hint" aria-live="polite">
        {sharing === 'shared'
          ? 'Shared: sent as you wrote it (unless it would give away a fact you withhold: then it goes as a category too).'
          : domain
            ? `Withheld: never sent as written. A release names one of ${domain.categories.length} public categories instead (${domain.categories
                .slice(0, 3)
                .map((c) => c.label)
                .join(', ')}, …).`
            : 'Withheld: never sent. This field has no public categories, so releases leave it out (or say “[withheld]”, if you choose so in Settings).'}
      </p>
      {sharing === 'withheld' && domain && (
        <div class="form-row">
          <label for={id('importance')}>Precision</label>
          <select
            id={id('importance')}
            value={importance}
            onChange={(e) => setImportance(e.currentTarget.value as Importance | 'normal')}
            aria-describedby={id('importance-hint')}
          >
            <option value="low">Lower: a smaller share of each release's ε</option>
            <option value="normal">Normal</option>
            <option value="high">Higher: twice the share, so it comes out right more often</option>
          </select>
          <p class="hint" id={id('importance-hint')}>
            A higher share also tells an observer more about this fact; the release's total ε stays the same.
          </p>
        </div>
      )}
      <Feedback error={error} />
      <div class="form-actions">
        {onCancel && (
          <button type="button" class="button" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" class="button primary" disabled={busy}>
          {initial ? 'Save' : 'Add'}
        </button>
      </div>
    </form>
  );
}
