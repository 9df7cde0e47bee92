/**
 * The release service over fake-indexeddb with a fake model host: what `release.create` returns and
 * charges, the record written with the charge, reuse within a conversation, refusal of a plan whose
 * profile or settings changed, caps under concurrent requests, outcomes, the free preview, and failing
 * closed when the model fails.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { epsilonToUnits } from '../../../src/core/epsilon';
import { MAX_ATTEMPTS } from '../../../src/extension/release-service';
import { readBudget } from '../../../src/storage/budget-store';
import { updateSettings } from '../../../src/storage/settings-store';
import { putAttribute } from '../../../src/storage/profile-store';
import { CONTENT_ON_DEMO, harness, POPUP, type Harness } from '../messaging/harness';

let h: Harness;
afterEach(() => h?.db.close());

const profile = {
  version: 1,
  attributes: [
    { entity: 'self', field: 'occupation', value: 'Pediatric nurse', sharing: 'withheld' },
    { entity: 'self', field: 'age', value: '41', sharing: 'withheld' },
    { entity: 'self', field: 'location', value: 'Lyon, France', sharing: 'shared' },
    { entity: 'self', field: 'favourite colour', value: 'teal', sharing: 'withheld' },
  ],
};
const WITHHELD_VALUES = ['Pediatric nurse', 'teal'];

async function setUp(): Promise<ReturnType<Harness['client']>> {
  h = harness();
  const send = h.client();
  await send('profile.import', { text: JSON.stringify(profile) });
  // These tests are about charging, reuse and caps, with the figures of ε = 8: every withheld fact in every release. What a message
  // needs (the default) is tested in its own describe below.
  await send('settings.update', { patch: { facts: 'all', epsilon: 8 } });
  return send;
}

const spentOf = async (key: string) => (await readBudget(h.db)).ledgers.find((l) => l.key === key)!.spent;

describe('release.create', () => {
  it('returns the release, charges the ledger before answering, and records it with the charge', async () => {
    const send = await setUp();
    const r = await send('release.create', { prompt: 'Plan my week.', conversation: 'c1', site: 'veil' });

    expect(r).toMatchObject({ mechanism: 'block', epsilon: 8, kind: 'fresh', reused: false, fallback: false });
    expect(r.text.startsWith('Plan my week.\n\n')).toBe(true);
    expect(r.attributes.map((a) => [a.field, a.release])).toEqual([
      ['occupation', 'privatized'],
      ['age', 'privatized'],
      ['location', 'kept'],
      ['favourite colour', 'suppressed'],
    ]);
    // ε = 8 split over the two withheld facts with a domain (the custom one is suppressed, uncharged).
    expect(r.charged).toEqual({ total: 8, perAttribute: { 'self.occupation': 4, 'self.age': 4 } });
    expect(r.remaining).toEqual({ total: 248, perAttribute: { 'self.occupation': 28, 'self.age': 28 } });
    expect(await spentOf('self.occupation')).toBe(epsilonToUnits(4));
    expect((await readBudget(h.db)).totalSpent).toBe(epsilonToUnits(8));

    const [record] = await send('releases.list', {});
    expect(record).toMatchObject({
      id: r.releaseId,
      site: 'veil',
      conversation: 'c1',
      period: 1,
      kind: 'fresh',
      outcome: 'shown',
      text: r.text,
      spent: { 'self.occupation': epsilonToUnits(4), 'self.age': epsilonToUnits(4) },
    });
    expect(record!.attributes.filter((a) => a.release === 'privatized').every((a) => a.origin === 'fresh')).toBe(true);
    // Only public values leave the background, in the answer and in the record.
    for (const value of WITHHELD_VALUES) {
      expect(JSON.stringify(r)).not.toContain(value);
      expect(JSON.stringify(record)).not.toContain(value);
    }
    expect(r.text).not.toMatch(/\b41\b/);
    expect(r.attributes.map((a) => a.value)).not.toContain('41');
    // One model call for the values the plan privatizes, and only those (not the shared location).
    expect(h.model.calls.score).toEqual([
      [
        { field: 'occupation', value: 'Pediatric nurse' },
        { field: 'age', value: '41' },
      ],
    ]);
  });

  it('reuses the conversation’s release for free under a new prompt; another conversation or fresh: true is charged', async () => {
    const send = await setUp();
    const first = await send('release.create', { prompt: 'Plan my week.', conversation: 'c1', site: 'veil' });
    const again = await send('release.create', { prompt: 'And my weekend?', conversation: 'c1', site: 'veil' });
    expect(again).toMatchObject({ kind: 'reused', reused: true, charged: { total: 0, perAttribute: { 'self.occupation': 0, 'self.age': 0 } } });
    expect(again.attributes).toEqual(first.attributes);
    expect(again.text).toBe(first.text.replace('Plan my week.', 'And my weekend?'));
    expect(again.remaining).toEqual(first.remaining);
    expect((await readBudget(h.db)).totalSpent).toBe(epsilonToUnits(8));
    expect(await send('releases.list', {})).toEqual([
      expect.objectContaining({ id: again.releaseId, kind: 'reused', reusedFrom: first.releaseId }),
      expect.objectContaining({ id: first.releaseId, kind: 'fresh' }),
    ]);

    await send('release.create', { prompt: 'x', conversation: 'c2', site: 'veil' });
    await send('release.create', { prompt: 'x', conversation: 'c1', site: 'veil', fresh: true });
    expect((await readBudget(h.db)).totalSpent).toBe(epsilonToUnits(24));
  });

  it('does not reuse a release made before the profile or settings changed', async () => {
    const send = await setUp();
    await send('release.create', { prompt: 'a', conversation: 'c1', site: 'veil' });
    await send('settings.update', { patch: { epsilon: 16 } });
    const r = await send('release.create', { prompt: 'b', conversation: 'c1', site: 'veil' });
    expect(r).toMatchObject({ kind: 'fresh', epsilon: 16, charged: { total: 16 } });
  });

  it('draws fresh releases again from the same plan until the profile, settings or model change', async () => {
    const send = await setUp();
    for (let i = 0; i < 3; i++) await send('release.create', { prompt: 'a', conversation: `c${i}`, site: 'veil' });
    expect(h.model.calls.score).toHaveLength(1);
    // Another page changes the settings: the kept plan is stale, found so at charging, and made again.
    await updateSettings(h.db, { epsilon: 4 });
    expect(await send('release.create', { prompt: 'a', conversation: 'c9', site: 'veil' })).toMatchObject({ epsilon: 4, charged: { total: 4 } });
    expect(h.model.calls.score).toHaveLength(2);
    await putAttribute(h.db, { entity: 'self', field: 'age', value: '42', sharing: 'withheld' }, { entity: 'self', field: 'age' });
    await send('release.create', { prompt: 'a', conversation: 'c10', site: 'veil' });
    expect(h.model.calls.score.at(-1)).toContainEqual({ field: 'age', value: '42' });
    expect((await readBudget(h.db)).totalSpent).toBe(epsilonToUnits(3 * 8 + 4 + 4));
  });

  it('refuses a plan whose settings changed before charging, and makes it again at the new ε', async () => {
    const send = await setUp();
    let changed = false;
    h.model.duringScore = async () => {
      if (changed) return;
      changed = true;
      await updateSettings(h.db, { epsilon: 2 });
    };
    const r = await send('release.create', { prompt: 'a', conversation: 'c1', site: 'veil' });
    expect(r).toMatchObject({ epsilon: 2, charged: { total: 2, perAttribute: { 'self.occupation': 1, 'self.age': 1 } } });
    expect(h.model.calls.score).toHaveLength(2);
    // Nothing was ever charged at ε = 8.
    expect((await readBudget(h.db)).totalSpent).toBe(epsilonToUnits(2));
    expect(await send('releases.list', {})).toHaveLength(1);
  });

  it('gives up, charging nothing, when the profile keeps changing', async () => {
    const send = await setUp();
    let n = 0;
    h.model.duringScore = () =>
      putAttribute(h.db, { entity: 'self', field: 'age', value: String(40 + ++n), sharing: 'withheld' }, { entity: 'self', field: 'age' });
    await expect(send('release.create', { prompt: 'a', conversation: 'c1', site: 'veil' })).rejects.toThrow(/changed 3 times .* nothing was charged/);
    expect(n).toBe(MAX_ATTEMPTS);
    expect((await readBudget(h.db)).totalSpent).toBe(0);
    expect(await send('releases.list', {})).toEqual([]);
  });

  it('never passes a cap when many requests come at once; the rest take the fallback', async () => {
    const send = await setUp();
    await send('budget.setCap', { key: 'self.age', cap: epsilonToUnits(12), confirmed: false });
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => send('release.create', { prompt: 'a', conversation: `c${i}`, site: 'veil' })));
    // ε_i = 4: a cap of 12 admits exactly three fresh releases of the age.
    expect(results.filter((r) => r.kind === 'fresh')).toHaveLength(3);
    const fallbacks = results.filter((r) => r.kind !== 'fresh');
    expect(fallbacks).toHaveLength(3);
    for (const r of fallbacks) {
      expect(r.fallback).toBe(true);
      const age = r.attributes.find((a) => a.field === 'age')!;
      // An earlier release of the age is reused (free), never drawn fresh past the cap.
      expect(age).toMatchObject({ release: 'privatized', origin: 'fallback-reuse' });
      expect(r.charged.perAttribute['self.age']).toBe(0);
    }
    expect(await spentOf('self.age')).toBe(epsilonToUnits(12));
  });

  it('leaves facts it cannot privatize out of the text by default, or marks them [withheld] if asked', async () => {
    const send = await setUp();
    const omitted = await send('release.create', { prompt: 'a', conversation: 'c1', site: 'veil' });
    expect(omitted.attributes.find((a) => a.field === 'favourite colour')).toMatchObject({ release: 'suppressed' });
    expect(omitted.text).not.toMatch(/favourite colour|\[withheld\]/i);
    await send('settings.update', { patch: { suppressed: 'mark' } });
    expect((await send('release.create', { prompt: 'a', conversation: 'c2', site: 'veil' })).text).toMatch(/favourite colour: \[withheld\]/i);
    expect(await send('release.preview', {})).toMatchObject({ suppressed: 'mark' });
  });

  it('needs no model when nothing is privatized', async () => {
    h = harness();
    const send = h.client();
    await send('profile.import', { text: JSON.stringify({ version: 1, attributes: [profile.attributes[2]] }) });
    h.model.failWith = new Error('no model here');
    const r = await send('release.create', { prompt: 'Hi', conversation: 'c1', site: 'veil' });
    expect(r).toMatchObject({ kind: 'fresh', charged: { total: 0 }, text: 'Hi\n\nAbout me:\nLocation: Lyon, France' });
  });

  it('fails closed when the model fails: an error, nothing charged, nothing recorded', async () => {
    const send = await setUp();
    h.model.failWith = new Error('the embedding model veil-glove-100d could not be loaded (no backend)');
    await expect(send('release.create', { prompt: 'a', conversation: 'c1', site: 'veil' })).rejects.toThrow('could not be loaded');
    expect((await readBudget(h.db)).totalSpent).toBe(0);
    expect(await send('releases.list', {})).toEqual([]);
  });

  it('a content script can neither make a release nor report on one: a send on a site goes through the review', async () => {
    const send = await setUp();
    const content = h.client(CONTENT_ON_DEMO);
    await expect(content('release.create', { prompt: 'a', conversation: 'c1' })).rejects.toThrow('release.create is refused from a content script');
    expect(await send('releases.list', {})).toEqual([]);
    expect((await readBudget(h.db)).totalSpent).toBe(0);
    const r = await send('release.create', { prompt: 'a', conversation: 'c1', site: 'demo' });
    await expect(content('release.outcome', { releaseId: r.releaseId, outcome: 'sent' })).rejects.toThrow('release.outcome is refused from a content script');
    expect((await send('releases.list', {}))[0]).toMatchObject({ id: r.releaseId, outcome: 'shown' });
  });
});

describe('release.outcome', () => {
  it('records sent, edited or cancelled once; a cancelled release stays charged', async () => {
    const send = await setUp();
    const r = await send('release.create', { prompt: 'a', conversation: 'c1', site: 'veil' });
    expect(await send('release.outcome', { releaseId: r.releaseId, outcome: 'cancelled' })).toMatchObject({ id: r.releaseId, outcome: 'cancelled' });
    expect((await readBudget(h.db)).totalSpent).toBe(epsilonToUnits(8));
    expect(await send('release.outcome', { releaseId: r.releaseId, outcome: 'cancelled' })).toMatchObject({ outcome: 'cancelled' });
    await expect(send('release.outcome', { releaseId: r.releaseId, outcome: 'sent' })).rejects.toThrow('already cancelled');
    await expect(send('release.outcome', { releaseId: 999, outcome: 'sent' })).rejects.toThrow('no release 999');
  });
});

describe('release.preview', () => {
  it("plans the next release and gives each privatized fact's exact outcome, without sampling or charging", async () => {
    const send = await setUp();
    await send('budget.setCap', { key: 'self.age', cap: epsilonToUnits(2), confirmed: false });
    const preview = await send('release.preview', {});
    expect(preview).toMatchObject({ mechanism: 'block', epsilon: 8 });
    const byField = Object.fromEntries(preview.attributes.map((a) => [a.field, a]));
    expect(byField.occupation).toMatchObject({ treatment: 'privatized', epsilon: 4 });
    expect(byField.occupation!.categories).toContain('Professionals');
    expect(byField.age).toMatchObject({ treatment: 'privatized', epsilon: 0, overCap: true });
    expect(byField.location).toMatchObject({ treatment: 'kept', epsilon: 0 });
    expect(byField['favourite colour']).toMatchObject({ treatment: 'suppressed', epsilon: 0 });
    expect(preview.total).toBe(4);
    expect(JSON.stringify(preview)).not.toContain('Pediatric nurse');
    expect((await readBudget(h.db)).totalSpent).toBe(0);
    expect(await send('releases.list', {})).toEqual([]);
    // The numbers need the values' scores (on the device), but no draw: the exact distribution the sampler would use.
    const { outcome } = byField.occupation!;
    expect(outcome!.right + outcome!.unspecified + outcome!.wrong).toBeCloseTo(1, 12);
    expect(byField.occupation!.categories).toContain(outcome!.reading);
    expect(preview.variant).toBe('veil');
  });

  it('is for Veil’s pages only', async () => {
    await setUp();
    await expect(h.client(CONTENT_ON_DEMO)('release.preview', {})).rejects.toThrow('refused from a content script');
    expect(POPUP.url).toContain('popup.html');
  });
});

describe('release.create with the default: only the facts the message needs', () => {
  it('leaves out what the message does not need (free, not in the text), gives the rest the whole ε, and adds what the person asks for', async () => {
    h = harness();
    const send = h.client();
    await send('profile.import', { text: JSON.stringify(profile) });
    const job = await send('release.create', { prompt: 'How do I ask for a raise at my job?', conversation: 'c1', site: 'veil' });
    expect(job.charged.perAttribute).toEqual({ 'self.occupation': 16 });
    expect(job.text).not.toContain('Age');
    const poem = await send('release.create', { prompt: 'Write a haiku about autumn', conversation: 'c2', site: 'veil' });
    expect(poem.charged).toMatchObject({ total: 0 });
    expect(poem.attributes.map((a) => a.field)).toEqual(['location']);
    expect(await spentOf('self.age')).toBe(0);
    // The conversation keeps its release (planned at its first prompt): free, the same facts.
    const again = await send('release.create', { prompt: 'And how old should I say I am?', conversation: 'c1', site: 'veil' });
    expect(again).toMatchObject({ reused: true, charged: { total: 0 } });
    expect(again.text).not.toContain('Age');
  });
});
