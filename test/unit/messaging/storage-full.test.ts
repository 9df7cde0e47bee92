import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_FULL, isStorageFull } from '../../../src/storage/errors';
import { harness, type Harness } from './harness';

let h: Harness;
afterEach(() => {
  vi.restoreAllMocks();
  h?.db.close();
});

const profile = {
  version: 1,
  attributes: [
    { entity: 'self', field: 'age', value: '41', sharing: 'withheld' },
    { entity: 'self', field: 'occupation', value: 'Nurse', sharing: 'shared' },
  ],
};

/** From now on every IndexedDB write (put/add) fails the way a full disk makes it fail. */
function fillTheDisk(): void {
  const full = () => {
    throw new DOMException('The current transaction exceeded its quota limitations.', 'QuotaExceededError');
  };
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(full);
  vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(full);
}

describe('storage full', () => {
  it('recognises the browser error and the Dexie wrapping of it', () => {
    const raw = new DOMException('quota', 'QuotaExceededError');
    expect(isStorageFull(raw)).toBe(true);
    expect(isStorageFull(Object.assign(new Error('wrapped'), { name: 'AbortError', inner: raw }))).toBe(true);
    expect(isStorageFull(new Error('QuotaExceededError'))).toBe(false);
    expect(isStorageFull(null)).toBe(false);
  });

  it('tells the person plainly, and every failed write left the data unchanged', async () => {
    h = harness();
    const send = h.client();
    await send('profile.import', { text: JSON.stringify(profile) });
    const before = await send('profile.export', {});
    const ledgersBefore = await h.db.ledgers.toArray();
    fillTheDisk();

    const writes: [string, () => Promise<unknown>][] = [
      ['add', () => send('profile.putAttribute', { attribute: { entity: 'self', field: 'gender', value: 'woman', sharing: 'withheld' } })],
      // A rename deletes the old row before writing the new one: the delete must be undone too.
      [
        'rename',
        () =>
          send('profile.putAttribute', { attribute: { ...profile.attributes[0]!, field: 'age band' } as never, previous: { entity: 'self', field: 'age' } }),
      ],
      [
        'toggle',
        () =>
          send('profile.putAttribute', {
            attribute: { ...profile.attributes[1]!, sharing: 'withheld' } as never,
            previous: { entity: 'self', field: 'occupation' },
          }),
      ],
      // Import clears the table before adding the new rows.
      ['import', () => send('profile.import', { text: JSON.stringify({ version: 1, attributes: [profile.attributes[1]] }) })],
      ['settings', () => send('settings.update', { patch: { epsilon: 32 } })],
      ['cap', () => send('budget.setCap', { key: 'self.age', cap: 1, confirmed: false })],
      ['period', () => send('budget.newPeriod', { confirmed: true })],
    ];
    for (const [what, write] of writes) await expect(write(), what).rejects.toThrow(STORAGE_FULL);

    vi.restoreAllMocks();
    expect((await send('profile.export', {})).text).toBe(before.text);
    expect(await h.db.ledgers.toArray()).toEqual(ledgersBefore);
    expect(await send('settings.get', {})).toMatchObject({ epsilon: 16 });
    expect(await send('budget.get', {})).toMatchObject({ period: 1 });
  });
});
