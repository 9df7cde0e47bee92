// @vitest-environment happy-dom
/**
 * The send guard on a page, in happy-dom (./harness.ts): every way a person sends is held for review, nothing
 * a page script makes up starts one, and an approved send writes exactly the approved text, checks it took,
 * and presses the site's own send; anything that fails leaves the person's words in the box.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { chatPage, type ChatPage } from './harness';

let page: ChatPage | null = null;
function open(...args: Parameters<typeof chatPage>): ChatPage {
  page = chatPage(...args);
  return page;
}
afterEach(() => {
  page?.stop();
  page = null;
  vi.unstubAllEnvs();
  fakeBrowser.runtime.id = 'test-extension-id';
});

describe('catching a send', () => {
  it('holds Enter in the message box and begins a review with the person’s words; the site gets nothing yet', async () => {
    const t = open();
    t.type('my rent is late');
    expect(t.enter()).toBe(true);
    expect(t.received).toEqual([]);
    expect(t.asked('review.begin')).toMatchObject([{ prompt: 'my rent is late' }]);
    expect(t.panel()).not.toBeNull();
    await t.panelLoads();
    // The one-time token goes to the panel's own window, and it is the one the background was given.
    const { token } = t.asked('review.begin')[0] as { token: string };
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    expect(t.posted).toEqual([{ veilFrameToken: token }]);
  });

  it('leaves Shift+Enter (a new line) and an empty box to the site', () => {
    const t = open();
    t.type('two');
    expect(t.enter({ shiftKey: true })).toBe(false);
    t.type('   ');
    t.enter();
    expect(t.asked('review.begin')).toEqual([]);
  });

  it('does not take Enter while an input method composes as a send', () => {
    const t = open();
    t.type('にほんご');
    expect(t.enter({ isComposing: true })).toBe(false);
    expect(t.enter({ keyCode: 229 })).toBe(false);
    expect(t.asked('review.begin')).toEqual([]);
    expect(t.received).toEqual([]);
  });

  it('holds Ctrl/Cmd+Enter where a plain Enter makes a new line, and lets that plain Enter through', () => {
    const t = open({ enterSends: false });
    t.type('line one');
    expect(t.enter()).toBe(false);
    expect(t.asked('review.begin')).toEqual([]);
    expect(t.enter({ ctrlKey: true })).toBe(true);
    expect(t.asked('review.begin')).toHaveLength(1);
  });

  it('holds a click on the send button', () => {
    const t = open();
    t.type('hello');
    expect(t.click()).toBe(true);
    expect(t.received).toEqual([]);
    expect(t.asked('review.begin')).toMatchObject([{ prompt: 'hello' }]);
  });

  it('holds a submit that follows the person’s key press in its form', () => {
    const t = open({ enterSends: false });
    t.type('by the form');
    t.enter();
    expect(t.submit()).toBe(true);
    expect(t.asked('review.begin')).toMatchObject([{ prompt: 'by the form' }]);
  });

  it('blocks and counts a submit no act of the person came before, without a review', () => {
    const t = open();
    t.type('page-made');
    expect(t.submit()).toBe(true);
    expect(t.submit()).toBe(true);
    expect(t.guard.unpromptedSubmits).toBe(2);
    expect(t.asked('review.begin')).toEqual([]);
    expect(t.received).toEqual([]);
    expect(t.notice()).toMatch(/tried to send a message without you pressing send \(2 times\)/);
    // Said once, then counted in place.
    expect(document.querySelectorAll('veil-notice')).toHaveLength(1);
  });

  it('starts no review for events a page script makes up (isTrusted false)', () => {
    const t = open();
    t.type('secret');
    t.enter({}, { person: false });
    t.click(t.button, { person: false });
    t.submit(null, { person: false });
    expect(t.asked('review.begin')).toEqual([]);
  });

  it('reads the draft ahead once typing pauses, and only the box’s', async () => {
    const t = open();
    t.type('draft');
    await vi.waitFor(() => expect(t.asked('review.prepare')).toEqual([{ prompt: 'draft' }]));
  });
});

describe('a site that renamed its controls', () => {
  it('reviews a click on a renamed button that says Send beside the known box', () => {
    const t = open({ renamed: ['send'], button: '<button type="button" class="x9" aria-label="Send message">➤</button>' });
    t.type('hello');
    expect(t.click()).toBe(true);
    expect(t.asked('review.begin')).toMatchObject([{ prompt: 'hello' }]);
  });

  it('holds an unknown icon button beside the box and asks, sending nothing', () => {
    const t = open({ renamed: ['send'], button: '<button type="button" class="x9">➤</button>' });
    t.type('hello');
    expect(t.click()).toBe(true);
    expect(t.received).toEqual([]);
    expect(t.asked('review.begin')).toEqual([]);
    expect(t.notice()).toMatch(/Veil held this send: it cannot find Test Chat's send button/);
    expect(t.notice()).toMatch(/Review and send.*Let this one through/);
  });

  it('holds Enter in a box it no longer knows, in a form, and asks', () => {
    const t = open({ renamed: ['composer'] });
    t.type('hello');
    expect(t.enter()).toBe(true);
    expect(t.received).toEqual([]);
    expect(t.notice()).toMatch(/Veil held this send: it cannot find Test Chat's message box/);
  });

  it('blocks a click on the known send button when no box can be found', () => {
    const t = open({ renamed: ['composer'] });
    t.box.value = 'typed without focus';
    expect(t.click()).toBe(true);
    expect(t.received).toEqual([]);
    expect(t.notice()).toMatch(/cannot find Test Chat's message box on this page .* so it blocked this send/);
  });
});

describe('writing the approved text and pressing send', () => {
  async function underReview(t: ChatPage, text: string) {
    t.type(text);
    t.enter();
    await t.panelLoads();
  }

  it('writes exactly the approved text, and the site receives it by its own send', async () => {
    const t = open();
    await underReview(t, 'I live in Lyon');
    expect(await t.approve('I live in a city in France')).toEqual({ ok: true });
    expect(t.received).toEqual(['I live in a city in France']);
    expect(t.guard.sentByVeil).not.toBeNull();
    expect(t.panel()).toBeNull();
  });

  it('sends the prompt as typed when the review changed nothing (text null)', async () => {
    const t = open();
    await underReview(t, 'nothing private');
    expect(await t.approve(null)).toEqual({ ok: true });
    expect(t.received).toEqual(['nothing private']);
  });

  it('puts the person’s words back and sends nothing when the box does not take the approved text', async () => {
    const t = open();
    await underReview(t, 'my words');
    // An editor that keeps its own state: a write from outside is undone at once.
    t.box.addEventListener('input', () => {
      if (t.box.value !== 'my words') t.box.value = 'my wor';
    });
    const reply = await t.approve('approved words');
    expect(reply).toMatchObject({ ok: false, error: expect.stringMatching(/message box did not take the approved text/) });
    expect(t.received).toEqual([]);
    expect(t.box.value).toBe('my words');
    expect(t.panel()).not.toBeNull();
  });

  it('puts the person’s words back when the site does not take the send, and keeps the panel to try again', async () => {
    const t = open();
    await underReview(t, 'my words');
    t.site.takesSends = false;
    const reply = await t.approve('approved words');
    expect(reply).toMatchObject({ ok: false, error: expect.stringMatching(/did not take the send/) });
    expect(t.box.value).toBe('my words');
    expect(t.panel()).not.toBeNull();
  });

  it('refuses a Send from a panel the person could not see', async () => {
    const t = open();
    await underReview(t, 'my words');
    const reply = await t.approve('approved', { window: false });
    expect(reply).toMatchObject({ ok: false, error: expect.stringMatching(/panel was not fully visible/) });
    expect(t.received).toEqual([]);
  });

  it('refuses a command for a review that is not the one open', async () => {
    const t = open();
    await underReview(t, 'my words');
    expect(await t.approve('x', { reviewId: 'another' })).toEqual({ ok: false, error: 'this review is no longer open on the page' });
    expect(t.received).toEqual([]);
  });

  it('closes the panel on Escape and tells the background the review is cancelled', async () => {
    const t = open();
    await underReview(t, 'my words');
    expect(t.press({ key: 'Escape' })).toBe(true);
    await vi.waitFor(() => expect(t.panel()).toBeNull());
    expect(t.asked('review.cancel')).toHaveLength(1);
    expect(t.received).toEqual([]);
  });

  it('holds a second send while a review is open, without a second review', async () => {
    const t = open();
    await underReview(t, 'my words');
    expect(t.enter()).toBe(true);
    expect(t.click()).toBe(true);
    expect(t.asked('review.begin')).toHaveLength(1);
  });
});

describe('failing closed', () => {
  it('blocks the send when the background does not answer in time', async () => {
    const t = open({ timeoutMs: 200, answers: { 'review.begin': () => new Promise(() => undefined) } });
    t.type('my words');
    expect(t.enter()).toBe(true);
    await t.panelLoads({ token: false });
    await vi.waitFor(() => expect(t.notice()).toMatch(/Veil blocked this send: Veil's background did not answer within 0.2 s/));
    expect(t.panel()).toBeNull();
    expect(t.asked('review.cancel')).toHaveLength(1);
    expect(t.received).toEqual([]);
  });

  it('blocks the send when the panel does not load in time', async () => {
    const t = open({ timeoutMs: 200 });
    t.type('my words');
    t.enter();
    await vi.waitFor(() => expect(t.notice()).toMatch(/Veil's review panel did not open within 0.2 s/));
    expect(t.panel()).toBeNull();
    expect(t.received).toEqual([]);
  });

  it('blocks the send when the background refuses it', async () => {
    const t = open({ answers: { 'review.begin': () => Promise.reject(new Error('the budget is spent')) } });
    t.type('my words');
    t.enter();
    await vi.waitFor(() => expect(t.notice()).toMatch(/Veil blocked this send: the budget is spent\. Nothing was sent\./));
    expect(t.received).toEqual([]);
  });

  it('blocks a message too long to review', async () => {
    const t = open();
    t.type('x'.repeat(200_000));
    expect(t.enter()).toBe(true);
    expect(t.notice()).toMatch(/Veil held this send:/);
    expect(t.asked('review.begin')).toEqual([]);
  });
});

describe('a script whose extension was updated under the page', () => {
  /** The extension goes away: the runtime has no id any more, as in a content script orphaned by an update. */
  function updated(t: ChatPage) {
    t.extension.gone = true;
    (fakeBrowser.runtime as { id?: string }).id = undefined;
  }

  it('blocks the send at the key press that finds it out, says to reload the page, and keeps blocking', () => {
    const t = open();
    t.type('my words');
    updated(t);
    expect(t.enter()).toBe(true);
    expect(t.ctx.isValid).toBe(false);
    expect(t.notice()).toMatch(/Reload this page to send with Veil\. Nothing was sent\./);
    // The context's listeners are gone; the sends it catches are still blocked.
    expect(t.enter()).toBe(true);
    expect(t.click()).toBe(true);
    expect(t.submit()).toBe(true);
    expect(t.asked('review.begin')).toEqual([]);
    expect(t.received).toEqual([]);
  });

  it('blocks sends once the context has ended, and stops reading the draft ahead', async () => {
    const t = open();
    updated(t);
    t.ctx.notifyInvalidated();
    t.type('my words');
    expect(t.click()).toBe(true);
    expect(t.notice()).toMatch(/Reload this page/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.calls).toEqual([]);
    expect(t.received).toEqual([]);
  });

  it('closes an open review and says to reload the page', async () => {
    const t = open();
    t.type('my words');
    t.enter();
    await t.panelLoads();
    updated(t);
    t.ctx.notifyInvalidated();
    expect(t.panel()).toBeNull();
    expect(t.notice()).toMatch(/Reload this page/);
    expect(await t.approve('approved')).toMatchObject({ ok: false });
    expect(t.received).toEqual([]);
  });

  it('leaves an empty box and a site switched off to the site', () => {
    const t = open();
    updated(t);
    t.ctx.notifyInvalidated();
    t.type('');
    t.enter();
    expect(t.notice()).toBeNull();
    t.guard.setEnabled(false);
    t.type('not guarded here');
    t.enter();
    expect(t.received).toEqual(['not guarded here']);
  });

  it('stands down when a newer copy of the script took the page over (the extension is still there)', () => {
    const t = open();
    t.ctx.notifyInvalidated();
    t.type('the newer copy guards this');
    t.enter();
    // Not this copy's to hold: the send reaches the site's own handler.
    expect(t.received).toEqual(['the newer copy guards this']);
    expect(t.asked('review.begin')).toEqual([]);
    expect(t.notice()).toBeNull();
  });
});
