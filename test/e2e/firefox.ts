/**
 * Helpers for the Firefox ESR tests on the chat-site fixtures: Firefox with the test build, the fixture sites
 * under their host names, the demo page (Veil's popup opens from it) and a profile imported; what a fixture
 * received; waiting the way a person would. WebDriver BiDi does not reach into Veil's moz-extension frames, so
 * these tests read Veil's state through the popup and work the panel from the keyboard.
 */
import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { serveDemo } from '../../scripts/demo-server.mjs';
import { launchFirefox, sendFromFirefoxPage, type FirefoxWithVeil } from './browsers';
import { FIXTURE_SITES, serveSites, type SiteServer } from './site-server';

export interface FirefoxOnSites {
  firefox: FirefoxWithVeil;
  server: SiteServer;
  /** Veil's popup, for messages to the background. */
  popup: Page;
  close(): Promise<void>;
}

/** Firefox with Veil, the fixture sites and the popup open, with `profile` (a profile file's text) imported. */
export async function firefoxOnSites(profile: string): Promise<FirefoxOnSites> {
  const server = await serveSites();
  const demo = await serveDemo({ port: 0 });
  const firefox = await launchFirefox({ prefs: server.firefoxPrefs });
  const popup = await firefox.openPopup(demo.url);
  const reply = (await sendFromFirefoxPage(popup, 'profile.import', { text: profile })) as { ok: boolean };
  expect(reply.ok).toBe(true);
  return {
    firefox,
    server,
    popup,
    async close() {
      await firefox.close();
      await demo.close();
      await server.close();
    },
  };
}

/** What the fixture's own send handler received (the page's main world). */
export const received = (page: Page) => page.evaluate(() => (window as unknown as { siteReceived: string[] }).siteReceived);

/** Review panels open on the page. */
export const panelCount = (page: Page) => page.evaluate(() => document.querySelectorAll('iframe[data-veil-panel="open"]').length);

/** Poll `condition` every 100 ms until it holds or `ms` have passed. */
export async function until(condition: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * Send from the review panel by the keyboard, as a person would: Ctrl+Enter once the panel shows its release
 * (focus starts on the panel, never on its Send button, so a stray Enter or space bar sends nothing).
 */
export async function pressSend(page: Page, { once = false }: { once?: boolean } = {}): Promise<void> {
  // The panel takes focus when its release is shown, and Send works a moment (700 ms) after that, once the
  // panel has been seen whole: until then Ctrl+Enter does nothing (or the panel says it was not visible yet).
  // So, as a person would, press again until the panel has gone: however slow the machine, never a fixed wait.
  await until(() => page.evaluate(() => document.activeElement?.matches('iframe[data-veil-panel="open"]') === true), 30_000);
  // `once`: one press, for a test that checks a press does NOT send (the test waits for the panel to be armed).
  if (once) return pressCtrlEnter(page);
  const deadline = Date.now() + 30_000;
  while ((await panelCount(page)) > 0) {
    if (Date.now() > deadline) throw new Error('Firefox: the review panel did not send on Ctrl+Enter within 30 s');
    await pressCtrlEnter(page);
    await until(async () => (await panelCount(page)) === 0, 1_000);
  }
}

async function pressCtrlEnter(page: Page): Promise<void> {
  await page.keyboard.down('Control');
  await page.keyboard.press('Enter');
  await page.keyboard.up('Control');
}

/** A new tab on the ChatGPT fixture, once it is ready. */
export async function openChatgpt(firefox: FirefoxWithVeil): Promise<Page> {
  const page = await firefox.browser.newPage();
  await page.goto(FIXTURE_SITES.chatgpt);
  await page.waitForSelector('html[data-fixture-ready="1"]');
  return page;
}
