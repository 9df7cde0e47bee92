/**
 * The chat sites' stand-ins (src/sites/fixtures/, served by site-server.ts under the real host names),
 * WITHOUT Veil: they behave as the sites do, so later tests with Veil can trust what `window.siteReceived`
 * says the site got.
 *
 * Veil's own writer (src/content/editor-text.ts, bundled into the page) must take on all three editors in
 * Chromium and Firefox, read back exactly. It selects the editor's blocks (from the start of its first block to
 * the end of its last one) and insert the text line by line with `insertParagraph` between lines. That works
 * on all three editors in Chromium and Firefox. Quirks seen while choosing it (Firefox ESR 153):
 * `execCommand('selectAll')` then line-by-line `insertParagraph` leaves Quill with bare `<div>`s it does not
 * read (Gemini gets nothing), and one `insertText` holding '\n' turns the newlines into spaces in plain
 * ProseMirror (ChatGPT). In Chromium every variant works.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import puppeteer, { type Browser as FirefoxBrowser, type Page as FirefoxPage } from 'puppeteer-core';
import type { FixtureGlobals } from '../../src/sites/fixtures/common';
import { FIXTURE_LAYOUTS } from '../../src/sites/fixtures/layouts';
import { pageBundle } from './page-bundle';
import { FIXTURE_SITES, serveSites, type FixtureSite, type SiteServer } from './site-server';

const CHROMIUM = process.env.VEIL_CHROMIUM ?? '/usr/bin/chromium';
const FIREFOX = process.env.VEIL_FIREFOX ?? '/usr/bin/firefox-esr';

const EDITOR: Record<FixtureSite, string> = {
  chatgpt: 'form[data-type="unified-composer"] #prompt-textarea.ProseMirror[contenteditable="true"]',
  claude: '[data-testid="chat-input"] .ProseMirror[contenteditable="true"]',
  gemini: 'rich-textarea div.ql-editor[contenteditable="true"][role="textbox"]',
};
const SEND: Record<FixtureSite, string> = {
  chatgpt: 'button#composer-submit-button[data-testid="send-button"]',
  claude: 'button[aria-label="Send message"]',
  gemini: 'button.send-button[aria-label="Send message"]',
};
const ANSWER: Record<FixtureSite, string> = {
  chatgpt: 'article[data-testid^="conversation-turn-"] [data-message-author-role="assistant"] .markdown',
  claude: '.font-claude-response .standard-markdown',
  gemini: 'model-response message-content .markdown',
};
/** Present while an answer streams. */
const STREAMING: Record<FixtureSite, string> = {
  chatgpt: 'button[data-testid="stop-button"]',
  claude: '[data-is-streaming="true"]',
  gemini: 'mat-icon[fonticon="stop"]',
};

/** Runs in the page: what the site has received so far. */
const received = () => (window as unknown as FixtureGlobals).siteReceived;
/** Runs in the page: answers appear at once (streaming is checked by the typed sends). */
const noStreaming = () => void ((window as unknown as FixtureGlobals).siteStreamMs = 0);

/**
 * Runs in the page (after `writer` was evaluated there): write `text` with Veil's own writer
 * (src/content/editor-text.ts) and read it back the way Veil checks it.
 */
const writeWithVeil = ([selector, text]: readonly [string, string]) => {
  const { writeComposer, readComposer } = (window as unknown as { veilEditorText: typeof import('../../src/content/editor-text') }).veilEditorText;
  const editor = document.querySelector<HTMLElement>(selector)!;
  writeComposer(editor, text);
  return new Promise<string>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(readComposer(editor)), 30)));
};

/** src/content/editor-text.ts as a page script. */
let writer: string;
beforeAll(async () => {
  writer = await pageBundle('src/content/editor-text.ts', 'veilEditorText');
});

/** Runs in the page: whether the site's send button can be used now. */
const sendable = (selector: string) => {
  const button = document.querySelector(selector);
  return button !== null && !(button as HTMLButtonElement).disabled && button.getAttribute('aria-disabled') !== 'true';
};

const WRITTEN = ['first line\n\n  third line, indented  ', 'one line only', '\nafter an empty first line\nend\n'];

describe('site fixtures in Chromium (no extension)', () => {
  let server: SiteServer;
  let browser: Browser;
  let context: BrowserContext;
  // One tab for the whole file, navigated from fixture to fixture (a new tab costs more than a navigation).
  let tab: Page;
  let cdp: CDPSession;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await serveSites();
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', ...server.chromiumArgs] });
    context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1100, height: 800 } });
    tab = await context.newPage();
    tab.on('pageerror', (error) => errors.push(error.message));
    cdp = await context.newCDPSession(tab);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(() => {
    expect(errors.splice(0), 'errors in the page').toEqual([]);
  });

  /** Load a fixture (a fresh document: the site has received nothing yet). */
  async function open(site: FixtureSite, url: string = FIXTURE_SITES[site]): Promise<Page> {
    const page = tab;
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('html[data-fixture-ready="1"]').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.dataset.fixtureSite)).toBe(site);
    return page;
  }

  async function sendsTypedHelloWorld(site: FixtureSite, url?: string): Promise<Page> {
    const page = await open(site, url);
    await page.locator(EDITOR[site]).click();
    await page.keyboard.type('hello');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('world');
    expect(await page.evaluate(received)).toEqual([]);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(received)).toEqual(['hello\nworld']);
    // The site clears its composer and answers in its own answer DOM once the answer has streamed.
    await expect.poll(() => page.locator(STREAMING[site]).count()).toBe(0);
    expect(await page.locator(ANSWER[site]).last().textContent()).toContain('"hello\nworld"');
    expect((await page.locator(EDITOR[site]).textContent())?.trim()).toBe('');
    return page;
  }

  it('ChatGPT at https://chatgpt.com/: typed Enter sends "hello\\nworld"; the composer is not the first .ProseMirror', async () => {
    const page = await sendsTypedHelloWorld('chatgpt');
    expect(new URL(page.url()).pathname).toMatch(/^\/c\/[0-9a-f-]+$/);
    // The canvas editor comes first in the DOM, empty: picking the first .ProseMirror gets the wrong one.
    expect(await page.evaluate(() => document.querySelector('.ProseMirror')?.closest('[data-testid="canvas"]') !== null)).toBe(true);
    expect(await page.locator('.ProseMirror').count()).toBe(2);
  });

  it('ChatGPT: the send button exists only with text; Ctrl+Enter and the button (form submit) send', async () => {
    const page = await open('chatgpt', 'https://chatgpt.com/c/abc?model=gpt-x');
    const sendButton = page.locator(SEND.chatgpt);
    expect(await sendButton.count()).toBe(0);
    expect(await page.locator('button[data-testid="composer-speech-button"]').count()).toBe(1);
    await page.locator(EDITOR.chatgpt).click();
    await page.keyboard.type('first');
    expect(await sendButton.getAttribute('aria-label')).toBe('Send prompt');
    expect(await sendButton.getAttribute('type')).toBe('submit');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    expect(await sendButton.count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.keyboard.type('   ');
    await page.keyboard.press('Enter'); // whitespace only: nothing
    expect(await page.evaluate(received)).toEqual([]);

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('by ctrl enter');
    await page.keyboard.press('Control+Enter');
    expect(await page.evaluate(received)).toEqual(['by ctrl enter']);
    await expect.poll(() => page.locator(STREAMING.chatgpt).count()).toBe(0);

    await page.locator(EDITOR.chatgpt).click();
    await page.keyboard.type('by button');
    await sendButton.click();
    expect(await page.evaluate(received)).toEqual(['by ctrl enter', 'by button']);
  });

  it('Claude at https://claude.ai/: typed Enter sends "hello\\nworld"; the button is disabled while empty', async () => {
    const page = await sendsTypedHelloWorld('claude', 'https://claude.ai/new');
    expect(new URL(page.url()).pathname).toMatch(/^\/chat\/[0-9a-f-]+$/);
    expect(await page.locator(SEND.claude).isDisabled()).toBe(true);
    // The message being edited (a textarea with its own Save button) comes earlier in the DOM.
    expect(await page.evaluate(() => document.querySelector('textarea')?.closest('[data-testid="user-message"]') !== null)).toBe(true);
    // Its Save button sends the edited message (Claude answers it again).
    await page.locator('textarea').fill('A name for a grey cat?');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.evaluate(received)).toEqual(['hello\nworld', 'A name for a grey cat?']);
    await expect.poll(() => page.locator(STREAMING.claude).count()).toBe(0);
    expect(await page.locator(ANSWER.claude).first().textContent()).toContain('A name for a grey cat?');
  });

  it('Claude narrow layout: Enter makes a new paragraph, only the button sends', async () => {
    await tab.setViewportSize({ width: 480, height: 800 });
    const page = await open('claude', 'https://claude.ai/new');
    await page.locator(EDITOR.claude).click();
    await page.keyboard.type('hello');
    await page.keyboard.press('Enter');
    await page.keyboard.type('world');
    expect(await page.evaluate(received)).toEqual([]);
    expect(await page.locator(`${EDITOR.claude} > p`).count()).toBe(2);
    await page.locator(SEND.claude).click();
    expect(await page.evaluate(received)).toEqual(['hello\nworld']);
    await tab.setViewportSize({ width: 1100, height: 900 });
  });

  it('Gemini at https://gemini.google.com/app: typed Enter sends "hello\\nworld"; aria-disabled button does nothing; Trusted Types enforced', async () => {
    const page = await open('gemini');
    const button = page.locator(SEND.gemini);
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    expect(await page.locator(`${EDITOR.gemini}.ql-blank`).count()).toBe(1);
    expect(await button.locator('mat-icon[fonticon="send"]').count()).toBe(1);
    await button.click({ force: true }); // Playwright would wait for aria-disabled to clear; a person can click anyway
    expect(await page.evaluate(received)).toEqual([]);
    // The page's CSP requires Trusted Types: an HTML string assignment throws.
    expect(
      await page.evaluate(() => {
        try {
          document.createElement('div').innerHTML = '<b>x</b>';
          return 'assigned';
        } catch (error) {
          return (error as Error).name;
        }
      }),
    ).toBe('TypeError');

    const sent = await sendsTypedHelloWorld('gemini');
    expect(new URL(sent.url()).pathname).toMatch(/^\/app\/[0-9a-f]+$/);
    expect(await sent.locator(SEND.gemini).getAttribute('aria-disabled')).toBe('true');
    expect(await sent.locator(`${EDITOR.gemini}.ql-blank`).count()).toBe(1);
  });

  it('Enter that confirms an IME composition does not send, on all three', async () => {
    for (const site of Object.keys(FIXTURE_SITES) as FixtureSite[]) {
      const page = await open(site);
      await page.locator(EDITOR[site]).click();
      await page.keyboard.type('abc');
      await cdp.send('Input.imeSetComposition', { text: 'かな', selectionStart: 2, selectionEnd: 2 });
      // What Chromium sends for Enter while composing: key "Enter", keyCode 229, isComposing.
      await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 229, nativeVirtualKeyCode: 229 });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 229, nativeVirtualKeyCode: 229 });
      await cdp.send('Input.insertText', { text: 'かな' });
      expect(await page.evaluate(received), site).toEqual([]);
      // A keydown flagged as composing, outside a composition the editor saw start: still not a send.
      await page.evaluate((selector) => {
        const init = { key: 'Enter', code: 'Enter', keyCode: 229, isComposing: true, bubbles: true, cancelable: true };
        document.querySelector(selector)!.dispatchEvent(new KeyboardEvent('keydown', init));
      }, EDITOR[site]);
      expect(await page.evaluate(received), site).toEqual([]);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(received), site).toEqual(['abcかな']);
    }
  });

  it("Veil's writer (execCommand over a block selection) takes on all three in every layout, and a button click then delivers exactly the text", async () => {
    for (const layout of FIXTURE_LAYOUTS) {
      const page = await open(layout.site, FIXTURE_SITES[layout.site] + layout.query);
      await page.evaluate(noStreaming);
      await page.evaluate(writer);
      // Something already in the composer (two paragraphs), to be replaced.
      await page.locator(layout.composer).click();
      await page.keyboard.type('draft');
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('more draft');
      const expected: string[] = [];
      for (const text of WRITTEN) {
        expect(await page.evaluate(writeWithVeil, [layout.composer, text] as const), layout.id).toBe(text);
        await expect.poll(() => page.evaluate(sendable, layout.send)).toBe(true);
        await page.locator(layout.send).click();
        expected.push(text);
        expect(await page.evaluate(received), layout.id).toEqual(expected);
        await expect.poll(() => page.locator(layout.streaming).count()).toBe(0);
      }
    }
  });

  it('every 2026 layout: typed Enter sends "hello\\nworld", the answer streams into the new answer markup, and the chat gets its id', async () => {
    for (const layout of FIXTURE_LAYOUTS.filter((l) => l.layout !== 'classic')) {
      const page = await open(layout.site, FIXTURE_SITES[layout.site] + layout.query);
      expect(await page.evaluate(() => document.documentElement.dataset.fixtureLayout)).toBe(layout.layout);
      await page.locator(layout.composer).click();
      await page.keyboard.type('hello');
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('world');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(received), layout.id).toEqual(['hello\nworld']);
      await expect.poll(() => page.locator(layout.streaming).count()).toBe(0);
      expect(await page.locator(layout.answer).last().textContent(), layout.id).toContain('"hello\nworld"');
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/(?:c|uc|chat|app)\/[0-9a-f-]+$/);
      expect(new URL(page.url()).search, 'the layout stays in the URL').toBe(layout.query);
    }
  });
});

describe('site fixtures in Firefox ESR (no extension)', () => {
  let server: SiteServer;
  let browser: FirefoxBrowser;
  let tab: FirefoxPage;

  beforeAll(async () => {
    server = await serveSites();
    browser = await puppeteer.launch({
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      executablePath: FIREFOX,
      headless: true,
      acceptInsecureCerts: true,
      extraPrefsFirefox: server.firefoxPrefs,
    });
    tab = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(site: FixtureSite, query = ''): Promise<FirefoxPage> {
    const page = tab;
    await page.goto(FIXTURE_SITES[site] + query);
    await page.waitForSelector('html[data-fixture-ready="1"]');
    return page;
  }

  it('ChatGPT at https://chatgpt.com/ (the local server): typed Enter sends "hello\\nworld"', async () => {
    const page = await open('chatgpt');
    expect(await page.evaluate(() => location.href)).toBe('https://chatgpt.com/');
    await page.click(EDITOR.chatgpt);
    await page.keyboard.type('hello');
    await page.keyboard.down('Shift');
    await page.keyboard.press('Enter');
    await page.keyboard.up('Shift');
    await page.keyboard.type('world');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(received)).toEqual(['hello\nworld']);
    expect(server.requests).toContain('chatgpt.com GET /');
  });

  it("Veil's writer (execCommand over a block selection) takes on all three in every layout, and a button click then delivers exactly the text", async () => {
    for (const layout of FIXTURE_LAYOUTS) {
      const page = await open(layout.site, layout.query);
      await page.evaluate(noStreaming);
      await page.evaluate(writer);
      await page.click(layout.composer);
      await page.keyboard.type('draft');
      const expected: string[] = [];
      for (const text of WRITTEN) {
        expect(await page.evaluate(writeWithVeil, [layout.composer, text] as const), layout.id).toBe(text);
        await page.waitForFunction(sendable, {}, layout.send);
        await page.click(layout.send);
        expected.push(text);
        expect(await page.evaluate(received), layout.id).toEqual(expected);
        await page.waitForFunction((selector) => document.querySelector(selector) === null, {}, layout.streaming);
      }
    }
  });
});
