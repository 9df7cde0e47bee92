/**
 * Chromium, built test variant: releases are made by the background, with the model in the offscreen
 * document, and nothing leaves the machine while it happens.
 * - A release for a stored profile is returned and charged (from Veil's popup; a content script is refused one).
 * - Every request to the outside world during the whole run is recorded by a proxy and fails the test.
 * - A release still works after the service worker was stopped (DevTools protocol), without loading the
 *   model again.
 * - Two pages asking at once never spend past a cap.
 * - A settings change between planning and charging is refused and the release made again at the new ε.
 * - The popup shows the backend in use.
 */
import { readFileSync } from 'node:fs';
import type { Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDemo } from '../../scripts/demo-server.mjs';
import { forgeFromContentScript, launchChromium, screenshot, sendFromPage, tempDir, type ChromiumWithVeil } from './browsers';
import { watchOutside, type OutsideWatch } from './outside-world';

const profileText = readFileSync('test/fixtures/profiles/ten-attributes.json', 'utf8');
const E = 2 ** 20;

let dir: Awaited<ReturnType<typeof tempDir>>;
let browser: ChromiumWithVeil;
let outside: OutsideWatch;
let demo: Awaited<ReturnType<typeof serveDemo>>;
let popup: Page;

interface Ok<T> {
  ok: true;
  value: T;
}
interface ReleaseValue {
  releaseId: number;
  epsilon: number;
  kind: string;
  text: string;
  charged: { total: number; perAttribute: Record<string, number> };
  attributes: { field: string; release: string; origin?: string }[];
}

async function send<T>(page: Page, type: string, request: unknown): Promise<T> {
  const reply = (await sendFromPage(page, type, request)) as Ok<T> | { ok: false; error: string };
  if (!reply.ok) throw new Error(`${type}: ${reply.error}`);
  return reply.value;
}

const totalSpent = async () => (await send<{ totalSpent: number }>(popup, 'budget.get', {})).totalSpent;

beforeAll(async () => {
  dir = await tempDir('veil-e2e-release-');
  outside = await watchOutside();
  demo = await serveDemo({ port: 0 });
  browser = await launchChromium(dir.path, { args: outside.chromiumArgs });
  popup = await browser.open('popup.html');
  await send(popup, 'profile.import', { text: profileText });
  // Charging, reuse and caps are under test, with the figures of ε = 8: every withheld fact in every release.
  await send(popup, 'settings.update', { patch: { facts: 'all', epsilon: 8 } });
});
afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await outside?.close();
  await dir?.remove();
});

describe('Chromium: releases in the background', () => {
  it('shows the model backend in the popup, then returns and charges a release', async () => {
    await popup.reload();
    const status = popup.getByText(/ready on (WASM|WebGPU)/);
    await status.waitFor({ timeout: 60_000 });
    expect(await status.textContent()).toMatch(/ready on WASM \(no WebGPU adapter on this device:/);
    await popup.getByRole('region', { name: 'Your next release' }).getByText('You · Occupation').waitFor();
    await screenshot(popup, 'chromium-popup-release-preview');

    const r = await send<ReleaseValue>(popup, 'release.create', { prompt: 'Suggest a weekend plan.', conversation: 'e2e-1', site: 'veil' });
    expect(r).toMatchObject({ epsilon: 8, kind: 'fresh' });
    expect(r.text.startsWith('Suggest a weekend plan.\n\n')).toBe(true);
    expect(r.text).not.toMatch(/Pediatric nurse|Lyon|Bachelor of Science in Nursing/);
    // ε = 8 shared by the five withheld facts and the two shared ones DP-BLOCK's closure privatizes (which
    // are public, so not charged): each withheld fact is charged 8/7.
    expect(Object.keys(r.charged.perAttribute).sort()).toEqual(['self.age', 'self.education', 'self.location', 'self.marital_status', 'self.occupation']);
    for (const e of Object.values(r.charged.perAttribute)) expect(e).toBeCloseTo(8 / 7, 5);
    expect(await totalSpent()).toBe(Object.values(r.charged.perAttribute).reduce((s, e) => s + e * E, 0));
  });

  it('refuses a release to a content script: a send on a site is released only through the review', async () => {
    const page = await browser.context.newPage();
    await page.goto(demo.url);
    await page.locator('html[data-veil-test-probe]').waitFor({ state: 'attached' });
    const spent = await totalSpent();
    const forge = (message: unknown) => forgeFromContentScript<{ ok: boolean; value?: ReleaseValue; error?: string }>(page, message);
    expect(await forge({ type: 'release.create', request: { prompt: 'Hello', conversation: 'demo-1' } })).toEqual({
      ok: false,
      error: 'release.create is refused from a content script',
    });
    expect(await forge({ type: 'release.outcome', request: { releaseId: 1, outcome: 'sent' } })).toEqual({
      ok: false,
      error: 'release.outcome is refused from a content script',
    });
    expect(await totalSpent()).toBe(spent);
    await page.close();
  });

  it('still works after the service worker was stopped, and the model was not loaded again', async () => {
    const before = await send<{ status: { state: string; loadMs: number } }>(popup, 'model.get', {});
    expect(before.status.state).toBe('ready');
    const cdp = await browser.context.newCDPSession(popup);
    const states: string[] = [];
    cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: { runningStatus: string }[] }) => states.push(...e.versions.map((v) => v.runningStatus)));
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await expect.poll(() => states.includes('stopped')).toBe(true);

    const r = await send<ReleaseValue>(popup, 'release.create', { prompt: 'After a restart', conversation: 'e2e-2', site: 'veil' });
    expect(r.kind).toBe('fresh');
    expect(states.at(-1)).toBe('running');
    const after = await send<{ status: { state: string; loadMs: number } }>(popup, 'model.get', {});
    expect(after.status).toEqual(before.status);
    await cdp.detach();
  });

  it('never spends past a cap when two pages ask at once', async () => {
    const budget = await send<{ ledgers: { key: string; spent: number }[] }>(popup, 'budget.get', {});
    const ageSpent = budget.ledgers.find((l) => l.key === 'self.age')!.spent;
    // One more fresh release (ε_i = 8/7) fits under this cap; two do not.
    const cap = ageSpent + 2 * E;
    await send(popup, 'budget.setCap', { key: 'self.age', cap, confirmed: false });
    const other = await browser.open('popup.html');
    const results = await Promise.all([
      send<ReleaseValue>(popup, 'release.create', { prompt: 'a', conversation: 'race-1', site: 'veil', fresh: true }),
      send<ReleaseValue>(other, 'release.create', { prompt: 'b', conversation: 'race-2', site: 'veil', fresh: true }),
    ]);
    const ages = results.map((r) => r.attributes.find((a) => a.field === 'age')!.origin);
    expect(ages.sort()).toEqual(['fallback-reuse', 'fresh']);
    const after = await send<{ ledgers: { key: string; spent: number; cap: number }[] }>(popup, 'budget.get', {});
    const age = after.ledgers.find((l) => l.key === 'self.age')!;
    expect(age.spent).toBeLessThanOrEqual(cap);
    expect(age.spent).toBeGreaterThan(ageSpent);
    await other.close();
  });

  it('refuses a plan whose settings changed before charging, and makes it again at the new ε', async () => {
    const worker: Worker = browser.context.serviceWorkers()[0]!;
    await worker.evaluate(() => {
      const g = globalThis as unknown as { veilTestBeforeCharge?: () => Promise<void>; veilTestPaused?: boolean; veilTestResume?: () => void };
      g.veilTestBeforeCharge = () =>
        g.veilTestPaused === undefined
          ? new Promise<void>((resolve) => {
              g.veilTestPaused = true;
              g.veilTestResume = resolve;
            })
          : Promise.resolve();
    });
    const spentBefore = await totalSpent();
    const pending = send<ReleaseValue>(popup, 'release.create', { prompt: 'x', conversation: 'e2e-3', site: 'veil' });
    await expect.poll(() => worker.evaluate(() => (globalThis as { veilTestPaused?: boolean }).veilTestPaused === true)).toBe(true);
    await send(popup, 'settings.update', { patch: { epsilon: 2 } });
    await worker.evaluate(() => (globalThis as unknown as { veilTestResume: () => void }).veilTestResume());
    const r = await pending;
    expect(r.epsilon).toBe(2);
    expect(r.charged.total).toBeLessThanOrEqual(2);
    // Nothing was charged at ε = 8: only this release's (at most 2) was added.
    expect(await totalSpent()).toBe(spentBefore + Object.values(r.charged.perAttribute).reduce((s, e) => s + e * E, 0));
    await worker.evaluate(() => {
      delete (globalThis as { veilTestBeforeCharge?: unknown }).veilTestBeforeCharge;
    });
  });

  it('plans with the sentence encoder, loaded with the model: a release carries what its message needs', async () => {
    const { status } = await send<{ status: { state: string; encoderLoadMs?: number } }>(popup, 'model.get', {});
    expect(status).toMatchObject({ state: 'ready', encoderLoadMs: expect.any(Number) });
    await send(popup, 'settings.update', { patch: { facts: 'needed' } });
    const r = await send<ReleaseValue>(popup, 'release.create', { prompt: 'How do I ask my manager for a raise?', conversation: 'e2e-needs', site: 'veil' });
    expect(Object.keys(r.charged.perAttribute)).toContain('self.occupation');
    expect(Object.keys(r.charged.perAttribute)).not.toContain('self.marital_status');
    await send(popup, 'settings.update', { patch: { facts: 'all' } });
  });

  it('sent nothing to the outside world during the whole run (pages, service worker, offscreen document)', async () => {
    const options = await browser.open('options.html');
    await options
      .getByRole('region', { name: 'Embedding model' })
      .getByText(/ready on/)
      .waitFor();
    await options.close();
    expect(outside.fromVeil(), outside.requests.join('\n')).toEqual([]);
  });

  it('the watch has teeth: it sees a request from an extension page and from the service worker', async () => {
    const before = outside.fromVeil().length;
    await popup.evaluate(() => fetch('https://cdn.jsdelivr.net/npm/onnxruntime-web/dist/x.wasm').catch(() => undefined));
    await browser.context.serviceWorkers()[0]!.evaluate(() => fetch('https://huggingface.co/x').catch(() => undefined));
    await expect.poll(() => outside.fromVeil().slice(before)).toEqual(['CONNECT cdn.jsdelivr.net:443', 'CONNECT huggingface.co:443']);
  });
});
