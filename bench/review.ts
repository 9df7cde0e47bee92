/**
 * Key press → review panel painted with the release in it, on the ChatGPT fixture served as
 * https://chatgpt.com/ (test/e2e/site-server.ts), Chromium headless with the production build
 * (.output/chrome-mv3, built by bench/browser.ts).
 *
 * - first send after the browser starts (fresh profile: the model is still loading or just loaded);
 * - 50 warm sends, each a new conversation (page reloaded, so each release is fresh, sampled and charged;
 *   caps raised so none falls back), then 50 sends in one conversation (the release reused, free);
 * - the first send after the model was freed (as when idle): typed at once, and at a person's pace.
 *
 * Each send: the message typed, a pause of PAUSE_MS as a person looks over what they wrote before pressing
 * Enter (Veil reads a draft ahead when typing pauses: src/content/send-guard.ts), then the key press.
 *
 * Times: Node's clock just before the key press to the panel's User Timing mark (set after the paint that
 * shows the release; src/ui/pages/review/timing-marks.ts), both on the system clock.
 *
 * The floor: the same key press on the same fixture, in the same Chromium, showing a trivial
 * extension-origin frame with static text (bench/floor-extension, loaded ahead and hidden as Veil's panel
 * is; its mark set after the paint in the same way), in a browser with only that extension. Veil's panel
 * is then given as a ratio to it: what the review costs beyond showing any extension frame at all.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Frame, type Page, type Worker } from 'playwright-core';
import { chromiumExtensionArgs } from '../test/e2e/browsers';
import { serveSites } from '../test/e2e/site-server';
import { stats } from './stats';

const ROOT = resolve(import.meta.dirname, '..');
const CHROME_BUILD = join(ROOT, '.output/chrome-mv3');
const CHROMIUM = process.env.VEIL_CHROMIUM ?? '/usr/bin/chromium';
const PROFILE = await readFile(join(ROOT, 'test/fixtures/profiles/ten-attributes.json'), 'utf8');
const RUNS = 50;
/** Reused sends: one tab, so paced to Veil's 10 reviews a minute from a tab (about 2 minutes). */
const REUSED = 20;
const PAUSE_MS = 400;
const MARK = 'veil-review-painted';
const SENSITIVE = (await readFile(join(ROOT, 'eval/protect.jsonl'), 'utf8'))
  .split('\n')
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { text: string }).text);
let tagTimes: number[] = [];
let realisticTotals: number[] = [];

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const now = () => performance.timeOrigin + performance.now();

async function reviewFrame(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('iframe[data-veil-panel="open"]', { state: 'attached', timeout: 30_000 });
  return (await element.contentFrame())!;
}

/** When `frame` set its painted mark, on the system clock (polled; a string, not a function: tsx would wrap a function's inner helpers in its own `__name`). */
function paintedAt(frame: Frame, mark = MARK): Promise<number> {
  return frame.evaluate(`new Promise((resolve) => {
    const look = () => {
      const entry = performance.getEntriesByName(${JSON.stringify(mark)})[0];
      if (entry) resolve(performance.timeOrigin + entry.startTime);
      else setTimeout(look, 1);
    };
    look();
  })`) as Promise<number>;
}

interface Timed {
  /** Key press → painted. */
  total: number;
  /** Key press → the token in the panel; → the view back from the background; → painted. */
  token: number;
  view: number;
  paint: number;
  /** In the background (src/extension/trace-marks.ts): key press → `review.begin` arrives; → the release charged; → its view made. */
  begin: number;
  charged: number;
  viewed: number;
}

/** The background's trace marks of the last send, on the system clock. */
async function backgroundMarks(worker: Worker): Promise<Record<string, number>> {
  return (await worker.evaluate(
    `Object.fromEntries(['veil-begin', 'veil-charged', 'veil-viewed'].map((n) => [n, performance.timeOrigin + (performance.getEntriesByName(n).at(-1)?.startTime ?? NaN)]))`,
  )) as Record<string, number>;
}

/** Press Enter in the composer; ms until the panel marked the release as painted, and the phases. Then cancel. */
async function timedSend(page: Page, worker: Worker, prompt: string, keyDelayMs = 0): Promise<Timed> {
  await page.locator('#prompt-textarea').click();
  await page.keyboard.type(prompt, { delay: keyDelayMs });
  await page.waitForTimeout(PAUSE_MS);
  const pressed = now();
  await page.keyboard.press('Enter');
  const frame = await reviewFrame(page);
  const painted = await paintedAt(frame);
  const [tokenAt, viewAt] = [await paintedAt(frame, 'veil-review-token'), await paintedAt(frame, 'veil-review-view')];
  const marks = await backgroundMarks(worker);
  await frame.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForFunction(() => !document.querySelector('iframe[data-veil-panel="open"]'));
  await page.locator('#prompt-textarea').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  return {
    total: painted - pressed,
    token: tokenAt - pressed,
    view: viewAt - tokenAt,
    paint: painted - viewAt,
    begin: marks['veil-begin']! - pressed,
    charged: marks['veil-charged']! - marks['veil-begin']!,
    viewed: marks['veil-viewed']! - marks['veil-charged']!,
  };
}

/** The floor's extension, with a key so its id is known before it loads. */
async function floorExtension(): Promise<{ dir: string; id: string }> {
  const der = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' });
  const id = [...createHash('sha256').update(der).digest('hex').slice(0, 32)].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
  const dir = await mkdtemp(join(tmpdir(), 'veil-bench-floor-'));
  for (const f of ['floor.html', 'floor.js']) await copyFile(join(import.meta.dirname, 'floor-extension', f), join(dir, f));
  const manifest = {
    manifest_version: 3,
    name: 'Veil benchmark floor',
    version: '1',
    key: der.toString('base64'),
    web_accessible_resources: [{ resources: ['floor.html', 'floor.js'], matches: ['<all_urls>'] }],
  };
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return { dir, id };
}

/** The floor's key press → frame painted, `RUNS` times after 3 warm-ups, on the ChatGPT fixture. */
async function floorRuns(server: Awaited<ReturnType<typeof serveSites>>): Promise<number[]> {
  const floor = await floorExtension();
  const profile = await mkdtemp(join(tmpdir(), 'veil-bench-floor-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    ignoreHTTPSErrors: true,
    args: [...chromiumExtensionArgs(floor.dir), ...server.chromiumArgs],
  });
  try {
    const page = await context.newPage();
    const out: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      await page.goto('https://chatgpt.com/');
      await page.locator('html[data-fixture-ready]').waitFor({ state: 'attached' });
      // As Veil's content script does: a frame loaded ahead, hidden; shown on Enter in the composer.
      await page.evaluate(`new Promise((resolve) => {
        const frame = document.createElement('iframe');
        frame.src = 'chrome-extension://${floor.id}/floor.html';
        frame.style.cssText = 'all:initial;border:0;position:fixed;left:0;top:0;width:1px;height:1px;visibility:hidden;z-index:2147483647;';
        frame.addEventListener('load', resolve, { once: true });
        document.documentElement.append(frame);
        document.addEventListener('keydown', (event) => {
          if (event.key !== 'Enter' || event.shiftKey) return;
          event.preventDefault();
          event.stopImmediatePropagation();
          frame.style.cssText = 'all:initial;border:0;position:fixed;inset:0;width:100vw;height:100vh;visibility:visible;z-index:2147483647;';
          frame.contentWindow.postMessage('veil-floor-show', '*');
        }, true);
      })`);
      await page.locator('#prompt-textarea').click();
      await page.keyboard.type(`Question ${i}`);
      await page.waitForTimeout(PAUSE_MS);
      const pressed = now();
      await page.keyboard.press('Enter');
      const frame = page.frames().find((f) => f.url().endsWith('/floor.html'))!;
      const painted = await paintedAt(frame);
      out.push(painted - pressed);
    }
    return out.slice(3);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await rm(floor.dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const server = await serveSites();
  const dir = await mkdtemp(join(tmpdir(), 'veil-bench-review-'));
  let freshMedian = NaN;
  let reusedMedian = NaN;
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
        ([type, request]) =>
          (globalThis as unknown as { chrome: { runtime: { sendMessage: (m: unknown) => Promise<unknown> } } }).chrome.runtime.sendMessage({ type, request }),
        [type, request] as const,
      )) as { ok: boolean; error?: string };
      if (!reply.ok) throw new Error(`${type}: ${reply.error}`);
    };
    await send('profile.import', { text: PROFILE });
    await send('settings.update', { patch: { attributeCap: 2 ** 30, totalCap: 2 ** 30 }, confirmed: true });
    // Veil takes at most 10 reviews a minute from one tab (issue 29): each new conversation in a tab of its own.
    let page = await context.newPage();
    const open = async () => {
      const previous = page;
      page = await context.newPage();
      await previous.close();
      await page.goto('https://chatgpt.com/');
      await page.locator('html[data-fixture-ready]').waitFor({ state: 'attached' });
    };
    await open();
    const first = await timedSend(page, worker, 'Plan my week.');
    const fresh: Timed[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      await open();
      fresh.push(await timedSend(page, worker, `Question ${i}`));
    }
    const reused: Timed[] = [];
    // One conversation, so one tab: paced to Veil's 10 reviews a minute from a tab.
    const sentAt: number[] = [];
    for (let i = 0; i < REUSED + 3; i++) {
      const wait = sentAt.length >= 9 ? sentAt[sentAt.length - 9]! + 61_000 - Date.now() : 0;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sentAt.push(Date.now());
      reused.push(await timedSend(page, worker, `Follow-up ${i}`));
    }
    // Messages as people write them (issue 31): 30 labelled sensitive prompts, each in a new conversation; the
    // tagger reads each draft ahead in the model host, whose own time for each is in its status.
    const realistic: Timed[] = [];
    for (const prompt of SENSITIVE.slice(0, 30)) {
      await open();
      realistic.push(await timedSend(page, worker, prompt));
    }
    const status = (await popup.evaluate(() =>
      (globalThis as unknown as { chrome: { runtime: { sendMessage: (m: unknown) => Promise<unknown> } } }).chrome.runtime.sendMessage({
        type: 'model.get',
        request: {},
      }),
    )) as { value: { status: { tagMs?: number[] } } };
    tagTimes = status.value.status.tagMs ?? [];
    realisticTotals = realistic.map((t) => t.total);
    // The model freed, as an idle model host frees it (src/model-host/idle-release.ts; the production
    // build's idle time is minutes, so the document is closed from the worker here): the next message,
    // typed quickly and at a person's pace (about 3 keys a second), each in a new conversation.
    const afterFree = async (keyDelayMs: number) => {
      await worker.evaluate('chrome.offscreen.closeDocument()');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await open();
      return (await timedSend(page, worker, 'What should I cook tonight?', keyDelayMs)).total;
    };
    const freedQuick = await afterFree(0);
    const freedPaced = await afterFree(300);
    const f = stats(fresh.slice(3).map((t) => t.total));
    const r = stats(reused.slice(3).map((t) => t.total));
    const phase = (runs: Timed[], key: Exclude<keyof Timed, 'total'>) => fmt(stats(runs.slice(3).map((t) => t[key])).median);
    freshMedian = f.median;
    reusedMedian = r.median;
    console.log('\nKey press → review panel painted with the release (Chromium headless, production build, ChatGPT fixture)');
    console.log(`  first send after the browser started      ${fmt(first.total)}`);
    console.log(`  warm, fresh release (sampled, charged)    median ${fmt(f.median)}  p95 ${fmt(f.p95)}  (${fmt(f.min)} – ${fmt(f.max)}, ${RUNS} sends)`);
    console.log(`  warm, reused release (same conversation)  median ${fmt(r.median)}  p95 ${fmt(r.p95)}  (${fmt(r.min)} – ${fmt(r.max)}, ${REUSED} sends)`);
    console.log(
      `  first send after the model was freed       ${fmt(freedQuick)} typed at once, ${fmt(freedPaced)} typed at 3 keys/s (${PAUSE_MS} ms pause before Enter)`,
    );
    const real = stats(realisticTotals);
    console.log(`  30 sensitive prompts as people write them  median ${fmt(real.median)}  p95 ${fmt(real.p95)}  (${fmt(real.min)} – ${fmt(real.max)})`);
    if (tagTimes.length > 0) {
      const tagged = stats(tagTimes);
      console.log(
        `  a message tagged in the model host (offscreen document, WASM)  median ${fmt(tagged.median)}  p95 ${fmt(tagged.p95)}  (${tagTimes.length} taggings)`,
      );
    }
    console.log(
      `  trace, medians: key press → token in the panel, → the review's view back, → painted   fresh ${phase(fresh, 'token')}, ${phase(fresh, 'view')}, ${phase(fresh, 'paint')}; reused ${phase(reused, 'token')}, ${phase(reused, 'view')}, ${phase(reused, 'paint')}`,
    );
    console.log(
      `  in the background, medians: key press → review.begin arrives, → release charged, → its view made   fresh ${phase(fresh, 'begin')}, ${phase(fresh, 'charged')}, ${phase(fresh, 'viewed')}; reused ${phase(reused, 'begin')}, ${phase(reused, 'charged')}, ${phase(reused, 'viewed')}`,
    );
  } finally {
    await context.close();
    await rm(dir, { recursive: true, force: true });
  }
  try {
    const floor = stats(await floorRuns(server));
    console.log(
      `  floor: a static extension-origin frame     median ${fmt(floor.median)}  p95 ${fmt(floor.p95)}  (${fmt(floor.min)} – ${fmt(floor.max)}, ${RUNS} presses)`,
    );
    console.log(
      `  Veil's panel / floor (medians)            fresh ${(freshMedian / floor.median).toFixed(2)}×, reused ${(reusedMedian / floor.median).toFixed(2)}×`,
    );
  } finally {
    await server.close();
  }
}

await main();
