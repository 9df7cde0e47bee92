/**
 * One protocol for the sessions of Veil's framed pages: the review panel, the private compose box and the
 * answer read-back (review-service.ts, compose-service.ts, restore-service.ts).
 *
 * 1. `open`: the content script that places the frame drew a one-time token (src/content/framed-launch.ts);
 *    the background stores the session under it, bound to that script's tab and frame (the opener).
 * 2. `claim`: the frame presents every token that reached it (the page around it may post false ones). The
 *    session holding one of them, in the same tab, opened less than `CLAIM_WITHIN_MS` ago, becomes that
 *    frame's, and its token is spent. Nothing found is refused at once, never waited on: the content script
 *    posts the token only after `open` was answered. A frame that claimed already and asks again (the
 *    background stopped before it answered) gets its own session back.
 * 3. After that the frame is known by the browser's report of it (tab and frame): `ofFrame`.
 *
 * Every change to a stored session goes through one queue: a claim and a session's own work (a release
 * finishing) come at the same time, and a read-modify-write of one must not undo the other.
 *
 * ```ts
 * const sessions = framedSessions(memoryStore<MyRecord>(), { now: Date.now, nothingHere: 'No box is open here.' });
 * await sessions.open({ id, token, tabId, frameId, framedBy: null, createdAt: Date.now(), ...rest });
 * const mine = await sessions.claim(frameSender, tokensThatReachedTheFrame);
 * ```
 */
import { serialQueue } from '../core/async-helpers';
import { Refusal } from '../storage/errors';

/** Who sent a message, as the browser reports it. */
export interface Sender {
  tabId?: number;
  frameId?: number;
}

/** Records kept for this browser session only (`storage.session` in the extension, memory in tests). */
export interface SessionStore<T extends { id: string }> {
  get(id: string): Promise<T | undefined>;
  put(record: T): Promise<void>;
  remove(id: string): Promise<void>;
  all(): Promise<T[]>;
}

/** A session store in memory (tests, the answer read-back, and browsers without `storage.session`). */
export function memoryStore<T extends { id: string }>(): SessionStore<T> {
  const records = new Map<string, T>();
  return {
    get: async (id) => structuredClone(records.get(id)),
    put: async (record) => void records.set(record.id, structuredClone(record)),
    remove: async (id) => void records.delete(id),
    all: async () => [...records.values()].map((r) => structuredClone(r)),
  };
}

export interface FramedRecord {
  id: string;
  /** Spent by the frame's claim. */
  token: string | null;
  /** The content script that opened the session. */
  tabId: number;
  frameId: number;
  /** The frame that claimed it (same tab), once it has. */
  framedBy: number | null;
  createdAt: number;
}

/** How long a frame has to claim its session: the token is posted the moment the frame has loaded. */
export const CLAIM_WITHIN_MS = 120_000;

/** The tab and frame of a message that must come from a frame in a tab. */
export function frameOf({ tabId, frameId }: Sender): { tabId: number; frameId: number } {
  if (tabId === undefined || frameId === undefined) throw new Refusal('this message must come from a frame in a tab');
  return { tabId, frameId };
}

export function framedSessions<T extends FramedRecord>(store: SessionStore<T>, { now, nothingHere }: { now: () => number; nothingHere: string }) {
  const locked = serialQueue();

  /** Write a session, under the lock. */
  const put = (record: T): Promise<void> => locked(() => store.put(record));

  /** The session this frame claimed (or, `also`, one the caller's own rule gives this frame). */
  async function ofFrame(sender: Sender, also?: (record: T, tabId: number, frameId: number) => boolean): Promise<T> {
    const { tabId, frameId } = frameOf(sender);
    const found = (await store.all()).find((r) => (r.tabId === tabId && r.framedBy === frameId) || (also?.(r, tabId, frameId) ?? false));
    if (!found) throw new Refusal(nothingHere);
    return found;
  }

  /** The session one of `tokens` opens, now this frame's; refused at once when none does. */
  async function claim(sender: Sender, tokens: readonly string[]): Promise<T> {
    const { tabId, frameId } = frameOf(sender);
    const offered = new Set(tokens);
    return locked(async () => {
      const all = await store.all();
      const mine = all.find((r) => r.tabId === tabId && r.framedBy === frameId);
      if (mine) return mine;
      const found = all.find((r) => r.token !== null && offered.has(r.token) && r.tabId === tabId);
      if (!found || now() - found.createdAt > CLAIM_WITHIN_MS) throw new Refusal(nothingHere);
      const claimed: T = { ...found, token: null, framedBy: frameId };
      await store.put(claimed);
      return claimed;
    });
  }

  return {
    /** Store a new session (its token unspent, no frame yet). */
    open: put,
    put,
    claim,
    ofFrame,

    /** The frame's session: claimed with one of `tokens` when it presents them (its first call), else by the frame (`ofFrame`). */
    of: (sender: Sender, tokens?: readonly string[], also?: (record: T, tabId: number, frameId: number) => boolean): Promise<T> =>
      tokens === undefined ? ofFrame(sender, also) : claim(sender, tokens),

    /** The sessions the script in this tab and frame opened (a new one usually ends them); none for a sender outside a tab's frame. */
    async ofOpener({ tabId, frameId }: Sender): Promise<T[]> {
      if (tabId === undefined || frameId === undefined) return [];
      return (await store.all()).filter((r) => r.tabId === tabId && r.frameId === frameId);
    },

    /** Change a stored session (none: it ended meanwhile, and nothing is written). */
    patch(id: string, change: Partial<T> | ((record: T) => T)): Promise<T | undefined> {
      return locked(async () => {
        const record = await store.get(id);
        if (!record) return undefined;
        const next = typeof change === 'function' ? change(record) : { ...record, ...change };
        await store.put(next);
        return next;
      });
    },

    remove: (id: string): Promise<void> => locked(() => store.remove(id)),
  };
}
