/**
 * Firefox ESR, built test variant (MV2): the same release path as in Chromium, with the model in the
 * background page. The popup shows the backend; Veil's page gets a release, charged to the ledger, and a
 * content script is refused one; a reuse in the same conversation is free; a send carries a memory view, charged
 * to the protected attribute's ledger; nothing leaves the machine meanwhile
 * (a proxy watches, as in Chromium).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDemo } from '../../scripts/demo-server.mjs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { watchOutside, type OutsideWatch } from './outside-world';
import { forgeFromContentScript, launchFirefox, SCREENSHOTS, sendFromFirefoxPage, waitForSelectorAfterNavigation, type FirefoxWithVeil } from './browsers';

let firefox: FirefoxWithVeil;
let demo: Awaited<ReturnType<typeof serveDemo>>;

let outside: OutsideWatch;

beforeAll(async () => {
  outside = await watchOutside();
  firefox = await launchFirefox({ prefs: outside.firefoxPrefs });
  demo = await serveDemo({ port: 0 });
});
afterAll(async () => {
  await firefox?.close();
  await demo?.close();
  await outside?.close();
});

async function send<T>(page: Page, type: string, request: unknown): Promise<T> {
  const reply = (await sendFromFirefoxPage(page, type, request)) as { ok: true; value: T } | { ok: false; error: string };
  if (!reply.ok) throw new Error(`${type}: ${reply.error}`);
  return reply.value;
}

describe('Firefox ESR: releases in the background page', () => {
  it('shows the backend, returns and charges a release, reuses it for free, and refuses one to a content script', async () => {
    const popup = await firefox.openPopup(demo.url);
    await send(popup, 'profile.import', { text: readFileSync('test/fixtures/profiles/ten-attributes.json', 'utf8') });
    // Charging and reuse are under test: every withheld fact in every release.
    await send(popup, 'settings.update', { patch: { facts: 'all' } });
    await popup.evaluate(() => location.reload());
    await waitForSelectorAfterNavigation(popup, '.model-status.ready', 60_000);
    expect(await popup.evaluate(() => document.querySelector('.model-status')?.textContent)).toMatch(/ready on WASM/);
    await mkdir(SCREENSHOTS, { recursive: true });
    await popup.screenshot({ path: join(SCREENSHOTS, 'firefox-popup-release-preview.png'), fullPage: true });

    const r = await send<{ kind: string; text: string; charged: { total: number; perAttribute: Record<string, number> } }>(popup, 'release.create', {
      prompt: 'Suggest a weekend plan.',
      conversation: 'ff-1',
      site: 'veil',
    });
    expect(r.kind).toBe('fresh');
    expect(r.text).not.toMatch(/Pediatric nurse|Lyon|Bachelor of Science in Nursing/);
    expect(Object.keys(r.charged.perAttribute)).toHaveLength(5);
    const spent = (await send<{ totalSpent: number }>(popup, 'budget.get', {})).totalSpent;
    expect(spent).toBe(Object.values(r.charged.perAttribute).reduce((s, e) => s + e * 2 ** 20, 0));

    const again = await send<{ kind: string; charged: { total: number } }>(popup, 'release.create', {
      prompt: 'And Sunday?',
      conversation: 'ff-1',
      site: 'veil',
    });
    expect(again).toMatchObject({ kind: 'reused', charged: { total: 0 } });
    expect((await send<{ totalSpent: number }>(popup, 'budget.get', {})).totalSpent).toBe(spent);

    // The default plan reads the message with the sentence encoder, loaded in the background page with the model.
    await send(popup, 'settings.update', { patch: { facts: 'needed' } });
    const needs = await send<{ charged: { perAttribute: Record<string, number> } }>(popup, 'release.create', {
      prompt: 'How do I ask my manager for a raise?',
      conversation: 'ff-needs',
      site: 'veil',
    });
    expect(Object.keys(needs.charged.perAttribute)).toContain('self.occupation');
    expect(Object.keys(needs.charged.perAttribute)).not.toContain('self.marital_status');
    expect((await send<{ status: { encoderLoadMs?: number } }>(popup, 'model.get', {})).status.encoderLoadMs).toEqual(expect.any(Number));
    await send(popup, 'settings.update', { patch: { facts: 'all' } });

    // Memories (DP-MemView) in Firefox's IndexedDB: a send about food carries at most one shipped food
    // view, charged to the attribute whose group has the food memory, and never the memory's text.
    const memory = {
      memories: [{ id: 'f1', slot: 'food', text: 'Counting carbs since the diagnosis' }],
      protected: [{ id: 'a1', name: 'type 2 diabetes', cap: 2, members: ['f1'] }],
      views: [],
    };
    await send(popup, 'memory.put', { memory });
    const withViews = await send<{ text: string; views: { slot: string; kind: string; text: string }[]; charged: { perAttribute: Record<string, number> } }>(
      popup,
      'release.create',
      { prompt: 'Suggest some dinner recipes', conversation: 'ff-2', site: 'veil' },
    );
    expect(withViews.views).toEqual([expect.objectContaining({ slot: 'food', kind: 'selected' })]);
    expect(withViews.charged.perAttribute['memory:a1']).toBe(1); // B_a / K = 2 / 2, the default K
    expect(withViews.text).not.toContain('Counting carbs');
    if (withViews.views[0]!.text !== '') expect(withViews.text.endsWith(`Answer preferences: ${withViews.views[0]!.text}.`)).toBe(true);

    const page = await firefox.browser.newPage();
    await page.goto(demo.url);
    await waitForSelectorAfterNavigation(page, 'html[data-veil-test-probe]');
    // A content script gets no release (a send on a site goes through the review panel).
    const reply = await forgeFromContentScript(page, { type: 'release.create', request: { prompt: 'Hi', conversation: 'ff-demo' } });
    expect(reply).toEqual({ ok: false, error: 'release.create is refused from a content script' });

    // The options page after all this, for review: settings, budget, preview, model.
    await popup.evaluate(() => void (location.href = location.href.replace('popup.html', 'options.html')));
    await waitForSelectorAfterNavigation(popup, '.model-status.ready', 60_000);
    await popup.setViewport({ width: 1100, height: 900 });
    await popup.screenshot({ path: join(SCREENSHOTS, 'firefox-options.png'), fullPage: true });
    // Nothing left the machine during the whole run (model load in the background page, releases, pages)…
    expect(outside.fromVeil(), outside.requests.join('\n')).toEqual([]);
    // …and the watch would have seen it.
    await popup.evaluate(() => fetch('https://cdn.jsdelivr.net/npm/onnxruntime-web/dist/x.wasm').catch(() => undefined));
    await expect.poll(() => outside.fromVeil()).toEqual(['CONNECT cdn.jsdelivr.net:443']);
  });
});
