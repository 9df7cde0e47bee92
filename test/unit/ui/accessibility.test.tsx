// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../../../src/ui/components/ConfirmDialog';
import { Options } from '../../../src/ui/pages/Options';
import { Popup } from '../../../src/ui/pages/Popup';
import { renderWithProfile, renderWithVeil } from './render';
import { DIABETES_MEMORY as memory } from '../../fixtures/memories';

afterEach(cleanup);

/** The accessible name a control gets from a <label for>, a wrapping <label>, aria-label(ledby) or its text. */
function accessibleName(el: Element): string {
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy)
    return labelledBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
  const aria = el.getAttribute('aria-label');
  if (aria) return aria;
  if (el.id) {
    const label = document.querySelector(`label[for="${el.id}"]`);
    if (label?.textContent?.trim()) return label.textContent.trim();
  }
  const wrapping = el.closest('label');
  if (wrapping?.textContent?.trim()) return wrapping.textContent.trim();
  return el.tagName === 'BUTTON' ? (el.textContent ?? '').trim() : '';
}

/**
 * Every id once in the document, every `<label for>` on a control of its own, and every id an
 * aria-labelledby or aria-describedby names present (one label must not focus another form's box).
 */
function idsAreSound(): number {
  const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  expect(repeated, 'ids used more than once').toEqual([]);
  for (const label of document.querySelectorAll('label[for]')) {
    const target = document.getElementById(label.getAttribute('for')!);
    expect(target?.matches('input, select, textarea, button'), `label "${label.textContent}" names no control`).toBe(true);
  }
  for (const el of document.querySelectorAll('[aria-labelledby], [aria-describedby]')) {
    const named = `${el.getAttribute('aria-labelledby') ?? ''} ${el.getAttribute('aria-describedby') ?? ''}`.split(' ').filter(Boolean);
    for (const id of named) expect(document.getElementById(id), `${el.outerHTML.slice(0, 80)} names a missing #${id}`).not.toBeNull();
  }
  return ids.length;
}

async function everyControlIsNamed(): Promise<number> {
  const controls = [...document.querySelectorAll('input, select, textarea, button')];
  for (const control of controls) expect(accessibleName(control), control.outerHTML.slice(0, 120)).not.toBe('');
  return controls.length;
}

describe('accessibility', () => {
  it('names every control of the popup and the options page', async () => {
    // Import BEFORE the first render and wait for the rows: their switches and buttons must be checked too.
    const profile = {
      version: 1,
      attributes: [
        { entity: 'my child', field: 'age', value: '7', sharing: 'withheld' },
        { entity: 'self', field: 'occupation', value: 'Nurse', sharing: 'shared' },
      ],
    };
    const popup = await renderWithProfile(() => <Popup openOptions={() => {}} />, profile);
    await screen.findByRole('switch', { name: `Withhold my child's age` });
    fireEvent.click(screen.getByRole('button', { name: 'Remove your occupation' })); // brings up Undo
    await screen.findByRole('button', { name: 'Undo: restore your occupation' });
    expect(document.querySelectorAll('[role="switch"], .icon-button, .undo-button')).toHaveLength(4);
    await everyControlIsNamed();
    fireEvent.click(screen.getByRole('button', { name: 'Add a fact' }));
    await screen.findByRole('form', { name: 'Add attribute' });
    fireEvent.change(screen.getByLabelText('About'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: `Edit my child's age` }));
    await screen.findByRole('form', { name: 'Edit attribute' });
    expect(await everyControlIsNamed()).toBeGreaterThan(15);
    idsAreSound();
    popup.db.close();
    cleanup();

    const options = await renderWithProfile(() => <Options />, profile);
    const budget = await screen.findByRole('region', { name: 'Privacy budget' });
    await within(budget).findByRole('meter', { name: 'My child · Age' });
    await screen.findByRole('switch', { name: `Withhold my child's age` });
    fireEvent.click(within(budget).getByRole('button', { name: `Change cap of my child's age` }));
    expect(await everyControlIsNamed()).toBeGreaterThan(20);
    idsAreSound();
    options.db.close();
  });

  it('gives every id on the options page once, with memories, forms and dialogs open', async () => {
    const profile = {
      version: 1,
      attributes: [
        { entity: 'self', field: 'age', value: '41', sharing: 'withheld' },
        { entity: 'self', field: 'occupation', value: 'Nurse', sharing: 'shared' },
      ],
    };
    const options = await renderWithProfile(
      () => <Options />,
      profile,
      (h) => h.client()('memory.put', { memory }),
    );
    const memories = await screen.findByRole('region', { name: 'Memories' });
    await within(memories).findByRole('button', { name: 'Edit memory: I like spicy food' });
    const budget = await screen.findByRole('region', { name: 'Privacy budget' });
    await within(budget).findByRole('meter', { name: 'You · Age' });
    await screen.findByRole('region', { name: 'Settings' });
    // Everything that can be open at once: an edited memory, an edited fact, the add form, a cap being changed.
    fireEvent.click(within(memories).getByRole('button', { name: 'Edit memory: I like spicy food' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit your age' }));
    await screen.findByRole('form', { name: 'Edit attribute' });
    fireEvent.click(within(budget).getByRole('button', { name: 'Change cap of your age' }));
    expect(idsAreSound()).toBeGreaterThan(30);
    expect(await everyControlIsNamed()).toBeGreaterThan(30);

    // Each cap label names its own box: the settings' cap per fact, and a new protected attribute's cap.
    const settings = screen.getByRole('region', { name: 'Settings' });
    expect(within(settings).getByLabelText('Cap per withheld fact (ε)').closest('section')).toBe(settings);
    expect(within(memories).getByLabelText('Cap (ε)').closest('section')).toBe(memories);

    // A confirmation names its own title and body.
    fireEvent.change(within(memories).getByLabelText(/Cap for type 2 diabetes/), { target: { value: '8' } });
    await screen.findByRole('alertdialog', { name: /Raise the cap of type 2 diabetes/ });
    idsAreSound();
    await everyControlIsNamed();
    options.db.close();
  });

  it('keeps keyboard focus inside a confirmation and returns it afterwards', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount, db } = renderWithVeil(() => (
      <ConfirmDialog title="Raise?" confirmLabel="Raise" onConfirm={() => {}} onCancel={() => {}}>
        <p>body</p>
      </ConfirmDialog>
    ));
    const dialog = screen.getByRole('alertdialog', { name: 'Raise?' });
    const [cancel, raise] = within(dialog).getAllByRole('button');
    expect(document.activeElement).toBe(cancel);
    raise!.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(raise);
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
    db.close();
  });
});
