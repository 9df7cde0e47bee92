/** CROSS-MAP codebooks in IndexedDB (issue 10). */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CodebookState } from '../../../src/crossmap/codebook';
import { openVeilDatabase, type VeilDatabase } from '../../../src/storage/db';
import { deleteCodebook, editSubstitute, listCodebooks, readCodebook, saveCodebook } from '../../../src/storage/codebook-store';
import { Refusal } from '../../../src/storage/errors';

const opened: VeilDatabase[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));
function db(): VeilDatabase {
  const d = openVeilDatabase(`veil-codebook-${crypto.randomUUID()}`);
  opened.push(d);
  return d;
}

const BOOK: CodebookState = {
  theme: 'orchard',
  entries: [
    { original: 'Mia', substitute: 'Ava', kind: 'person' },
    { original: 'asthma', substitute: 'fire blight', kind: 'health' },
  ],
};

describe('codebook store', () => {
  it('keeps one codebook per conversation, lists them newest first, deletes one with its conversation', async () => {
    const d = db();
    await saveCodebook(d, 'chatgpt', '/c/1', BOOK, 1000);
    await saveCodebook(d, 'claude', '/chat/2', { ...BOOK, theme: 'sailing' }, 2000);
    expect(await readCodebook(d, 'chatgpt', '/c/1')).toEqual(BOOK);
    expect(await readCodebook(d, 'chatgpt', '/c/other')).toBeUndefined();
    expect((await listCodebooks(d)).map((r) => r.conversation)).toEqual(['/chat/2', '/c/1']);
    await deleteCodebook(d, 'chatgpt', '/c/1');
    expect(await readCodebook(d, 'chatgpt', '/c/1')).toBeUndefined();
    expect(await listCodebooks(d)).toHaveLength(1);
  });

  it('lets the person choose a substitute, refusing one that would leak or collide', async () => {
    const d = db();
    await saveCodebook(d, 'chatgpt', '/c/1', BOOK);
    const edited = await editSubstitute(d, 'chatgpt', '/c/1', 'mia', 'Rosa');
    expect(edited.entries[0]).toEqual({ original: 'Mia', substitute: 'Rosa', kind: 'person' });
    expect(await readCodebook(d, 'chatgpt', '/c/1')).toEqual(edited);
    await expect(editSubstitute(d, 'chatgpt', '/c/1', 'Mia', 'MIA')).rejects.toThrow(/the original itself/);
    await expect(editSubstitute(d, 'chatgpt', '/c/1', 'Mia', 'fire blight')).rejects.toThrow(/already stands for something else/);
    await expect(editSubstitute(d, 'chatgpt', '/c/1', 'Mia', 'asthma')).rejects.toThrow(/already stands for something else/);
    await expect(editSubstitute(d, 'chatgpt', '/c/1', 'Mia', '  ')).rejects.toThrow(/cannot be empty/);
    await expect(editSubstitute(d, 'chatgpt', '/c/1', 'Leeds', 'Osaka')).rejects.toThrow(/not in this conversation/);
    expect((await readCodebook(d, 'chatgpt', '/c/1'))!.entries[0]!.substitute).toBe('Rosa');
  });

  it('refuses a damaged row instead of using half a dictionary', async () => {
    const d = db();
    await d.codebooks.put({
      site: 'chatgpt',
      conversation: '/c/1',
      codebook: { ...BOOK, entries: [{ original: 'Mia', kind: 'person' }] } as never,
      createdAt: 1,
      updatedAt: 1,
    });
    await expect(readCodebook(d, 'chatgpt', '/c/1')).rejects.toThrow(Refusal);
  });
});
