/**
 * Reviews through the real dispatcher, with the senders the browser would report: a content script on a
 * chat page begins a review; only the panel frame that presents the one-time token (in the same tab) sees
 * it; Send hands the composed text to that content script and records the outcome; Cancel keeps the charge;
 * Edit changes the text for free; a second send in the conversation reuses the release at no cost.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ReviewRecord } from '../../../src/extension/review-record';
import { composeCommand, panelCommand, type ContentReply, type PanelCommand } from '../../../src/messaging/to-content';
import { memoryStore, type SessionStore } from '../../../src/extension/framed-session';
import { MessageError, type VeilClient } from '../../../src/messaging/client';
import type { SenderInfo } from '../../../src/messaging/sender';
import { readBudget } from '../../../src/storage/budget-store';
import { readCodebook, saveCodebook } from '../../../src/storage/codebook-store';
import { harness, SELF, type Harness } from '../messaging/harness';
import { listTag } from '../crossmap/tagging';
import { factWhy } from '../../../src/ui/fact-why';

let h: Harness;
afterEach(() => h?.db.close());

const PAGE = 'https://chatgpt.com/';
const CONTENT: SenderInfo = { id: SELF.id, url: PAGE, tab: { id: 5, url: PAGE }, frameId: 0 };
const PANEL: SenderInfo = { id: SELF.id, url: `${SELF.origin}review.html`, tab: { id: 5, url: PAGE }, frameId: 4 };
/** The page framed the panel's URL itself: same tab, another frame, no token. */
const PAGE_FRAMED: SenderInfo = { ...PANEL, frameId: 6 };
const OTHER_TAB_PANEL: SenderInfo = { ...PANEL, tab: { id: 9, url: PAGE } };

const profile = {
  version: 1,
  attributes: [
    { entity: 'self', field: 'occupation', value: 'Pediatric nurse', sharing: 'withheld' },
    { entity: 'self', field: 'age', value: '41', sharing: 'withheld' },
    { entity: 'self', field: 'location', value: 'Lyon, France', sharing: 'shared' },
  ],
};

/** Session storage is asynchronous: a write lands a while after it is asked for. */
function slowStore(): SessionStore<ReviewRecord> {
  const store = memoryStore<ReviewRecord>();
  return { ...store, put: async (record) => new Promise((resolve) => setTimeout(() => void store.put(record).then(resolve), 50)) };
}

const newToken = () => crypto.randomUUID().replaceAll('-', '');

/** Begin a review as the content script does: with a token it drew itself. */
async function begin(content: VeilClient, request: { prompt: string; conversation: string }) {
  const token = newToken();
  const { reviewId } = await content('review.begin', { ...request, token });
  return { reviewId, token };
}

/** Veil's own window (`review.window` opened it): a top-level extension page in a tab of its own. */
const WINDOW_TAB = 77;
const WINDOW: SenderInfo = {
  id: SELF.id,
  url: `${SELF.origin}review.html#window`,
  tab: { id: WINDOW_TAB, url: `${SELF.origin}review.html#window` },
  frameId: 0,
};

async function setUp(reply: (command: PanelCommand) => ContentReply = () => ({ ok: true })) {
  const commands: { tabId: number; frameId: number; command: PanelCommand }[] = [];
  // A fixed tagger (every list and pattern hit personal): these tests are of the review, not of the model.
  h = harness(undefined, {
    tagger: { tag: listTag },
    reviews: slowStore(),
    openReviewWindow: async () => WINDOW_TAB,
    // Every command the background sends is of the contract's shape (src/messaging/to-content.ts).
    toContent: async (tabId, frameId, sent) => {
      const command = panelCommand.parse(sent);
      commands.push({ tabId, frameId, command });
      return reply(command);
    },
  });
  // Every withheld fact in every release (the review mechanics, not relevance, are under test here).
  await h.client()('settings.update', { patch: { facts: 'all', epsilon: 8 } });
  return { commands, popup: h.client(), content: h.client(CONTENT), panel: h.client(PANEL) };
}

describe('review: begin, claim with the token, send', () => {
  it('binds the review to the panel that presents the token, and sends exactly the text shown', async () => {
    const { commands, popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    const { reviewId, token } = await begin(content, { prompt: 'Plan my week.', conversation: 'new-1' });

    // Another tab, the page's own frame without a token, and a guessed token all get nothing.
    await expect(h.client(OTHER_TAB_PANEL)('review.get', { tokens: [token] })).rejects.toThrow(/no send to review/);
    await expect(h.client(PAGE_FRAMED)('review.get', {})).rejects.toThrow(/no send to review/);
    await expect(h.client(PAGE_FRAMED)('review.get', { tokens: ['guess'] })).rejects.toThrow(/no send to review/);

    const view = await panel('review.get', { tokens: [token] });
    expect(view).toMatchObject({ reviewId, state: 'ready', siteLabel: 'ChatGPT', reused: false, prompt: 'Plan my week.' });
    expect(view.text.startsWith('Plan my week.\n\nAbout me:\n')).toBe(true);
    expect(view.text).not.toContain('Pediatric nurse');
    expect(view.charged).toBe(8);
    const occupation = view.facts.find((f) => f.key === 'self.occupation')!;
    // The person's own value is in the panel's view (Veil's own page), next to what is released.
    expect(occupation).toMatchObject({ treatment: 'privatized', original: 'Pediatric nurse', epsilon: 4 });
    expect(view.text).toContain(`Occupation: ${occupation.released}`);

    // The token is spent: presenting it again (from any frame) finds nothing; the panel's frame still does.
    await expect(h.client(PAGE_FRAMED)('review.get', { tokens: [token] })).rejects.toThrow(/no send to review/);
    expect((await panel('review.get', {})).reviewId).toBe(reviewId);
    // The frame that claimed it may present it again (its first answer was lost when the worker stopped).
    expect((await panel('review.get', { tokens: [token] })).reviewId).toBe(reviewId);

    await panel('review.send', { withoutVeil: false });
    expect(commands).toEqual([{ tabId: 5, frameId: 0, command: { veilPanel: 'send', reviewId, text: view.text, restore: false } }]);
    const [record] = await popup('releases.list', {});
    expect(record).toMatchObject({ outcome: 'sent' });
    await expect(panel('review.get', {})).rejects.toThrow(/no send to review/);
  });

  it('a panel that claims its review while the release is still being made keeps it (no lost update)', async () => {
    const { popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    h.model.duringScore = () => gate;
    // The content script posts the token once begin has answered; the release is still being drawn then.
    const { token } = await begin(content, { prompt: 'Plan my week.', conversation: 'new-1' });
    const claimed = panel('review.get', { tokens: [token] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    open();
    expect(await claimed).toMatchObject({ state: 'ready' });
    // Found again by its frame, after the release finished, and it can still be cancelled.
    expect((await panel('review.get', {})).state).toBe('ready');
    await panel('review.cancel', {});
    expect((await popup('releases.list', {}))[0]).toMatchObject({ outcome: 'cancelled' });
  });

  it('moves a review into Veil’s own window: that window sees and sends it (the page’s panel no longer has to be visible), nothing else does', async () => {
    const { commands, popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    const { reviewId, token } = await begin(content, { prompt: 'Plan my week.', conversation: 'new-1' });
    const shown = await panel('review.get', { tokens: [token] });
    // Before it is moved, Veil's window has nothing; another page of ours in a tab has nothing either.
    await expect(h.client(WINDOW)('review.get', {})).rejects.toThrow(/no send to review/);
    expect(await panel('review.window', {})).toEqual({ opened: true });
    const inWindow = h.client(WINDOW);
    expect((await inWindow('review.get', {})).text).toBe(shown.text);
    await expect(h.client({ ...WINDOW, tab: { id: 78, url: WINDOW.url } })('review.get', {})).rejects.toThrow(/no send to review/);
    await inWindow('review.send', { withoutVeil: false });
    expect(commands).toEqual([{ tabId: 5, frameId: 0, command: { veilPanel: 'send', reviewId, text: shown.text, restore: false, window: true } }]);
  });

  it('a send from the panel on the page carries no window mark (the content script then checks the panel was seen)', async () => {
    const { commands, popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    const { token } = await begin(content, { prompt: 'Plan my week.', conversation: 'new-1' });
    await panel('review.get', { tokens: [token] });
    await panel('review.send', { withoutVeil: false });
    expect(commands[0]!.command).not.toHaveProperty('window');
  });

  it('refuses a token it does not know at once, never waiting on it (a page that posts false tokens cannot hold the real panel up)', async () => {
    const { popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    const started = Date.now();
    for (let i = 0; i < 20; i++) await expect(panel('review.get', { tokens: [newToken()] })).rejects.toThrow(/no send to review/);
    expect(Date.now() - started).toBeLessThan(2000);
    const { token } = await begin(content, { prompt: 'Hi', conversation: 'new-1' });
    expect(await panel('review.get', { tokens: [token] })).toMatchObject({ state: 'ready', prompt: 'Hi' });
  });

  it('holds a tab that begins reviews faster than a person sends, before anything is made or charged', async () => {
    const { popup, content } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    for (let i = 0; i < 10; i++) await begin(content, { prompt: `Plan day ${i}.`, conversation: `c/${i}` });
    const before = (await popup('releases.list', {})).length;
    await expect(begin(content, { prompt: 'Plan day 11.', conversation: 'c/11' })).rejects.toThrow(/reviews in the last minute.*Nothing was sent or charged/);
    expect((await popup('releases.list', {})).length).toBe(before);
  });

  it('refuses a message too long to protect before anything is made or charged', async () => {
    const { popup, content } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    await expect(begin(content, { prompt: 'a '.repeat(50_001), conversation: 'new-1' })).rejects.toThrow(/100,?000/);
    expect(await popup('releases.list', {})).toEqual([]);
  });

  it("blocks with the content script's reason when the write does not take, and keeps the review open", async () => {
    const { popup, content, panel } = await setUp(() => ({ ok: false, error: "ChatGPT's message box did not take the approved text" }));
    await popup('profile.import', { text: JSON.stringify(profile) });
    const { token } = await begin(content, { prompt: 'Hi', conversation: 'new-1' });
    await panel('review.get', { tokens: [token] });
    await expect(panel('review.send', { withoutVeil: false })).rejects.toThrow("Nothing was sent: ChatGPT's message box did not take the approved text");
    expect((await popup('releases.list', {}))[0]).toMatchObject({ outcome: 'shown' });
    expect((await panel('review.get', {})).state).toBe('ready');
  });
});

describe('review: why a fact is not the plain case, in words', () => {
  it('a fact past its cap is named by its label, says what happened and what is sent instead; the figures are a detail line', async () => {
    const { popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    // ε 8 over two withheld facts: 4 each, past a cap of 2 for the occupation.
    await popup('budget.setCap', { key: 'self.occupation', cap: 2 * 2 ** 20, confirmed: false });
    const { token } = await begin(content, { prompt: 'Plan my week.', conversation: 'capped-1' });
    const view = await panel('review.get', { tokens: [token] });
    const occupation = view.facts.find((f) => f.key === 'self.occupation')!;
    expect(occupation).toMatchObject({ label: 'Occupation', treatment: 'suppressed', omitted: true });
    expect(occupation.why).toEqual({ fallback: { reused: false, passed: { cap: 'own', spent: 0, charge: 4, limit: 2 } } });
    const words = factWhy(occupation)!;
    expect(words.text).toBe('Its budget for this period is used up, so Veil leaves it out (free).');
    expect(words.detail).toBe('ε spent this period 0; a fresh release would add 4, past its cap of 2.');
    // Nothing technical in what a person reads first: no attribute key, no "cap (spent … > …)".
    expect(words.text).not.toMatch(/self\.|ε|spent|>|fallback/);
    // The other fact was drawn fresh: nothing to explain.
    expect(view.facts.find((f) => f.key === 'self.age')!.why).toBeUndefined();

    // Marked instead of left out, the panel says what is sent in its place.
    await popup('settings.update', { patch: { suppressed: 'mark' } });
    const marked = await panel('review.update', { prompt: 'Plan my week.', dropped: [] });
    expect(factWhy(marked.facts.find((f) => f.key === 'self.occupation')!)!.text).toBe(
      'Its budget for this period is used up, so Veil sends “[withheld]” instead (free).',
    );
  });
});

describe('review: edit, cancel, reuse, new release', () => {
  it('drops a fact and changes the prompt for free, and records the send as edited', async () => {
    const { commands, popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    const { token } = await begin(content, { prompt: 'Plan my week.', conversation: 'new-1' });
    await panel('review.get', { tokens: [token] });
    const spent = (await readBudget(h.db)).totalSpent;
    const edited = await panel('review.update', { prompt: 'Plan my weekend.', dropped: ['self.location'] });
    expect(edited.text.startsWith('Plan my weekend.\n\n')).toBe(true);
    expect(edited.text).not.toContain('Lyon');
    expect(edited.facts.find((f) => f.key === 'self.location')!.dropped).toBe(true);
    expect((await readBudget(h.db)).totalSpent).toBe(spent);
    await panel('review.send', { withoutVeil: false });
    expect(commands[0]!.command).toMatchObject({ text: edited.text });
    expect((await popup('releases.list', {}))[0]).toMatchObject({ outcome: 'edited' });
  });

  it('shows each memory view with what it charged, leaves one out for free, and sends exactly the rest', async () => {
    const { commands, popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    const memory = {
      memories: [
        { id: 'f1', slot: 'food', text: 'Counting carbs since my diabetes diagnosis' },
        { id: 'n1', slot: 'finance', text: 'Paying off my overdraft' },
      ],
      protected: [{ id: 'a1', name: 'type 2 diabetes', cap: 2, members: ['f1'] }],
      views: [{ slot: 'food', code: 'custom-always', text: 'always this one', topics: ['dinner'], evidence: ['carbs'] }],
    };
    await popup('memory.put', { memory });
    const { token } = await begin(content, { prompt: 'Cheap dinner ideas?', conversation: 'new-1' });
    const view = await panel('review.get', { tokens: [token] });
    const food = view.views.find((v) => v.slot === 'food')!;
    expect(food).toMatchObject({ key: 'view:food', label: 'Food', kind: 'selected', attributes: ['type 2 diabetes'], dropped: false });
    expect(view.views.find((v) => v.slot === 'finance')).toMatchObject({ kind: 'unprotected', attributes: [] });
    expect(JSON.stringify(view)).not.toMatch(/Counting carbs|overdraft/);
    const spent = (await readBudget(h.db)).totalSpent;
    // Leave out every view: the text loses its preferences line, nothing more is charged.
    const dropped = await panel('review.update', { prompt: view.prompt, dropped: view.views.map((v) => v.key) });
    expect(dropped.text).not.toContain('Answer preferences');
    expect(dropped.views.every((v) => v.dropped)).toBe(true);
    expect((await readBudget(h.db)).totalSpent).toBe(spent);
    await panel('review.send', { withoutVeil: false });
    expect(commands[0]!.command).toMatchObject({ text: dropped.text });
    expect((await popup('releases.list', {}))[0]).toMatchObject({ outcome: view.text === dropped.text ? 'sent' : 'edited' });
  });

  it('cancel sends nothing and keeps the charge; the next send in the conversation reuses the release for free', async () => {
    const { commands, popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    const first = await begin(content, { prompt: 'One', conversation: 'new-1' });
    const shown = await panel('review.get', { tokens: [first.token] });
    await panel('review.cancel', {});
    expect(commands.map((c) => c.command.veilPanel)).toEqual(['close']);
    expect((await readBudget(h.db)).totalSpent).toBeGreaterThan(0);
    const spent = (await readBudget(h.db)).totalSpent;

    const second = await begin(content, { prompt: 'Two', conversation: 'new-1' });
    const again = await panel('review.get', { tokens: [second.token] });
    expect(again).toMatchObject({ reused: true, charged: 0 });
    expect(again.text.replace('Two', 'One')).toBe(shown.text);
    expect((await readBudget(h.db)).totalSpent).toBe(spent);

    const fresh = await panel('review.fresh', {});
    expect(fresh).toMatchObject({ reused: false, charged: 8 });
    expect((await readBudget(h.db)).totalSpent).toBe(spent + 8 * 2 ** 20);
    const outcomes = (await popup('releases.list', {})).map((r) => r.outcome);
    expect(outcomes.filter((o) => o === 'cancelled')).toHaveLength(2);
  });

  it('the content script can end a review it began (its panel never opened): the release stays charged, the review is gone', async () => {
    const { commands, popup, content } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    const { token } = await begin(content, { prompt: 'Hi', conversation: 'new-1' });
    await content('review.cancel', {});
    await expect(h.client(PANEL)('review.get', { tokens: [token] })).rejects.toThrow(/no send to review/);
    expect(commands).toEqual([]);
    expect((await popup('releases.list', {}))[0]).toMatchObject({ outcome: 'cancelled' });
    expect((await readBudget(h.db)).totalSpent).toBeGreaterThan(0);
  });

  it('flags a withheld value typed into the prompt and offers its released category', async () => {
    const { popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    const { token } = await begin(content, { prompt: 'As a pediatric nurse aged 41, plan my week.', conversation: 'new-1' });
    const view = await panel('review.get', { tokens: [token] });
    const released = (key: string) => view.facts.find((f) => f.key === key)!.released;
    expect(view.typed).toEqual([
      { key: 'self.occupation', label: 'Occupation', text: 'pediatric nurse', replacement: released('self.occupation') },
      { key: 'self.age', label: 'Age', text: '41', replacement: released('self.age') },
    ]);
  });

  it('a failed release is shown as failed, nothing is sent, and Send without Veil sends the prompt as typed', async () => {
    const { commands, popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    h.model.failWith = new Error('the model could not be loaded');
    const { reviewId, token } = await begin(content, { prompt: 'Hi', conversation: 'new-1' });
    const view = await panel('review.get', { tokens: [token] });
    expect(view).toMatchObject({ state: 'failed', text: '' });
    expect(view.error).toMatch(/model/);
    await expect(panel('review.send', { withoutVeil: false })).rejects.toThrow(MessageError);
    expect(commands).toEqual([]);
    await panel('review.send', { withoutVeil: true });
    expect(commands).toEqual([{ tabId: 5, frameId: 0, command: { veilPanel: 'send', reviewId, text: null, restore: false } }]);
  });
});

describe('a draft read ahead', () => {
  it('a content script on a chat site has its draft encoded ahead of the send (nothing planned or charged); a page cannot ask', async () => {
    const { popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    const before = h.model.calls.encode;
    const spent = (await readBudget(h.db)).totalSpent;
    expect(await content('review.prepare', { prompt: 'Plan my week at work.' })).toEqual({ prepared: true });
    expect(h.model.calls.encode).toBeGreaterThan(before);
    // Planned and scored ahead: the send's release asks the model nothing more for its plan.
    const scored = h.model.calls.score.length;
    expect(scored).toBeGreaterThan(0);
    expect((await readBudget(h.db)).totalSpent).toBe(spent);
    const { token } = await begin(content, { prompt: 'Plan my week at work.', conversation: 'c/ahead' });
    expect((await panel('review.get', { tokens: [token] })).state).toBe('ready');
    expect(h.model.calls.score.length).toBe(scored);
    expect((await readBudget(h.db)).totalSpent).toBeGreaterThan(spent);
    await expect(popup('review.prepare', { prompt: 'Plan my week.' })).rejects.toThrow(/refused/);
  });
});

describe('facts the message does not need', () => {
  it('the panel lists them as left out (free), and adding one makes a new, charged release that carries it', async () => {
    const { popup, content, panel } = await setUp();
    await popup('settings.update', { patch: { facts: 'needed', epsilon: 8 } });
    // A custom fact without public categories is never offered: a release could not carry it.
    await popup('profile.import', {
      text: JSON.stringify({
        ...profile,
        attributes: [...profile.attributes, { entity: 'self', field: 'favourite colour', value: 'teal', sharing: 'withheld' }],
      }),
    });
    const { token } = await begin(content, { prompt: 'How do I ask for a raise at my job?', conversation: 'new-1' });
    const view = await panel('review.get', { tokens: [token] });
    expect(view.facts.map((f) => f.key)).toEqual(['self.occupation', 'self.location']);
    expect(view.leftOut).toEqual([{ key: 'self.age', label: 'Age' }]);
    expect(view.text).not.toContain('Age:');
    const added = await panel('review.fresh', { include: ['self.age'] });
    expect(added.leftOut).toEqual([]);
    expect(added.facts.find((f) => f.key === 'self.age')).toMatchObject({ treatment: 'privatized', epsilon: 4 });
    expect(added.text).toContain('Age:');
    expect((await readBudget(h.db)).ledgers.find((l) => l.key === 'self.age')!.spent).toBeGreaterThan(0);
  });
});

describe('review: what the person typed is protected (issue 18)', () => {
  const typed = 'My husband Tom was arrested in Leeds and I am pregnant; as a pediatric nurse, what do I do?';

  it('marks every span with its default, changes one on request at once and for free, and sends and keeps what the panel showed', async () => {
    const { commands, popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    const { token } = await begin(content, { prompt: typed, conversation: 'c/abc' });
    const view = await panel('review.get', { tokens: [token] });
    const by = (original: string) => view.message.marks.find((m) => m.original.toLowerCase() === original.toLowerCase());
    expect(by('Tom')).toMatchObject({ kind: 'person', treatment: 'replace', special: false });
    expect(by('Leeds')).toMatchObject({ kind: 'place', treatment: 'replace' });
    expect(by('pregnant')).toMatchObject({ treatment: 'generalize', special: true });
    // The withheld occupation typed into the message is one of the marks: its released category instead.
    const occupation = view.facts.find((f) => f.key === 'self.occupation')!;
    expect(by('pediatric nurse')).toMatchObject({ kind: 'profile', treatment: 'generalize', generalization: occupation.released });
    for (const original of ['Tom', 'Leeds', 'pregnant', 'pediatric nurse']) expect(view.text.toLowerCase()).not.toContain(original.toLowerCase());
    // Every mark sits where the panel highlights it.
    for (const mark of view.message.marks) {
      const shown = view.text.slice(mark.start, mark.end);
      expect(shown).toBe(mark.treatment === 'keep' ? mark.original : mark.treatment === 'replace' ? mark.substitute : mark.generalization);
    }
    const spent = (await readBudget(h.db)).totalSpent;

    const kept = await panel('review.choose', { mark: by('Leeds')!.id, treatment: 'keep' });
    expect(kept.text).toContain(' in Leeds and');
    expect(kept.message.marks.find((m) => m.original === 'Leeds')!.treatment).toBe('keep');
    expect((await readBudget(h.db)).totalSpent).toBe(spent);

    await panel('review.send', { withoutVeil: false });
    expect(commands[0]!.command).toMatchObject({ veilPanel: 'send', text: kept.text, restore: true });
    // The replacements are the conversation's: the next message gets the same stand-in for Tom.
    const next = await begin(content, { prompt: 'Tom is home now.', conversation: 'c/abc' });
    const second = await panel('review.get', { tokens: [next.token] });
    expect(second.message.marks[0]!.substitute).toBe(by('Tom')!.substitute);

    // The answer reads back with the conversation's codebook, for the frame that holds the token.
    const restoreToken = newToken();
    const answer = `You can ask ${by('Tom')!.substitute}'s lawyer first.`;
    expect(await content('restore.begin', { conversation: 'c/abc', text: answer, token: restoreToken })).toEqual({ restored: 1 });
    const frame = h.client({ ...PANEL, url: `${SELF.origin}restore.html`, frameId: 8 });
    await expect(
      h.client({ ...PANEL, url: `${SELF.origin}restore.html`, tab: { id: 9, url: PAGE } })('restore.get', { tokens: [restoreToken] }),
    ).rejects.toThrow(/no longer here/);
    expect(await frame('restore.get', { tokens: [restoreToken] })).toMatchObject({ siteLabel: 'ChatGPT', text: "You can ask Tom's lawyer first." });
    await expect(frame('restore.get', { tokens: [restoreToken] })).rejects.toThrow(/no longer here/);
  });

  it('a page saying its text was composed turns nothing off: the message is protected as any send', async () => {
    const { popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    const token = newToken();
    await content('review.begin', { prompt: 'Ask Ava about Bradford.', conversation: 'c/x', token, composed: true });
    const view = await panel('review.get', { tokens: [token] });
    expect(view.message.marks.map((m) => m.original)).toEqual(expect.arrayContaining(['Ava', 'Bradford']));
    expect(view.text).not.toContain('Ava');
    expect(view.text).not.toContain('Bradford');
  });

  it('the text the compose box handed its frame is reviewed as it is (the background knows it), once; editing the message drops the choices made for the old one', async () => {
    const { popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    // The compose box's session, in the same background: its send hands the mapped text to this frame.
    const boxToken = newToken();
    await content('compose.begin', { conversation: 'c/x', token: boxToken });
    const box = h.client({ ...PANEL, url: `${SELF.origin}compose.html`, frameId: 3 });
    await box('compose.get', { tokens: [boxToken] });
    const mapped = (await box('compose.map', { text: 'Ask Ava about Bradford.' })).mapped;
    expect(mapped).not.toContain('Ava');
    // The default compose command sender has no page: the send is refused and nothing is handed off.
    await expect(box('compose.send', {})).rejects.toThrow(/Nothing was sent/);
    const refused = newToken();
    await content('review.begin', { prompt: mapped, conversation: 'c/x', token: refused });
    expect((await panel('review.get', { tokens: [refused] })).message.marks.length).toBeGreaterThan(0);
    await panel('review.cancel', {});
  });

  it('a text private compose mapped and sent is reviewed as it is', async () => {
    const commands: unknown[] = [];
    h = harness(undefined, {
      tagger: { tag: listTag },
      toContent: async (_tab, _frame, command) => (commands.push(composeCommand.parse(command)), { ok: true }),
    });
    const popup = h.client();
    await popup('settings.update', { patch: { facts: 'all', epsilon: 8 } });
    await popup('profile.import', { text: JSON.stringify(profile) });
    const content = h.client(CONTENT);
    const panel = h.client(PANEL);
    const boxToken = newToken();
    await content('compose.begin', { conversation: 'c/x', token: boxToken });
    const box = h.client({ ...PANEL, url: `${SELF.origin}compose.html`, frameId: 3 });
    await box('compose.get', { tokens: [boxToken] });
    const mapped = (await box('compose.map', { text: 'Ask Ava about Bradford.' })).mapped;
    await box('compose.send', {});
    expect(commands).toEqual([expect.objectContaining({ veilCompose: 'send', text: mapped })]);
    // Another frame of the tab beginning a review of the same text is protected as any send.
    const elsewhere = newToken();
    await h.client({ ...CONTENT, frameId: 2 })('review.begin', { prompt: mapped, conversation: 'c/x', token: elsewhere });
    const other = await h.client({ ...PANEL, frameId: 12 })('review.get', { tokens: [elsewhere] });
    expect(other.message.learns).not.toMatch(/private compose/);
    // The frame the box handed it to: reviewed as mapped, once.
    const token = newToken();
    await content('review.begin', { prompt: mapped, conversation: 'c/x', token });
    const view = await panel('review.get', { tokens: [token] });
    expect(view.message.marks).toEqual([]);
    expect(view.message.learns).toMatch(/private compose/);
    expect(view.text.startsWith(mapped)).toBe(true);
    const again = newToken();
    await content('review.begin', { prompt: mapped, conversation: 'c/x', token: again });
    expect((await panel('review.get', { tokens: [again] })).message.learns).not.toMatch(/private compose/);
  });

  it('editing the message drops the choices made for the old one', async () => {
    const { popup } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });

    const other = await begin(h.client({ ...CONTENT, frameId: 2 }), { prompt: 'Tom lives in Leeds.', conversation: 'c/y' });
    const otherPanel = h.client({ ...PANEL, frameId: 12 });
    const first = await otherPanel('review.get', { tokens: [other.token] });
    const tom = first.message.marks.find((m) => m.original === 'Tom')!;
    await otherPanel('review.choose', { mark: tom.id, treatment: 'keep' });
    const edited = await otherPanel('review.update', { prompt: 'Tom lives in York.', dropped: [] });
    expect(edited.message.marks.find((m) => m.original === 'Tom')!.treatment).toBe('replace');
  });

  it('points out a sentence the sentence encoder reads as sensitive where the word lists marked nothing, and changes nothing', async () => {
    const { popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    const prompt = 'The clinic called and said my test came back positive. What is a good pasta recipe?';
    const { token } = await begin(content, { prompt, conversation: 'c/hints' });
    const view = await panel('review.get', { tokens: [token] });
    expect(view.message.hints).toEqual([{ sentence: 'The clinic called and said my test came back positive.', kindLabel: 'a health matter' }]);
    expect(view.text.startsWith(prompt)).toBe(true);
    // A sentence whose sensitive words the lists did mark gets no hint: the mark says it already.
    const marked = await begin(content, { prompt: 'I was diagnosed with type 2 diabetes last year.', conversation: 'c/hints-2' });
    const second = await panel('review.get', { tokens: [marked.token] });
    expect(second.message.marks.some((m) => m.special)).toBe(true);
    expect(second.message.hints).toEqual([]);
  });

  it('follows the per-category defaults in the settings, and a choice on one span still wins', async () => {
    const { popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    await popup('settings.update', { patch: { messageDefaults: { place: 'keep', pregnancy: 'keep', person: 'generalize' } } });
    const { token } = await begin(content, { prompt: typed, conversation: 'c/defaults' });
    const view = await panel('review.get', { tokens: [token] });
    const by = (original: string) => view.message.marks.find((m) => m.original.toLowerCase() === original.toLowerCase())!;
    expect(by('Leeds').treatment).toBe('keep');
    expect(by('pregnant').treatment).toBe('keep');
    expect(view.text).toContain(' in Leeds and I am pregnant;');
    // A name has no public phrase: Generalize sends a stand-in.
    expect(by('Tom')).toMatchObject({ treatment: 'replace' });
    expect(view.text).not.toContain('Tom');
    // Kinds the setting does not name keep the built-in default.
    expect(by('pediatric nurse').treatment).toBe('generalize');
    const chosen = await panel('review.choose', { mark: by('Leeds').id, treatment: 'replace' });
    expect(chosen.message.marks.find((m) => m.original === 'Leeds')!.treatment).toBe('replace');
    expect(chosen.text).not.toContain('Leeds');
  });

  it("Send writes exactly what the panel showed, even if a setting changed since; an old codebook gets a secret; a new chat's codebook follows it to its id", async () => {
    const { commands, popup, content, panel } = await setUp();
    await popup('profile.import', { text: JSON.stringify(profile) });
    // A codebook stored before substitutes came from a secret.
    await saveCodebook(h.db, 'chatgpt', 'new-9', { theme: 'orchard', entries: [] });
    const { token } = await begin(content, { prompt: 'My husband Tom lives in Leeds.', conversation: 'new-9' });
    const shown = await panel('review.get', { tokens: [token] });
    expect((await readCodebook(h.db, 'chatgpt', 'new-9'))!.secret).toMatch(/^[0-9a-f]{32}$/);
    expect((await panel('review.get', {})).text).toBe(shown.text);
    // Another tab changes what a review would do now: this one still sends what it showed.
    await popup('settings.update', { patch: { messageDefaults: { place: 'keep', person: 'keep' } } });
    await panel('review.send', { withoutVeil: false });
    expect(commands[0]!.command).toMatchObject({ text: shown.text, restore: true });
    const tom = shown.message.marks.find((m) => m.original === 'Tom')!.substitute;
    // The site gave the chat its id: the next review on the page moves the codebook there, and keeps Tom's stand-in.
    await popup('settings.update', { patch: { messageDefaults: {} } });
    const next = await content('review.begin', { prompt: 'Tom called.', conversation: 'new-9', chat: 'c/real', token: newToken() });
    void next;
    expect(await readCodebook(h.db, 'chatgpt', 'new-9')).toBeUndefined();
    expect((await readCodebook(h.db, 'chatgpt', 'c/real'))!.entries.find((e) => e.original === 'Tom')!.substitute).toBe(tom);
    expect(await content('restore.begin', { conversation: 'new-9', chat: 'c/real', text: `${tom} says hi.`, token: newToken() })).toEqual({ restored: 1 });
  });
});
