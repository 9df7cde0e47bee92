// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../../../src/ui/components/ConfirmDialog';
import { Options } from '../../../src/ui/pages/Options';
import { Popup } from '../../../src/ui/pages/Popup';
import { renderWithProfile, renderWithVeil } from './render';

afterEach(cleanup);

/** The accessible name a control gets from a <label for>, a wrapping <label>, aria-label(ledby) or its text. */
function accessibleName(el: Element): string {
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) return labelledBy.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
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
    popup.db.close();
    cleanup();

    const options = await renderWithProfile(() => <Options />, profile);
    const budget = await screen.findByRole('region', { name: 'Privacy budget' });
    await within(budget).findByRole('meter', { name: 'My child · Age' });
    await screen.findByRole('switch', { name: `Withhold my child's age` });
    fireEvent.click(within(budget).getByRole('button', { name: `Change cap of my child's age` }));
    expect(await everyControlIsNamed()).toBeGreaterThan(20);
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
