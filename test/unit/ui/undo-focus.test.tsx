// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Options } from '../../../src/ui/pages/Options';
import { Popup } from '../../../src/ui/pages/Popup';
import { renderWithProfile } from './render';

afterEach(cleanup);

const profile = {
  version: 1,
  attributes: [
    { entity: 'self', field: 'age', value: '41', sharing: 'withheld' },
    { entity: 'my child', field: 'age', value: '7', sharing: 'withheld' },
    { entity: 'self', field: 'occupation', value: 'Nurse', sharing: 'shared' },
  ],
};

describe('undo and focus in the profile editor', () => {
  it('Remove moves focus to the next row; Undo restores the exact fact in its place', async () => {
    const h = await renderWithProfile(() => <Popup openOptions={() => {}} />, profile);
    await screen.findByRole('switch', { name: 'Withhold your age' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove your age' }));
    await screen.findByText('Removed your age.');
    // Shown order is grouped by entity: You · Age, You · Occupation, My child · Age → next is your occupation.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Withhold your occupation'));
    expect((await h.client()('profile.get', {})).attributes).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Undo: restore your age' }));
    await screen.findByText('Restored your age.');
    expect(await h.client()('profile.get', {})).toEqual(profile);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Withhold your age'));
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    h.db.close();
  });

  it('after removing the last fact, focus goes to the Add button', async () => {
    const h = await renderWithProfile(() => <Popup openOptions={() => {}} />, { version: 1, attributes: [profile.attributes[0]] });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove your age' }));
    await screen.findByText('Removed your age.');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Add a fact'));
    h.db.close();
  });

  it('a sharing change can be undone, and the control is a switch', async () => {
    const h = await renderWithProfile(() => <Popup openOptions={() => {}} />, profile);
    const toggle = await screen.findByRole('switch', { name: `Withhold my child's age` });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.tagName).toBe('BUTTON'); // Enter and Space work as on any button
    expect(toggle.textContent).toBe('Withheld');
    fireEvent.click(toggle);
    await screen.findByText(`My child's age is now shared.`);
    expect(screen.getByRole('switch', { name: `Withhold my child's age` }).getAttribute('aria-checked')).toBe('false');
    expect((await h.client()('profile.get', {})).attributes[1]!.sharing).toBe('shared');

    fireEvent.click(screen.getByRole('button', { name: `Undo: make my child's age withheld again` }));
    await screen.findByText(`My child's age is withheld again.`);
    expect(await h.client()('profile.get', {})).toEqual(profile);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe(`Withhold my child's age`));
    h.db.close();
  });

  it('an opened edit form takes focus, and Cancel gives it back to Edit', async () => {
    const h = await renderWithProfile(() => <Popup openOptions={() => {}} />, profile);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit your occupation' }));
    const edit = await screen.findByRole('form', { name: 'Edit attribute' });
    await waitFor(() => expect(edit.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).toBe(within(edit).getByLabelText('About'));
    fireEvent.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Edit your occupation'));
    h.db.close();
  });
});

describe('focus in the budget chart', () => {
  it('"Change cap" moves focus into the cap field; Cancel gives it back', async () => {
    const h = await renderWithProfile(() => <Options />, profile);
    const budget = await screen.findByRole('region', { name: 'Privacy budget' });
    fireEvent.click(await within(budget).findByRole('button', { name: 'Change cap of your age' }));
    const field = within(budget).getByLabelText('New cap for your age (ε)');
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.click(within(budget).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Change cap of your age'));
    h.db.close();
  });
});
