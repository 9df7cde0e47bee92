/**
 * The generic adapter in Chromium with the built extension, on a small chat site Veil does not know
 * (src/sites/fixtures/generic.ts, served as https://chat.generic.test/). The test build is granted that
 * origin up front (wxt.config.ts): a headless browser cannot answer the permission question, which the
 * popup asks (its part is tested in test/unit/ui/tab-state.test.tsx).
 *
 * Before it is switched on, Veil leaves the site alone. Switched on, the person points at the message box
 * and the send button (the clicks that point do not reach the site), then every send is reviewed; after a
 * reload too. Switched off, the site is left alone again.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, sendFromPage, type ChromiumWithVeil } from './browsers';
import { GENERIC_FIXTURE } from './site-server';
import { chromiumOnSites, PANEL_FRAME, panelReady, received, type ChromiumOnSites } from './sites';

let browser: ChromiumWithVeil;
let popup: Page;
let veil: ChromiumOnSites;

const ORIGIN = new URL(GENERIC_FIXTURE).origin;
const BOX = '[role="textbox"]';

beforeAll(async () => {
  veil = await chromiumOnSites('veil-e2e-generic-');
  ({ browser, popup } = veil);
});
afterAll(async () => {
  await veil?.close();
});

async function open(): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(GENERIC_FIXTURE);
  await page.locator('html[data-fixture-ready]').waitFor({ state: 'attached' });
  return page;
}

async function tabIdOf(url: string): Promise<number> {
  const worker = browser.context.serviceWorkers()[0]!;
  type Chrome = { chrome: { tabs: { query(q: object): Promise<{ id: number }[]> } } };
  return worker.evaluate(async (pattern) => (await (globalThis as unknown as Chrome).chrome.tabs.query({ url: pattern }))[0]!.id, `${url}*`);
}

const notice = (page: Page) => page.locator('veil-notice [role="alert"]');

describe('a site outside the registry', () => {
  it('is left alone until the person switches Veil on for it', async () => {
    const page = await open();
    await page.locator(BOX).click();
    await page.keyboard.type('Plain send');
    await page.keyboard.press('Enter');
    await expect.poll(() => received(page)).toEqual(['Plain send']);
    expect(await page.locator('iframe[data-veil-panel]').count()).toBe(0);
    await page.close();
  });

  it('switched on: the person points at the box and the button, then every send is reviewed, after a reload too', async () => {
    const page = await open();
    const added = (await sendFromPage(popup, 'site.add', { origin: ORIGIN, tabId: await tabIdOf(GENERIC_FIXTURE) })) as { ok: boolean; value: unknown };
    expect(added).toEqual({ ok: true, value: [{ origin: ORIGIN, composer: null, sendButton: null }] });

    // Pick mode: the notes box is not the message box; the person's clicks do not reach the site.
    await expect.poll(() => notice(page).textContent()).toMatch(/click the box you type your messages in/);
    await screenshot(page, 'generic-pick');
    await page.locator('[aria-label="Notes"]').hover();
    await page.locator(BOX).click();
    await expect.poll(() => notice(page).textContent()).toMatch(/Now click chat\.generic\.test's send button/);
    await page.locator('button[aria-label="Send"]').click();
    await expect.poll(() => notice(page).count()).toBe(0);
    expect(await received(page)).toEqual([]);
    const stored = (await sendFromPage(popup, 'settings.get', {})) as { value: { genericSites: unknown[] } };
    expect(stored.value.genericSites).toEqual([{ origin: ORIGIN, composer: 'div[role="textbox"]', sendButton: 'button[aria-label="Send"]' }]);

    // Enter opens the review; Send writes the approved text (two lines) and the site receives it once.
    await page.locator(BOX).click();
    await page.keyboard.type('How do I ask for a raise?');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Be brief.');
    await page.keyboard.press('Enter');
    let frame = await panelReady(page);
    await expect(frame.getByRole('heading', { name: 'Review before sending to chat.generic.test' }).count()).resolves.toBe(1);
    const text = (await frame.locator('pre.sent-text').textContent())!;
    expect(text.startsWith('How do I ask for a raise?\nBe brief.\n\n')).toBe(true);
    expect(await received(page)).toEqual([]);
    // Send works a moment after the release is shown (it is disabled until then): Enter on it, once it does.
    const send = frame.getByRole('button', { name: 'Send', exact: true });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.press('Enter');
    await expect.poll(() => received(page)).toEqual([text]);
    await expect.poll(() => page.locator(PANEL_FRAME).count()).toBe(0);

    // The registered content script is there after a reload, with what was pointed at: the button is caught too.
    await page.reload();
    await page.locator('html[data-fixture-ready]').waitFor({ state: 'attached' });
    await page.locator(BOX).click();
    await page.keyboard.type('Again');
    await page.locator('button[aria-label="Send"]').click();
    frame = await panelReady(page);
    await frame.getByRole('dialog').press('Escape');
    await expect.poll(() => page.locator(PANEL_FRAME).count()).toBe(0);
    expect(await received(page)).toEqual([]);
    await page.close();
  });

  it('switched off: Veil forgets it and leaves it alone again', async () => {
    const removed = (await sendFromPage(popup, 'site.remove', { origin: ORIGIN })) as { ok: boolean; value: unknown };
    expect(removed).toEqual({ ok: true, value: [] });
    const page = await open();
    await page.locator(BOX).click();
    await page.keyboard.type('Plain again');
    await page.keyboard.press('Enter');
    await expect.poll(() => received(page)).toEqual(['Plain again']);
    expect(await page.locator('iframe[data-veil-panel]').count()).toBe(0);
    await page.close();
  });
});
