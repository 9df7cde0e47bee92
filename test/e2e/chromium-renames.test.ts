/**
 * Failing closed on a changed site (issue 19), in Chromium with the built extension: the fixtures play the
 * renames sites really make (`?rename=`, src/sites/fixtures/common.ts: ids, test ids, data attributes and
 * classes of the composer or the send button, an unknown label, the button moved out of the form, a send
 * control that is no button at all). For each, no text reaches the site's send handler without a review or
 * the person's explicit "Let this one through"; and when the site does send something Veil did not see, the
 * page notice, the toolbar badge and the popup say so, with a report that holds no message text.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LayoutId } from '../../src/sites/fixtures/layouts';
import { sendFromPage } from './browsers';
import { chromiumOnSites, openFixture, panelReady, PANEL_FRAME, received, type ChromiumOnSites } from './sites';

let veil: ChromiumOnSites;

beforeAll(async () => {
  veil = await chromiumOnSites('veil-e2e-renames-');
});
afterAll(async () => {
  await veil?.close();
});

const COMPOSER = '[data-fixture-role="composer"], [data-testid="chat-input"][contenteditable], rich-textarea .ql-editor';
const SEND = '[data-fixture-role="send"]';
const NOTICE = 'veil-notice [role=alert]';

async function open(layout: LayoutId, rename: string): Promise<Page> {
  const page = await veil.browser.context.newPage();
  await openFixture(page, layout, `rename=${rename}`);
  return page;
}

async function type(page: Page, text: string): Promise<void> {
  await page.locator(COMPOSER).first().click();
  await page.keyboard.type(text);
}

/** The review opened, Send pressed: the site received exactly the reviewed text, once. */
async function reviewAndSend(page: Page, typed: string): Promise<void> {
  const frame = await panelReady(page);
  const text = (await frame.locator('pre.sent-text').textContent())!;
  expect(text.startsWith(typed)).toBe(true);
  expect(await received(page)).toEqual([]);
  await frame.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => received(page)).toEqual([text]);
  await expect.poll(() => page.locator(PANEL_FRAME).count()).toBe(0);
}

/** The page's tab in the background's eyes: its badge and the popup's state. */
async function tabState(page: Page): Promise<{ badge: string; state: Record<string, unknown> }> {
  const worker = veil.browser.context.serviceWorkers()[0]!;
  type Chrome = { chrome: { tabs: { query(q: object): Promise<{ id: number; url: string }[]> }; action: { getBadgeText(d: object): Promise<string> } } };
  const url = page.url();
  const tabId = await worker.evaluate(async (url) => (await (globalThis as unknown as Chrome).chrome.tabs.query({})).find((t) => t.url === url)!.id, url);
  const badge = await worker.evaluate((tabId) => (globalThis as unknown as Chrome).chrome.action.getBadgeText({ tabId }), tabId);
  const state = ((await sendFromPage(veil.popup, 'tab.state', { tabId })) as { value: Record<string, unknown> }).value;
  return { badge, state };
}

describe('a renamed send button is caught: the review opens as usual', () => {
  it.each([
    ['chatgpt', 'send'], // a submit button of the composer's form
    ['chatgpt-2026', 'send,labels'], // the form's submit button, with a label Veil does not know
    ['claude-2026-ja', 'send'], // the Japanese label says send (送信)
    ['gemini-2026-zh', 'send,labels'], // the adapter's own fallback: the send icon inside the button
  ] as const)('%s with ?rename=%s', async (layout, rename) => {
    const page = await open(layout, rename);
    await type(page, 'Plan my week.');
    await page.locator(SEND).click();
    await reviewAndSend(page, 'Plan my week.');
    await page.close();
  });
});

describe('when Veil cannot tell, it holds the send and asks', () => {
  it.each([
    ['chatgpt', 'send,labels,moved'], // an icon button outside the form, by the composer
    ['claude-2026-ja', 'send,labels'], // an icon button beside the editor, label unknown
    ['chatgpt', 'composer'], // the composer renamed: the adapter's send button has no box it knows
    ['chatgpt-2026', 'composer,send,labels'], // both renamed
  ] as const)('%s with ?rename=%s: held, nothing sent; "Review and send" reviews it', async (layout, rename) => {
    const page = await open(layout, rename);
    await type(page, 'Plan my week.');
    await page.locator(SEND).click();
    await expect.poll(() => page.locator(NOTICE).textContent()).toMatch(/Veil held this send: it cannot find .*Nothing was sent/);
    await page.waitForTimeout(300);
    expect(await received(page)).toEqual([]);
    expect(await page.locator(PANEL_FRAME).count()).toBe(0);
    await expect.poll(async () => (await tabState(page)).badge, { timeout: 10_000 }).toBe('!');
    expect((await tabState(page)).state.problem).toMatchObject({ kind: 'held' });
    await page.locator('veil-notice').getByRole('button', { name: 'Review and send' }).click();
    await reviewAndSend(page, 'Plan my week.');
    await page.close();
  });

  it('Enter in a renamed composer is held too; "Let this one through" sends it as typed, once', async () => {
    const page = await open('chatgpt', 'composer');
    await type(page, 'Hello as typed');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(NOTICE).textContent()).toMatch(/Veil held this send/);
    expect(await received(page)).toEqual([]);
    await page.locator('veil-notice').getByRole('button', { name: 'Let this one through' }).click();
    await expect.poll(() => received(page)).toEqual(['Hello as typed']);
    // The person's own choice: no "missed a send" afterwards.
    await page.waitForTimeout(800);
    expect(await page.locator(NOTICE).count()).toBe(0);
    await expect.poll(async () => (await tabState(page)).state.problem).toMatchObject({ kind: 'held', part: 'composer' });
    await page.close();
  });
});

describe('a send Veil did not see is never silent', () => {
  it('a send control that is no button: the page, the badge and the popup say what happened; the report holds no text', async () => {
    const page = await open('chatgpt', 'div');
    const secret = 'My probation officer said Tuesday';
    await type(page, secret);
    await page.locator(SEND).click();
    // The site took it (Veil could not know that <div> sends): the harm is done, and Veil says so.
    await expect.poll(() => received(page)).toEqual([secret]);
    await expect.poll(() => page.locator(NOTICE).textContent()).toMatch(/Veil missed a send: ChatGPT sent your message without a Veil review.*send button/);
    await expect.poll(async () => (await tabState(page)).badge, { timeout: 10_000 }).toBe('!');
    const { state } = await tabState(page);
    expect(state.problem).toMatchObject({ kind: 'missed', part: 'send button' });
    const diagnostic = (state.problem as { diagnostic: string }).diagnostic;
    expect(JSON.parse(diagnostic)).toMatchObject({ site: 'ChatGPT', part: 'send button', composerFound: true, sendButtonFound: false });
    expect(diagnostic).not.toMatch(/probation|Tuesday/);
    await page.close();
  });

  it('deleting a draft is not a send, and a reviewed send is not "missed"', async () => {
    const page = await open('chatgpt', 'send');
    await type(page, 'A draft I will delete');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await type(page, 'Plan my week.');
    await page.keyboard.press('Enter');
    await reviewAndSend(page, 'Plan my week.');
    await page.waitForTimeout(1000);
    expect(await page.locator(NOTICE).count()).toBe(0);
    expect((await tabState(page)).state.problem).toBeNull();
    await page.close();
  });
});
