/**
 * A hostile chat page (issue 29), in Chromium with the built extension on the ChatGPT fixture: a page script
 * that tries harder than the obvious. Each attack is one test:
 * - `form.requestSubmit()` in a loop, with a new URL each time: no review opens, nothing is charged;
 * - the panel made invisible (opacity 0) or covered by an element that lets clicks through: neither a key nor
 *   a click sends; the review can be moved to Veil's own window and sent from there;
 * - focus taken from the private compose box while the person types: said at once in the box and on the page,
 *   and the keys typed afterwards never reach the page;
 * - a 100,000-character message: protected within a stated time while another tab's send is reviewed as usual;
 * - stand-ins: a number typed in the site's box and the same number written in private compose get
 *   different stand-ins, so the typed pair the page sees names nothing compose sent;
 * - false tokens posted to Veil's panel: the real panel still loads at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, sendFromPage } from './browsers';
import { chromiumOnSites, COMPOSER, openFixture, panel, PANEL_FRAME, panelReady, received, typeInto, type ChromiumOnSites } from './sites';

let veil: ChromiumOnSites;
beforeAll(async () => {
  veil = await chromiumOnSites('veil-e2e-hostile-');
}, 90_000);
afterAll(async () => {
  await veil?.close();
});

interface Budget {
  attributes: { key: string; spent: number }[];
}
const releases = async () => ((await sendFromPage(veil.popup, 'releases.list', {})) as { value: unknown[] }).value.length;
const spent = async () => JSON.stringify(((await sendFromPage(veil.popup, 'budget.get', {})) as { value: Budget }).value);

/** Every panel iframe the page ever had, recorded by the page itself. */
function countPanels(page: Page): Promise<unknown> {
  return page.addInitScript(() => {
    const seen = ((window as unknown as { panelsOpened: number }).panelsOpened = 0);
    void seen;
    new MutationObserver(() => {
      const open = document.querySelectorAll('iframe[data-veil-panel="open"]').length;
      if (open > 0) (window as unknown as { panelsOpened: number }).panelsOpened++;
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-veil-panel'] });
  });
}

describe('a hostile chat page', () => {
  it('cannot spend the budget or open a review with requestSubmit() in a loop, changing its URL each time', async () => {
    const page = await veil.browser.context.newPage();
    await countPanels(page);
    await openFixture(page, 'chatgpt');
    const [before, budget] = [await releases(), await spent()];
    await page.evaluate(async () => {
      const box = document.querySelector<HTMLElement>('#prompt-textarea')!;
      box.focus();
      document.execCommand('insertText', false, 'Tell me about my week.');
      const form = box.closest('form')!;
      for (let i = 0; i < 8; i++) {
        history.pushState({}, '', `/c/fake-${i}`);
        form.requestSubmit();
        document.querySelectorAll('iframe[data-veil-panel="open"]').forEach((f) => f.remove());
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    });
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as unknown as { panelsOpened: number }).panelsOpened)).toBe(0);
    expect(await received(page)).toEqual([]);
    expect(await releases()).toBe(before);
    expect(await spent()).toBe(budget);
    await expect
      .poll(() => page.locator('veil-notice [role=alert]').textContent())
      .toMatch(/tried to send a message without you pressing send \(8 times\).*nothing was sent, reviewed or charged/);

    // The person's own Enter still opens a review, and it is one review, in the conversation of the page as it was.
    await page.locator(COMPOSER.chatgpt).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    const frame = await panelReady(page);
    await frame.getByRole('button', { name: 'Cancel' }).click();
    expect(await releases()).toBe(before + 1);
    await page.close();
  }, 90_000);

  it('cannot take the keys meant for the private compose box: it says so, and the keys typed afterwards do not reach the page', async () => {
    const page = await veil.browser.context.newPage();
    // The tab the person types in is the one in front (keyboard focus moves within it).
    await page.bringToFront();
    await openFixture(page, 'chatgpt');
    // The page's own script (it runs after Veil's content script, as every page script does): a field of its
    // own, and listeners for every key and input event.
    await page.evaluate(() => {
      const field = document.createElement('input');
      field.id = 'page-field';
      document.body.prepend(field);
      const heard: string[] = ((window as unknown as { heard: string[] }).heard = []);
      for (const type of ['keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'paste']) {
        for (const target of [window, document])
          target.addEventListener(type, (e) => heard.push(`${type}:${(e as KeyboardEvent).key ?? (e as InputEvent).data ?? ''}`), true);
      }
    });
    await page.locator('button[data-veil-compose="open"]').click();
    const box = page.frameLocator('iframe[data-veil-compose="box"]');
    await box.locator('#compose-text').waitFor({ timeout: 15_000 });
    await box.locator('#compose-text').click();
    // No pause: the steal comes as fast as a page can make it after the click that opened the box (that click is
    // no excuse for focus leaving Veil's box; test/unit/content/key-shield.test.ts has the slow and quiet cases).
    await page.keyboard.type('My PIN is ');
    // The page steals focus with focus() and listens.
    await page.evaluate(() => document.getElementById('page-field')!.focus());
    await page.keyboard.type('4921 and my pass');
    expect(await page.inputValue('#page-field')).toBe('');
    await expect.poll(() => box.getByTestId('keys-taken').count()).toBe(1);
    await expect.poll(() => page.locator('veil-notice [role=alert]').textContent()).toMatch(/took the keyboard from Veil.*kept what you typed from the page/);
    const heard = await page.evaluate(() => (window as unknown as { heard: string[] }).heard.join(' '));
    expect(heard).not.toMatch(/:4|:9|:2|:1|4921/);
    await screenshot(page, 'hostile-focus-stolen');
    // Clicking back in the box: typing goes on there.
    await box.locator('#compose-text').click();
    await page.keyboard.type('word');
    await expect.poll(() => box.locator('#compose-text').inputValue()).toBe('My PIN is word');
    await expect.poll(() => box.getByTestId('keys-taken').count()).toBe(0);
    await page.close();
  }, 90_000);

  it('protects a 100,000-character message within a minute while another tab’s send is reviewed as usual', async () => {
    const long = await veil.browser.context.newPage();
    await openFixture(long, 'chatgpt');
    const paragraph = 'Dear Ms Okafor, my son Daniel (14) at Hillcrest Academy in Leeds was off with asthma on 3 March 2025; our reference is 4471 9930. ';
    const text = paragraph.repeat(Math.ceil(100_000 / paragraph.length)).slice(0, 99_990);
    await long.locator(COMPOSER.chatgpt).click();
    await long.evaluate((t) => document.execCommand('insertText', false, t), text);
    const started = Date.now();
    await long.keyboard.press('Enter');
    // Meanwhile, in another tab, a short send.
    const other = await veil.browser.context.newPage();
    await openFixture(other, 'chatgpt');
    await typeInto(other, 'chatgpt', 'What should I cook tonight?');
    const otherStarted = Date.now();
    await other.keyboard.press('Enter');
    const otherPanel = await panelReady(other);
    const otherMs = Date.now() - otherStarted;
    await otherPanel.getByRole('button', { name: 'Cancel' }).click();
    const frame = panel(long);
    await frame.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 60_000 });
    const longMs = Date.now() - started;
    const shown = (await frame.locator('pre.sent-text').textContent())!;
    // The message, before the profile facts the release adds.
    const sent = shown.slice(0, shown.indexOf('\n\nAbout me:'));
    // The whole message, every paragraph of it (stand-ins change its length: "asthma" → "a lung or airway condition").
    expect(sent.match(/our reference is/g)?.length).toBe(text.match(/our reference is/g)?.length);
    expect(sent.match(/.{0,80}(?:\bDaniel\b|\bLeeds\b|4471 9930).{0,80}/g) ?? [], 'what the panel showed around a leak').toEqual([]);
    // "asthma" is a fact the test profile shares: kept as typed, as the release states it anyway.
    expect(sent.match(/asthma/g)?.length).toBe(text.match(/asthma/g)?.length);
    console.log(`hostile: a 100,000-character message reviewed in ${longMs} ms; another tab's panel meanwhile in ${otherMs} ms`);
    expect(longMs).toBeLessThan(60_000);
    await frame.getByRole('button', { name: 'Cancel' }).click();
    await long.close();
    await other.close();
  }, 150_000);

  it("gives numbers typed in the site's box and the same numbers in private compose stand-ins of their own", async () => {
    await sendFromPage(veil.popup, 'profile.import', { text: '{"version":1,"attributes":[]}' });
    const page = await veil.browser.context.newPage();
    await openFixture(page, 'chatgpt');
    await typeInto(page, 'chatgpt', "I'm 39 and we owe £2,400 since 3 March 2025, call 07700 900123.");
    await page.keyboard.press('Enter');
    const frame = await panelReady(page);
    const typed = (await frame.locator('pre.sent-text').textContent())!;
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => received(page)).toEqual([typed]);
    const [, age, amount, date, phone] = /^I'm (\d+) and we owe £([\d,]+) since (.+), call ([\d ]+)\.$/.exec(typed)!;
    // The page has seen "39" typed and what Veil sent for it. The same facts written in private compose:
    await page.locator('button[data-veil-compose="open"]').click();
    const box = page.frameLocator('iframe[data-veil-compose="box"]');
    await box.locator('#compose-text').waitFor({ timeout: 15_000 });
    await box.locator('#compose-text').pressSequentially("I'm 39 and we owe £2,400 since 3 March 2025, call 07700 900123.");
    const mapped = box.getByTestId('compose-mapped');
    await expect.poll(async () => ((await mapped.count()) ? mapped.textContent() : ''), { timeout: 15_000 }).toMatch(/\.$/);
    const composed = (await mapped.textContent())!;
    const [, cAge, cAmount, cDate, cPhone] = /^I'm (\d+) and we owe £([\d,]+) since (.+), call ([\d ]+)\.$/.exec(composed)!;
    // With one shift per conversation, the page would undo the typed send's shifts on these and get 39, £2,400
    // and 3 March 2025 back; that works only where a stand-in is the typed one. Drawn apart, the age (one of three)
    // and the date (one of 108 moves) agree by chance about once in 324, and the phone number's fresh digits
    // almost never: all three together, never in practice. (The amount is kept as typed in both: Veil's default for
    // amounts.) The date alone had agreed once in a clean-clone run, with the age: "37", "10 April 2025".
    expect([cAge, cAmount, cDate, cPhone]).not.toEqual([age, amount, date, phone]);
    await page.close();
    await sendFromPage(veil.popup, 'profile.import', { text: (await import('node:fs')).readFileSync('test/fixtures/profiles/ten-attributes.json', 'utf8') });
  }, 90_000);

  it('cannot hold the real panel up by posting false tokens to it', async () => {
    const page = await veil.browser.context.newPage();
    await page.bringToFront();
    await openFixture(page, 'chatgpt');
    // The page floods every frame of Veil's it can see with made-up tokens, before and during the send.
    await page.evaluate(() => {
      const flood = () => {
        for (const f of document.querySelectorAll('iframe'))
          for (let i = 0; i < 20; i++) f.contentWindow?.postMessage({ veilFrameToken: `forged-${Math.random()}` }, '*');
      };
      flood();
      setInterval(flood, 50);
    });
    await typeInto(page, 'chatgpt', 'Plan my week, please.');
    const started = Date.now();
    await page.keyboard.press('Enter');
    await page.locator(PANEL_FRAME).waitFor();
    await panelReady(page);
    const ms = Date.now() - started;
    console.log(`hostile: panel ready in ${ms} ms under a flood of false tokens`);
    expect(ms).toBeLessThan(15_000);
    await page.close();
  }, 60_000);
  // Last: Veil's own window takes the browser's focus from the test's window (headless Chromium does not
  // give it back), and the keyboard tests above need the chat page's window focused, as a person's is.
  it('cannot have an invisible or covered panel sent by a key or a click; Veil’s own window can send it', async () => {
    const page = await veil.browser.context.newPage();
    await openFixture(page, 'chatgpt');
    await typeInto(page, 'chatgpt', 'Plan my week, please.');
    await page.keyboard.press('Enter');
    const frame = await panelReady(page);
    // Focus is on the dialog, never on Send: a space bar sends nothing.
    expect(await frame.locator(':focus').evaluate((e) => e.textContent ?? '')).not.toBe('Send');
    // The page fades the panel out, then waits for the person's keys and clicks.
    await page.evaluate(() => document.querySelector<HTMLElement>('iframe[data-veil-panel="open"]')!.style.setProperty('opacity', '0', 'important'));
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(() => frame.getByRole('alert').allTextContents())
      .toContainEqual(expect.stringMatching(/not fully visible on this page \(it is made transparent\), so Veil did not send/));
    expect(await received(page)).toEqual([]);
    await screenshot(page, 'hostile-transparent-panel');

    // Visible again, but covered by the page's own layer that lets clicks through to the panel.
    await page.evaluate(() => {
      document.querySelector<HTMLElement>('iframe[data-veil-panel="open"]')!.style.setProperty('opacity', '1', 'important');
      const cover = document.createElement('div');
      cover.id = 'cover';
      cover.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:#fff;pointer-events:none';
      cover.textContent = 'Click the button in the middle to win a prize';
      document.documentElement.append(cover);
    });
    await page.waitForTimeout(800);
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => frame.getByRole('alert').allTextContents()).toContainEqual(expect.stringMatching(/something of the page is above it/));
    expect(await received(page)).toEqual([]);

    // The person moves the review into Veil's own window and sends from there.
    const windowOpened = veil.browser.context.waitForEvent('page');
    await frame.getByRole('button', { name: 'Open in a Veil window' }).click();
    const window = await windowOpened;
    await window.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 15_000 });
    const shown = await window.locator('pre.sent-text').textContent();
    await window.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => received(page)).toEqual([shown]);
    // Veil's window closes itself once it has sent.
    await expect.poll(() => window.isClosed()).toBe(true);
    await page.close();
  }, 90_000);
});
