/**
 * CROSS-MAP's private compose box in headless Chromium with the built extension, on the ChatGPT, Claude and
 * Gemini fixtures served under their real host names (issues 10 and 18): the person writes in Veil's box; by
 * default the site's send handler receives the text protected as every reviewed send is (the name, age and
 * place replaced, the condition generalized), through the normal review; mapped into another domain only
 * when the person chooses it; the site's streamed answer comes back in the person's words in Veil's box, and
 * a hostile page script that records the DOM and every event in the capture phase never sees an original
 * span, the codebook, or the recovered answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, sendFromPage } from './browsers';
import { FIXTURE_LAYOUTS, type LayoutId } from '../../src/sites/fixtures/layouts';
import { serveModel } from './model-server';
import { asWord, chromiumOnSites, COMPOSER, hostileHeard, installHostileRecorder, openFixture, panelReady, received, type ChromiumOnSites } from './sites';

let veil: ChromiumOnSites;
let hub: Awaited<ReturnType<typeof serveModel>>;

beforeAll(async () => {
  veil = await chromiumOnSites('veil-compose-');
  hub = await serveModel();
  // No profile: the release adds nothing, so the site receives the mapped text alone.
  await sendFromPage(veil.popup, 'profile.import', { text: '{"version":1,"attributes":[]}' });
}, 90_000);
afterAll(async () => {
  await veil?.close();
  await hub?.close();
});

const PROMPT = 'My daughter Mia (7) was just diagnosed with type 1 diabetes; how do I talk to her school in Leeds?';
const ORIGINALS = ['Mia', 'type 1 diabetes', 'Leeds'];
/** What the person gets back by default: the condition went only by its kind (its Disease Ontology class), so it reads back as that. */
const PROTECTED_BACK = PROMPT.replace('type 1 diabetes', 'a metabolic condition');

describe('private compose on the three chat-site fixtures, in every layout', () => {
  it.each(FIXTURE_LAYOUTS.map((l): LayoutId => l.id))(
    '%s: sends only the protected text and shows the answer in the person’s words, with nothing private in the page',
    async (site) => {
      const page = await veil.browser.context.newPage();
      await installHostileRecorder(page);
      await openFixture(page, site);
      // Veil's button sits by the message box; the keyboard shortcut opens the box too.
      await page.locator('button[data-veil-compose="open"]').waitFor({ timeout: 15_000 });
      await page.locator(COMPOSER[site]).click();
      await page.keyboard.press('Alt+Shift+KeyP');
      const box = page.frameLocator('iframe[data-veil-compose="box"]');
      await box.locator('#compose-text').waitFor({ timeout: 15_000 });
      await box.locator('#compose-text').pressSequentially(PROMPT);
      const mappedLocator = box.getByTestId('compose-mapped');
      await expect.poll(async () => ((await mappedLocator.count()) ? mappedLocator.textContent() : ''), { timeout: 15_000 }).toMatch(/\?$/);
      await expect.poll(() => box.getByTestId('compose-original').textContent()).toBe(PROMPT);
      const mapped = (await mappedLocator.textContent())!;
      for (const original of ORIGINALS) expect(mapped).not.toMatch(asWord(original));
      // The name and place get stand-ins, the condition goes only by its kind: the question stays answerable.
      expect(mapped).toMatch(/^My daughter \S+ \(\d+\) was just diagnosed with a metabolic condition; how do I talk to her school in .+\?$/);
      await expect.poll(() => box.locator('.review-marks li').count()).toBe(4);
      await screenshot(page, `compose-mapped-${site}`);

      await box.getByRole('button', { name: 'Send the mapped text…' }).click();
      const review = await panelReady(page);
      await expect.poll(() => review.locator('pre.sent-text').textContent()).toBe(mapped);
      await review.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => received(page)).toEqual([mapped]);

      // The fixture streams an answer that repeats the message (with the substitutes); Veil's box shows it back.
      const answer = box.getByTestId('compose-answer');
      await answer.waitFor({ timeout: 30_000 });
      const recovered = (await answer.textContent())!;
      expect(recovered).toContain(`You wrote: "${PROTECTED_BACK}"`);
      await screenshot(page, `compose-answer-${site}`);

      const heard = await hostileHeard(page);
      for (const original of ORIGINALS) expect(heard, original).not.toMatch(asWord(original));
      expect(heard).not.toContain('in your words');
      await page.close();
    },
    120_000,
  );
});

describe('private compose mapped into another domain, by the person’s choice', () => {
  it('sends the themed mapping, says what it costs, and reads the whole prompt back', async () => {
    const page = await veil.browser.context.newPage();
    await installHostileRecorder(page);
    await openFixture(page, 'chatgpt');
    await page.locator('button[data-veil-compose="open"]').click();
    const box = page.frameLocator('iframe[data-veil-compose="box"]');
    await box.locator('#compose-text').waitFor({ timeout: 15_000 });
    const themed = box.getByRole('radio', { name: 'Map into another domain (for writing and planning tasks)' });
    await themed.click();
    await expect.poll(() => themed.isChecked()).toBe(true);
    expect(await box.locator('#compose-themed-cost').textContent()).toMatch(/answers about the substitute domain.*medical advice, for example\) are lost/);
    await box.locator('#compose-text').pressSequentially(PROMPT);
    const mappedLocator = box.getByTestId('compose-mapped');
    await expect.poll(async () => ((await mappedLocator.count()) ? mappedLocator.textContent() : ''), { timeout: 15_000 }).toMatch(/\?$/);
    await expect.poll(() => box.getByTestId('compose-original').textContent()).toBe(PROMPT);
    const mapped = (await mappedLocator.textContent())!;
    for (const original of [...ORIGINALS, 'a metabolic condition']) expect(mapped).not.toMatch(asWord(original));
    await box.getByRole('button', { name: 'Send the mapped text…' }).click();
    const review = await panelReady(page);
    await expect.poll(() => review.locator('pre.sent-text').textContent()).toBe(mapped);
    await review.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => received(page)).toEqual([mapped]);
    const answer = box.getByTestId('compose-answer');
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.textContent()).toContain(`You wrote: "${PROMPT}"`);
    const heard = await hostileHeard(page);
    for (const original of ORIGINALS) expect(heard, original).not.toMatch(asWord(original));
    await page.close();
  }, 120_000);
});

describe('private compose: a review closed without sending', () => {
  it('tells the box nothing was sent, and lets the person send again', async () => {
    const page = await veil.browser.context.newPage();
    await openFixture(page, 'chatgpt');
    await page.locator('button[data-veil-compose="open"]').click();
    const box = page.frameLocator('iframe[data-veil-compose="box"]');
    await box.locator('#compose-text').waitFor({ timeout: 15_000 });
    await box.locator('#compose-text').pressSequentially('Leo has asthma.');
    await box.locator('#compose-text').press('Control+Enter');
    const review = await panelReady(page);
    await review.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => box.locator('.typed-warning').allTextContents(), { timeout: 15_000 })
      .toContainEqual(expect.stringMatching(/The review closed without sending: nothing was sent/));
    expect(await received(page)).toEqual([]);
    await expect.poll(() => box.getByRole('button', { name: 'Send the mapped text…' }).isEnabled()).toBe(true);
    await page.close();
  }, 60_000);
});

describe('private compose with a language model on the device', () => {
  it('downloads the model after confirmation, runs it in the model host, and shows Veil’s own mapping when the model’s fails the checks', async () => {
    const model = 'veil-test/tiny-generator';
    const started = (await sendFromPage(veil.popup, 'model.install', { model, confirmed: true, source: hub.url })) as { ok: boolean; error?: string };
    expect(started).toMatchObject({ ok: true });
    let install: { state: string; detail: string } | null = null;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const reply = (await sendFromPage(veil.popup, 'model.get', {})) as {
        value: { install: { state: string; detail: string } | null; generator: string | null };
      };
      install = reply.value.install;
      if (install && ['done', 'failed', 'cancelled'].includes(install.state)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(install).toMatchObject({ state: 'done', detail: 'Test tiny generator is installed; private compose maps with it' });
    expect(((await sendFromPage(veil.popup, 'model.get', {})) as { value: { generator: string } }).value.generator).toBe(model);

    const page = await veil.browser.context.newPage();
    await openFixture(page, 'chatgpt');
    await page.locator('button[data-veil-compose="open"]').waitFor({ timeout: 15_000 });
    await page.locator(COMPOSER.chatgpt).click();
    await page.keyboard.press('Alt+Shift+KeyP');
    const box = page.frameLocator('iframe[data-veil-compose="box"]');
    await box.locator('#compose-text').waitFor({ timeout: 15_000 });
    // The model maps into another domain: it is used only when the person chose that.
    // A controlled radio: it shows the choice once the background has taken it (check() would not wait).
    const themed = box.getByRole('radio', { name: 'Map into another domain (for writing and planning tasks)' });
    await themed.click();
    await expect.poll(() => themed.isChecked()).toBe(true);
    await box.locator('#compose-text').pressSequentially(PROMPT);
    // The tiny model writes valid JSON that maps nothing: Veil's checks refuse it and its own mapping is shown.
    await expect
      .poll(() => box.locator('.typed-warning').allTextContents(), { timeout: 30_000 })
      .toContainEqual(expect.stringMatching(/Test tiny generator was not used for this message \(the model left out “Mia”, “7”, “type 1 diabetes”, “Leeds”\)/));
    expect(await box.getByTestId('compose-mapped-by').textContent()).toBe("Mapped by Veil's word lists, on this device.");
    for (const original of ORIGINALS) expect(await box.getByTestId('compose-mapped').textContent()).not.toMatch(asWord(original));
    expect(hub.requests.filter((r) => r.startsWith('/veil-test/tiny-generator/'))).toHaveLength(5);
    await screenshot(page, 'compose-generator-fallback');
    await sendFromPage(veil.popup, 'model.useGenerator', { model: null });
    await page.close();
  }, 120_000);
});
