/**
 * Chromium, built test variant: messages from places that must not change the profile are refused.
 * - The demo page's own scripts cannot reach Veil's background at all (no externally_connectable).
 * - A content-script context (the test-only probe, relaying what the page asks) gets an error for every
 *   message reserved for Veil's pages, and the profile stays as it was; the one message content scripts
 *   may send is answered, with the site taken from the sender's URL.
 * - Veil's own page framed by a web page (possible in the test build, where popup.html is web-accessible)
 *   is refused everything: it counts as `framed`, not as one of Veil's pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serveDemo } from '../../scripts/demo-server.mjs';
import { forgeFromContentScript, launchChromium, sendFromPage, tempDir, type ChromiumWithVeil, type ExtensionGlobal } from './browsers';

const profile = { version: 1, attributes: [{ entity: 'self', field: 'age', value: '41', sharing: 'withheld' }] };

let dir: Awaited<ReturnType<typeof tempDir>>;
let browser: ChromiumWithVeil;
let demo: Awaited<ReturnType<typeof serveDemo>>;
beforeAll(async () => {
  dir = await tempDir('veil-e2e-forged-');
  demo = await serveDemo({ port: 0 });
  browser = await launchChromium(dir.path);
  const popup = await browser.open('popup.html');
  expect(await sendFromPage(popup, 'profile.import', { text: JSON.stringify(profile) })).toMatchObject({ ok: true });
});
afterAll(async () => {
  await browser.close();
  await demo.close();
  await dir.remove();
});

const forge = (page: Page, message: unknown) => forgeFromContentScript(page, message);

describe('Chromium: forged messages are refused', () => {
  it('refuses page-only messages from a content script, and the profile is unchanged', async () => {
    const page = await browser.context.newPage();
    await page.goto(demo.url);
    await page.locator('html[data-veil-test-probe]').waitFor({ state: 'attached' });

    const forged: [string, unknown][] = [
      ['profile.get', {}],
      ['profile.export', {}],
      ['profile.import', { text: JSON.stringify({ version: 1, attributes: [] }) }],
      ['profile.putAttribute', { attribute: { entity: 'self', field: 'age', value: '18', sharing: 'shared' } }],
      ['profile.removeAttribute', { entity: 'self', field: 'age' }],
      ['settings.update', { patch: { epsilon: 8192 }, confirmed: true }],
      ['budget.newPeriod', { confirmed: true }],
    ];
    for (const [type, request] of forged) {
      expect(await forge(page, { type, request }), type).toEqual({ ok: false, error: `${type} is refused from a content script` });
    }
    expect(await forge(page, { type: 'profile.wipe', request: {} })).toEqual({ ok: false, error: 'unknown message "profile.wipe"' });
    expect(await forge(page, 'profile.get')).toEqual({ ok: false, error: 'a message must be an object { type, request }' });
    // A spoofed site in the request is ignored (and refused as an unexpected key): the URL decides.
    expect(await forge(page, { type: 'site.status', request: { site: 'claude' } })).toMatchObject({ ok: false });
    expect(await forge(page, { type: 'site.status', request: {} })).toEqual({ ok: true, value: { site: 'demo', enabled: true } });

    const popup = await browser.open('popup.html');
    expect(await sendFromPage(popup, 'profile.get', {})).toEqual({ ok: true, value: profile });
    expect(await sendFromPage(popup, 'settings.get', {})).toMatchObject({ ok: true, value: { epsilon: 16 } });
    expect(await sendFromPage(popup, 'budget.get', {})).toMatchObject({ ok: true, value: { period: 1 } });
  });

  it("the page's own scripts have no way to message Veil", async () => {
    const page = await browser.context.newPage();
    await page.goto(demo.url);
    expect(await page.evaluate(() => typeof Reflect.get(globalThis, 'chrome')?.runtime?.sendMessage)).toBe('undefined');
  });

  it('refuses everything from a Veil page framed by a web page', async () => {
    const page = await browser.context.newPage();
    await page.goto(demo.url);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.id = 'framed-popup';
      frame.src = src;
      document.body.append(frame);
    }, browser.url('popup.html'));
    const frame = page.frameLocator('#framed-popup');
    await frame.getByRole('alert').first().waitFor();
    expect(await frame.getByRole('alert').first().textContent()).toBe(
      "Veil could not load this: profile.get is refused from one of Veil's pages framed by another site",
    );
    const popupFrame = page.frames().find((f) => f.url().endsWith('/popup.html'))!;
    expect(
      await popupFrame.evaluate(() =>
        (globalThis as unknown as ExtensionGlobal).chrome.runtime.sendMessage({ type: 'profile.import', request: { text: '{"version":1,"attributes":[]}' } }),
      ),
    ).toEqual({
      ok: false,
      error: "profile.import is refused from one of Veil's pages framed by another site",
    });
    const popup = await browser.open('popup.html');
    expect(await sendFromPage(popup, 'profile.get', {})).toEqual({ ok: true, value: profile });
  });
});
