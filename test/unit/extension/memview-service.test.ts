/**
 * DP-MemView in the extension's background, over fake-indexeddb: memories kept and validated, import and
 * export, a send carrying views after the profile release, memory charges on the same ledger and under
 * the same total cap as profile charges, free reuse of a slot's view within a conversation, caps, and no
 * memory text ever in what a page gets.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { epsilonToUnits } from '../../../src/core/epsilon';
import { readBudget } from '../../../src/storage/budget-store';
import { CONTENT_ON_DEMO, harness, type Harness } from '../messaging/harness';

let h: Harness;
afterEach(() => h?.db.close());

const memory = {
  memories: [
    { id: 'h1', slot: 'health', text: 'Diagnosed with type 2 diabetes in March' },
    { id: 'h2', slot: 'health', text: 'Checking my blood sugar every morning' },
    { id: 'f1', slot: 'food', text: 'Low-carb meals now, and cheap ones since the credit card debt' },
    { id: 'n1', slot: 'finance', text: 'Paying off 14k of credit card debt' },
  ],
  protected: [
    { id: 'diabetes', name: 'type 2 diabetes', cap: 2, members: ['h1', 'h2', 'f1'] },
    { id: 'debt', name: 'debt', cap: 2, members: ['f1', 'n1'] },
  ],
  views: [],
};
const TEXTS = memory.memories.map((m) => m.text);
const profile = { version: 1, attributes: [{ entity: 'self', field: 'age', value: '41', sharing: 'withheld' }] };

async function setUp() {
  // A clock that moves: reuse depends on a view being made after the memories last changed.
  let clock = Date.UTC(2026, 10, 30);
  h = harness(() => clock++);
  const send = h.client();
  await send('profile.import', { text: JSON.stringify(profile) });
  await send('memory.put', { memory });
  // These tests count charges of B_a/3 (K = 3, the paper's setting); the default K is 2.
  await send('settings.update', { patch: { memoryK: 3 } });
  return send;
}

const third = Math.floor(epsilonToUnits(2) / 3);
const spentOf = async (key: string) => (await readBudget(h.db)).ledgers.find((l) => l.key === key)?.spent ?? 0;

describe('memories in the background', () => {
  it('keeps them, validated; a bad edit changes nothing; raising a cap needs confirmation', async () => {
    const send = await setUp();
    expect(await send('memory.get', {})).toEqual({
      memory,
      revision: 1,
      spent: { diabetes: 0, debt: 0 },
      totalLeft: epsilonToUnits(256),
      mode: 'online',
      k: 3,
      variant: 'veil',
    });
    await expect(send('memory.put', { memory: { ...memory, protected: [{ ...memory.protected[0], members: ['nope'] }] } })).rejects.toThrow(
      /members\[0\]: names no memory/,
    );
    const raised = { ...memory, protected: [{ ...memory.protected[0]!, cap: 4 }, memory.protected[1]!] };
    await expect(send('memory.put', { memory: raised })).rejects.toThrow(/raising the cap of type 2 diabetes needs your confirmation/);
    expect((await send('memory.get', {})).memory).toEqual(memory);
    expect((await send('memory.put', { memory: raised, confirmed: true })).memory.protected[0]!.cap).toBe(4);
  });

  it('a page saving over a write it never saw (another page, an import) is refused, and nothing it sent is kept', async () => {
    const send = await setUp();
    const seen = await send('memory.get', {});
    // Another page adds a memory…
    const elsewhere = { ...memory, memories: [...memory.memories, { id: 't1', slot: 'travel', text: 'Flying to Lisbon in May' }] };
    expect((await send('memory.put', { memory: elsewhere, basis: seen.revision })).revision).toBe(seen.revision + 1);
    // …then this page, still showing the older memories, removes one: refused, the other page's write kept.
    const stale = {
      ...memory,
      memories: memory.memories.slice(1),
      protected: memory.protected.map((a) => ({ ...a, members: a.members.filter((m) => m !== 'h1') })),
    };
    await expect(send('memory.put', { memory: stale, basis: seen.revision })).rejects.toThrow(/changed after this page showed them .* nothing was saved/);
    const now = await send('memory.get', {});
    expect(now.memory).toEqual(elsewhere);
    // Against what is stored now, the same edit goes through; a put without basis (import, CLI) always does.
    expect(
      (await send('memory.put', { memory: { ...elsewhere, memories: elsewhere.memories.slice(1), protected: stale.protected }, basis: now.revision })).revision,
    ).toBe(now.revision + 1);
    await send('profile.import', { text: JSON.stringify({ ...profile, memory }) });
    await expect(send('memory.put', { memory: stale, basis: now.revision + 1 })).rejects.toThrow(/changed after this page showed them/);
    expect((await send('memory.get', {})).memory).toEqual(memory);
  });

  it('export carries the memories; import restores them; a file without memories leaves them be', async () => {
    const send = await setUp();
    const file = await send('profile.export', {});
    expect(JSON.parse(file.text)).toEqual({ ...profile, memory });
    await send('memory.put', { memory: { memories: [], protected: [], views: [] } });
    await send('profile.import', { text: file.text });
    expect((await send('memory.get', {})).memory).toEqual(memory);
    await send('profile.import', { text: JSON.stringify(profile) });
    expect((await send('memory.get', {})).memory).toEqual(memory);
    // A broken memory part refuses the whole file: the profile is not replaced either.
    const bad = JSON.stringify({ version: 1, attributes: [], memory: { memories: [{ id: 'X', slot: 'food', text: 'a' }], protected: [] } });
    await expect(send('profile.import', { text: bad })).rejects.toThrow(/memory\.memories\[0\]\.id/);
    expect((await send('profile.get', {})).attributes).toHaveLength(1);
  });

  it('a send carries the views after the profile release and charges each affected memory ledger', async () => {
    const send = await setUp();
    const r = await send('release.create', { prompt: 'Suggest some dinner recipes', conversation: 'c1', site: 'veil' });
    expect(r.views).toEqual([expect.objectContaining({ slot: 'food', kind: 'selected', attributes: ['type 2 diabetes', 'debt'], epsilon: third / 2 ** 20 })]);
    const food = r.views[0]!;
    if (food.text !== '') expect(r.text.endsWith(`\n\nAnswer preferences: ${food.text}.`)).toBe(true);
    else expect(r.text).not.toContain('Answer preferences');
    expect(r.charged.perAttribute).toMatchObject({ 'memory:diabetes': third / 2 ** 20, 'memory:debt': third / 2 ** 20 });
    expect(await spentOf('memory:diabetes')).toBe(third);
    expect(await spentOf('memory:debt')).toBe(third);
    // The record says the same, and neither it nor the answer holds any memory's text.
    const [record] = await send('releases.list', {});
    expect(record).toMatchObject({
      views: [expect.objectContaining({ slot: 'food', kind: 'selected', attributes: ['diabetes', 'debt'], epsilonUnits: third })],
      spent: { 'memory:diabetes': third, 'memory:debt': third },
    });
    for (const t of TEXTS) {
      expect(JSON.stringify(r)).not.toContain(t);
      expect(JSON.stringify(record)).not.toContain(t);
    }
  });

  it('a preference the person states outright is sent as theirs when a message asks for it: no charge, marked stated', async () => {
    const send = await setUp();
    await send('memory.put', { memory: { ...memory, stated: [{ slot: 'food', code: 'vegetarian' }] } });
    const r = await send('release.create', { prompt: 'Suggest some dinner recipes', conversation: 'c1', site: 'veil' });
    expect(r.views).toEqual([{ slot: 'food', code: 'vegetarian', text: 'keep meals vegetarian', kind: 'stated', attributes: [], epsilon: 0 }]);
    expect(r.text.endsWith('\n\nAnswer preferences: keep meals vegetarian.')).toBe(true);
    expect(await spentOf('memory:diabetes')).toBe(0);
    expect(await spentOf('memory:debt')).toBe(0);
    // It survives export and import.
    const exported = await send('profile.export', {});
    expect(JSON.parse(exported.text).memory.stated).toEqual([{ slot: 'food', code: 'vegetarian' }]);
  });

  it('a conversation reuses its slots’ views for free; another conversation is charged; caps fall back to nothing added', async () => {
    const send = await setUp();
    const first = await send('release.create', { prompt: 'Suggest some dinner recipes', conversation: 'c1', site: 'veil' });
    const again = await send('release.create', { prompt: 'Another dinner idea?', conversation: 'c1', site: 'veil' });
    expect(again.views).toEqual([expect.objectContaining({ slot: 'food', kind: 'reused', code: first.views[0]!.code, epsilon: 0 })]);
    expect(again.charged.total).toBe(0);
    expect(await spentOf('memory:diabetes')).toBe(third);
    // A new release redraws the profile part only: the view stays, free (it can be left out for free).
    const fresh = await send('release.create', { prompt: 'Another dinner idea?', conversation: 'c1', site: 'veil', fresh: true });
    expect(fresh.views).toEqual([expect.objectContaining({ slot: 'food', kind: 'reused', code: first.views[0]!.code })]);
    expect(await spentOf('memory:diabetes')).toBe(third);
    // Two more conversations spend the rest of both caps (3 × 2/3); the fourth falls back, free.
    await send('release.create', { prompt: 'dinner', conversation: 'c2', site: 'veil' });
    await send('release.create', { prompt: 'dinner', conversation: 'c3', site: 'veil' });
    const capped = await send('release.create', { prompt: 'dinner', conversation: 'c4', site: 'veil' });
    expect(capped.views).toEqual([expect.objectContaining({ slot: 'food', kind: 'fallback', code: 'general', text: '', epsilon: 0 })]);
    expect(capped.text).not.toContain('Answer preferences');
    expect(await spentOf('memory:diabetes')).toBe(3 * third);
    expect(await spentOf('memory:debt')).toBe(3 * third);
  });

  it('after the memories change, a conversation draws its views afresh (charged) instead of reusing old ones', async () => {
    const send = await setUp();
    await send('release.create', { prompt: 'Suggest some dinner recipes', conversation: 'c1', site: 'veil' });
    await send('memory.put', {
      memory: { ...memory, memories: memory.memories.map((m) => (m.id === 'f1' ? { ...m, text: 'Cooking for friends on Fridays' } : m)) },
    });
    const next = await send('release.create', { prompt: 'Another dinner idea?', conversation: 'c1', site: 'veil' });
    expect(next.views).toEqual([expect.objectContaining({ slot: 'food', kind: 'selected' })]);
    expect(await spentOf('memory:diabetes')).toBe(2 * third);
    // A change that does not touch what views are drawn from (a cap, the order) keeps the reuse.
    const current = (await send('memory.get', {})).memory;
    await send('memory.put', {
      memory: { ...current, memories: [...current.memories].reverse(), protected: current.protected.map((a) => ({ ...a, cap: 1.5 })) },
    });
    const again = await send('release.create', { prompt: 'And a dessert for dinner?', conversation: 'c1', site: 'veil' });
    expect(again.views).toEqual([expect.objectContaining({ slot: 'food', kind: 'reused', code: next.views[0]!.code })]);
  });

  it('views are reused by the memories’ content revision, not by the clock; two sends at once in a conversation draw a slot once', async () => {
    let clock = 1_000;
    h = harness(() => clock);
    const send = h.client();
    await send('profile.import', { text: JSON.stringify(profile) });
    await send('memory.put', { memory });
    await send('settings.update', { patch: { memoryK: 3 } });
    const first = await send('release.create', { prompt: 'Suggest some dinner recipes', conversation: 'c1', site: 'veil' });
    expect(first.views).toEqual([expect.objectContaining({ slot: 'food', kind: 'selected' })]);
    // An edit stamped before the release (a clock set back; before, a time taken as an edit waited for a send).
    clock = 500;
    const edited = { ...memory, memories: memory.memories.map((m) => (m.id === 'f1' ? { ...m, text: 'Cooking for friends on Fridays' } : m)) };
    await send('memory.put', { memory: edited });
    const second = await send('release.create', { prompt: 'More dinner recipes please', conversation: 'c1', site: 'veil' });
    expect(second.views).toEqual([expect.objectContaining({ slot: 'food', kind: 'selected' })]);
    expect(await spentOf('memory:diabetes')).toBe(2 * third);
    // Two sends at once in a new conversation: the later charging transaction sees the earlier one's view.
    const both = await Promise.all([0, 1].map(() => send('release.create', { prompt: 'Suggest some dinner recipes', conversation: 'c2', site: 'veil' })));
    expect(both.map((r) => r.views[0]!.kind).sort()).toEqual(['reused', 'selected']);
    expect(both[0]!.views[0]!.text).toBe(both[1]!.views[0]!.text);
    expect(await spentOf('memory:diabetes')).toBe(3 * third);
  });

  it('a new budget period starts memory ledgers at 0; the old period keeps its record', async () => {
    const send = await setUp();
    await send('release.create', { prompt: 'Suggest some dinner recipes', conversation: 'c1', site: 'veil' });
    await send('budget.newPeriod', { confirmed: true });
    expect(await spentOf('memory:diabetes')).toBe(0);
    expect((await send('memory.get', {})).spent).toEqual({ diabetes: 0, debt: 0 });
    expect(await h.db.ledgers.get([1, 'memory:diabetes'])).toMatchObject({ namespace: 'memory', spent: third });
  });

  it('removing an attribute and adding it back under its id with a higher cap still needs confirmation', async () => {
    const send = await setUp();
    await send('release.create', { prompt: 'Suggest some dinner recipes', conversation: 'c1', site: 'veil' });
    await send('memory.put', { memory: { ...memory, protected: [memory.protected[1]!] }, confirmed: true });
    const back = { ...memory, protected: [{ ...memory.protected[0]!, cap: 64 }, memory.protected[1]!] };
    await expect(send('memory.put', { memory: back })).rejects.toThrow(/raising the cap of type 2 diabetes/);
    expect((await send('memory.put', { memory: back, confirmed: true })).spent.diabetes).toBe(third);
  });

  it('protecting less, once an attribute has spent budget, needs confirmation: removing it or leaving a memory out of its group', async () => {
    const send = await setUp();
    // Before any spend, it is as if the attribute had never been there: no question asked.
    const unticked = { ...memory, protected: [{ ...memory.protected[0]!, members: ['h1', 'h2'] }, memory.protected[1]!] };
    await send('memory.put', { memory: unticked });
    await send('memory.put', { memory });
    await send('release.create', { prompt: 'Suggest some dinner recipes', conversation: 'c1', site: 'veil' });
    const withoutDiabetes = { ...memory, protected: [memory.protected[1]!] };
    await expect(send('memory.put', { memory: withoutDiabetes })).rejects.toThrow(
      /removing type 2 diabetes, or a memory from its group, needs your confirmation/,
    );
    await expect(send('memory.put', { memory: unticked })).rejects.toThrow(/removing type 2 diabetes, or a memory from its group, needs your confirmation/);
    expect((await send('memory.get', {})).memory).toEqual(memory);
    // Removing the memory itself is not protecting it less: it is gone.
    const withoutF1 = {
      ...memory,
      memories: memory.memories.filter((m) => m.id !== 'f1'),
      protected: memory.protected.map((a) => ({ ...a, members: a.members.filter((id) => id !== 'f1') })),
    };
    expect((await send('memory.put', { memory: withoutF1 })).memory).toEqual(withoutF1);
    // Confirmed, it goes through; adding a new attribute later starts its own ledger (that is what was confirmed).
    expect(
      (await send('memory.put', { memory: { ...withoutF1, protected: [withoutF1.protected[1]!] }, confirmed: true })).memory.protected.map((a) => a.id),
    ).toEqual(['debt']);
  });

  it('an imported file that raises a protected cap, or protects less after spend, is refused whole and says what to do', async () => {
    const send = await setUp();
    const raised = { ...memory, protected: [{ ...memory.protected[0]!, cap: 8 }, memory.protected[1]!] };
    const text = JSON.stringify({ version: 1, attributes: [], memory: raised });
    await expect(send('profile.import', { text })).rejects.toThrow(
      /^nothing was imported: in this file, raising the cap of type 2 diabetes needs your confirmation .*; make that change in Veil's settings, Memories, first, then import the file again$/,
    );
    expect((await send('profile.get', {})).attributes).toHaveLength(1);
    expect((await send('memory.get', {})).memory.protected[0]!.cap).toBe(2);
    // A backup from before a group grew, imported after a send charged it: refused the same way.
    await send('release.create', { prompt: 'Suggest some dinner recipes', conversation: 'c1', site: 'veil' });
    const older = { ...memory, protected: [{ ...memory.protected[0]!, members: ['h1', 'h2'] }, memory.protected[1]!] };
    await expect(send('profile.import', { text: JSON.stringify({ version: 1, attributes: [], memory: older }) })).rejects.toThrow(
      /^nothing was imported: in this file, removing type 2 diabetes, or a memory from its group, needs your confirmation/,
    );
    expect((await send('memory.get', {})).memory).toEqual(memory);
    // Without the memories' change, the same file imports.
    await send('profile.import', { text: JSON.stringify({ version: 1, attributes: [], memory }) });
    expect((await send('profile.get', {})).attributes).toHaveLength(0);
  });

  it('profile and memory charges share the total cap', async () => {
    const send = await setUp();
    // Total cap 17: the profile release (ε 16) leaves 1, less than the two 2/3 charges the food view needs.
    // Every withheld fact (the age) in the release, whatever the relevance rule makes of the message.
    await send('settings.update', { patch: { totalCap: 17, facts: 'all' } });
    const r = await send('release.create', { prompt: 'Suggest some dinner recipes for my age', conversation: 'c1', site: 'veil' });
    expect(r.charged.perAttribute['self.age']).toBe(16);
    expect(r.views).toEqual([expect.objectContaining({ slot: 'food', kind: 'fallback' })]);
    expect((await readBudget(h.db)).totalSpent).toBeLessThanOrEqual(epsilonToUnits(17));
  });

  it('a content script cannot read or change memories, nor get a release with its accounting', async () => {
    await setUp();
    const content = h.client(CONTENT_ON_DEMO);
    await expect(content('memory.get', {})).rejects.toThrow('memory.get is refused from a content script');
    await expect(content('memory.put', { memory })).rejects.toThrow('memory.put is refused from a content script');
    await expect(content('release.create', { prompt: 'Suggest some dinner recipes', conversation: 'c1' })).rejects.toThrow(
      'release.create is refused from a content script',
    );
    expect(await spentOf('memory:diabetes')).toBe(0);
  });
});
