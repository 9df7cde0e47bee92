/**
 * Firefox ESR with the built extension (MV2) on the ChatGPT fixture served as https://chatgpt.com/: Enter
 * opens Veil's review panel, Send writes the approved text and the site's own send handler receives exactly
 * it, once; the button opens the panel too, and Escape cancels: nothing is sent. Then the generic adapter on
 * a site outside the registry (https://chat.generic.test/, granted to the test build up front): switched on,
 * pointed at, reviewed. And CROSS-MAP's private compose box: typed into from the keyboard, mapped, sent.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, sendFromFirefoxPage, type FirefoxWithVeil } from './browsers';
import { firefoxOnSites, openChatgpt, panelCount, pressSend, received, until, type FirefoxOnSites } from './firefox';
import { FIXTURE_SITES, GENERIC_FIXTURE } from './site-server';
import { asWord, COMPOSER, recordHostile, SEND_BUTTON, WITHHELD_VALUES } from './sites';

let veil: FirefoxOnSites;
let firefox: FirefoxWithVeil;
/** Veil's popup, for reading the release list. */
let popup: Page;

beforeAll(async () => {
  veil = await firefoxOnSites(readFileSync('test/fixtures/profiles/ten-attributes.json', 'utf8'));
  ({ firefox, popup } = veil);
});
afterAll(async () => {
  await veil?.close();
});

/**
 * Wait until the review panel shows a release. WebDriver BiDi does not reach into the moz-extension frame
 * (puppeteer sees about:blank), so the test works it as a person would, from the keyboard: the panel
 * sends on Ctrl+Enter once the release is in, Escape cancels. Readiness is read from Veil's own release list.
 */
async function panelShown(page: Page, releases: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const list = (await sendFromFirefoxPage(popup, 'releases.list', {})) as { ok: true; value: unknown[] };
    const frames = await page.evaluate(() => document.querySelectorAll('iframe[data-veil-panel="open"]').length);
    if (list.value.length >= releases && frames === 1) {
      // Let the panel render the release (its Send works a moment after it is shown).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the review panel did not show a release');
}

async function chatgpt(): Promise<Page> {
  const page = await openChatgpt(firefox);
  await page.click(COMPOSER.chatgpt);
  return page;
}

describe('Firefox ESR: the ChatGPT fixture', () => {
  it('Enter opens the review; Send (from the keyboard) writes the approved text and the site receives exactly it, once', async () => {
    const page = await chatgpt();
    await page.keyboard.type('Plan my week.');
    await page.keyboard.down('Shift');
    await page.keyboard.press('Enter');
    await page.keyboard.up('Shift');
    await page.keyboard.type('Keep it short.');
    await page.keyboard.press('Enter');
    await panelShown(page, 1);
    expect(await received(page)).toEqual([]);
    // The page sees the panel's iframe, not into it.
    expect(await page.evaluate(() => document.querySelector<HTMLIFrameElement>('iframe[data-veil-panel="open"]')!.contentDocument)).toBeNull();
    await pressSend(page);
    await until(async () => (await received(page)).length > 0);
    const sent = await received(page);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.startsWith('Plan my week.\nKeep it short.\n\nAbout me:\n')).toBe(true);
    for (const value of WITHHELD_VALUES) expect(sent[0]).not.toContain(value);
    const [release] = ((await sendFromFirefoxPage(popup, 'releases.list', {})) as { value: { text: string; outcome: string }[] }).value.slice(-1);
    expect(release).toMatchObject({ text: sent[0], outcome: 'sent' });
    expect(await panelCount(page)).toBe(0);
    await page.close();
  });

  it('the send button opens the review and Escape cancels: nothing is sent', async () => {
    const page = await chatgpt();
    await page.keyboard.type('Hello');
    await page.click(SEND_BUTTON.chatgpt);
    await panelShown(page, 2);
    await page.keyboard.press('Escape');
    await until(async () => (await panelCount(page)) === 0);
    expect(await panelCount(page)).toBe(0);
    expect(await received(page)).toEqual([]);
    expect(await page.$eval(COMPOSER.chatgpt, (el) => (el as HTMLElement).innerText.trim())).toBe('Hello');
    await page.close();
  });
});

describe('Firefox ESR: private compose on the ChatGPT fixture', () => {
  it("Alt+Shift+P opens Veil's box; what is typed there never reaches the page; the site receives the mapped text", async () => {
    const page = await firefox.browser.newPage();
    // A page script that records every event in the capture phase, and every DOM change.
    await page.evaluateOnNewDocument(recordHostile);
    await page.goto(FIXTURE_SITES.chatgpt);
    await page.waitForSelector('html[data-fixture-ready="1"]');
    await page.waitForSelector('button[data-veil-compose="open"]');
    await page.click(COMPOSER.chatgpt);
    const before = ((await sendFromFirefoxPage(popup, 'releases.list', {})) as { value: unknown[] }).value.length;
    await page.keyboard.down('Alt');
    await page.keyboard.down('Shift');
    await page.keyboard.press('KeyP');
    await page.keyboard.up('Shift');
    await page.keyboard.up('Alt');
    await page.waitForSelector('iframe[data-veil-compose="box"]');
    // The box focuses its text area when it opens (the test cannot see into a moz-extension frame, but it sees the
    // page's focus go to the frame): wait for that, however slow the machine.
    await until(() => page.evaluate(() => document.activeElement?.matches('iframe[data-veil-compose="box"]') === true), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const prompt = 'My daughter Mia (7) was just diagnosed with type 1 diabetes; how do I talk to her school in Leeds?';
    await page.keyboard.type(prompt);
    await new Promise((resolve) => setTimeout(resolve, 800));
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'firefox-compose.png') });
    await page.keyboard.down('Control');
    await page.keyboard.press('Enter');
    await page.keyboard.up('Control');
    await panelShown(page, before + 1);
    await pressSend(page);
    await until(async () => (await received(page)).length > 0, 20_000);
    const [sent] = await received(page);
    expect(sent).toMatch(/^My daughter \S.* was just diagnosed with .*; how do I talk to her school in .*\?/);
    for (const original of ['Mia', 'type 1 diabetes', 'Leeds']) expect(sent).not.toMatch(asWord(original));
    const heard = await page.evaluate(() => (window as unknown as { hostileLog: string[] }).hostileLog.join('\n') + document.documentElement.outerHTML);
    for (const original of ['Mia', 'diabetes', 'Leeds']) expect(heard).not.toMatch(asWord(original));
    await page.close();
  }, 60_000);
});

describe('Firefox ESR: a site outside the registry (the generic adapter)', () => {
  it('switched on from the popup, the person points at the box and the button, then a send is reviewed', async () => {
    const page = await firefox.browser.newPage();
    await page.goto(GENERIC_FIXTURE);
    await page.waitForSelector('html[data-fixture-ready="1"]');
    const tabId = await popup.evaluate(`browser.tabs.query({ url: '${GENERIC_FIXTURE}*' }).then((tabs) => tabs[0].id)`);
    const origin = new URL(GENERIC_FIXTURE).origin;
    const added = (await sendFromFirefoxPage(popup, 'site.add', { origin, tabId })) as { ok: boolean; error?: string };
    expect(added).toMatchObject({ ok: true });
    await page.waitForSelector('veil-notice');
    await page.click('[role="textbox"]');
    await until(async () => (await page.evaluate(() => document.querySelector('veil-notice')?.shadowRoot?.textContent ?? '')).includes('send button'));
    await page.click('button[aria-label="Send"]');
    await until(async () => (await page.evaluate(() => document.querySelector('veil-notice'))) === null);
    expect(await received(page)).toEqual([]);

    const before = ((await sendFromFirefoxPage(popup, 'releases.list', {})) as { value: unknown[] }).value.length;
    await page.click('[role="textbox"]');
    await page.keyboard.type('Which running shoes?');
    await page.keyboard.press('Enter');
    await panelShown(page, before + 1);
    expect(await received(page)).toEqual([]);
    await pressSend(page);
    await until(async () => (await received(page)).length > 0);
    const sent = await received(page);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.startsWith('Which running shoes?\n\nAbout me:\n')).toBe(true);
    for (const value of WITHHELD_VALUES) expect(sent[0]).not.toContain(value);
    await page.close();
  });
});
