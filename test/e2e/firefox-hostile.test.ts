/**
 * A hostile chat page in Firefox ESR (issue 29), where the mechanisms are Firefox's own: no
 * IntersectionObserver v2 there, so the panel's visibility comes from the content script's checks of styles,
 * geometry and what is on top. The ChatGPT fixture: `requestSubmit()` in a loop opens no review and charges
 * nothing; a panel the page made transparent does not send on the person's Ctrl+Enter, and sends once it is
 * visible again.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFromFirefoxPage, type FirefoxWithVeil } from './browsers';
import { firefoxOnSites, openChatgpt, panelCount, pressSend, received, until, type FirefoxOnSites } from './firefox';
import { COMPOSER } from './sites';

let veil: FirefoxOnSites;
let firefox: FirefoxWithVeil;
let popup: Page;
beforeAll(async () => {
  veil = await firefoxOnSites(readFileSync('test/fixtures/profiles/ten-attributes.json', 'utf8'));
  ({ firefox, popup } = veil);
});
afterAll(async () => {
  await veil?.close();
});

const releaseCount = async () => ((await sendFromFirefoxPage(popup, 'releases.list', {})) as { value: unknown[] }).value.length;
const notice = (page: Page) => page.evaluate(() => document.querySelector('veil-notice')?.shadowRoot?.textContent ?? '');

const chatgpt = () => openChatgpt(firefox);

describe('Firefox ESR: a hostile chat page', () => {
  it('cannot open a review or spend the budget with requestSubmit() in a loop', async () => {
    const page = await chatgpt();
    const before = await releaseCount();
    await page.evaluate(async () => {
      const box = document.querySelector<HTMLElement>('#prompt-textarea')!;
      box.focus();
      document.execCommand('insertText', false, 'Tell me about my week.');
      let opened = 0;
      for (let i = 0; i < 8; i++) {
        history.pushState({}, '', `/c/fake-${i}`);
        box.closest('form')!.requestSubmit();
        await new Promise((resolve) => setTimeout(resolve, 150));
        opened += document.querySelectorAll('iframe[data-veil-panel="open"]').length;
      }
      (window as unknown as { opened: number }).opened = opened;
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await page.evaluate(() => (window as unknown as { opened: number }).opened)).toBe(0);
    expect(await received(page)).toEqual([]);
    expect(await releaseCount()).toBe(before);
    await until(async () => /without you pressing send/.test(await notice(page)));
    expect(await notice(page)).toMatch(/tried to send a message without you pressing send \(8 times\).*nothing was sent, reviewed or charged/);
    await page.close();
  });

  it('a panel the page made transparent does not send on Ctrl+Enter; visible again, it does', async () => {
    const page = await chatgpt();
    const before = await releaseCount();
    await page.click(COMPOSER.chatgpt);
    await page.keyboard.type('Plan my week.');
    await page.keyboard.press('Enter');
    await until(async () => (await releaseCount()) > before && (await panelCount(page)) === 1, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await page.evaluate(() => document.querySelector<HTMLElement>('iframe[data-veil-panel="open"]')!.style.setProperty('opacity', '0', 'important'));
    await pressSend(page, { once: true });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await received(page)).toEqual([]);
    expect(await panelCount(page)).toBe(1);
    await page.evaluate(() => document.querySelector<HTMLElement>('iframe[data-veil-panel="open"]')!.style.setProperty('opacity', '1', 'important'));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await pressSend(page);
    await until(async () => (await received(page)).length > 0);
    const sent = await received(page);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.startsWith('Plan my week.\n\nAbout me:\n')).toBe(true);
    await page.close();
  });
});
