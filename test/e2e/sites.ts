/**
 * Helpers for the end-to-end tests on the chat-site fixtures (src/sites/fixtures, served under the real
 * host names by site-server.ts): where each fixture's composer and send button are, what its own send
 * handler received, and the review panel's frame.
 */
import { readFileSync } from 'node:fs';
import type { FrameLocator, Page } from 'playwright-core';
import { launchChromium, sendFromPage, tempDir, type ChromiumWithVeil } from './browsers';
import { FIXTURE_LAYOUTS, type FixtureLayout, type LayoutId } from '../../src/sites/fixtures/layouts';
import { FIXTURE_SITES, serveSites, type SiteServer } from './site-server';

/** Where tests type, per fixture layout id (a site's id is its classic layout: `COMPOSER.chatgpt`). */
export const COMPOSER = Object.fromEntries(FIXTURE_LAYOUTS.map((l) => [l.id, l.composer])) as Readonly<Record<LayoutId, string>>;
/** The site's send button, per fixture layout id. */
export const SEND_BUTTON = Object.fromEntries(FIXTURE_LAYOUTS.map((l) => [l.id, l.send])) as Readonly<Record<LayoutId, string>>;

export function fixtureLayout(id: LayoutId): FixtureLayout {
  const layout: FixtureLayout | undefined = FIXTURE_LAYOUTS.find((l) => l.id === id);
  if (!layout) throw new Error(`no fixture layout ${id}`);
  return layout;
}

/** Withheld values of test/fixtures/profiles/ten-attributes.json that a page must never see. */
export const WITHHELD_VALUES = ['Pediatric nurse', 'Lyon', 'divorced', 'Bachelor of Science in Nursing'];

/** Open a fixture: a site's classic layout, or a layout by its id (`chatgpt-2026`), with an extra query. */
export async function openFixture(page: Page, id: LayoutId, query = ''): Promise<void> {
  const layout = fixtureLayout(id);
  const extra = query.replace(/^\?/, '');
  const search = [layout.query.replace(/^\?/, ''), extra].filter(Boolean).join('&');
  await page.goto(FIXTURE_SITES[layout.site] + (search ? `?${search}` : ''));
  await page.locator('html[data-fixture-ready]').waitFor({ state: 'attached' });
}

/** What the fixture's composer holds now, as a person sees it. */
export function composerText(page: Page, id: LayoutId): Promise<string> {
  return page.locator(COMPOSER[id]).evaluate((element) => (element instanceof HTMLTextAreaElement ? element.value : (element as HTMLElement).innerText));
}

/** What the fixture's own send handler received (the page's main world). */
export function received(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { siteReceived: string[] }).siteReceived);
}

export const PANEL_FRAME = 'iframe[data-veil-panel="open"]';
export function panel(page: Page): FrameLocator {
  return page.frameLocator(PANEL_FRAME);
}

/** The panel's Send button, once the release is in it. */
export async function panelReady(page: Page): Promise<FrameLocator> {
  const frame = panel(page);
  await frame.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 30_000 });
  return frame;
}

/** Type into the fixture's composer as a person would. */
/** An original as a whole word: a drawn substitute may contain it ("Mia" in "Miami"). */
export function asWord(original: string): RegExp {
  return new RegExp(`\\b${original}\\b`);
}

export async function typeInto(page: Page, id: LayoutId, text: string): Promise<void> {
  await page.locator(COMPOSER[id]).click();
  await page.keyboard.type(text);
}

/** Wait until a fixture is not streaming an answer any more (ChatGPT ignores sends meanwhile). */
export async function idle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '[data-testid="stop-button"], [data-stop-generating], [data-testid="chat-input-stop"], gem-icon-button.stop, mat-icon[fonticon="stop"], button[aria-label="Stop response"]',
      ),
  );
}

export interface ChromiumOnSites {
  browser: ChromiumWithVeil;
  server: SiteServer;
  /** Veil's popup page, for messages to the background. */
  popup: Page;
  close(): Promise<void>;
}

/**
 * Chromium with the test build, the fixture sites served under their host names, Veil's popup open, and
 * the ten-attribute profile imported (its withheld values are WITHHELD_VALUES).
 */
export async function chromiumOnSites(prefix: string): Promise<ChromiumOnSites> {
  const dir = await tempDir(prefix);
  const server = await serveSites();
  const browser = await launchChromium(dir.path, { args: server.chromiumArgs });
  const popup = await browser.open('popup.html');
  const reply = (await sendFromPage(popup, 'profile.import', { text: readFileSync('test/fixtures/profiles/ten-attributes.json', 'utf8') })) as { ok: boolean };
  if (!reply.ok) throw new Error(`the test profile was not imported: ${JSON.stringify(reply)}`);
  return {
    browser,
    server,
    popup,
    async close() {
      await browser.close();
      await server.close();
      await dir.remove();
    },
  };
}

/**
 * A hostile page script, installed before the page's own: it records every event of these types in the
 * capture phase on window and document, and every DOM change. `hostileHeard` returns all it saw plus the
 * page's DOM now.
 */
/** The hostile page script itself (given to Playwright's addInitScript or Puppeteer's evaluateOnNewDocument). */
export function recordHostile(): void {
  const log: string[] = [];
  (window as unknown as { hostileLog: string[] }).hostileLog = log;
  for (const type of ['keydown', 'keyup', 'keypress', 'input', 'beforeinput', 'change', 'message', 'focusin', 'paste', 'copy']) {
    const record = (e: Event) =>
      log.push(`${type}:${(e as KeyboardEvent).key ?? ''}:${(e as InputEvent).data ?? ''}:${JSON.stringify((e as MessageEvent).data ?? null)}`);
    window.addEventListener(type, record, true);
    document.addEventListener(type, record, true);
  }
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) log.push(`dom:${n.textContent ?? ''}:${n instanceof Element ? n.outerHTML : ''}`);
      if (r.type === 'attributes') log.push(`attr:${(r.target as Element).getAttribute(r.attributeName!) ?? ''}`);
      if (r.type === 'characterData') log.push(`text:${r.target.textContent ?? ''}`);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

export async function installHostileRecorder(page: Page): Promise<void> {
  await page.addInitScript(recordHostile);
}

export function hostileHeard(page: Page, { withDom = true } = {}): Promise<string> {
  return page.evaluate(
    (dom) => (window as unknown as { hostileLog: string[] }).hostileLog.join('\n') + (dom ? document.documentElement.outerHTML : ''),
    withDom,
  );
}
