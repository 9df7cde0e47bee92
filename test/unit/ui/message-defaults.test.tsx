// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTABLE_KINDS } from '../../../src/core/choices';
import { generalizationFor } from '../../../src/crossmap/generalization-phrases';
import { MESSAGE_CATEGORIES } from '../../../src/ui/components/MessageDefaults';
import { Options } from '../../../src/ui/pages/Options';
import { measuredDefaultsLine } from '../../../src/ui/measured-message';
import { renderWithVeil } from './render';

afterEach(cleanup);

const NAMES = [
  'Names',
  'Places',
  'Organisations',
  'Dates',
  'Ages',
  'Amounts',
  'Contact details',
  'ID numbers',
  'Health',
  'Medicines',
  'Mental health',
  'Pregnancy',
  'Sexual orientation',
  'Gender identity',
  'Immigration',
  'Criminal record',
  'Drug and alcohol use',
  'Religion',
  'Ethnicity',
  'Politics',
  'Money trouble',
  'Job loss',
  'Other legal matters',
];

async function section() {
  return screen.findByRole('region', { name: 'What Veil does with what you type' });
}

const choice = (group: HTMLElement, name: RegExp) => within(group).getByRole('radio', { name }) as HTMLInputElement;

describe('options: what Veil does with what you type (issue 18)', () => {
  it('sets every kind the detector finds in exactly one category', () => {
    const kinds = MESSAGE_CATEGORIES.flatMap((c) => c.kinds);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect([...kinds].sort()).toEqual([...DEFAULTABLE_KINDS].sort());
    expect(MESSAGE_CATEGORIES.map((c) => c.label)).toEqual(NAMES);
  });

  it("one row per category in plain words, Generalize only where the category has a public phrase, Veil's default marked and chosen", async () => {
    const h = renderWithVeil(() => <Options />);
    const q = within(await section());
    // What generalizing costs the answers, as measured, beside the choice (src/ui/measured-message.ts).
    expect(q.getByTestId('defaults-measured').textContent).toBe(measuredDefaultsLine());
    for (const [i, name] of NAMES.entries()) {
      const group = q.getByRole('group', { name });
      const category = MESSAGE_CATEGORIES[i]!;
      const radios = within(group).getAllByRole('radio');
      const phrase = category.kinds.every((k) => generalizationFor(k) !== null) ? generalizationFor(category.kinds[0]) : null;
      expect(
        radios.map((r) => r.closest('label')!.textContent!.replace(/ \(Veil's default\)$/, '')),
        name,
      ).toEqual(phrase === null ? ['Replace', 'Keep as typed'] : ['Replace', `Generalize (“${phrase}”)`, 'Keep as typed']);
      // Identifiers are replaced (amounts kept) and special categories generalized, unless the person chose otherwise.
      const builtIn = name === 'Amounts' ? /^Keep as typed/ : i < 8 ? /^Replace/ : /^Generalize/;
      expect(choice(group, builtIn).checked, name).toBe(true);
      expect(choice(group, builtIn).closest('label')!.textContent).toMatch(/\(Veil's default\)$/);
      expect(radios.filter((r) => /Veil's default/.test(r.closest('label')!.textContent!))).toHaveLength(1);
    }
    expect(within(q.getByRole('group', { name: 'Names' })).queryByRole('radio', { name: /Generalize/ })).toBeNull();
    expect(choice(q.getByRole('group', { name: 'Health' }), /Generalize/).closest('label')!.textContent).toContain('“a health condition”');
    expect(choice(q.getByRole('group', { name: 'Places' }), /Generalize/).closest('label')!.textContent).toContain('“a place”');
    // One sentence on what each choice does.
    const text = (await section()).textContent!;
    expect(text).toContain('Replace: the site gets a stand-in of the same kind');
    expect(text).toContain('Generalize: the site gets only a public phrase for the kind of thing');
    expect(text).toContain('Keep as typed: the site gets it exactly as you typed it.');
    h.db.close();
  });

  it("saves a choice at once, says plainly what Keep as typed sends, and Veil's default or the reset clears the setting", async () => {
    const h = renderWithVeil(() => <Options />);
    const q = within(await section());
    const health = q.getByRole('group', { name: 'Health' });
    expect(health.querySelector('.warning')).toBeNull();
    fireEvent.click(choice(health, /^Keep as typed/));
    await expect.poll(async () => (await h.client()('settings.get', {})).messageDefaults).toEqual({ health: 'keep' });
    await within(health).findByText('The site then gets what you write about your health exactly as you type it, not just the kind of matter it is.');
    expect(choice(health, /^Keep as typed/).checked).toBe(true);

    // A category of two kinds sets both.
    fireEvent.click(choice(q.getByRole('group', { name: 'Contact details' }), /^Keep as typed/));
    await expect.poll(async () => (await h.client()('settings.get', {})).messageDefaults).toEqual({ health: 'keep', email: 'keep', phone: 'keep' });
    fireEvent.click(choice(q.getByRole('group', { name: 'Dates' }), /^Generalize/));
    await expect
      .poll(async () => (await h.client()('settings.get', {})).messageDefaults)
      .toEqual({ health: 'keep', email: 'keep', phone: 'keep', date: 'generalize' });

    // Back to Veil's default: the category leaves the setting (it follows Veil's default again).
    fireEvent.click(choice(health, /^Generalize/));
    await expect.poll(async () => (await h.client()('settings.get', {})).messageDefaults).toEqual({ email: 'keep', phone: 'keep', date: 'generalize' });
    await expect.poll(() => health.querySelector('.warning')).toBeNull();

    fireEvent.click(q.getByRole('button', { name: "Use Veil's default for every category" }));
    await expect.poll(async () => (await h.client()('settings.get', {})).messageDefaults).toEqual({});
    await q.findByText("Every category is back to Veil's default.");
    expect(q.queryByRole('button', { name: "Use Veil's default for every category" })).toBeNull();
    expect(choice(q.getByRole('group', { name: 'Dates' }), /^Replace/).checked).toBe(true);
    h.db.close();
  });
});
