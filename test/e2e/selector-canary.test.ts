/**
 * Selector canary: Veil's site adapters (src/sites), run inside each fixture page in every layout the site
 * serves (src/sites/fixtures/layouts.ts: classic and 2026, signed in and out, English and translated), must
 * find the composer (the right editor, not an earlier canvas or edit box), find the send button once there
 * is text and never take the stop button for it, know whether Enter sends, name the layout, and read the
 * answer once it has streamed. When a fixture is updated to a site's new DOM and an adapter no longer
 * matches, this fails first, naming the layout and what was not found.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_LAYOUTS, type FixtureLayout } from '../../src/sites/fixtures/layouts';
import { CHROMIUM } from './browsers';
import { pageBundle } from './page-bundle';
import { FIXTURE_SITES, serveSites, type FixtureSite, type SiteServer } from './site-server';

let server: SiteServer;
let browser: Browser;
let page: Page;
/** src/sites/index.ts as one script that sets `window.veilSites`. */
let adapters: string;

beforeAll(async () => {
  adapters = await pageBundle('src/sites/index.ts', 'veilSites');
  server = await serveSites();
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', ...server.chromiumArgs] });
  page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Found {
  composer: string | null;
  expected: boolean;
  button: string | null;
  buttonExpected: boolean;
  enterSends: boolean;
  layout: string | null;
  answers: string[];
  streaming: boolean;
  conversation: string | null;
}

/** Run the adapter for `site` in the page; the composer and button are compared with what tests use. */
async function probe(site: FixtureSite, composerSelector: string, sendSelector: string): Promise<Found> {
  await page.evaluate(adapters);
  return page.evaluate(
    ([site, composerSelector, sendSelector]) => {
      const { adapterFor } = (window as unknown as { veilSites: typeof import('../../src/sites/index') }).veilSites;
      const adapter = adapterFor(site as FixtureSite);
      const composer = adapter.findComposer(document);
      const button = adapter.findSendButton(document);
      return {
        composer: composer ? `${composer.tagName.toLowerCase()}.${[...composer.classList].join('.')}` : null,
        expected: composer !== null && composer === document.querySelector(composerSelector),
        button: button ? `${button.tagName.toLowerCase()}[aria-label="${button.getAttribute('aria-label')}"]` : null,
        buttonExpected: button !== null && button === document.querySelector(sendSelector),
        enterSends: adapter.enterSends(window),
        layout: adapter.layout?.(document) ?? null,
        answers: adapter.answers?.all(document).map((a) => a.textContent ?? '') ?? [],
        streaming: adapter.answers?.streaming(document) ?? false,
        conversation: adapter.conversation(new URL(location.href)),
      };
    },
    [site, composerSelector, sendSelector] as const,
  );
}

async function open(layout: FixtureLayout): Promise<void> {
  await page.goto(FIXTURE_SITES[layout.site] + layout.query);
  await page.locator('html[data-fixture-ready]').waitFor({ state: 'attached' });
}

describe.each(FIXTURE_LAYOUTS.map((l) => [l.id, l] as const))('%s: the adapter on its fixture', (_id, layout) => {
  it('finds the composer and names the layout; the send button once there is text; reads the answer; never takes the stop button', async () => {
    await page.setViewportSize({ width: 1100, height: 800 });
    await open(layout);
    const empty = await probe(layout.site, layout.composer, layout.send);
    expect(empty.composer, `${layout.id}: composer`).not.toBeNull();
    expect(empty.expected, `${layout.id}: the composer, not another editor`).toBe(true);
    expect(empty.layout).toBe(layout.name);
    expect(empty.enterSends).toBe(true);
    expect(empty.streaming).toBe(false);
    expect(empty.conversation).toBeNull();
    await page.locator(layout.composer).click();
    await page.keyboard.type('canary');
    const typed = await probe(layout.site, layout.composer, layout.send);
    expect(typed.button, `${layout.id}: send button`).not.toBeNull();
    expect(typed.buttonExpected, `${layout.id}: the send button, not another`).toBe(true);

    // The site's own send (no Veil here): while the answer streams the same place holds a stop control.
    await page.evaluate(() => ((window as unknown as { siteStreamMs: number }).siteStreamMs = 1500));
    await page.keyboard.press('Enter');
    await page.locator(layout.streaming).first().waitFor({ state: 'attached' });
    await page.keyboard.type('second');
    const during = await probe(layout.site, layout.composer, layout.send);
    expect(during.streaming, `${layout.id}: streaming`).toBe(true);
    expect(during.button, `${layout.id}: the stop button is no send button`).toBeNull();
    await expect.poll(async () => (await probe(layout.site, layout.composer, layout.send)).streaming, { timeout: 10_000 }).toBe(false);
    const after = await probe(layout.site, layout.composer, layout.send);
    // The newest answer, whole (Claude's page also shows an earlier one).
    expect(after.answers.length).toBe(empty.answers.length + 1);
    expect(after.answers.at(-1)).toBe('Thanks for your message. You wrote: "canary". Here is a short answer to it.');
    expect(after.button, `${layout.id}: send button again after the answer`).not.toBeNull();
    // The new chat got its id (ChatGPT 2026: after a brief WEB: id).
    await expect.poll(async () => (await probe(layout.site, layout.composer, layout.send)).conversation).toMatch(/^(?:c|uc|chat|app)\/[\w-]+$/);
  });
});

describe('Claude adapter in the narrow layout', () => {
  it.each(FIXTURE_LAYOUTS.filter((l) => l.site === 'claude').map((l) => [l.id, l] as const))('%s: knows Enter makes a new line there', async (_id, layout) => {
    await page.setViewportSize({ width: 480, height: 800 });
    await open(layout);
    expect((await probe('claude', layout.composer, layout.send)).enterSends).toBe(false);
  });
});
