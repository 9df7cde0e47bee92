/**
 * Catching the send on the three chat-site fixtures, in Chromium with the built extension, the pages
 * served under their real host names (https://chatgpt.com/ …) so the match patterns people install are the
 * ones tested. For each site, in every layout it serves (src/sites/fixtures/layouts.ts): Enter and a click open the review panel; Send writes the approved text and
 * the site's own send handler receives exactly it, once; Cancel sends nothing; Shift+Enter is a new line;
 * Enter while an input method composes does not send. Then, on ChatGPT: a failing background, a missing
 * composer and a write that does not take each block the send with a message; a hostile page learns no
 * withheld value; a withheld value typed into the prompt is flagged; a second send in the conversation
 * reuses the release for free.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, sendFromPage, type ChromiumWithVeil } from './browsers';
import { FIXTURE_LAYOUTS, type LayoutId } from '../../src/sites/fixtures/layouts';
import {
  chromiumOnSites,
  composerText,
  hostileHeard,
  installHostileRecorder,
  idle,
  openFixture,
  panel,
  PANEL_FRAME,
  panelReady,
  received,
  SEND_BUTTON,
  typeInto,
  WITHHELD_VALUES,
  type ChromiumOnSites,
} from './sites';

let browser: ChromiumWithVeil;
let popup: Page;
let veil: ChromiumOnSites;

beforeAll(async () => {
  veil = await chromiumOnSites('veil-e2e-sites-');
  ({ browser, popup } = veil);
});
afterAll(async () => {
  await veil?.close();
});

async function site(name: LayoutId, query = ''): Promise<Page> {
  const page = await browser.context.newPage();
  await openFixture(page, name, query);
  return page;
}

describe.each(FIXTURE_LAYOUTS.map((l): LayoutId => l.id))('%s fixture', (name) => {
  it('Enter opens the review; Send writes the approved text and the site receives exactly it, once', async () => {
    const page = await site(name);
    await typeInto(page, name, 'Plan my week.');
    await page.keyboard.press('Enter');
    const frame = await panelReady(page);
    const text = (await frame.locator('pre.sent-text').textContent())!;
    expect(text.startsWith('Plan my week.\n\nAbout me:\n')).toBe(true);
    for (const value of WITHHELD_VALUES) expect(text).not.toContain(value);
    expect(await received(page)).toEqual([]);
    await screenshot(page, `review-${name}`);
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => received(page)).toEqual([text]);
    await expect.poll(() => page.locator(PANEL_FRAME).count()).toBe(0);
    await page.waitForTimeout(300);
    expect(await received(page)).toEqual([text]);
    await page.close();
  });

  it('the send button opens the review; Cancel (and Escape) send nothing and leave the prompt as typed', async () => {
    const page = await site(name);
    await typeInto(page, name, 'Hello there');
    await page.locator(SEND_BUTTON[name]).click();
    let frame = await panelReady(page);
    await frame.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.locator(PANEL_FRAME).count()).toBe(0);
    await page.keyboard.press('Enter');
    frame = await panelReady(page);
    await page.waitForTimeout(100);
    await frame.getByRole('dialog').press('Escape');
    await expect.poll(() => page.locator(PANEL_FRAME).count()).toBe(0);
    // Escape that lands on the page while the panel is open (the site took focus back) cancels too.
    await page.keyboard.press('Enter');
    await panelReady(page);
    await page.evaluate(() => document.body.dispatchEvent(new FocusEvent('focusin')));
    await page.locator('body').press('Escape');
    await expect.poll(() => page.locator(PANEL_FRAME).count()).toBe(0);
    expect(await received(page)).toEqual([]);
    expect(await composerText(page, name)).toContain('Hello there');
    await page.close();
  });

  it('Shift+Enter makes a new line, and Enter while an input method composes does not send', async () => {
    const page = await site(name);
    await typeInto(page, name, 'first line');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('second line');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'にほん', selectionStart: 3, selectionEnd: 3 });
    await page.keyboard.press('Enter');
    await page.waitForTimeout(400);
    expect(await page.locator(PANEL_FRAME).count()).toBe(0);
    expect(await received(page)).toEqual([]);
    await cdp.send('Input.insertText', { text: '' });
    await page.keyboard.press('Enter');
    const frame = await panelReady(page);
    expect((await frame.locator('pre.sent-text').textContent())!.startsWith('first line\nsecond line')).toBe(true);
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(async () => (await received(page))[0]?.split('\n\n')[0]).toMatch(/^first line\nsecond line/);
    await page.close();
  });
});

describe('Claude narrow layout', () => {
  it('Enter makes a new line there; the button still opens the review', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 480, height: 800 });
    await openFixture(page, 'claude');
    await typeInto(page, 'claude', 'one');
    await page.keyboard.press('Enter');
    await page.keyboard.type('two');
    await page.waitForTimeout(200);
    expect(await page.locator(PANEL_FRAME).count()).toBe(0);
    await page.locator(SEND_BUTTON.claude).click();
    const frame = await panelReady(page);
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(async () => (await received(page))[0]?.split('\n\n')[0]).toBe('one\ntwo');
    await page.close();
  });
});

describe('visible state', () => {
  it('the badge and the popup say Veil is on with the ChatGPT adapter (also while the empty composer has no send button), and show when the adapter loses the message box', async () => {
    const page = await site('chatgpt');
    const worker = browser.context.serviceWorkers()[0]!;
    type Chrome = { chrome: { tabs: { query(q: object): Promise<{ id: number }[]> }; action: { getBadgeText(d: object): Promise<string> } } };
    const tabId = await worker.evaluate(async () => (await (globalThis as unknown as Chrome).chrome.tabs.query({ url: 'https://chatgpt.com/*' }))[0]!.id);
    const badge = () => worker.evaluate((tabId) => (globalThis as unknown as Chrome).chrome.action.getBadgeText({ tabId }), tabId);
    const state = async () => ((await sendFromPage(popup, 'tab.state', { tabId })) as { value: Record<string, unknown> }).value;
    await expect.poll(badge).toBe('on');
    expect(await state()).toEqual({
      site: 'chatgpt',
      generic: false,
      siteLabel: 'ChatGPT',
      enabled: true,
      active: true,
      composerFound: true,
      layout: 'classic',
      problem: null,
    });
    await page.evaluate(() => document.querySelector('#prompt-textarea')!.removeAttribute('id'));
    await expect.poll(badge, { timeout: 10_000 }).toBe('!');
    expect(await state()).toMatchObject({ active: true, composerFound: false });
    await page.close();
    // The same site in its 2026 layout: the popup names it.
    const modern = await site('chatgpt-2026');
    const modernTab = await worker.evaluate(async () => (await (globalThis as unknown as Chrome).chrome.tabs.query({ url: 'https://chatgpt.com/*' }))[0]!.id);
    const modernState = async () => ((await sendFromPage(popup, 'tab.state', { tabId: modernTab })) as { value: Record<string, unknown> }).value;
    await expect.poll(modernState).toMatchObject({ composerFound: true, layout: '2026-09' });
    // ChatGPT renders no send button while its composer is empty (a dictation button holds its place,
    // SITES.md): that is no broken layout. Pressing the dictation button with nothing typed is no send either.
    expect(await modern.locator(SEND_BUTTON['chatgpt-2026']).count()).toBe(0);
    await modern.locator('form[data-chatgpt-composer] button[data-start-dictation]').click();
    await modern.waitForTimeout(3_500); // a health check of the content script's (every 3 s)
    expect(await worker.evaluate((tabId) => (globalThis as unknown as Chrome).chrome.action.getBadgeText({ tabId }), modernTab)).toBe('on');
    expect(await modernState()).toMatchObject({ composerFound: true, layout: '2026-09', problem: null });
    expect(await modern.locator('veil-notice').count()).toBe(0);
    await modern.close();
  });
});

describe('ChatGPT fixture: failing closed', () => {
  it('a failing background blocks the send with its reason; Send without Veil is a separate choice', async () => {
    const worker = browser.context.serviceWorkers()[0]!;
    await worker.evaluate(() => {
      (globalThis as { veilTestBeforeCharge?: () => Promise<void> }).veilTestBeforeCharge = async () => {
        throw new Error('storage is unavailable (test)');
      };
    });
    try {
      const page = await site('chatgpt');
      await typeInto(page, 'chatgpt', 'Hello');
      await page.keyboard.press('Enter');
      const frame = panel(page);
      await expect
        .poll(() => frame.getByRole('alert').first().textContent(), { timeout: 30_000 })
        .toMatch(/Veil could not make a release: storage is unavailable \(test\).*Nothing was sent/);
      expect(await received(page)).toEqual([]);
      await frame.getByRole('button', { name: 'Send without Veil' }).click();
      await expect.poll(() => received(page)).toEqual(['Hello']);
      await page.close();
    } finally {
      await worker.evaluate(() => delete (globalThis as { veilTestBeforeCharge?: unknown }).veilTestBeforeCharge);
    }
  });

  it('a missing composer holds the send with a message on the page (chromium-renames tests the rest)', async () => {
    const page = await site('chatgpt');
    await typeInto(page, 'chatgpt', 'Hello');
    // The site renamed its composer: the adapter no longer finds it.
    await page.evaluate(() => document.querySelector('#prompt-textarea')!.removeAttribute('id'));
    await page.locator(SEND_BUTTON.chatgpt).click();
    await expect
      .poll(() => page.locator('veil-notice [role=alert]').textContent())
      .toMatch(/Veil held this send: it cannot find ChatGPT's message box.*Nothing was sent/);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(await received(page)).toEqual([]);
    expect(await page.locator(PANEL_FRAME).count()).toBe(0);
    await page.close();
  });

  it('a write the editor does not take blocks the send, says why, and puts the prompt back', async () => {
    const page = await site('chatgpt');
    await typeInto(page, 'chatgpt', 'Hello');
    await page.keyboard.press('Enter');
    const frame = await panelReady(page);
    // The site's editor stops taking changes to its text.
    await page.evaluate(() => ((window as unknown as { siteFrozen: boolean }).siteFrozen = true));
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => frame.getByRole('alert').last().textContent()).toMatch(/Nothing was sent: ChatGPT's message box did not take the approved text/);
    expect(await received(page)).toEqual([]);
    expect(await composerText(page, 'chatgpt')).toBe('Hello');
    await page.close();
  });
});

describe('ChatGPT fixture: privacy and reuse', () => {
  it('a hostile page reads no withheld value: not in its DOM, not from events, not through the iframe, not by framing the panel', async () => {
    const page = await browser.context.newPage();
    await installHostileRecorder(page);
    await openFixture(page, 'chatgpt');
    // A message about work, so the release carries the withheld occupation.
    await typeInto(page, 'chatgpt', 'Plan my week at work.');
    await page.keyboard.press('Enter');
    const frame = await panelReady(page);
    // The panel shows the person's own withheld values (Veil's page) …
    expect(await frame.locator('.review-facts').textContent()).toContain('Pediatric nurse');
    // … which the page cannot read through the iframe.
    const probe = await page.evaluate((selector) => {
      const iframe = document.querySelector<HTMLIFrameElement>(selector)!;
      let windowDocument = 'blocked';
      try {
        windowDocument = String(iframe.contentWindow!.document.body.innerText);
      } catch {
        /* cross-origin */
      }
      return { contentDocument: iframe.contentDocument === null ? null : 'readable', windowDocument, src: iframe.src };
    }, PANEL_FRAME);
    expect(probe).toMatchObject({ contentDocument: null, windowDocument: 'blocked' });
    expect(probe.src).toMatch(/^chrome-extension:\/\/[a-p]{32}\/review\.html$/);
    // The page frames the panel's URL itself: that frame gets nothing.
    await page.evaluate((src) => {
      const own = document.createElement('iframe');
      own.src = src;
      own.id = 'page-own-frame';
      document.body.append(own);
    }, probe.src);
    await expect.poll(() => page.frameLocator('#page-own-frame').locator('body').textContent(), { timeout: 15_000 }).toMatch(/There is no send to review here/);
    // The person edits in the panel: the page hears none of it.
    await frame.getByRole('button', { name: 'Edit message' }).click();
    await frame.locator('#prompt-edit').fill('');
    await frame.locator('#prompt-edit').pressSequentially('Plan my quiet week.');
    await frame.getByRole('button', { name: 'Use this message' }).click();
    await expect.poll(() => frame.locator('pre.sent-text').textContent()).toMatch(/^Plan my quiet week\./);
    const heard = await hostileHeard(page, { withDom: false });
    expect(heard).not.toContain('quiet');
    for (const value of WITHHELD_VALUES) expect(heard).not.toContain(value);
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(async () => (await received(page))[0]).toMatch(/^Plan my quiet week\./);
    const after = await hostileHeard(page);
    for (const value of WITHHELD_VALUES) expect(after).not.toContain(value);
    await page.close();
  });

  it("a withheld value typed into the prompt is one of the message's marks: generalized to its released category by default", async () => {
    const page = await site('chatgpt');
    await typeInto(page, 'chatgpt', 'As a pediatric nurse, plan my week.');
    await page.keyboard.press('Enter');
    const frame = await panelReady(page);
    await expect.poll(() => frame.locator('.typed-warning').textContent()).toMatch(/mentions a fact you withheld: occupation \(“pediatric nurse”\)/);
    const mark = frame.locator('.review-marks li', { hasText: '“pediatric nurse”' });
    expect(await mark.getByRole('button', { name: /^Generalize to/ }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => frame.locator('pre.sent-text').textContent()).not.toMatch(/pediatric nurse/i);
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(async () => (await received(page)).length).toBe(1);
    expect((await received(page))[0]).not.toMatch(/pediatric nurse/i);
    await page.close();
  });

  it('a second send in the same conversation reuses the release at no cost', async () => {
    const page = await site('chatgpt');
    await typeInto(page, 'chatgpt', 'First question');
    await page.keyboard.press('Enter');
    let frame = await panelReady(page);
    const first = (await frame.locator('pre.sent-text').textContent())!;
    expect(await frame.locator('.review-cost').textContent()).toMatch(/This release cost ε [\d.]+\. It was charged/);
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(async () => (await received(page)).length).toBe(1);
    await idle(page);
    const spent = ((await sendFromPage(popup, 'budget.get', {})) as { value: { totalSpent: number } }).value.totalSpent;
    await typeInto(page, 'chatgpt', 'Second question');
    await page.keyboard.press('Enter');
    frame = await panelReady(page);
    expect(await frame.locator('.review-cost').textContent()).toMatch(/earlier release is used again: this send costs nothing/);
    const second = (await frame.locator('pre.sent-text').textContent())!;
    expect(second.replace('Second question', 'First question')).toBe(first);
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(async () => (await received(page)).length).toBe(2);
    expect(((await sendFromPage(popup, 'budget.get', {})) as { value: { totalSpent: number } }).value.totalSpent).toBe(spent);
    await page.close();
  });
});
