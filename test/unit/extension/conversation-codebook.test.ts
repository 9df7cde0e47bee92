// One set of rules for a conversation's codebook, used by the review, the compose box and the read-back.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CodebookState } from '../../../src/crossmap/codebook';
import { seededRandomSource } from '../../../src/dp/exact/random';
import { codebookKeyOf, conversationCodebook, keepReplacements, moveCodebook } from '../../../src/extension/conversation-codebook';
import { readCodebook, saveCodebook } from '../../../src/storage/codebook-store';
import { openVeilDatabase, type VeilDatabase } from '../../../src/storage/db';

const opened: VeilDatabase[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));
function db(): VeilDatabase {
  const d = openVeilDatabase(`veil-conversation-codebook-${crypto.randomUUID()}`);
  opened.push(d);
  return d;
}
const OLD: CodebookState = { theme: 'orchard', entries: [{ original: 'Mia', substitute: 'Ava', kind: 'person' }] };

describe('a conversation’s codebook', () => {
  it('is made and stored at its first use, and read back the same after', async () => {
    const d = db();
    const made = await conversationCodebook(d, 'chatgpt', 'c/1', seededRandomSource(1));
    expect(made.secret).toBeTruthy();
    expect(await readCodebook(d, 'chatgpt', 'c/1')).toEqual(made);
    expect(await conversationCodebook(d, 'chatgpt', 'c/1', seededRandomSource(2))).toEqual(made);
  });

  it('gives an old codebook without a secret one, keeping its stand-ins (whichever of review or compose reads it first)', async () => {
    const d = db();
    await saveCodebook(d, 'chatgpt', 'c/1', OLD);
    const upgraded = await conversationCodebook(d, 'chatgpt', 'c/1', seededRandomSource(3));
    expect(upgraded).toMatchObject({ ...OLD, secret: expect.any(String) });
    expect(await readCodebook(d, 'chatgpt', 'c/1')).toEqual(upgraded);
  });

  it('adds a send’s replacements to what is stored now, without doubling a pair another tab kept meanwhile', async () => {
    const d = db();
    await saveCodebook(d, 'chatgpt', 'c/1', OLD);
    const shown: CodebookState = { ...OLD, entries: [...OLD.entries, { original: 'Leeds', substitute: 'York', kind: 'place' }] };
    await keepReplacements(d, 'chatgpt', 'c/1', shown);
    await keepReplacements(d, 'chatgpt', 'c/1', shown);
    expect((await readCodebook(d, 'chatgpt', 'c/1'))!.entries.map((e) => e.original)).toEqual(['Mia', 'Leeds']);
  });

  it('follows a new chat to the id the site gave it, once, and never over a codebook kept there', async () => {
    const d = db();
    await saveCodebook(d, 'chatgpt', 'new-1', OLD);
    expect(await codebookKeyOf(d, 'chatgpt', 'new-1', null)).toBe('new-1');
    expect(await codebookKeyOf(d, 'chatgpt', 'new-1', 'c/9')).toBe('c/9');
    expect(await readCodebook(d, 'chatgpt', 'new-1')).toBeUndefined();
    expect(await readCodebook(d, 'chatgpt', 'c/9')).toEqual(OLD);
    await saveCodebook(d, 'chatgpt', 'new-2', { ...OLD, theme: 'sailing' });
    expect(await moveCodebook(d, 'chatgpt', 'new-2', 'c/9')).toBe(false);
    expect((await readCodebook(d, 'chatgpt', 'c/9'))!.theme).toBe('orchard');
  });
});
