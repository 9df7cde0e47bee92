/**
 * Faults on the send path (issue 19, item 4), in Chromium with the built extension on the ChatGPT fixture.
 * Each fault ends with nothing sent unreviewed, a message that says what happened, and the next send
 * working:
 * - the model host's offscreen document goes away (closed, or crashed) while a release is being made;
 * - the service worker stops between the key press and Send (after the release is shown, and while it is
 *   being made);
 * - the browser closes with a review open: nothing is sent at the next start, no stale review acts;
 * - a storage write fails in the middle of the charge: nothing is sent, nothing is charged (the charge's
 *   transaction is undone), and the next send is charged once;
 * - the model host frees an unused model (issue 21): the next send loads it again.
 *
 * How the faults are made: the offscreen document's model calls are held (a test build's hook, set through
 * a DevTools session on the document), so a model call is in flight when `chrome.offscreen.closeDocument()`
 * closes it; the worker is stopped as DevTools does (Target.closeTarget on
 * the service worker); the failing write is IndexedDB's own QuotaExceededError, thrown by a ledger row's
 * `put`, or by the release record's `add` after the ledger rows were written in the same transaction. The
 * browser is closed and started again on the same profile directory with --restore-last-session, so the
 * chat tab comes back.
 */
import { readFileSync } from 'node:fs';
import type { CDPSession, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, sendFromPage, tempDir } from './browsers';
import { serveSites } from './site-server';
import { chromiumOnSites, idle, openFixture, panel, PANEL_FRAME, panelReady, received, typeInto, type ChromiumOnSites } from './sites';

let veil: ChromiumOnSites;
let cdp: CDPSession;

beforeAll(async () => {
  veil = await chromiumOnSites('veil-e2e-faults-');
  cdp = await veil.browser.context.newCDPSession(veil.popup);
});
afterAll(async () => {
  await veil?.close();
});

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

async function target(ending: string): Promise<TargetInfo | undefined> {
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
  return targetInfos.find((t) => t.url.startsWith(veil.browser.url('')) && t.url.endsWith(ending));
}

/**
 * An evaluation in a worker, or `fallback` if it fails or does not answer within 2 s: a worker being
 * stopped can leave an evaluation unanswered (seen on a busy machine), and the polls below must go on.
 */
function answered<T>(w: Worker, fn: () => T, fallback: T): Promise<T> {
  return Promise.race([w.evaluate(fn).catch(() => fallback), new Promise<T>((resolve) => setTimeout(() => resolve(fallback), 2000))]);
}

/** The running service worker (a stopped one is started again by the next message to it). */
async function worker(): Promise<Worker> {
  await expect
    .poll(async () => {
      for (const w of veil.browser.context.serviceWorkers()) if (await answered(w, () => true, false)) return true;
      return false;
    })
    .toBe(true);
  for (const w of veil.browser.context.serviceWorkers().reverse()) if (await answered(w, () => true, false)) return w;
  throw new Error('no service worker');
}

/** Stop Veil's service worker as DevTools does, and wait until it is gone. */
async function stopWorker(): Promise<void> {
  const running = await worker();
  await running.evaluate(() => ((globalThis as { veilTestMarker?: boolean }).veilTestMarker = true));
  const sw = await target('/background.js');
  await cdp.send('Target.closeTarget', { targetId: sw!.targetId });
  // Gone: the worker that answers now (started again by whatever reached it) is a new one.
  await expect.poll(() => answered(running, () => (globalThis as { veilTestMarker?: boolean }).veilTestMarker === true, false)).toBe(false);
}

/**
 * Hold the model calls of Veil's offscreen document (where the model runs): a test build's model host there
 * awaits `veilTestModelHold` before it scores (src/extension/test-hooks.ts), set here through a DevTools
 * session attached to the document. A model call sent to it now stays in flight until `release` or until
 * the document goes.
 */
async function holdModel(): Promise<{ release: () => Promise<void> }> {
  // The document is made at the first model call after it went away: ask for the model's status.
  await sendFromPage(veil.popup, 'model.get', {});
  const off = await inOffscreen();
  await off.evaluate('globalThis.veilTestModelHold = new Promise((resolve) => (globalThis.veilTestModelGo = resolve)); 1');
  return {
    /** Let held calls go on (in a document still there) and stop holding. */
    release: async () => {
      await off.evaluate('delete globalThis.veilTestModelHold; globalThis.veilTestModelGo(); 1');
      await off.detach();
    },
  };
}

/** A DevTools session on Veil's offscreen document, to evaluate expressions there. */
async function inOffscreen(): Promise<{ evaluate: (expression: string) => Promise<void>; detach: () => Promise<void> }> {
  const off = await target('/offscreen.html');
  if (!off) throw new Error('no offscreen document');
  const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: off.targetId, flatten: false })) as { sessionId: string };
  let id = 0;
  const waiting = new Map<number, () => void>();
  const listener = (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number };
    if (message.id !== undefined) waiting.get(message.id)?.();
  };
  cdp.on('Target.receivedMessageFromTarget', listener);
  return {
    // Answered, or given up after a second (a document destroyed meanwhile never answers).
    evaluate: (expression) =>
      new Promise<void>((resolve) => {
        setTimeout(resolve, 1000);
        const n = ++id;
        waiting.set(n, resolve);
        cdp
          .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: n, method: 'Runtime.evaluate', params: { expression } }) })
          .catch(() => resolve());
      }),
    detach: async () => {
      cdp.off('Target.receivedMessageFromTarget', listener);
      await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    },
  };
}

async function closeOffscreen(): Promise<void> {
  await (
    await worker()
  ).evaluate(() => (globalThis as unknown as { chrome: { offscreen: { closeDocument(): Promise<void> } } }).chrome.offscreen.closeDocument());
}

async function spent(popup: Page = veil.popup): Promise<number> {
  return ((await sendFromPage(popup, 'budget.get', {})) as { value: { totalSpent: number } }).value.totalSpent;
}

async function releases(popup: Page = veil.popup): Promise<{ outcome: string; text: string }[]> {
  return ((await sendFromPage(popup, 'releases.list', {})) as { value: { outcome: string; text: string }[] }).value;
}

/** The ChatGPT fixture, in a conversation of its own (`c/<conversation>`: no earlier release to reuse). */
async function chatgpt(conversation = ''): Promise<Page> {
  const page = await veil.browser.context.newPage();
  await page.goto(`https://chatgpt.com/${conversation ? `c/${conversation}` : ''}`);
  await page.locator('html[data-fixture-ready]').waitFor({ state: 'attached' });
  return page;
}

/** One ordinary reviewed send on `page`: the review opens, Send sends exactly its text, once. */
async function reviewedSend(page: Page, typed: string): Promise<string> {
  const before = (await received(page)).length;
  await idle(page);
  await typeInto(page, 'chatgpt', typed);
  await page.keyboard.press('Enter');
  const frame = await panelReady(page);
  const text = (await frame.locator('pre.sent-text').textContent())!;
  expect(text.startsWith(typed)).toBe(true);
  await frame.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(async () => (await received(page)).slice(before)).toEqual([text]);
  await expect.poll(() => page.locator(PANEL_FRAME).count()).toBe(0);
  return text;
}

/** The panel's error, once it shows one. */
function panelAlert(page: Page): Promise<string | null> {
  return panel(page)
    .getByRole('alert')
    .first()
    .textContent({ timeout: 1000 })
    .catch(() => null);
}

// A prompt about work: its release carries the withheld occupation, which the model must score.
const WORK = 'Plan my week at work.';

/** Destroy the offscreen document from outside, as a renderer crash does (the extension did not close it). */
async function destroyOffscreen(): Promise<void> {
  const off = await target('/offscreen.html');
  await cdp.send('Target.closeTarget', { targetId: off!.targetId });
}

describe('the model host goes away during a release', () => {
  it.each([
    ['closed', closeOffscreen],
    ['destroyed from outside', destroyOffscreen],
  ] as const)('its document is %s while it scores: the release is made in a new one, reviewed, sent once; the next send works', async (how, goAway) => {
    // A new worker for each case: its plan is not cached from the case before, so the model is asked.
    if (how !== 'closed') await stopWorker();
    const page = await chatgpt(`faults-model-${how.split(' ')[0]}`);
    const spentBefore = await spent();
    const count = (await releases()).length;
    const held = await holdModel();
    try {
      await typeInto(page, 'chatgpt', WORK);
      await page.keyboard.press('Enter');
      // The release is being made, its model call held in the document.
      await panel(page).getByText('Making your release on this device').waitFor();
      await page.waitForTimeout(1000);
      expect(await panel(page).getByRole('button', { name: 'Send', exact: true }).count()).toBe(0);
      expect(await received(page)).toEqual([]);
      await goAway();
    } finally {
      await held.release();
    }
    const frame = await panelReady(page);
    const text = (await frame.locator('pre.sent-text').textContent())!;
    expect(text.startsWith(WORK)).toBe(true);
    expect(await received(page)).toEqual([]);
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => received(page)).toEqual([text]);
    // One release, charged once.
    expect((await releases()).length).toBe(count + 1);
    expect(await spent()).toBeGreaterThan(spentBefore);
    await page.close();
    const next = await chatgpt(`faults-model-${how.split(' ')[0]}`);
    await reviewedSend(next, 'And my weekend?');
    await next.close();
  });
});

describe('an unused model is freed', () => {
  it('the offscreen document closes itself after the idle time; typing in a chat loads the model again before the key press; the send is reviewed and sent once', async () => {
    const page = await chatgpt('faults-idle');
    await sendFromPage(veil.popup, 'model.get', {});
    const off = await inOffscreen();
    await off.evaluate('globalThis.veilTestIdleMs = 300; 1');
    await off.detach();
    // The next call's end schedules the release with the shortened time (a new document has the default).
    await sendFromPage(veil.popup, 'model.get', {});
    await expect.poll(async () => (await target('/offscreen.html')) === undefined, { timeout: 10_000 }).toBe(true);
    // Typing brings the model back before the key press (the draft read ahead asks for it).
    await typeInto(page, 'chatgpt', WORK);
    await expect.poll(async () => (await target('/offscreen.html')) !== undefined, { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Enter');
    const frame = await panelReady(page);
    const text = (await frame.locator('pre.sent-text').textContent())!;
    expect(text.startsWith(WORK)).toBe(true);
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => received(page)).toEqual([text]);
    expect(((await sendFromPage(veil.popup, 'model.get', {})) as { value: { status: { state: string } } }).value.status.state).toBe('ready');
    await page.close();
  });
});

describe('the service worker stops between the key press and Send', () => {
  it('after the review is shown: Send still sends exactly the reviewed text, once; the next send works', async () => {
    const page = await chatgpt();
    await typeInto(page, 'chatgpt', 'Plan my week.');
    await page.keyboard.press('Enter');
    const frame = await panelReady(page);
    const text = (await frame.locator('pre.sent-text').textContent())!;
    const spentShown = await spent();
    await stopWorker();
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => received(page)).toEqual([text]);
    await expect.poll(() => page.locator(PANEL_FRAME).count()).toBe(0);
    // The outcome is recorded by the restarted worker after the send (on a busy machine, well after it).
    await expect.poll(async () => (await releases())[0]?.outcome, { timeout: 20_000 }).toBe('sent');
    // Once: nothing more reaches the page.
    await page.waitForTimeout(500);
    expect(await received(page)).toEqual([text]);
    expect(await spent()).toBe(spentShown);
    await reviewedSend(page, 'And my weekend?');
    await page.close();
  });

  it('while the release is being made: the panel says so, nothing is sent; Cancel, and the next send works', async () => {
    const page = await chatgpt('faults-worker');
    const held = await holdModel();
    try {
      await typeInto(page, 'chatgpt', 'Plan my month at work.');
      await page.keyboard.press('Enter');
      await page.waitForTimeout(1500);
      await stopWorker();
    } finally {
      await held.release();
    }
    await expect
      .poll(() => panelAlert(page), { timeout: 30_000 })
      .toMatch(
        /Veil could not make a release: Veil stopped while it was making this release \(the browser restarted its background\); cancel and send again\. Nothing was sent\./,
      );
    expect(await received(page)).toEqual([]);
    expect(await panel(page).getByRole('button', { name: 'Send', exact: true }).count()).toBe(0);
    await panel(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.locator(PANEL_FRAME).count()).toBe(0);
    expect(await received(page)).toEqual([]);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await reviewedSend(page, 'Plan my month at work.');
    await page.close();
  });
});

describe('a storage write fails in the middle of the charge', () => {
  it.each([
    ['the release record', 'releases', 'add'],
    ['a ledger row', 'ledgers', 'put'],
  ] as const)('writing %s: nothing is sent and nothing is charged; the panel says why; the next send is charged once', async (_what, table, method) => {
    const page = await chatgpt(`faults-storage-${table}`);
    const spentBefore = await spent();
    const count = (await releases()).length;
    // The next write of that table inside the charging transaction (the one that writes both ledger rows
    // and release records) fails as a full disk makes it fail. The ledger rows are put first, so a failing
    // release record comes after the charge was written.
    await (
      await worker()
    ).evaluate(
      ([table, method]) => {
        const proto = IDBObjectStore.prototype as unknown as Record<string, (...args: unknown[]) => IDBRequest>;
        const original = proto[method]!;
        proto[method] = function (this: IDBObjectStore, ...args: unknown[]) {
          const tables = this.transaction.objectStoreNames;
          if (this.name === table && tables.contains('ledgers') && tables.contains('releases')) {
            proto[method] = original;
            throw new DOMException('the disk is full (test)', 'QuotaExceededError');
          }
          return original.apply(this, args);
        };
      },
      [table, method] as const,
    );
    await typeInto(page, 'chatgpt', WORK);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => panelAlert(page), { timeout: 30_000 })
      .toMatch(/Veil could not make a release: Veil's storage is full; nothing was saved.*Nothing was sent/);
    expect(await received(page)).toEqual([]);
    expect(await spent()).toBe(spentBefore);
    expect((await releases()).length).toBe(count);
    await panel(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.locator(PANEL_FRAME).count()).toBe(0);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await reviewedSend(page, WORK);
    const after = await releases();
    expect(after.length).toBe(count + 1);
    const charged = await spent();
    expect(charged).toBeGreaterThan(spentBefore);
    // Exactly one release's charge: the ledger grew by what the one new release cost.
    const ledger = ((await sendFromPage(veil.popup, 'releases.list', {})) as { value: { spent: Record<string, number> }[] }).value[0]!;
    expect(charged - spentBefore).toBe(Object.values(ledger.spent).reduce((a, b) => a + b, 0));
    await page.close();
  });
});

describe('the browser closes with a review open', () => {
  it('nothing is sent at the next start, no stale review acts, and the next send works', async () => {
    const dir = await tempDir('veil-e2e-faults-restart-');
    const server = await serveSites();
    try {
      let browser = await launchChromium(dir.path, { args: server.chromiumArgs });
      let popup = await browser.open('popup.html');
      expect(
        ((await sendFromPage(popup, 'profile.import', { text: readFileSync('test/fixtures/profiles/ten-attributes.json', 'utf8') })) as { ok: boolean }).ok,
      ).toBe(true);
      let page = await browser.context.newPage();
      await openFixture(page, 'chatgpt');
      await typeInto(page, 'chatgpt', 'Plan my week.');
      await page.keyboard.press('Enter');
      await panelReady(page);
      const spentShown = await spent(popup);
      const count = (await releases(popup)).length;
      await browser.close();

      // The chat tab comes back: the browser restores the last session, its page loads afresh.
      browser = await launchChromium(dir.path, { args: [...server.chromiumArgs, '--restore-last-session'] });
      popup = await browser.open('popup.html');
      await expect.poll(() => browser.context.pages().some((p) => p.url().startsWith('https://chatgpt.com/'))).toBe(true);
      page = browser.context.pages().find((p) => p.url().startsWith('https://chatgpt.com/'))!;
      await page.locator('html[data-fixture-ready]').waitFor({ state: 'attached' });
      const sw = browser.context.serviceWorkers()[0]!;
      const session = await sw.evaluate(async () =>
        Object.keys(
          await (globalThis as unknown as { chrome: { storage: { session: { get(k: null): Promise<object> } } } }).chrome.storage.session.get(null),
        ).filter((k) => k.startsWith('review:')),
      );
      expect(session).toEqual([]);
      await page.waitForTimeout(1500);
      expect(await received(page)).toEqual([]);
      expect(await page.locator(PANEL_FRAME).count()).toBe(0);
      expect(await page.locator('veil-notice').count()).toBe(0);
      // The release shown before the close stays charged and is not marked sent; nothing new was charged.
      expect(await spent(popup)).toBe(spentShown);
      const list = await releases(popup);
      expect(list.length).toBe(count);
      expect(list[0]).toMatchObject({ outcome: 'shown' });
      // The next send is reviewed and sent once.
      await typeInto(page, 'chatgpt', 'Plan my week.');
      await page.keyboard.press('Enter');
      const frame = await panelReady(page);
      const text = (await frame.locator('pre.sent-text').textContent())!;
      await frame.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => received(page)).toEqual([text]);
      await browser.close();
    } finally {
      await server.close();
      await dir.remove();
    }
  });
});
