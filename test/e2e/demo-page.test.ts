/**
 * The Demo Chat page in Chromium with the test build loaded: it says plainly that Veil is not acting on it
 * (no site adapter yet: the test probe is not one), switches its wording when an adapter marks the page,
 * and its greeting bubble holds its text without empty space above it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDemo } from '../../scripts/demo-server.mjs';
import { launchChromium, screenshot, tempDir, type ChromiumWithVeil } from './browsers';

let dir: Awaited<ReturnType<typeof tempDir>>;
let browser: ChromiumWithVeil;
let demo: Awaited<ReturnType<typeof serveDemo>>;
beforeAll(async () => {
  dir = await tempDir('veil-e2e-demo-');
  demo = await serveDemo({ port: 0 });
  browser = await launchChromium(dir.path);
});
afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await dir?.remove();
});

describe('Demo Chat page', () => {
  it('tells the truth about Veil, and the greeting has no empty space', async () => {
    const page = await browser.context.newPage();
    await page.goto(demo.url);
    await page.locator('html[data-veil-test-probe]').waitFor({ state: 'attached' });
    const state = page.getByRole('status');
    expect(await state.textContent()).toBe('Veil is not acting on this page: this version of Veil does not catch a send yet, so what you send here is exactly what you type.');
    const greeting = page.locator('.message.assistant').first();
    const [bubble, text] = await Promise.all([greeting.boundingBox(), greeting.locator('p').boundingBox()]);
    // Padding only (10 px) between the bubble's top and its text.
    expect(text!.y - bubble!.y).toBeLessThanOrEqual(12);
    await screenshot(page, 'demo-page');

    await page.evaluate(() => (document.documentElement.dataset.veilAdapter = 'demo'));
    await expect.poll(() => state.textContent()).toMatch(/^Veil is on for this page \(demo\): when you send, it shows you the release to review first/);
  });
});
