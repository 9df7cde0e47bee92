import { afterEach, describe, expect, it } from 'vitest';
import type { VeilDatabase } from '../../../src/storage/db';
import { putInstalledModel, setActiveModel } from '../../../src/storage/model-store';
import { putAttribute, removeAttribute, replaceProfile } from '../../../src/storage/profile-store';
import { readRevision } from '../../../src/storage/revision';
import { updateSettings } from '../../../src/storage/settings-store';
import { freshDatabase } from './helpers';

let db: VeilDatabase;
afterEach(() => db?.close());

describe('the profile-and-settings revision', () => {
  it('is bumped by every write to the profile, the settings or the model in use, and by nothing else', async () => {
    db = freshDatabase();
    expect(await readRevision(db)).toBe(0);
    const steps: [string, () => Promise<unknown>][] = [
      ['add', () => putAttribute(db, { entity: 'self', field: 'age', value: '41', sharing: 'withheld' })],
      ['edit', () => putAttribute(db, { entity: 'self', field: 'age', value: '42', sharing: 'withheld' }, { entity: 'self', field: 'age' })],
      ['remove', () => removeAttribute(db, { entity: 'self', field: 'age' })],
      ['import', () => replaceProfile(db, { version: 1, attributes: [] })],
      ['settings', () => updateSettings(db, { epsilon: 4 })],
      [
        'model',
        async () => {
          await putInstalledModel(db, 'm', new Map([['config.json', new Uint8Array([1])]]), { header: '{}', body: new Uint8Array() });
          await setActiveModel(db, 'm');
        },
      ],
    ];
    for (const [i, [what, step]] of steps.entries()) {
      await step();
      expect(await readRevision(db), what).toBe(i + 1);
    }
    await setActiveModel(db, 'm'); // already in use: nothing changes
    expect(await readRevision(db)).toBe(steps.length);
  });

  it('refuses a failed write without bumping it', async () => {
    db = freshDatabase();
    await expect(removeAttribute(db, { entity: 'self', field: 'nothing' })).rejects.toThrow('not in the profile');
    await expect(updateSettings(db, { epsilon: 3 })).rejects.toThrow();
    expect(await readRevision(db)).toBe(0);
  });
});
