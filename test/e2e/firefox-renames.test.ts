/**
 * Failing closed on a changed site (issue 19), the generic parts in Firefox ESR (MV2) with the built
 * extension, on the ChatGPT fixture served as https://chatgpt.com/ playing a redesign (`?rename=`,
 * src/sites/fixtures/common.ts): a send button whose ids, test ids and data attributes changed is still
 * caught by the public rules (a submit button of the composer's form) and the send reviewed; Enter in a
 * renamed composer is held with a page notice, and its "Review and send" reviews it; a send control
 * that is no button at all gets through, and Veil says so on the page and in the popup (chromium-renames
 * tests every rename in Chromium).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFromFirefoxPage, type FirefoxWithVeil } from './browsers';
import { firefoxOnSites, panelCount, received, until, type FirefoxOnSites, pressSend } from './firefox';
import { FIXTURE_SITES } from './site-server';
import { WITHHELD_VALUES } from './sites';

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

const COMPOSER = '[data-fixture-role="composer"]';
const SEND = '[data-fixture-role="send"]';

/** The page notice's text (it sits in a shadow root). */
const notice = (page: Page) => page.evaluate(() => document.querySelector('veil-notice')?.shadowRoot?.textContent ?? '');
const releaseCount = async () => ((await sendFromFirefoxPage(popup, 'releases.list', {})) as { value: unknown[] }).value.length;

async function open(rename: string): Promise<Page> {
  const page = await firefox.browser.newPage();
  await page.goto(`${FIXTURE_SITES.chatgpt}?rename=${rename}`);
  await page.waitForSelector('html[data-fixture-ready="1"]');
  await page.click(COMPOSER);
  return page;
}

/** The popup's view of the tab showing `page`. */
async function tabState(page: Page): Promise<Record<string, unknown>> {
  const url = page.url();
  const tabId = await popup.evaluate(`browser.tabs.query({}).then((tabs) => tabs.find((t) => t.url === ${JSON.stringify(url)}).id)`);
  return ((await sendFromFirefoxPage(popup, 'tab.state', { tabId })) as { value: Record<string, unknown> }).value;
}

describe('Firefox ESR: a changed ChatGPT page', () => {
  it('a renamed send button (?rename=send) is caught: the review opens, Send sends the reviewed text once', async () => {
    const page = await open('send');
    const before = await releaseCount();
    await page.keyboard.type('Plan my week.');
    await page.click(SEND);
    // The panel is up with a release (Veil's release list has it); Ctrl+Enter sends from the keyboard.
    await until(async () => (await releaseCount()) > before && (await panelCount(page)) === 1, 30_000);
    expect(await panelCount(page)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await received(page)).toEqual([]);
    await pressSend(page);
    await until(async () => (await received(page)).length > 0);
    const sent = await received(page);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.startsWith('Plan my week.\n\nAbout me:\n')).toBe(true);
    for (const value of WITHHELD_VALUES) expect(sent[0]).not.toContain(value);
    await until(async () => (await panelCount(page)) === 0);
    expect(await panelCount(page)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await received(page)).toHaveLength(1);
    expect(await notice(page)).toBe('');
    await page.close();
  });

  it('Enter in a renamed composer (?rename=composer) is held with a notice; "Review and send" reviews it', async () => {
    const page = await open('composer');
    const before = await releaseCount();
    await page.keyboard.type('Plan my week.');
    await page.keyboard.press('Enter');
    await until(async () => /Veil held this send/.test(await notice(page)));
    expect(await notice(page)).toMatch(/Veil held this send: it cannot find .*Nothing was sent/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await received(page)).toEqual([]);
    expect(await panelCount(page)).toBe(0);
    // A real click on the notice's button (puppeteer's >>> reaches into its shadow root).
    // Its buttons work once the notice has been seen for a moment (a page cannot trick a click on them).
    await until(async () => (await page.$$('veil-notice >>> button:not([disabled])')).length >= 2);
    const buttons = await page.$$('veil-notice >>> button');
    let review: (typeof buttons)[number] | undefined;
    for (const b of buttons) if ((await b.evaluate((el) => el.textContent)) === 'Review and send') review = b;
    await review!.click();
    await until(async () => (await releaseCount()) > before && (await panelCount(page)) === 1, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await received(page)).toEqual([]);
    await pressSend(page);
    await until(async () => (await received(page)).length > 0);
    const sent = await received(page);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.startsWith('Plan my week.\n\nAbout me:\n')).toBe(true);
    await page.close();
  });

  it('a send control that is no button (?rename=div) gets through, and the page and the popup say so', async () => {
    const page = await open('div');
    const secret = 'My probation officer said Tuesday';
    await page.keyboard.type(secret);
    await page.click(SEND);
    await until(async () => (await received(page)).length > 0);
    expect(await received(page)).toEqual([secret]);
    await until(async () => /Veil missed a send/.test(await notice(page)));
    expect(await notice(page)).toMatch(/Veil missed a send: ChatGPT sent your message without a Veil review.*send button/);
    await until(async () => ((await tabState(page)).problem as { kind?: string } | null)?.kind === 'missed');
    const { problem } = await tabState(page);
    expect(problem).toMatchObject({ kind: 'missed', part: 'send button' });
    expect((problem as { diagnostic: string }).diagnostic).not.toMatch(/probation|Tuesday/);
    await page.close();
  });
});
