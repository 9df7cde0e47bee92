// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../../../src/ui/components/ConfirmDialog';
import { Options } from '../../../src/ui/pages/Options';
import { Popup } from '../../../src/ui/pages/Popup';
import { renderWithVeil } from './render';

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
    const popup = renderWithVeil(() => <Popup openOptions={() => {}} />);
    await popup.client()('profile.import', {
      text: JSON.stringify({ version: 1, attributes: [{ entity: 'my child', field: 'age', value: '7', sharing: 'withheld' }] }),
    });
    await screen.findByRole('form', { name: 'Add attribute' });
    fireEvent.change(screen.getByLabelText('About'), { target: { value: 'other' } });
    expect(await everyControlIsNamed()).toBeGreaterThan(5);
    popup.db.close();
    cleanup();

    const options = renderWithVeil(() => <Options />);
    await screen.findByRole('region', { name: 'Privacy budget' });
    expect(await everyControlIsNamed()).toBeGreaterThan(15);
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
