/**
 * Firefox ESR (Debian), built test variant of the MV2 extension, driven by puppeteer-core over WebDriver
 * BiDi: the profile editor adds, toggles and removes facts, and they are still there after a reload; the
 * options page's Memories section adds memories and a protected attribute whose group the person ticks,
 * and they too are there after a reload (Firefox's IndexedDB in the background page). Also checks that Firefox refuses a page-only message from a content-script context.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDemo } from '../../scripts/demo-server.mjs';
import {
  forgeFromContentScript,
  launchFirefox,
  SCREENSHOTS,
  sendFromFirefoxPage as send,
  waitForSelectorAfterNavigation,
  type FirefoxWithVeil,
} from './browsers';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

let firefox: FirefoxWithVeil;
let demo: Awaited<ReturnType<typeof serveDemo>>;

beforeAll(async () => {
  firefox = await launchFirefox();
  demo = await serveDemo({ port: 0 });
});
afterAll(async () => {
  await firefox?.close();
  await demo?.close();
});

const openPopup = () => firefox.openPopup(demo.url);

async function addFact(page: Page, fact: { role?: string; field: string; value: string; sharing: 'shared' | 'withheld' }) {
  await page.select('#add-who', fact.role ? 'other' : 'self');
  if (fact.role) {
    await page.waitForSelector('#add-role');
    await page.$eval('#add-role', (el) => ((el as HTMLInputElement).value = ''));
    await page.type('#add-role', fact.role);
  }
  await page.select('#add-field', fact.field);
  await page.$eval(`input[name="add-sharing"][value="${fact.sharing}"]`, (el) => (el as HTMLInputElement).click());
  await page.$eval('#add-value', (el) => ((el as HTMLInputElement).value = ''));
  await page.type('#add-value', fact.value);
  await page.keyboard.press('Enter');
}

async function statusIs(page: Page, text: string): Promise<void> {
  await page.waitForFunction((text) => document.querySelector('.profile-editor .status')?.textContent === text, {}, text);
}

describe('Firefox ESR: profile editor', () => {
  it('adds, toggles, removes facts, and keeps them across a reload', async () => {
    const page = await openPopup();
    await addFact(page, { field: 'occupation', value: 'Pediatric nurse', sharing: 'shared' });
    await statusIs(page, 'Added your occupation.');
    await addFact(page, { role: 'my child', field: 'age', value: '7', sharing: 'withheld' });
    await statusIs(page, `Added my child's age.`);
    await addFact(page, { field: 'gender', value: 'woman', sharing: 'withheld' });
    await statusIs(page, 'Added your gender.');

    await page.locator('button[aria-label="Withhold your occupation"]').click();
    await statusIs(page, 'Your occupation is now withheld.');
    await page.locator('button[aria-label="Remove your gender"]').click();
    await statusIs(page, 'Removed your gender.');

    const expected = {
      version: 1,
      attributes: [
        { entity: 'self', field: 'occupation', value: 'Pediatric nurse', sharing: 'withheld' },
        { entity: 'my child', field: 'age', value: '7', sharing: 'withheld' },
      ],
    };
    expect(await send(page, 'profile.get', {})).toEqual({ ok: true, value: expected });
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'firefox-popup.png') });

    await page.evaluate(() => location.reload());
    await waitForSelectorAfterNavigation(page, `button[aria-label="Withhold my child's age"]`);
    // Read until both rows are there: on a busy machine the list can still be rendering, or the read can land in
    // the document being replaced (CI once read no switches right after the button was found).
    const switchStates = () =>
      page
        .evaluate(() => [...document.querySelectorAll('[role="switch"]')].map((e) => `${e.getAttribute('aria-label')}=${e.getAttribute('aria-checked')}`))
        .catch(() => [] as string[]);
    let switches = await switchStates();
    for (const deadline = Date.now() + 15_000; switches.length < 2 && Date.now() < deadline; switches = await switchStates())
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(switches).toEqual(['Withhold your occupation=true', `Withhold my child's age=true`]);
    expect(await send(page, 'profile.get', {})).toEqual({ ok: true, value: expected });
  });

  it('Memories: adds memories and a protected attribute, ticks a member, and keeps them across a reload', async () => {
    const HEALTH = 'Diagnosed with type 2 diabetes in March';
    const FOOD = 'Counting carbs at dinner';
    const page = await openPopup();
    await page.evaluate(() => void (location.href = location.href.replace('popup.html', 'options.html')));
    await waitForSelectorAfterNavigation(page, '#memories-heading');
    const sectionHas = (text: string) => page.waitForFunction((t) => document.querySelector('section.memories')?.textContent?.includes(t), {}, text);
    for (const [slot, text] of [
      ['health', HEALTH],
      ['food', FOOD],
    ] as const) {
      await page.select('#memory-slot', slot);
      await page.type('#memory-text', text);
      await page.keyboard.press('Enter');
      await sectionHas(`Added a ${slot} memory.`);
      await page.waitForFunction(() => (document.querySelector('#memory-text') as HTMLInputElement).value === '');
    }
    await page.type('#memory-attribute-name', 'type 2 diabetes');
    await page.keyboard.press('Enter');
    await page.waitForSelector('fieldset.protected');
    // Veil suggests the health memory; only the person's tick puts it in the group.
    expect(await page.$eval('fieldset.protected', (el) => el.textContent)).toContain('Veil suggests this one');
    const box = (text: string) => `fieldset.protected li:nth-child(${text === HEALTH ? 1 : 2}) input[type="checkbox"]`;
    await page.locator(box(HEALTH)).click();
    await sectionHas('protected as type 2 diabetes');

    const stored = (await send(page, 'memory.get', {})) as {
      ok: true;
      value: { memory: { memories: { id: string; slot: string; text: string }[]; protected: { name: string; cap: number; members: string[] }[] } };
    };
    expect(stored.value.memory.memories.map(({ slot, text }) => ({ slot, text }))).toEqual([
      { slot: 'health', text: HEALTH },
      { slot: 'food', text: FOOD },
    ]);
    expect(stored.value.memory.protected).toEqual([
      expect.objectContaining({ name: 'type 2 diabetes', cap: 2, members: [stored.value.memory.memories[0]!.id] }),
    ]);

    await page.evaluate(() => location.reload());
    await waitForSelectorAfterNavigation(page, 'fieldset.protected');
    expect(await page.$$eval('li.memory .memory-text', (els) => els.map((e) => e.textContent))).toEqual([HEALTH, FOOD]);
    expect(await page.$$eval('fieldset.protected input[type="checkbox"]', (els) => els.map((e) => (e as HTMLInputElement).checked))).toEqual([true, false]);
    expect(await send(page, 'memory.get', {})).toEqual(stored);
  });

  it('refuses a page-only message from a content-script context', async () => {
    {
      const page = await firefox.browser.newPage();
      await page.goto(demo.url);
      await waitForSelectorAfterNavigation(page, 'html[data-veil-test-probe]');
      const reply = await forgeFromContentScript(page, { type: 'profile.import', request: { text: '{"version":1,"attributes":[]}' } });
      expect(reply).toEqual({ ok: false, error: 'profile.import is refused from a content script' });
      const popup = await openPopup();
      expect(await send(popup, 'profile.get', {})).toMatchObject({ ok: true, value: { attributes: [{ field: 'occupation' }, { field: 'age' }] } });
    }
  });
});
