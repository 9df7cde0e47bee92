// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Popup } from '../../../src/ui/pages/Popup';
import { renderWithVeil } from './render';

afterEach(cleanup);

async function addFact(opts: { field?: string; custom?: string; role?: string; value: string; withheld?: boolean }) {
  const form = await screen.findByRole('form', { name: 'Add attribute' });
  const q = within(form);
  fireEvent.change(q.getByLabelText('About'), { target: { value: opts.role ? 'other' : 'self' } });
  if (opts.role) {
    fireEvent.input(await q.findByLabelText('Role'), { target: { value: opts.role } });
  }
  if (opts.field) fireEvent.change(q.getByLabelText('Field'), { target: { value: opts.field } });
  if (opts.custom) {
    fireEvent.change(q.getByLabelText('Field'), { target: { value: '__custom__' } });
    fireEvent.input(await q.findByLabelText('Custom field name'), { target: { value: opts.custom } });
  }
  fireEvent.input(q.getByLabelText('Value'), { target: { value: opts.value } });
  fireEvent.click(q.getByLabelText(opts.withheld === false ? 'Shared' : 'Withheld'));
  fireEvent.click(q.getByRole('button', { name: 'Add' }));
}

describe('profile editor (popup)', () => {
  it('adds facts about the person and about others by role, and stores them', async () => {
    const h = renderWithVeil(() => <Popup openOptions={() => {}} />);
    await addFact({ field: 'occupation', value: 'Pediatric nurse', withheld: false });
    await screen.findByText('Added your occupation.');
    await addFact({ field: 'age', role: 'my child', value: '7' });
    await screen.findByText(`Added my child's age.`);
    await addFact({ custom: 'favourite food', value: 'Dal makhani' });
    await screen.findByText('Added your favourite food.');

    expect((await h.client()('profile.get', {})).attributes).toEqual([
      { entity: 'self', field: 'occupation', value: 'Pediatric nurse', sharing: 'shared' },
      { entity: 'my child', field: 'age', value: '7', sharing: 'withheld' },
      { entity: 'self', field: 'favourite food', value: 'Dal makhani', sharing: 'withheld' },
    ]);
    expect(screen.getByRole('list', { name: 'Facts about my child' })).toHaveProperty('textContent', expect.stringContaining('7'));
    // The budget summary follows the profile.
    await screen.findByText(/Privacy budget used: none yet \(0 of 256 ε this period\)/);
    h.db.close();
  });

  it('a withheld fact with categories takes a precision choice, which the profile keeps (a shared one has none)', async () => {
    const h = renderWithVeil(() => <Popup openOptions={() => {}} />);
    const form = await screen.findByRole('form', { name: 'Add attribute' });
    const q = within(form);
    fireEvent.change(q.getByLabelText('Field'), { target: { value: 'occupation' } });
    fireEvent.input(q.getByLabelText('Value'), { target: { value: 'Pediatric nurse' } });
    fireEvent.click(q.getByLabelText('Withheld'));
    fireEvent.change(q.getByLabelText('Precision'), { target: { value: 'high' } });
    fireEvent.click(q.getByRole('button', { name: 'Add' }));
    await screen.findByText('Added your occupation.');
    fireEvent.click(within(await screen.findByRole('form', { name: 'Add attribute' })).getByLabelText('Shared'));
    expect(within(await screen.findByRole('form', { name: 'Add attribute' })).queryByLabelText('Precision')).toBeNull();
    expect((await h.client()('profile.get', {})).attributes).toEqual([
      { entity: 'self', field: 'occupation', value: 'Pediatric nurse', sharing: 'withheld', importance: 'high' },
    ]);
    h.db.close();
  });

  it('explains how a withheld known field is released and how a custom one is', async () => {
    const h = renderWithVeil(() => <Popup openOptions={() => {}} />);
    const form = await screen.findByRole('form', { name: 'Add attribute' });
    fireEvent.change(within(form).getByLabelText('Field'), { target: { value: 'marital_status' } });
    expect(form.textContent).toContain('one of 6 public categories instead (Married, Widowed, Divorced, …)');
    fireEvent.change(within(form).getByLabelText('Field'), { target: { value: '__custom__' } });
    expect(form.textContent).toContain('This field has no public categories');
    h.db.close();
  });

  it('shows how releases will name the person, and warns when the role may be a name', async () => {
    const h = renderWithVeil(() => <Popup openOptions={() => {}} />);
    const form = await screen.findByRole('form', { name: 'Add attribute' });
    fireEvent.change(within(form).getByLabelText('About'), { target: { value: 'other' } });
    fireEvent.input(await within(form).findByLabelText('Role'), { target: { value: 'Anna' } });
    expect(form.textContent).toContain('Veil does not read “Anna” as a role (it may be a name), so releases will call this person “another person”.');
    fireEvent.input(within(form).getByLabelText('Role'), { target: { value: 'my Anna' } });
    expect(form.textContent).toContain('releases will call this person “another person”');
    fireEvent.input(within(form).getByLabelText('Role'), { target: { value: 'My older daughter' } });
    expect(form.textContent).toContain('Releases will call this person “my older daughter”.');
    expect(form.textContent).not.toContain('may be a name');
    h.db.close();
  });

  it('toggles sharing, edits and removes a fact', async () => {
    const h = renderWithVeil(() => <Popup openOptions={() => {}} />);
    await addFact({ field: 'age', value: '41' });
    const toggle = await screen.findByRole('switch', { name: 'Withhold your age' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await screen.findByText('Your age is now shared.');
    expect((await h.client()('profile.get', {})).attributes[0]!.sharing).toBe('shared');

    fireEvent.click(screen.getByRole('button', { name: 'Edit your age' }));
    const edit = await screen.findByRole('form', { name: 'Edit attribute' });
    fireEvent.input(within(edit).getByLabelText('Value'), { target: { value: '42' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved your age.');
    expect((await h.client()('profile.get', {})).attributes).toEqual([{ entity: 'self', field: 'age', value: '42', sharing: 'shared' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove your age' }));
    await screen.findByText('Removed your age.');
    expect((await h.client()('profile.get', {})).attributes).toEqual([]);
    h.db.close();
  });

  it('shows why a fact was refused and stores nothing', async () => {
    const h = renderWithVeil(() => <Popup openOptions={() => {}} />);
    await addFact({ field: 'age', value: '   ' });
    expect((await screen.findByRole('alert')).textContent).toBe('Value must not be empty');
    await addFact({ field: 'age', value: '41' });
    await screen.findByText('Added your age.');
    await addFact({ field: 'age', value: '50' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('self.age is already in the profile'));
    expect((await h.client()('profile.get', {})).attributes).toHaveLength(1);
    h.db.close();
  });
});
