// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { epsilonToUnits } from '../../../src/core/epsilon';
import { Options } from '../../../src/ui/pages/Options';
import { epsilonReading, oddsFactor } from '../../../src/ui/epsilon-reading';
import { MEASURED } from '../../../src/ui/measured-utility';
import { ClientContext } from '../../../src/ui/client';
import { harness, type Harness } from '../messaging/harness';
import { renderWithVeil } from './render';

afterEach(cleanup);

const profileText = JSON.stringify({
  version: 1,
  attributes: [
    { entity: 'self', field: 'age', value: '41', sharing: 'withheld' },
    { entity: 'self', field: 'occupation', value: 'Nurse', sharing: 'shared' },
  ],
});

describe('settings', () => {
  it('saves mechanism, ε, format and sites, with a plain reading of ε', async () => {
    const h = renderWithVeil(() => <Options />);
    const settings = await screen.findByRole('region', { name: 'Settings' });
    const q = within(settings);
    expect(settings.textContent).toContain('odds about your withheld facts by at most e¹⁶, about 10⁷ times');
    // The measured rates for this ε, mechanism, variant and choice of facts (holdout set), not a promise.
    const [right, unspecified, wrong] = MEASURED.needed['block-veil'][16]!;
    expect(settings.textContent).toContain(
      `(releases carrying 1 or 2 withheld facts, as a message usually needs): a withheld fact comes out as its right category ${right}% of the time, as "Unspecified" ${unspecified}%, and as a wrong category ${wrong}%`,
    );
    const paper = MEASURED.needed['block-paper'][16]!;
    fireEvent.click(q.getByLabelText(/The paper's/));
    await q.findByText(new RegExp(`right category ${paper[0]}% of the time, as "Unspecified" ${paper[1]}%, and as a wrong category ${paper[2]}%`));
    fireEvent.click(q.getByLabelText(/Veil's/));
    fireEvent.click(q.getByLabelText(/All of them/));
    await q.findByText(
      new RegExp(`\\(3 to 5 withheld facts, all sent\\): a withheld fact comes out as its right category ${MEASURED.all['block-veil'][16]![0]}% of the time`),
    );
    fireEvent.click(q.getByLabelText(/Only those your message needs/));
    fireEvent.click(q.getByLabelText(/DP-SLOT/));
    fireEvent.change(q.getByLabelText('Privacy budget per release (ε)'), { target: { value: '2' } });
    fireEvent.click(q.getByLabelText(/Freeform/));
    fireEvent.click(q.getByLabelText('Gemini (gemini.google.com)'));
    await q.findByText(/by at most e², about 7 times/);
    await expect
      .poll(async () => h.client()('settings.get', {}))
      .toMatchObject({
        mechanism: 'slot',
        variant: 'veil',
        facts: 'needed',
        epsilon: 2,
        format: 'freeform',
        sites: ['chatgpt', 'claude', 'demo'],
      });
    h.db.close();
  });

  it('saves the words private compose always replaces, one per line, trimmed and once each', async () => {
    const h = renderWithVeil(() => <Options />);
    const settings = await screen.findByRole('region', { name: 'Settings' });
    const q = within(settings);
    fireEvent.input(q.getByLabelText(/Words private compose always replaces/), { target: { value: ' Project Orion \n\nBlue Fox\nProject Orion' } });
    fireEvent.click(q.getByRole('button', { name: 'Save words' }));
    await expect.poll(async () => (await h.client()('settings.get', {})).alwaysMap).toEqual(['Project Orion', 'Blue Fox']);
    h.db.close();
  });

  it('raises caps only after the confirmation, and Cancel keeps them', async () => {
    const h = renderWithVeil(() => <Options />);
    const settings = await screen.findByRole('region', { name: 'Settings' });
    const q = within(settings);
    fireEvent.input(q.getByLabelText('Cap per withheld fact (ε)'), { target: { value: '64' } });
    fireEvent.click(q.getByRole('button', { name: 'Save caps' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Raise your caps?' });
    expect(dialog.textContent).toContain('What was already released stays released.');
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((await h.client()('settings.get', {})).attributeCap).toBe(32);

    fireEvent.input(q.getByLabelText('Cap per withheld fact (ε)'), { target: { value: '64' } });
    fireEvent.click(q.getByRole('button', { name: 'Save caps' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Raise caps' }));
    await expect.poll(async () => (await h.client()('settings.get', {})).attributeCap).toBe(64);

    // Lowering needs no confirmation.
    fireEvent.input(q.getByLabelText('Cap for all facts together (ε)'), { target: { value: '100' } });
    fireEvent.click(q.getByRole('button', { name: 'Save caps' }));
    await expect.poll(async () => (await h.client()('settings.get', {})).totalCap).toBe(100);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    h.db.close();
  });
});

describe('budget chart', () => {
  it('shows spent against cap per withheld fact and raises a cap after confirmation', async () => {
    const h = await optionsWithSpent(30);
    const budget = await screen.findByRole('region', { name: 'Privacy budget' });
    const meter = await within(budget).findByRole('meter', { name: 'You · Age' });
    expect(meter.getAttribute('aria-valuetext')).toBe('30 of 32 spent');
    expect(meter.className).toContain('high');
    expect(within(budget).queryByRole('meter', { name: 'You · Occupation' })).toBeNull();

    fireEvent.click(within(budget).getByRole('button', { name: 'Change cap of your age' }));
    fireEvent.input(within(budget).getByLabelText('New cap for your age (ε)'), { target: { value: '48' } });
    fireEvent.click(within(budget).getByRole('button', { name: 'Set' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Raise the cap of your age?' });
    expect(dialog.textContent).toContain('From 32 to 48');
    expect(dialog.textContent).toContain('What was already released stays released.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Raise cap' }));
    await within(budget).findByText('30 of 48 spent');
    h.db.close();
  });

  it('starts a new period only after confirmation', async () => {
    const h = await optionsWithSpent(3);
    const budget = await screen.findByRole('region', { name: 'Privacy budget' });
    await within(budget).findByText('3 of 32 spent');
    fireEvent.click(within(budget).getByRole('button', { name: 'Start a new budget period…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start a new budget period?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((await h.client()('budget.get', {})).period).toBe(1);
    fireEvent.click(within(budget).getByRole('button', { name: 'Start a new budget period…' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Start new period' }));
    await within(budget).findByText(/Period 2, started 30 Nov 2026/);
    expect(within(budget).getByRole('meter', { name: 'You · Age' }).getAttribute('aria-valuetext')).toBe('0 of 32 spent');
    h.db.close();
  });
});

describe('plain reading of ε', () => {
  it('computes e^ε in log space, so ε = 8192 does not overflow', () => {
    expect(oddsFactor(2)).toBe('about 7');
    expect(oddsFactor(8)).toBe('about 2,981');
    expect(oddsFactor(8192)).toBe('about 10³⁵⁵⁸');
    expect(epsilonReading(8192).odds).toContain('e⁸¹⁹², about 10³⁵⁵⁸ times');
  });
});

/** The options page over a stored profile in which self.age has `spent` ε in period 1. */
async function optionsWithSpent(spent: number): Promise<Harness> {
  const h = harness(() => Date.UTC(2026, 10, 30, 12));
  await h.client()('profile.import', { text: profileText });
  await h.db.ledgers.update([1, 'self.age'], { spent: epsilonToUnits(spent) });
  render(
    <ClientContext.Provider value={h.client()}>
      <Options />
    </ClientContext.Provider>,
  );
  return h;
}
