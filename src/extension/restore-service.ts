/**
 * The site's answer in the person's words, after a reviewed send that replaced names, places, dates or
 * numbers (issue 18). The content script reads the answer from the page (it is the site's own text), hands
 * it here with a one-time token it also posts to Veil's answer frame (restore.html, extension origin, over
 * the page); the frame claims the recovered answer with the token. The recovered text, which holds the
 * person's own words again, goes to that frame only: never to the page, never to a content script, never
 * to disk (kept in this worker's memory; a restarted worker has none, and the frame says to ask again).
 */
import { recover } from '../crossmap';
import { siteLabel } from '../sites/generic';
import { readCodebook } from '../storage/codebook-store';
import type { VeilDatabase } from '../storage/db';
import { Refusal } from '../storage/errors';
import type { RestoreView } from '../messaging/contract';
import { codebookKeyOf } from './conversation-codebook';
import { frameOf, framedSessions, memoryStore, type FramedRecord, type Sender } from './framed-session';

/** An answer waiting for its frame: a framed session (framed-session.ts) claimed once and then gone. */
interface RestoreRecord extends RestoreView, FramedRecord {}

/** How many answers are kept for their frames to claim (the oldest go first). */
const KEPT = 20;

export function createRestoreService({ db, now }: { db: VeilDatabase; now: () => number }) {
  const store = memoryStore<RestoreRecord>();
  const sessions = framedSessions(store, { now, nothingHere: 'This answer is no longer here. Press Veil’s button beside the answer again.' });

  return {
    /** From the content script: recover the answer with the conversation's codebook, for the frame holding `token`. */
    async begin(
      request: { conversation: string; chat?: string | null; text: string; token: string },
      site: string,
      sender: Sender,
    ): Promise<{ restored: number }> {
      if (sender.tabId === undefined) throw new Refusal('only a chat page can ask for its answer in your words');
      const { tabId, frameId } = frameOf(sender);
      const codebook = await readCodebook(db, site, await codebookKeyOf(db, site, request.conversation, request.chat ?? null));
      if (!codebook || codebook.entries.length === 0) throw new Refusal('Veil replaced nothing in this conversation, so the answer is already in your words');
      const { text, restored } = recover(request.text, codebook.entries);
      await sessions.open({
        id: crypto.randomUUID(),
        token: request.token,
        tabId,
        frameId,
        framedBy: null,
        siteLabel: siteLabel(site),
        text,
        restored: [...restored],
        createdAt: now(),
      });
      const kept = (await store.all()).sort((a, b) => a.createdAt - b.createdAt);
      for (const old of kept.slice(0, Math.max(0, kept.length - KEPT))) await sessions.remove(old.id);
      return { restored: restored.length };
    },

    /** From Veil's answer frame: the recovered answer, once, for the frame in the tab that asked. */
    async get(tokens: readonly string[], sender: Sender): Promise<RestoreView> {
      const record = await sessions.claim(sender, tokens);
      await sessions.remove(record.id);
      return { siteLabel: record.siteLabel, text: record.text, restored: record.restored };
    },
  };
}
