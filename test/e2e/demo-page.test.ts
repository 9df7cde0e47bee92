/**
 * The Demo Chat page in Chromium with the test build loaded: it says Veil is on (the demo adapter marks
 * the page), says plainly that Veil is not acting once the demo site is switched off in settings, and its
 * greeting bubble holds its text without empty space above it. A send there opens the review panel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDemo } from '../../scripts/demo-server.mjs';
import { resolve } from 'node:path';
import { launchChromium, screenshot, sendFromPage, tempDir, type ChromiumWithVeil } from './browsers';
import { PANEL_FRAME, panelReady } from './sites';
import { FIRST_MESSAGE } from '../unit/readme/messages';

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
    const state = page.getByRole('status');
    await expect.poll(() => state.textContent()).toMatch(/^Veil is on for this page \(Demo Chat\): when you send, it shows you the release to review first/);
    const greeting = page.locator('.message.assistant').first();
    const [bubble, text] = await Promise.all([greeting.boundingBox(), greeting.locator('p').boundingBox()]);
    // Padding only (10 px) between the bubble's top and its text.
    expect(text!.y - bubble!.y).toBeLessThanOrEqual(12);
    await screenshot(page, 'demo-page');

    // A send opens the review panel; nothing reaches the page before Send.
    await page.locator('#prompt-textarea').fill('Hello');
    await page.locator('#prompt-textarea').press('Enter');
    // Escape from the keyboard, once the release is on screen: a mouse click that makes Veil remove the
    // panel's (out-of-process) frame can leave Playwright waiting on the gone frame (a CI run hung 30 s).
    const frame = await panelReady(page);
    await frame.getByRole('dialog').press('Escape');
    await expect.poll(() => page.locator(PANEL_FRAME).count()).toBe(0);
    expect(await page.locator('.message.user').count()).toBe(0);

    const popup = await browser.open('popup.html');
    const off = (await sendFromPage(popup, 'settings.update', { patch: { sites: ['chatgpt', 'claude', 'gemini'] } })) as { ok: boolean };
    expect(off.ok).toBe(true);
    await expect
      .poll(() => state.textContent(), { timeout: 10_000 })
      .toBe('Veil is not acting on this page (it is not installed here, or it is switched off for Demo Chat), so what you send here is exactly what you type.');
    await sendFromPage(popup, 'settings.update', { patch: { sites: ['chatgpt', 'claude', 'gemini', 'demo'] } });
  });
});

describe('the whole loop on the Demo Chat page', () => {
  it('a reviewed send, what the page received, its made-up answer naming the stand-ins, and that answer read back in the person’s words', async () => {
    const page = await browser.context.newPage();
    await page.goto(demo.url);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Veil is on for this page/);
    // The README's first minute, word for word (its Node half: test/unit/readme/first-minute.test.ts).
    await page.locator('#prompt-textarea').fill(FIRST_MESSAGE);
    await page.locator('#prompt-textarea').press('Enter');
    const frame = await panelReady(page);
    const sent = frame.locator('pre.sent-text');
    await expect.poll(() => sent.textContent(), { timeout: 15_000 }).not.toContain('Mia');
    const approved = (await sent.textContent())!;
    expect(approved).toContain('has a lung or airway condition');
    for (const original of ['(7)', 'asthma', 'Leeds']) expect(approved).not.toContain(original);
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.locator('.message.user').textContent()).toBe(approved);
    // The page's answer names the stand-in it got in place of the name.
    const standIn = /My daughter (\p{Lu}\p{L}+)/u.exec(approved)![1]!;
    const answer = page.locator('.message.assistant p.answer');
    await expect.poll(() => answer.getAttribute('data-streaming')).toBeNull();
    expect(await answer.textContent()).toMatch(new RegExp(`Your message named ${standIn}, `));
    expect(await answer.textContent()).not.toContain('Mia');
    // Read back in Veil's own frame, in the person's words.
    const button = page.locator('button[data-veil-restore="open"]');
    await button.waitFor({ timeout: 30_000 });
    await button.click();
    const restored = page.frameLocator('iframe[data-veil-restore="frame"]').getByTestId('restored-answer');
    await expect.poll(() => restored.textContent(), { timeout: 15_000 }).toMatch(/Your message named Mia, .*My daughter Mia \(7\)/);
    await screenshot(page, 'demo-page-read-back');
    await page.close();
  });
});

describe('the build people install, on a local page', () => {
  it('leaves it alone: a local web app (here the Demo Chat page) sends what is typed, and Veil shows nothing there', async () => {
    const prodDir = await tempDir('veil-e2e-demo-prod-');
    const production = await launchChromium(prodDir.path, { build: resolve('.output-test/production/chrome-mv3') });
    try {
      const page = await production.context.newPage();
      await page.goto(demo.url);
      // The page's own script has run (its send button is disabled while the box is empty).
      await expect.poll(() => page.locator('#send-button').isDisabled()).toBe(true);
      await page.locator('#prompt-textarea').fill('Hello, my name is Daniel Okafor');
      await page.locator('#prompt-textarea').press('Enter');
      await expect.poll(() => page.locator('.message.user').textContent()).toBe('Hello, my name is Daniel Okafor');
      await page.locator('#prompt-textarea').fill('And a click on the page’s own button');
      await page.locator('#send-button').click();
      await expect.poll(() => page.locator('.message.user').count()).toBe(2);
      expect(await page.locator('html').getAttribute('data-veil-adapter')).toBeNull();
      expect(await page.locator(`veil-notice, ${PANEL_FRAME}, [data-veil-compose]`).count()).toBe(0);
      expect(await page.getByRole('status').textContent()).toMatch(/^Veil is not acting on this page/);
    } finally {
      await production.close();
      await prodDir.remove();
    }
  });
});
