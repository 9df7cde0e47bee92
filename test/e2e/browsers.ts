/**
 * Launching Debian's browsers with the built test variant of Veil (BROWSER-RECIPE.md). Never downloads a
 * browser: paths come from VEIL_CHROMIUM / VEIL_FIREFOX or Debian's defaults.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from 'puppeteer-core';

export const CHROMIUM = process.env.VEIL_CHROMIUM ?? '/usr/bin/chromium';
export const FIREFOX = process.env.VEIL_FIREFOX ?? '/usr/bin/firefox-esr';
export const CHROME_BUILD = resolve('.output-test/chrome-mv3');
export const FIREFOX_BUILD = resolve('.output-test/firefox-mv2');
export const SCREENSHOTS = resolve('.output-test/screenshots');

for (const [what, path] of [
  ['Chromium', CHROMIUM],
  ['Firefox ESR', FIREFOX],
  ['the test build (run node scripts/build-test.mjs)', join(CHROME_BUILD, 'manifest.json')],
] as const) {
  if (!existsSync(path)) throw new Error(`e2e: ${what} not found at ${path}`);
}

export async function tempDir(prefix: string): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export interface ChromiumWithVeil {
  context: BrowserContext;
  extensionId: string;
  /** `chrome-extension://<id>/<path>` */
  url: (path: string) => string;
  /** Open one of Veil's pages in a tab and wait until it has rendered. */
  open: (path: 'popup.html' | 'options.html') => Promise<Page>;
  close: () => Promise<void>;
}

/** Headless Chromium flags that load the unpacked extension in `build` and keep the browser's own traffic down. */
export function chromiumExtensionArgs(build: string): string[] {
  return [
    `--disable-extensions-except=${build}`,
    `--load-extension=${build}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ];
}

/**
 * Chromium with Veil loaded, on a persistent profile directory (reopen the same dir to test persistence).
 * `args`: more command-line flags (a proxy that watches the outside world, WebGPU flags); `build`: another build
 * than the test build (the production build, say).
 */
export async function launchChromium(
  profileDir: string,
  { args = [], build = CHROME_BUILD }: { args?: string[]; build?: string } = {},
): Promise<ChromiumWithVeil> {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    acceptDownloads: true,
    // The chat-site fixtures are served under the real host names with a throwaway certificate (site-server.ts).
    ignoreHTTPSErrors: true,
    viewport: { width: 1100, height: 900 },
    args: [...chromiumExtensionArgs(build), ...args],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  const url = (path: string) => `chrome-extension://${extensionId}/${path}`;
  return {
    context,
    extensionId,
    url,
    open: async (path) => {
      const page = await context.newPage();
      await page.goto(url(path));
      await page.getByRole('heading', { name: 'Profile' }).waitFor();
      return page;
    },
    close: () => context.close(),
  };
}

/** The one extension API the tests call inside a page. */
export interface ExtensionGlobal {
  chrome: { runtime: { sendMessage: (message: unknown) => Promise<unknown> } };
}

/** Send a contract message from an extension page (the page's own runtime), returning the raw reply. */
export function sendFromPage(page: Page, type: string, request: unknown): Promise<unknown> {
  return page.evaluate(([type, request]) => (globalThis as unknown as ExtensionGlobal).chrome.runtime.sendMessage({ type, request }), [type, request] as const);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export interface FirefoxWithVeil {
  browser: PuppeteerBrowser;
  /** Open Veil's popup in a tab (by way of a web page: see below) and wait until it has rendered. */
  openPopup: (demoUrl: string) => Promise<PuppeteerPage>;
  close: () => Promise<void>;
}

const GECKO_ID = 'veil@veil.local';

/**
 * Firefox ESR (Debian) with the built test variant installed, driven by puppeteer-core over WebDriver BiDi
 * (BROWSER-RECIPE.md). The extension's UUID is fixed so the tests know its pages' URLs.
 */
export async function launchFirefox({ prefs = {} }: { prefs?: Record<string, unknown> } = {}): Promise<FirefoxWithVeil> {
  const uuid = crypto.randomUUID();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocol: 'webDriverBiDi',
    // The chat-site fixtures are served under the real host names with a throwaway certificate (site-server.ts).
    acceptInsecureCerts: true,
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: uuid }), ...prefs },
  });
  await browser.installExtension(FIREFOX_BUILD);
  return {
    browser,
    openPopup: async (demoUrl) => {
      const page = await browser.newPage();
      await page.setViewport({ width: 380, height: 640 });
      // WebDriver BiDi refuses to navigate a tab to moz-extension:// ("not allowed in this context"); a web
      // page may, when the target is web-accessible (only in the VEIL_TEST build). So: open the demo page
      // and go to the popup from there. Puppeteer does not see that navigation finish, and its own
      // waitForSelector can fail with a protocol error while the document is being replaced: poll by hand.
      await page.goto(demoUrl);
      await page.evaluate((url) => void (location.href = url), `moz-extension://${uuid}/popup.html`);
      await waitForSelectorAfterNavigation(page, '#profile-heading');
      return page;
    },
    close: () => browser.close(),
  };
}

/**
 * Wait for `selector` in a Firefox tab whose document was just replaced (navigation, reload). Puppeteer's
 * own waitForSelector can fail there with a WebDriver BiDi protocol error while the old document goes
 * away, so this polls by hand and treats an error as "not yet".
 */
export async function waitForSelectorAfterNavigation(page: PuppeteerPage, selector: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await page.evaluate((s) => document.querySelector(s) !== null, selector).catch(() => false);
    // Once the new document is settled, puppeteer's own wait also brings its element handles over to it.
    if (
      found &&
      (await page.waitForSelector(selector, { timeout: 5_000 }).then(
        () => true,
        () => false,
      ))
    )
      return;
    if (Date.now() > deadline) throw new Error(`Firefox: ${selector} did not appear`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Send a contract message from one of Veil's pages in Firefox, returning the raw reply. */
export function sendFromFirefoxPage(page: PuppeteerPage, type: string, request: unknown): Promise<unknown> {
  return page.evaluate(
    (type, request) =>
      (globalThis as unknown as { browser: { runtime: { sendMessage: (m: unknown) => Promise<unknown> } } }).browser.runtime.sendMessage({ type, request }),
    type,
    request,
  );
}

/**
 * Ask the test-only content-script probe on `page` (Chromium or Firefox) to send `message` to the background
 * exactly as a content script would; resolves with the background's reply.
 */
export function forgeFromContentScript<T = unknown>(page: { evaluate(expression: string): Promise<unknown> }, message: unknown): Promise<T> {
  return page.evaluate(`new Promise((resolve) => {
    window.addEventListener('veil-test-forge-reply', (e) => resolve(JSON.parse(e.detail)), { once: true });
    window.dispatchEvent(new CustomEvent('veil-test-forge', { detail: ${JSON.stringify(JSON.stringify(message))} }));
  })`) as Promise<T>;
}
