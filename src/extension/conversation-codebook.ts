/**
 * A conversation's codebook: the stand-ins Veil sent in one chat, shared by the review, the compose box and
 * the answer read-back (src/crossmap/codebook.ts), stored per site and conversation in the extension's own
 * database. One set of rules for all three: where it is kept, how it is made, how a send's replacements join
 * it, and how it follows a new chat to the id the site gives it.
 */
import { newCodebook, type CodebookState } from '../crossmap';
import { knownEntry } from '../crossmap/codebook';
import type { RandomSource } from '../core/contracts';
import { deleteCodebook, readCodebook, saveCodebook } from '../storage/codebook-store';
import type { VeilDatabase } from '../storage/db';

/**
 * The codebook, made and stored at its first use, so the stand-ins shown are the ones a send writes (they
 * are drawn from its secret). One from before stand-ins were drawn from a secret gets one now, so what is
 * shown stays what it shows however often it is recomputed.
 */
export async function conversationCodebook(db: VeilDatabase, site: string, key: string, random: RandomSource, now = Date.now()): Promise<CodebookState> {
  const stored = await readCodebook(db, site, key);
  if (stored?.secret) return stored;
  const fresh = stored ? { ...stored, secret: newCodebook(random).secret! } : newCodebook(random);
  await saveCodebook(db, site, key, fresh, now);
  return fresh;
}

/**
 * A send's replacements join the stored codebook: added to what is stored now (another tab may have added
 * its own since this one was shown; both come from the same secret, so they agree).
 */
export async function keepReplacements(db: VeilDatabase, site: string, key: string, codebook: CodebookState, now = Date.now()): Promise<void> {
  const stored = await readCodebook(db, site, key);
  if (!stored) {
    await saveCodebook(db, site, key, codebook, now);
    return;
  }
  const added = codebook.entries.filter((e) => !knownEntry(stored, e.original, e.scope));
  const before = stored.generalized ?? [];
  const generalized = [...before, ...(codebook.generalized ?? []).filter((g) => !before.some((b) => b.original.toLowerCase() === g.original.toLowerCase()))];
  await saveCodebook(db, site, key, { ...stored, entries: [...stored.entries, ...added], ...(generalized.length > 0 ? { generalized } : {}) }, now);
}

/** A new chat's codebook moves to the id the site gave the chat, unless one is there already; whether it moved. */
export async function moveCodebook(db: VeilDatabase, site: string, from: string, to: string, now = Date.now()): Promise<boolean> {
  if (await readCodebook(db, site, to)) return false;
  const pending = await readCodebook(db, site, from);
  if (!pending) return false;
  await saveCodebook(db, site, to, pending, now);
  await deleteCodebook(db, site, from);
  return true;
}

/**
 * Where a conversation's codebook lives: under the page's key for a chat that has no id yet, and under the
 * site's id for the chat once the page shows one, moving the new chat's codebook there the first time (so a
 * reload, the compose box and later sends find the same replacements).
 */
export async function codebookKeyOf(db: VeilDatabase, site: string, conversation: string, chat: string | null): Promise<string> {
  if (chat === null || chat === conversation) return conversation;
  await moveCodebook(db, site, conversation, chat);
  return chat;
}
