/**
 * Chromium, built extension: a person edits their profile in the popup, reloads it, closes the browser and
 * opens it again on the same profile directory: everything is still there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, screenshot, sendFromPage, tempDir } from './browsers';

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  dir = await tempDir('veil-e2e-chromium-');
});
afterAll(() => dir.remove());

async function addFact(page: Page, fact: { about?: string; field: string; custom?: string; value: string; sharing: 'Shared' | 'Withheld' }) {
  const form = page.getByRole('form', { name: 'Add attribute' });
  await form.getByLabel('About', { exact: true }).selectOption(fact.about ? 'other' : 'self');
  if (fact.about) await form.getByLabel('Role', { exact: true }).fill(fact.about);
  await form.getByLabel('Field', { exact: true }).selectOption(fact.field);
  if (fact.custom) await form.getByLabel('Custom field name').fill(fact.custom);
  await form.getByText(fact.sharing, { exact: true }).click();
  await form.getByLabel('Value', { exact: true }).fill(fact.value);
  await form.getByLabel('Value', { exact: true }).press('Enter'); // keyboard: Enter submits the form
}

const expected = {
  version: 1,
  attributes: [
    { entity: 'self', field: 'occupation', value: 'Nurse practitioner', sharing: 'shared' },
    { entity: 'my child', field: 'age', value: '7', sharing: 'withheld' },
    { entity: 'self', field: 'favourite food', value: 'Dal makhani', sharing: 'shared' },
    { entity: 'self', field: 'location', value: 'Lyon, France', sharing: 'withheld' },
  ],
};

describe('Chromium: profile editing persists', () => {
  it('edits in the popup, survives a reload and a browser restart', async () => {
    let browser = await launchChromium(dir.path);
    let popup = await browser.open('popup.html');
    await popup.setViewportSize({ width: 380, height: 640 });

    await addFact(popup, { field: 'occupation', value: 'Pediatric nurse', sharing: 'Shared' });
    await popup.getByText('Added your occupation.').waitFor();
    await addFact(popup, { about: 'my child', field: 'age', value: '7', sharing: 'Withheld' });
    await popup.getByText(`Added my child's age.`).waitFor();
    await addFact(popup, { field: '__custom__', custom: 'favourite food', value: 'Dal makhani', sharing: 'Withheld' });
    await popup.getByText('Added your favourite food.').waitFor();
    await addFact(popup, { field: 'age', value: '41', sharing: 'Withheld' });
    await popup.getByText('Added your age.').waitFor();
    await addFact(popup, { field: 'location', value: 'Lyon, France', sharing: 'Withheld' });
    await popup.getByText('Added your location.').waitFor();

    await popup.getByRole('switch', { name: 'Withhold your favourite food' }).click();
    await popup.getByText('Your favourite food is now shared.').waitFor();
    await popup.getByRole('button', { name: 'Edit your occupation' }).click();
    const edit = popup.getByRole('form', { name: 'Edit attribute' });
    await edit.getByLabel('Value', { exact: true }).fill('Nurse practitioner');
    await edit.getByRole('button', { name: 'Save' }).click();
    await popup.getByText('Saved your occupation.').waitFor();
    await popup.getByRole('button', { name: 'Remove your age' }).click();
    await popup.getByText('Removed your age.').waitFor();

    expect(await sendFromPage(popup, 'profile.get', {})).toEqual({ ok: true, value: expected });
    await popup.getByRole('button', { name: 'Cancel' }).click(); // close the add form for the screenshot
    await screenshot(popup, 'popup-profile');

    await popup.reload();
    await popup.getByText('Nurse practitioner').waitFor();
    expect(await popup.getByRole('switch').evaluateAll((els) => els.map((e) => `${e.getAttribute('aria-label')}=${e.getAttribute('aria-checked')}`))).toEqual([
      'Withhold your occupation=false',
      'Withhold your favourite food=false',
      'Withhold your location=true',
      `Withhold my child's age=true`,
    ]);
    expect(await sendFromPage(popup, 'profile.get', {})).toEqual({ ok: true, value: expected });

    // Settings made on the options page persist too.
    const options = await browser.open('options.html');
    await options.getByLabel(/DP-SLOT/).check();
    await options.getByText('Saved.').waitFor();
    await options.getByLabel('Privacy budget per release (ε)').selectOption('32');
    await options.getByText(/by at most e³²/).waitFor();
    await screenshot(options, 'options');
    await browser.close();

    browser = await launchChromium(dir.path);
    popup = await browser.open('popup.html');
    await popup.getByText('Dal makhani').waitFor();
    expect(await sendFromPage(popup, 'profile.get', {})).toEqual({ ok: true, value: expected });
    expect(await sendFromPage(popup, 'settings.get', {})).toMatchObject({ ok: true, value: { mechanism: 'slot', epsilon: 32 } });
    const reopened = await browser.open('options.html');
    expect(await reopened.getByLabel('Privacy budget per release (ε)').inputValue()).toBe('32');
    const budget = reopened.getByRole('region', { name: 'Privacy budget' });
    // The budget loads on its own, after the settings (read as it shows, not at once: seen empty once in CI).
    await expect
      .poll(() => budget.getByRole('meter').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))))
      .toEqual(['All withheld facts and protected memories', 'My child · Age', 'You · Location']);
    await browser.close();
  });
});
