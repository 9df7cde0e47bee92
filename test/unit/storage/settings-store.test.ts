import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/settings/settings';
import type { VeilDatabase } from '../../../src/storage/db';
import { readSettings, updateSettings } from '../../../src/storage/settings-store';
import { freshDatabase } from './helpers';

let db: VeilDatabase;
afterEach(() => db?.close());

describe('settings store', () => {
  it('reads the documented defaults before anything is stored', async () => {
    db = freshDatabase();
    expect(await readSettings(db)).toEqual(DEFAULT_SETTINGS);
  });

  it('stores a valid change and refuses an invalid one with the setting named', async () => {
    db = freshDatabase();
    await updateSettings(db, { mechanism: 'slot', epsilon: 64, sites: ['demo'] });
    expect(await readSettings(db)).toMatchObject({ mechanism: 'slot', epsilon: 64, sites: ['demo'] });
    await expect(updateSettings(db, { epsilon: 10 })).rejects.toThrow('epsilon: must be on the grid 2, 4, …, 8192');
    expect((await readSettings(db)).epsilon).toBe(64);
  });

  it('lowers a cap freely but raises one only when confirmed', async () => {
    db = freshDatabase();
    await updateSettings(db, { attributeCap: 16 });
    await expect(updateSettings(db, { attributeCap: 128 })).rejects.toThrow(/confirmation that what was already released stays released/);
    await expect(updateSettings(db, { totalCap: 512 })).rejects.toThrow(/confirmation/);
    expect(await readSettings(db)).toMatchObject({ attributeCap: 16, totalCap: 256 });
    await updateSettings(db, { attributeCap: 128, totalCap: 512 }, true);
    expect(await readSettings(db)).toMatchObject({ attributeCap: 128, totalCap: 512 });
  });

  it('fails closed on a damaged stored row instead of resetting it', async () => {
    db = freshDatabase();
    await db.settings.put({ ...DEFAULT_SETTINGS, id: 'current', mechanism: 'magic' as 'slot' });
    await expect(readSettings(db)).rejects.toThrow('stored settings are damaged (mechanism:');
  });

  it('per-kind message defaults: none at first (the built-in ones), a stored choice kept, and a kind or treatment that does not exist refused', async () => {
    db = freshDatabase();
    expect((await readSettings(db)).messageDefaults).toEqual({});
    expect(DEFAULT_SETTINGS.messageDefaults).toEqual({});
    await updateSettings(db, { messageDefaults: { date: 'keep', medication: 'keep', health: 'replace' } });
    expect((await readSettings(db)).messageDefaults).toEqual({ date: 'keep', medication: 'keep', health: 'replace' });
    // A withheld profile value and an always-map word are not the person's default to set.
    await expect(updateSettings(db, { messageDefaults: { profile: 'keep' } as never })).rejects.toThrow(/messageDefaults: has unknown keys profile/);
    await expect(updateSettings(db, { messageDefaults: { custom: 'keep' } as never })).rejects.toThrow(/unknown keys custom/);
    await expect(updateSettings(db, { messageDefaults: { health: 'drop' } as never })).rejects.toThrow(/messageDefaults\.health/);
    expect((await readSettings(db)).messageDefaults).toEqual({ date: 'keep', medication: 'keep', health: 'replace' });
  });

  it('settings stored before message defaults existed read them as none', async () => {
    db = freshDatabase();
    const { messageDefaults: _, ...older } = DEFAULT_SETTINGS;
    await db.settings.put({ ...older, id: 'current', epsilon: 64 } as never);
    expect(await readSettings(db)).toEqual({ ...DEFAULT_SETTINGS, epsilon: 64, messageDefaults: {} });
  });
});
