/**
 * DP-MemView (issue 11) in Chromium with the built extension:
 * - memories and protected attributes typed and ticked on the options page survive a browser restart on
 *   the same profile directory (the page after the restart and `memory.get` agree with what was made);
 * - a send on the ChatGPT fixture (served under its real host name) whose message is about food shows the
 *   memory views in the review panel; the site receives the prompt and the profile part, then, unless the
 *   generic view was drawn, "Answer preferences: <one of the shipped food views>." (the draw is random:
 *   the test accepts any food view, never one in particular); exactly the protected attributes whose group
 *   holds a food memory are charged ε = ⌊B_a·2^20/K⌋ units (B_a = 2, K = 2), the others nothing;
 * - after it, the popup's preview of the next release shows each protected attribute's cost per
 *   preference and what its cap has left;
 * - no memory's text (nor a telling piece of it, nor a protected attribute's name) reaches the page: not
 *   in what the site received, not in what a hostile page script recorded (DOM, events, messages), and a
 *   content script is refused `memory.get` and `memory.put`.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDemo } from '../../scripts/demo-server.mjs';
import { slotVocabulary } from '../../src/memview/vocabulary';
import { join } from 'node:path';
import { forgeFromContentScript, launchChromium, screenshot, SCREENSHOTS, sendFromPage, tempDir, type ChromiumWithVeil } from './browsers';
import { serveSites, type SiteServer } from './site-server';
import { hostileHeard, installHostileRecorder, openFixture, panelReady, received, typeInto } from './sites';

const HEALTH = 'Diagnosed with type 2 diabetes last March, now on metformin';
const FOOD = 'Counting carbs to keep my blood sugar steady';
const FINANCE = 'Three months behind on my Visa card repayments';
const MEMORIES = [HEALTH, FOOD, FINANCE];
/** Telling pieces of the memories, and the protected attributes' names: none may reach the page. */
const SECRETS = [...MEMORIES, 'diabetes', 'metformin', 'last March', 'Counting carbs', 'blood sugar', 'Visa card', 'repayments', 'credit card debt'];

const DIABETES = 'type 2 diabetes';
const DEBT = 'credit card debt';
/** ε of one charged food selection: ⌊B_a / K⌋ in units of 2^-20, B_a = 2, K = 2 (the default). */
const CHARGE_UNITS = Math.floor((2 * 2 ** 20) / 2);
/** What a food view may add to a send (the generic view, '', adds nothing). */
const FOOD_VIEWS = slotVocabulary('food')
  .views.map((v) => v.text)
  .filter((t) => t !== '');
const PROMPT = 'Suggest some dinner recipes';
const PREFERENCES = '\n\nAnswer preferences: ';

interface MemoryOverview {
  memory: {
    memories: { id: string; slot: string; text: string }[];
    protected: { id: string; name: string; cap: number; members: string[] }[];
    views: unknown[];
  };
  spent: Record<string, number>;
  mode: string;
  k: number;
}
interface Ledger {
  key: string;
  spent: number;
  cap: number;
  memory?: true;
}

let dir: Awaited<ReturnType<typeof tempDir>>;
let server: SiteServer;
let browser: ChromiumWithVeil | undefined;
let demo: Awaited<ReturnType<typeof serveDemo>>;

beforeAll(async () => {
  dir = await tempDir('veil-e2e-memview-');
  server = await serveSites();
  demo = await serveDemo({ port: 0 });
});
afterAll(async () => {
  // The browser first: a server's close waits for the connections the browser keeps open.
  await browser?.close();
  await server?.close();
  await demo?.close();
  await dir?.remove();
});

const launch = () => launchChromium(dir.path, { args: server.chromiumArgs });

async function memoryGet(page: Page): Promise<MemoryOverview> {
  const reply = (await sendFromPage(page, 'memory.get', {})) as { ok: boolean; value: MemoryOverview };
  expect(reply.ok).toBe(true);
  return reply.value;
}

async function ledgers(page: Page): Promise<Ledger[]> {
  const reply = (await sendFromPage(page, 'budget.get', {})) as { ok: boolean; value: { ledgers: Ledger[] } };
  expect(reply.ok).toBe(true);
  return reply.value.ledgers;
}

/** Add a memory as a person would: pick the topic, type it, click Add memory; wait until it is listed. */
async function addMemory(options: Page, slot: string, text: string): Promise<void> {
  const memories = options.getByRole('region', { name: 'Memories' });
  await memories.locator('#memory-slot').selectOption(slot);
  await memories.getByLabel('New memory', { exact: true }).click();
  await memories.getByLabel('New memory', { exact: true }).pressSequentially(text);
  await memories.getByRole('button', { name: 'Add memory' }).click();
  await memories.locator('li.memory', { hasText: text }).waitFor();
  await expect.poll(() => memories.getByLabel('New memory', { exact: true }).inputValue()).toBe('');
}

async function addAttribute(options: Page, name: string, cap: string): Promise<void> {
  const memories = options.getByRole('region', { name: 'Memories' });
  await memories.getByLabel('Protected attribute', { exact: true }).click();
  await memories.getByLabel('Protected attribute', { exact: true }).pressSequentially(name);
  const capInput = memories.getByLabel('Cap (ε)', { exact: true });
  await capInput.click();
  await capInput.press('Control+A');
  await capInput.pressSequentially(cap);
  await memories.getByRole('button', { name: 'Add protected attribute' }).click();
  await memories.getByRole('group', { name: `${name} · cap ε ${cap} · spent ε 0`, exact: true }).waitFor();
}

/** Tick a memory into an attribute's group; wait until the memory's row says it is protected by it. */
async function tick(options: Page, attribute: string, cap: string, memory: string): Promise<void> {
  const memories = options.getByRole('region', { name: 'Memories' });
  const group = memories.getByRole('group', { name: `${attribute} · cap ε ${cap} · spent ε 0`, exact: true });
  await group.getByRole('checkbox', { name: memory }).click();
  await expect.poll(() => memories.locator('li.memory', { hasText: memory }).textContent()).toContain(`protected as ${attribute}`);
}

/** Checked state of every memory's box in an attribute's group, by memory text. */
async function ticks(options: Page, groupName: string): Promise<Record<string, boolean>> {
  const group = options.getByRole('region', { name: 'Memories' }).getByRole('group', { name: groupName, exact: true });
  await group.waitFor();
  const out: Record<string, boolean> = {};
  for (const text of MEMORIES) out[text] = await group.getByRole('checkbox', { name: text }).isChecked();
  return out;
}

let made: MemoryOverview;

describe('Chromium: DP-MemView memories', () => {
  it('memories and protected attributes made on the options page survive a browser restart', async () => {
    browser = await launch();
    const popup = await browser.open('popup.html');
    // A profile, so a send carries a profile part before the answer preferences.
    expect(await sendFromPage(popup, 'profile.import', { text: readFileSync('test/fixtures/profiles/ten-attributes.json', 'utf8') })).toMatchObject({
      ok: true,
    });

    const options = await browser.open('options.html');
    await options.getByRole('region', { name: 'Memories' }).waitFor();
    await addMemory(options, 'health', HEALTH);
    await addMemory(options, 'food', FOOD);
    await addMemory(options, 'finance', FINANCE);
    await addAttribute(options, DIABETES, '2');
    await tick(options, DIABETES, '2', HEALTH);
    await tick(options, DIABETES, '2', FOOD);
    await addAttribute(options, DEBT, '4');
    await tick(options, DEBT, '4', FINANCE);

    made = await memoryGet(options);
    expect(made.memory.memories.map(({ slot, text }) => ({ slot, text }))).toEqual([
      { slot: 'health', text: HEALTH },
      { slot: 'food', text: FOOD },
      { slot: 'finance', text: FINANCE },
    ]);
    const [health, food, finance] = made.memory.memories.map((m) => m.id);
    expect(made.memory.protected.map(({ name, cap, members }) => ({ name, cap, members }))).toEqual([
      { name: DIABETES, cap: 2, members: [health, food] },
      { name: DEBT, cap: 4, members: [finance] },
    ]);
    expect(made.memory.views).toEqual([]);
    expect(made).toMatchObject({ mode: 'online', k: 2 });
    expect(Object.values(made.spent)).toEqual([0, 0]);
    await options.getByRole('region', { name: 'Memories' }).scrollIntoViewIfNeeded();
    // The Memories section alone (the whole options page is six screens long).
    await options.getByRole('region', { name: 'Memories' }).screenshot({ path: join(SCREENSHOTS, 'options-memories.png') });
    await browser.close();

    browser = await launch();
    const reopened = await browser.open('options.html');
    const memories = reopened.getByRole('region', { name: 'Memories' });
    await memories.waitFor();
    for (const text of MEMORIES) await memories.locator('li.memory', { hasText: text }).waitFor();
    expect(await memories.locator('li.memory .memory-text').allTextContents()).toEqual(MEMORIES);
    expect(await ticks(reopened, `${DIABETES} · cap ε 2 · spent ε 0`)).toEqual({ [HEALTH]: true, [FOOD]: true, [FINANCE]: false });
    expect(await ticks(reopened, `${DEBT} · cap ε 4 · spent ε 0`)).toEqual({ [HEALTH]: false, [FOOD]: false, [FINANCE]: true });
    const budget = reopened.getByRole('region', { name: 'Privacy budget' });
    await expect
      .poll(() => budget.getByRole('meter').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))))
      .toEqual(expect.arrayContaining([`Memory · ${DIABETES}`, `Memory · ${DEBT}`]));
    expect(await memoryGet(reopened)).toEqual(made);
    await reopened.close();
  });

  it('a food message on ChatGPT carries at most a shipped food view, charged to exactly the attributes with a food memory, and no memory reaches the page', async () => {
    expect(browser, 'the first test leaves the restarted browser open').toBeDefined();
    const veil = browser!;
    const extensionPage = await veil.open('popup.html');
    const diabetes = made.memory.protected.find((a) => a.name === DIABETES)!;
    const debt = made.memory.protected.find((a) => a.name === DEBT)!;
    const memoryLedger = async (id: string) => (await ledgers(extensionPage)).find((l) => l.key === `memory:${id}`);
    expect(await memoryLedger(diabetes.id)).toMatchObject({ spent: 0, cap: 2 * 2 ** 20, memory: true });
    expect(await memoryLedger(debt.id)).toMatchObject({ spent: 0, cap: 4 * 2 ** 20, memory: true });

    const page = await veil.context.newPage();
    await installHostileRecorder(page);
    await openFixture(page, 'chatgpt');
    await typeInto(page, 'chatgpt', PROMPT);
    await page.keyboard.press('Enter');
    const frame = await panelReady(page);

    // The panel: one row, for food (the only slot the message is about), charged to type 2 diabetes only.
    await frame.getByRole('heading', { name: 'Answer preferences from your memories' }).waitFor();
    const rows = await frame.locator('.review-views > li').allTextContents();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    const shown = /^Food: (?:“(.+)”|nothing added)/.exec(row);
    expect(shown, row).not.toBeNull();
    const viewText = shown![1];
    if (viewText !== undefined) expect(FOOD_VIEWS).toContain(viewText);
    expect(row).toContain(`chosen privately from your memories · ε 1 charged to ${DIABETES}`);
    expect(row).not.toContain(DEBT);
    const text = (await frame.locator('pre.sent-text').textContent())!;
    await screenshot(page, 'review-memory-views');

    await frame.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => received(page)).toEqual([text]);

    // What the site received: the prompt, the profile part, then the view (when one other than generic was drawn).
    const at = text.lastIndexOf(PREFERENCES);
    const profilePart = at === -1 ? text : text.slice(0, at);
    expect(profilePart.startsWith(`${PROMPT}\n\nAbout me:\n`), profilePart).toBe(true);
    expect(profilePart).not.toContain('Answer preferences');
    if (viewText === undefined) {
      expect(at).toBe(-1);
    } else {
      expect(text.slice(at + PREFERENCES.length)).toBe(`${viewText}.`);
    }

    // Charged: type 2 diabetes (its group has the food memory) ε = 2·2^20/2; credit card debt nothing.
    expect(await memoryLedger(diabetes.id)).toMatchObject({ spent: CHARGE_UNITS, cap: 2 * 2 ** 20, memory: true });
    expect(await memoryLedger(debt.id)).toMatchObject({ spent: 0, cap: 4 * 2 ** 20, memory: true });
    expect((await memoryGet(extensionPage)).spent).toEqual({ [diabetes.id]: CHARGE_UNITS, [debt.id]: 0 });

    // The popup's preview of the next release says what memories would add and what each cap has left.
    await extensionPage.reload();
    const preview = extensionPage.getByRole('region', { name: 'Your next release' });
    await preview.getByText(DIABETES, { exact: true }).waitFor();
    const previewText = (await preview.textContent())!;
    expect(previewText).toContain('Your 3 memories (health, food, finance): a message about one of these topics adds at most one general preference');
    expect(previewText).toContain(`${DIABETES}each preference from its memories costs up to ε 1 · ε 1 of 2 left, 1 preference`);
    expect(previewText).toContain(`${DEBT}each preference from its memories costs up to ε 2 · ε 4 of 4 left, 2 preferences`);
    expect(previewText).not.toContain('in no protected attribute');
    for (const memory of MEMORIES) expect(previewText).not.toContain(memory);
    await preview.locator('.memory-preview').scrollIntoViewIfNeeded();
    await preview.locator('.memory-preview').screenshot({ path: join(SCREENSHOTS, 'popup-memories.png') });

    // Nothing of the memories reached the page: not sent, not in its DOM, events or messages.
    const heard = await hostileHeard(page);
    for (const secret of SECRETS) {
      expect(text, secret).not.toContain(secret);
      expect(heard, secret).not.toContain(secret);
    }
    await page.close();
    await extensionPage.close();
  });

  it('a content script is refused memory.get and memory.put, and the memories stay as they were', async () => {
    const veil = browser!;
    const page = await veil.context.newPage();
    await page.goto(demo.url);
    await page.locator('html[data-veil-test-probe]').waitFor({ state: 'attached' });
    expect(await forgeFromContentScript(page, { type: 'memory.get', request: {} })).toEqual({
      ok: false,
      error: 'memory.get is refused from a content script',
    });
    const emptied = { memories: [], protected: [], views: [] };
    expect(await forgeFromContentScript(page, { type: 'memory.put', request: { memory: emptied, confirmed: true } })).toEqual({
      ok: false,
      error: 'memory.put is refused from a content script',
    });
    const popup = await veil.open('popup.html');
    expect((await memoryGet(popup)).memory).toEqual(made.memory);
    await page.close();
    await popup.close();
  });
});
