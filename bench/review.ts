/**
 * Key press → review panel painted with the release in it, on the ChatGPT fixture served as
 * https://chatgpt.com/ (test/e2e/site-server.ts), Chromium headless with the production build
 * (.output/chrome-mv3, built by bench/browser.ts).
 *
 * - first send after the browser starts (fresh profile: the model is still loading or just loaded);
 * - 50 warm sends, each a new conversation (page reloaded, so each release is fresh, sampled and charged;
 *   caps raised so none falls back), then 50 sends in one conversation (the release reused, free).
 *
 * Times: Node's clock just before the key press to the panel's User Timing mark (set after the paint that
 * shows the release; src/ui/pages/Review.tsx), both on the system clock.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Frame, type Page } from 'playwright-core';
import { chromiumExtensionArgs } from '../test/e2e/browsers';
import { serveSites } from '../test/e2e/site-server';
import { stats } from './stats';

const ROOT = resolve(import.meta.dirname, '..');
const CHROME_BUILD = join(ROOT, '.output/chrome-mv3');
const CHROMIUM = process.env.VEIL_CHROMIUM ?? '/usr/bin/chromium';
const PROFILE = await readFile(join(ROOT, 'test/fixtures/profiles/ten-attributes.json'), 'utf8');
const RUNS = 50;
const MARK = 'veil-review-painted';

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const now = () => performance.timeOrigin + performance.now();

async function reviewFrame(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('iframe[data-veil-panel="open"]', { state: 'attached', timeout: 30_000 });
  return (await element.contentFrame())!;
}

/** Press Enter in the composer; ms until the panel marked the release as painted. Then cancel. */
async function timedSend(page: Page, prompt: string): Promise<number> {
  await page.locator('#prompt-textarea').click();
  await page.keyboard.type(prompt);
  const pressed = now();
  await page.keyboard.press('Enter');
  const frame = await reviewFrame(page);
  // A string, not a function: tsx would wrap a function's inner helpers in its own `__name`.
  const painted = (await frame.evaluate(`new Promise((resolve) => {
    const look = () => {
      const entry = performance.getEntriesByName(${JSON.stringify(MARK)})[0];
      if (entry) resolve(performance.timeOrigin + entry.startTime);
      else setTimeout(look, 1);
    };
    look();
  })`)) as number;
  await frame.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForFunction(() => !document.querySelector('iframe[data-veil-panel="open"]'));
  await page.locator('#prompt-textarea').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  return painted - pressed;
}

async function main(): Promise<void> {
  const server = await serveSites();
  const dir = await mkdtemp(join(tmpdir(), 'veil-bench-review-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    ignoreHTTPSErrors: true,
    args: [...chromiumExtensionArgs(CHROME_BUILD), ...server.chromiumArgs],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html`);
    const send = async (type: string, request: unknown) => {
      const reply = (await popup.evaluate(
        ([type, request]) => (globalThis as unknown as { chrome: { runtime: { sendMessage: (m: unknown) => Promise<unknown> } } }).chrome.runtime.sendMessage({ type, request }),
        [type, request] as const,
      )) as { ok: boolean; error?: string };
      if (!reply.ok) throw new Error(`${type}: ${reply.error}`);
    };
    await send('profile.import', { text: PROFILE });
    await send('settings.update', { patch: { attributeCap: 2 ** 30, totalCap: 2 ** 30 }, confirmed: true });
    const page = await context.newPage();
    const open = async () => {
      await page.goto('https://chatgpt.com/');
      await page.locator('html[data-fixture-ready]').waitFor({ state: 'attached' });
    };
    await open();
    const first = await timedSend(page, 'Plan my week.');
    const fresh: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      await open();
      fresh.push(await timedSend(page, `Question ${i}`));
    }
    const reused: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) reused.push(await timedSend(page, `Follow-up ${i}`));
    const f = stats(fresh.slice(3));
    const r = stats(reused.slice(3));
    console.log('\nKey press → review panel painted with the release (Chromium headless, production build, ChatGPT fixture)');
    console.log(`  first send after the browser started      ${fmt(first)}`);
    console.log(`  warm, fresh release (sampled, charged)    median ${fmt(f.median)}  p95 ${fmt(f.p95)}  (${fmt(f.min)} – ${fmt(f.max)}, ${RUNS} sends)`);
    console.log(`  warm, reused release (same conversation)  median ${fmt(r.median)}  p95 ${fmt(r.p95)}  (${fmt(r.min)} – ${fmt(r.max)}, ${RUNS} sends)`);
  } finally {
    await context.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
