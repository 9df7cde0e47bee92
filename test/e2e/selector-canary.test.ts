/**
 * Selector canary: Veil's site adapters (src/sites), run inside each fixture page, must find the composer
 * (the right editor, not an earlier canvas or edit box), find the send button once there is text, and know
 * whether Enter sends. When a fixture is updated to a site's new DOM and an adapter no longer matches, this
 * fails first, naming the site and what was not found.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from './browsers';
import { pageBundle } from './page-bundle';
import { FIXTURE_SITES, serveSites, type FixtureSite, type SiteServer } from './site-server';
import { COMPOSER } from './sites';

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
  enterSends: boolean;
}

/** Run the adapter for `site` in the page; the composer is compared with the element tests type into. */
async function probe(site: FixtureSite, composerSelector: string): Promise<Found> {
  await page.evaluate(adapters);
  return page.evaluate(
    ([site, selector]) => {
      const { adapterFor } = (window as unknown as { veilSites: typeof import('../../src/sites/index') }).veilSites;
      const adapter = adapterFor(site as FixtureSite);
      const composer = adapter.findComposer(document);
      const button = adapter.findSendButton(document);
      return {
        composer: composer ? `${composer.tagName.toLowerCase()}.${[...composer.classList].join('.')}` : null,
        expected: composer !== null && composer === document.querySelector(selector),
        button: button ? `${button.tagName.toLowerCase()}[aria-label="${button.getAttribute('aria-label')}"]` : null,
        enterSends: adapter.enterSends(window),
      };
    },
    [site, composerSelector] as const,
  );
}

describe.each(Object.keys(FIXTURE_SITES) as FixtureSite[])('%s adapter on its fixture', (site) => {
  it('finds the composer, and the send button once there is text', async () => {
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.goto(FIXTURE_SITES[site]);
    await page.locator('html[data-fixture-ready]').waitFor({ state: 'attached' });
    const empty = await probe(site, COMPOSER[site]);
    expect(empty.composer, `${site}: composer`).not.toBeNull();
    expect(empty.expected, `${site}: the composer, not another editor`).toBe(true);
    expect(empty.enterSends).toBe(true);
    await page.locator(COMPOSER[site]).click();
    await page.keyboard.type('canary');
    const typed = await probe(site, COMPOSER[site]);
    expect(typed.button, `${site}: send button`).not.toBeNull();
  });
});

describe('Gemini adapter while an answer streams', () => {
  it('does not take the stop button (the same button, with a stop icon) for a send button', async () => {
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.goto(FIXTURE_SITES.gemini);
    await page.locator('html[data-fixture-ready]').waitFor({ state: 'attached' });
    await page.evaluate(() => ((window as unknown as { siteStreamMs: number }).siteStreamMs = 5000));
    await page.locator(COMPOSER.gemini).click();
    await page.keyboard.type('first');
    await page.keyboard.press('Enter');
    await page.locator('mat-icon[fonticon="stop"]').waitFor({ state: 'attached' });
    await page.keyboard.type('second');
    expect((await probe('gemini', COMPOSER.gemini)).button).toBeNull();
  });
});

describe('Claude adapter in the narrow layout', () => {
  it('knows Enter makes a new line there', async () => {
    await page.setViewportSize({ width: 480, height: 800 });
    await page.goto(FIXTURE_SITES.claude);
    await page.locator('html[data-fixture-ready]').waitFor({ state: 'attached' });
    expect((await probe('claude', COMPOSER.claude)).enterSends).toBe(false);
  });
});
