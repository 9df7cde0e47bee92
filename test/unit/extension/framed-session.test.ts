// The one protocol of Veil's framed pages (review panel, compose box, answer read-back): claimed once, by
// the bound frame, under one lock and one timeout, refused at once when the token is wrong.
import { describe, expect, it } from 'vitest';
import { CLAIM_WITHIN_MS, framedSessions, memoryStore, type FramedRecord } from '../../../src/extension/framed-session';

interface Rec extends FramedRecord {
  note: string;
}
const NOTHING = 'nothing here';
const OPENER = { tabId: 4, frameId: 0 };
const FRAME = { tabId: 4, frameId: 7 };

function setup() {
  let clock = 1_000;
  const store = memoryStore<Rec>();
  const sessions = framedSessions(store, { now: () => clock, nothingHere: NOTHING });
  const open = (token: string, note = 'a') => sessions.open({ id: `id-${token}`, token, ...OPENER, framedBy: null, createdAt: clock, note });
  return { sessions, store, open, tick: (ms: number) => (clock += ms) };
}

describe('framed sessions', () => {
  it('binds a session to the frame that presents its token among false ones, spends the token, and knows the frame after', async () => {
    const { sessions, open } = setup();
    await open('real');
    const claimed = await sessions.claim(FRAME, ['false-1', 'real', 'false-2']);
    expect(claimed).toMatchObject({ id: 'id-real', token: null, framedBy: 7 });
    expect(await sessions.ofFrame(FRAME)).toMatchObject({ id: 'id-real' });
    // The claimed frame asking again (the background stopped before it answered) gets its own session.
    expect(await sessions.claim(FRAME, ['real'])).toMatchObject({ id: 'id-real' });
    // The token is spent: another frame of the tab presenting it gets nothing.
    await expect(sessions.claim({ tabId: 4, frameId: 8 }, ['real'])).rejects.toThrow(NOTHING);
    await expect(sessions.ofFrame({ tabId: 4, frameId: 8 })).rejects.toThrow(NOTHING);
  });

  it('refuses at once a wrong token, a token from another tab, a late claim, and a sender that is not a frame in a tab', async () => {
    const { sessions, open, tick } = setup();
    await open('real');
    await expect(sessions.claim(FRAME, ['guess'])).rejects.toThrow(NOTHING);
    await expect(sessions.claim({ tabId: 5, frameId: 7 }, ['real'])).rejects.toThrow(NOTHING);
    await expect(sessions.claim({ tabId: 4 }, ['real'])).rejects.toThrow(/frame in a tab/);
    tick(CLAIM_WITHIN_MS + 1);
    await expect(sessions.claim(FRAME, ['real'])).rejects.toThrow(NOTHING);
    await open('fresh');
    expect(await sessions.claim(FRAME, ['fresh'])).toMatchObject({ id: 'id-fresh', framedBy: 7 });
  });

  it('lets one frame of two that race with the same token claim it, and a change made meanwhile survives the claim', async () => {
    const { sessions, open } = setup();
    await open('real');
    const results = await Promise.allSettled([
      sessions.claim(FRAME, ['real']),
      sessions.patch('id-real', { note: 'changed' }),
      sessions.claim({ tabId: 4, frameId: 9 }, ['real']),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(await sessions.ofFrame(FRAME)).toMatchObject({ note: 'changed', framedBy: 7 });
  });

  it('finds the sessions its opener began, and a session by the caller’s own rule', async () => {
    const { sessions, open } = setup();
    await open('one');
    await open('two');
    expect((await sessions.ofOpener(OPENER)).map((r) => r.id).sort()).toEqual(['id-one', 'id-two']);
    expect(await sessions.ofOpener({ tabId: 4, frameId: 3 })).toEqual([]);
    expect(await sessions.ofOpener({ tabId: 4 })).toEqual([]); // not a tab's frame: it opened nothing
    expect(await sessions.ofFrame({ tabId: 9, frameId: 0 }, (r, tabId) => r.note === 'a' && tabId === 9)).toMatchObject({ note: 'a' });
    await sessions.remove('id-one');
    expect((await sessions.ofOpener(OPENER)).map((r) => r.id)).toEqual(['id-two']);
    expect(await sessions.patch('id-one', { note: 'gone' })).toBeUndefined();
  });
});
