/**
 * What the person types is protected in Firefox ESR too (issue 18), with the built MV2 extension on the
 * ChatGPT fixture served as https://chatgpt.com/: a message typed into the site's box with a name, an age,
 * a health condition and a place reaches the site's send handler with the identifiers replaced and the
 * condition generalized, and Veil's read-back button opens the answer in Veil's own frame, which puts the
 * person's words back where the page itself never holds them (chromium-protect tests all three sites).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, type FirefoxWithVeil } from './browsers';
import { firefoxOnSites, received, until, type FirefoxOnSites, pressSend } from './firefox';
import { FIXTURE_SITES } from './site-server';

let veil: FirefoxOnSites;
let firefox: FirefoxWithVeil;

beforeAll(async () => {
  // No profile: the release adds nothing, so the site receives the message alone.
  veil = await firefoxOnSites('{"version":1,"attributes":[]}');
  ({ firefox } = veil);
});
afterAll(async () => {
  await veil?.close();
});

/** Waits here may take a while: the panel, the streamed answer, the read-back. */
const WAIT = 20_000;

describe('Firefox ESR: message protection on ChatGPT', () => {
  it('identifiers replaced and the condition generalized by default; the answer reads back in Veil’s frame, not in the page', async () => {
    const page = await firefox.browser.newPage();
    await page.goto(FIXTURE_SITES.chatgpt);
    await page.waitForSelector('html[data-fixture-ready="1"]');
    await page.click('#prompt-textarea');
    await page.keyboard.type('My daughter Priya is 7 and was just diagnosed with type 1 diabetes; how do I talk to her school in Leeds?');
    await page.keyboard.press('Enter');
    await until(async () => (await page.$('iframe[data-veil-panel="open"]')) !== null, WAIT);
    // The release is in the panel and Send works a moment later (Ctrl+Enter sends from the keyboard).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await received(page)).toEqual([]);
    await pressSend(page);
    await until(async () => (await received(page)).length > 0, WAIT);
    const [sent] = await received(page);
    expect(sent).toMatch(/^My daughter \p{Lu}\p{L}+ is \d+ and was just diagnosed with a metabolic condition; how do I talk to her school in /u);
    for (const original of ['Priya', 'diabetes', 'Leeds']) expect(sent).not.toContain(original);

    await until(async () => (await page.$('button[data-veil-restore="open"]')) !== null, 30_000);
    await page.click('button[data-veil-restore="open"]');
    await until(async () => (await page.$('iframe[data-veil-restore="frame"]')) !== null, WAIT);
    // The frame is Veil's own page (WebDriver BiDi does not reach into an extension frame: its content is
    // checked in Chromium; a screenshot is kept for review).
    expect(await page.evaluate(() => document.querySelector<HTMLIFrameElement>('iframe[data-veil-restore="frame"]')!.src)).toMatch(
      /^moz-extension:\/\/[0-9a-f-]+\/restore\.html$/,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'firefox-protect-restored.png') });
    // The page itself never holds the read-back answer.
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain('Priya');
    await page.close();
  });
});
