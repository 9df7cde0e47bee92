/**
 * Chromium, built extension, options page: export then import round-trips exactly (same bytes), and a bad
 * file is refused with a message saying what is wrong while the stored profile stays as it was.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, screenshot, sendFromPage, tempDir, type ChromiumWithVeil } from './browsers';

const original = {
  version: 1,
  instruction: 'Suggest a weekend plan for us.',
  attributes: [
    { entity: 'self', field: 'occupation', value: 'Cultural project manager', sharing: 'shared' },
    { entity: 'self', field: 'age', value: '41', sharing: 'withheld' },
    { entity: 'my child', field: 'age', value: '7', sharing: 'withheld' },
    { entity: 'my partner', field: 'languages', value: 'Tamil, English', sharing: 'withheld' },
    { entity: 'self', field: 'favourite food', value: 'Dal makhani — “spicy”', sharing: 'shared' },
  ],
};

let dir: Awaited<ReturnType<typeof tempDir>>;
let browser: ChromiumWithVeil;
let page: Page;
beforeAll(async () => {
  dir = await tempDir('veil-e2e-import-');
  browser = await launchChromium(dir.path);
  page = await browser.open('options.html');
});
afterAll(async () => {
  await browser.close();
  await dir.remove();
});

async function importText(name: string, text: string): Promise<void> {
  await page.locator('#import-file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

async function exportText(): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export profile' }).click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

describe('Chromium: import and export', () => {
  it('export → import → export gives the same file, byte for byte', async () => {
    await importText('mine.json', JSON.stringify({ ...original, comment: 'unknown top-level keys are ignored' }));
    await page.getByText('Imported 5 facts from mine.json. Your previous profile was replaced.').waitFor();
    await page.getByText('Tamil, English').waitFor(); // the profile editor shows the imported facts

    const first = await exportText();
    expect(first.name).toMatch(/^veil-profile-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(first.text)).toEqual(original);

    // Change the stored profile, then import the exported file: back to exactly what was exported.
    await page.getByRole('button', { name: 'Remove your age' }).click();
    await page.getByText('Removed your age.').waitFor();
    await importText(first.name, first.text);
    await page.getByText(`Imported 5 facts from ${first.name}.`, { exact: false }).waitFor();
    const second = await exportText();
    expect(second.text).toBe(first.text);
    expect(await sendFromPage(page, 'profile.get', {})).toEqual({ ok: true, value: original });
  });

  it('a bad file changes nothing and says what is wrong', async () => {
    const before = await exportText();
    const cases: [string, string, string][] = [
      [
        'broken.json',
        '{"version": 1, "attributes": [',
        'broken.json is not a profile file Veil can read, so nothing was imported and your profile is unchanged. (Details: the file is not valid JSON',
      ],
      [
        'bad-sharing.json',
        JSON.stringify({ version: 1, attributes: [{ entity: 'self', field: 'age', value: '41', sharing: 'secret' }] }),
        'bad-sharing.json has a fact Veil cannot read, so nothing was imported and your profile is unchanged. (Details: attribute 1 (self.age): "sharing" must be "shared" or "withheld".)',
      ],
      [
        'v2.json',
        JSON.stringify({ ...original, version: 2 }),
        'v2.json is in a profile format this version of Veil does not read, so nothing was imported and your profile is unchanged. (Details: profile: "version" must be 1.)',
      ],
    ];
    for (const [name, text, message] of cases) {
      await importText(name, text);
      await expect.poll(() => page.getByRole('alert').textContent()).toContain(message);
      if (name === 'bad-sharing.json') await screenshot(page, 'options-bad-import');
      expect((await exportText()).text).toBe(before.text);
    }
  });
});
