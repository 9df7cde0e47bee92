/**
 * What the person types is protected on every reviewed send (issue 18), in Chromium with the built extension
 * on the chat-site fixtures under their real host names: a message typed into the site's own box with a name,
 * an age, a health condition and a place reaches the site's send handler with the identifiers replaced and
 * the condition generalized; "Keep as typed" on one span sends it as typed; the site's answer opens, read back
 * in the person's words, in Veil's own frame; and a hostile page script that records every event and DOM
 * change never sees that read-back answer nor the codebook (it did see what was typed into the site's box:
 * that is the site's own box, README "What this protects"). On a virtualised transcript (ChatGPT and Claude
 * keep only the turns near the viewport mounted: the fixtures' `?virtual=2`), the read-back button still finds
 * the reviewed send's answer, hides while that answer is unmounted, and comes back with it. A message that counts
 * days between its dates is offered to keep them as typed at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureGlobals } from '../../src/sites/fixtures/common';
import type { LayoutId } from '../../src/sites/fixtures/layouts';
import { screenshot, sendFromPage } from './browsers';
import {
  chromiumOnSites,
  fixtureLayout,
  hostileHeard,
  idle,
  installHostileRecorder,
  openFixture,
  panelReady,
  received,
  typeInto,
  type ChromiumOnSites,
} from './sites';

let veil: ChromiumOnSites;

beforeAll(async () => {
  veil = await chromiumOnSites('veil-e2e-protect-');
  // No profile: the release adds nothing, so the site receives the message alone.
  await sendFromPage(veil.popup, 'profile.import', { text: '{"version":1,"attributes":[]}' });
});
afterAll(async () => {
  await veil?.close();
});

const MESSAGE = 'My daughter Priya is 7 and was just diagnosed with type 1 diabetes; how do I talk to her school in Leeds?';

describe.each(['chatgpt', 'claude', 'gemini', 'chatgpt-2026'] satisfies LayoutId[])('%s', (layout) => {
  it('identifiers replaced, the condition generalized, Keep sends one as typed, and the answer reads back in Veil’s frame only', async () => {
    const page = await veil.browser.context.newPage();
    await installHostileRecorder(page);
    await openFixture(page, layout);
    await typeInto(page, layout, MESSAGE);
    await page.keyboard.press('Enter');
    const frame = await panelReady(page);
    const sentText = () => frame.locator('pre.sent-text').textContent();
    // Every span is marked, with its default.
    const mark = (original: string) => frame.locator('.review-marks li', { hasText: `“${original}”` });
    for (const original of ['Priya', '7', 'type 1 diabetes', 'Leeds']) await expect.poll(() => mark(original).count(), { timeout: 15_000 }).toBe(1);
    expect(
      await mark('type 1 diabetes')
        .getByRole('button', { name: /^Generalize to/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(
      await mark('Priya')
        .getByRole('button', { name: /^Replace with/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await frame.locator('.message-learns').textContent()).toMatch(/replaced by stand-ins.*only by (its|their) kind/);
    // With what was measured, in plain numbers (src/ui/measured-message.ts).
    expect(await frame.getByTestId('message-measured').textContent()).toMatch(
      /^Measured on 150 messages Veil had never seen: about 1 in 18 .* no longer answering the question for 39: put back/,
    );
    const first = (await sentText())!;
    for (const original of ['Priya', 'diabetes', 'Leeds', ' 7 ']) expect(first).not.toContain(original);
    // Generalized to its class in the Disease Ontology, not to "a health condition".
    expect(first).toContain('diagnosed with a metabolic condition;');
    await screenshot(page, `protect-review-${layout}`);
    // Keep as typed, on one span: at once, free.
    await mark('Leeds').getByRole('button', { name: 'Keep as typed' }).click();
    await expect.poll(sentText).toContain('school in Leeds?');
    const approved = (await sentText())!;
    expect(approved).not.toContain('Priya');
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => received(page)).toEqual([approved]);

    // The answer (the fixture's quotes the message it got) reads back in the person's words, in Veil's frame.
    const button = page.locator('button[data-veil-restore="open"]');
    await button.waitFor({ timeout: 30_000 });
    await button.click();
    const restored = page.frameLocator('iframe[data-veil-restore="frame"]').getByTestId('restored-answer');
    await expect.poll(() => restored.textContent(), { timeout: 15_000 }).toContain('My daughter Priya');
    await screenshot(page, `protect-restored-${layout}`);
    const heard = await hostileHeard(page);
    expect(heard).not.toMatch(/You wrote: "My daughter Priya/);
    const substitute = /My daughter (\p{Lu}\p{L}+)/u.exec(approved)![1]!;
    expect(heard).not.toMatch(new RegExp(`${substitute}[^\\n]{0,40}Priya|Priya[^\\n]{0,40}${substitute}`));
    await page.close();
  });
});

describe.each(['chatgpt-2026', 'claude'] satisfies LayoutId[])('%s on a virtualised transcript (only the last two turns mounted)', (layout) => {
  it('after several sends the read-back button sits beside the reviewed send’s answer, hides while that answer is unmounted, and opens the read-back once it is back', async () => {
    const page = await veil.browser.context.newPage();
    await openFixture(page, layout, 'virtual=2');
    const answers = page.locator(fixtureLayout(layout).answer);
    const button = page.locator('button[data-veil-restore="open"]');
    const show = (first?: number) => page.evaluate((first) => (window as unknown as FixtureGlobals).siteVirtualShow!(first), first);
    // A first send with nothing to replace (no read-back for it).
    await typeInto(page, layout, 'What is a good way to plan a busy week?');
    await page.keyboard.press('Enter');
    let frame = await panelReady(page);
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(async () => (await received(page)).length).toBe(1);
    await idle(page);
    // The reviewed send with replacements: as its turns mount, the first send's turns unmount.
    await typeInto(page, layout, MESSAGE);
    await page.keyboard.press('Enter');
    frame = await panelReady(page);
    await expect.poll(() => frame.locator('pre.sent-text').textContent(), { timeout: 15_000 }).not.toContain('Priya');
    const approved = (await frame.locator('pre.sent-text').textContent())!;
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => received(page)).toHaveLength(2);
    await button.waitFor({ timeout: 30_000 });
    expect(await answers.count(), 'one answer mounted, as many as before the send').toBe(1);
    expect(await answers.last().textContent()).toContain(approved.slice(0, 20));
    /** The button sits just above the reviewed send's answer (restore.ts draws it 30 px above the answer's top). */
    const beside = async () => {
      const [own, answer] = [await button.boundingBox(), await answers.last().boundingBox()];
      return own !== null && answer !== null && Math.abs(own.y - (answer.y - 30)) < 4 && Math.abs(own.x - answer.x) < 4;
    };
    await expect.poll(beside).toBe(true);
    // Scrolled up: the earliest turns mount again (rendered anew), the answer unmounts: no button beside another answer.
    await show(0);
    await expect.poll(() => button.count(), { timeout: 10_000 }).toBe(0);
    expect(await answers.last().textContent()).not.toContain(approved.slice(0, 20));
    // Back down: the answer is rendered anew (a new element), and the button comes back beside it.
    await show();
    await button.waitFor({ timeout: 10_000 });
    await expect.poll(beside).toBe(true);
    await button.click();
    const restored = page.frameLocator('iframe[data-veil-restore="frame"]').getByTestId('restored-answer');
    await expect.poll(() => restored.textContent(), { timeout: 15_000 }).toContain('My daughter Priya');
    await screenshot(page, `protect-restored-virtual-${layout}`);
    await page.close();
  });
});

describe('moved dates', () => {
  it('a message that counts days between its dates is offered to keep them as typed, at once, and is sent so', async () => {
    const page = await veil.browser.context.newPage();
    await openFixture(page, 'chatgpt');
    const stay = 'I was admitted to hospital on 3 March 2025 and discharged on 19 March 2025. How many nights is that for my insurance claim?';
    await typeInto(page, 'chatgpt', stay);
    await page.keyboard.press('Enter');
    const frame = await panelReady(page);
    const sentText = () => frame.locator('pre.sent-text').textContent();
    const note = frame.getByTestId('message-dates');
    await note.waitFor({ timeout: 15_000 });
    expect(await note.textContent()).toMatch(/^Veil moved these 2 dates by 7 to 60 days, each by a draw of its own, so the days between them change/);
    expect(await sentText()).not.toContain('3 March 2025');
    await screenshot(page, 'protect-review-dates');
    await note.getByRole('button', { name: 'Keep the 2 dates as typed' }).click();
    await expect.poll(sentText).toBe(stay);
    await expect.poll(() => note.count()).toBe(0);
    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => received(page)).toEqual([stay]);
    await page.close();
  });
});

describe('topic hints', () => {
  it('a sentence the encoder reads as sensitive, with nothing in it the tagger marks, is pointed out in the panel and sent as typed unless edited', async () => {
    const page = await veil.browser.context.newPage();
    await openFixture(page, 'chatgpt');
    await typeInto(page, 'chatgpt', 'The doctor rang, the news was not what we hoped. What should I ask them?');
    await page.keyboard.press('Enter');
    const frame = await panelReady(page);
    const hint = frame.locator('.message-hints');
    await hint.waitFor({ timeout: 15_000 });
    expect(await hint.textContent()).toMatch(/“The doctor rang, the news was not what we hoped\.” \(maybe a health matter\)/);
    await screenshot(page, 'protect-review-topic-hint');
    await frame.getByRole('button', { name: 'Cancel' }).click();
    await page.close();
  });
});
