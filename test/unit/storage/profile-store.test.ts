import { afterEach, describe, expect, it } from 'vitest';
import type { Attribute, Profile } from '../../../src/core/profile';
import type { VeilDatabase } from '../../../src/storage/db';
import { putAttribute, readProfile, removeAttribute, replaceProfile } from '../../../src/storage/profile-store';
import { Refusal } from '../../../src/storage/errors';
import { freshDatabase } from './helpers';

const age: Attribute = { entity: 'self', field: 'age', value: '41', sharing: 'withheld' };
const job: Attribute = { entity: 'self', field: 'occupation', value: 'Nurse', sharing: 'shared' };
const child: Attribute = { entity: 'my child', field: 'age', value: '7', sharing: 'withheld' };

let db: VeilDatabase;
afterEach(() => db?.close());

describe('profile store', () => {
  it('starts empty and keeps attributes in the order they were added', async () => {
    db = freshDatabase();
    expect(await readProfile(db)).toEqual({ version: 1, attributes: [] });
    await putAttribute(db, job);
    await putAttribute(db, age);
    await putAttribute(db, child);
    expect((await readProfile(db)).attributes).toEqual([job, age, child]);
  });

  it('edits in place, including a rename, and keeps the position', async () => {
    db = freshDatabase();
    await putAttribute(db, job);
    await putAttribute(db, age);
    await putAttribute(db, { ...job, value: 'Pediatric nurse', sharing: 'withheld' }, job);
    await putAttribute(db, { ...age, field: 'age band' }, age);
    expect((await readProfile(db)).attributes).toEqual([
      { ...job, value: 'Pediatric nurse', sharing: 'withheld' },
      { ...age, field: 'age band' },
    ]);
  });

  it('refuses to add or rename onto an existing entity.field, and to edit a missing one', async () => {
    db = freshDatabase();
    await putAttribute(db, job);
    await putAttribute(db, age);
    await expect(putAttribute(db, { ...age, value: '42' })).rejects.toThrow('self.age is already in the profile');
    await expect(putAttribute(db, { ...age, field: 'occupation' }, age)).rejects.toThrow(Refusal);
    await expect(putAttribute(db, child, { entity: 'nobody', field: 'x' })).rejects.toThrow('nobody.x is no longer in the profile');
    expect((await readProfile(db)).attributes).toEqual([job, age]);
  });

  it('removes an attribute but keeps its ledger (what was released stays released)', async () => {
    db = freshDatabase();
    await putAttribute(db, age);
    expect(await db.ledgers.count()).toBe(1);
    await removeAttribute(db, age);
    expect((await readProfile(db)).attributes).toEqual([]);
    expect(await db.ledgers.count()).toBe(1);
    await expect(removeAttribute(db, age)).rejects.toThrow('self.age is not in the profile');
  });

  it('creates a ledger when an attribute becomes withheld, not for shared ones', async () => {
    db = freshDatabase();
    await putAttribute(db, job);
    expect(await db.ledgers.count()).toBe(0);
    await putAttribute(db, { ...job, sharing: 'withheld' }, job);
    expect(await db.ledgers.toArray()).toEqual([expect.objectContaining({ period: 1, key: 'self.occupation', spent: 0, cap: null })]);
  });

  it('replaces the whole profile with the instruction, atomically', async () => {
    db = freshDatabase();
    await putAttribute(db, job);
    const imported: Profile = { version: 1, instruction: 'Plan a trip.', attributes: [child, age] };
    await replaceProfile(db, imported);
    expect(await readProfile(db)).toEqual(imported);

    // A profile that fails half-way (a duplicate key that parseProfile would have refused) changes nothing.
    await expect(replaceProfile(db, { version: 1, attributes: [job, job] })).rejects.toThrow();
    expect(await readProfile(db)).toEqual(imported);
  });

  it('refuses to read a damaged row, naming it, instead of passing it on (fail closed)', async () => {
    db = freshDatabase();
    await putAttribute(db, job);
    await putAttribute(db, age);
    await db.attributes.update(['self', 'age'], { sharing: 'secret' as 'shared' });
    await expect(readProfile(db)).rejects.toThrow('the stored attribute self.age is damaged (sharing: must be "shared" or "withheld")');
    await expect(readProfile(db)).rejects.toThrow(Refusal);
    await db.attributes.update(['self', 'age'], { sharing: 'withheld', value: undefined as unknown as string });
    await expect(readProfile(db)).rejects.toThrow('the stored attribute self.age is damaged (value:');
    await db.attributes.update(['self', 'age'], { value: '41', position: Number.NaN });
    await expect(readProfile(db)).rejects.toThrow('(position: must be a number)');
    await db.attributes.update(['self', 'age'], { position: 1 });
    await db.meta.put({ id: 'profile', instruction: 7 as unknown as string });
    await expect(readProfile(db)).rejects.toThrow('the stored profile instruction is damaged');
  });

  it("carries the current period's ledger over when a fact is renamed, in the same transaction", async () => {
    db = freshDatabase();
    await putAttribute(db, age);
    await db.ledgers.update([1, 'self.age'], { spent: 5 * 2 ** 20, cap: 20 * 2 ** 20 });
    await putAttribute(db, { ...age, field: 'age band' }, age, 99);
    expect(await db.ledgers.toArray()).toEqual([
      { period: 1, key: 'self.age band', entity: 'self', field: 'age band', spent: 5 * 2 ** 20, cap: 20 * 2 ** 20, updatedAt: 99 },
    ]);
    // Renaming the entity too, and to a shared fact: the spending stays with the fact.
    await putAttribute(db, { entity: 'my child', field: 'age band', value: '7', sharing: 'shared' }, { entity: 'self', field: 'age band' });
    expect((await db.ledgers.toArray()).map((l) => [l.key, l.spent])).toEqual([['my child.age band', 5 * 2 ** 20]]);
  });

  it('refuses a rename onto a key that has spending this period, and changes nothing', async () => {
    db = freshDatabase();
    await putAttribute(db, age);
    await putAttribute(db, child);
    await removeAttribute(db, child);
    await db.ledgers.update([1, 'my child.age'], { spent: 2 ** 20 });
    await db.ledgers.update([1, 'self.age'], { spent: 3 * 2 ** 20 });
    const before = await db.ledgers.toArray();
    await expect(putAttribute(db, child, age)).rejects.toThrow(
      'my child.age already has privacy budget spent in this period, so self.age cannot be renamed to it',
    );
    expect((await readProfile(db)).attributes).toEqual([age]);
    expect(await db.ledgers.toArray()).toEqual(before);

    // A zero-spend row at the new key gives way (and the lower own cap is kept).
    await db.ledgers.update([1, 'my child.age'], { spent: 0, cap: 2 * 2 ** 20 });
    await putAttribute(db, child, age);
    expect((await db.ledgers.toArray()).map((l) => [l.key, l.spent, l.cap])).toEqual([['my child.age', 3 * 2 ** 20, 2 * 2 ** 20]]);
  });

  it('puts a new fact back at a given place in profile order (undo of a removal)', async () => {
    db = freshDatabase();
    await putAttribute(db, job);
    await putAttribute(db, age);
    await putAttribute(db, child);
    await removeAttribute(db, age);
    await putAttribute(db, age, undefined, 1, 1);
    expect((await readProfile(db)).attributes).toEqual([job, age, child]);
    expect((await db.attributes.orderBy('position').toArray()).map((r) => r.position)).toEqual([0, 1, 2]);
    await removeAttribute(db, job);
    await putAttribute(db, job, undefined, 1, 0);
    await putAttribute(db, { ...job, field: 'gender' }, undefined, 1, 99);
    expect((await readProfile(db)).attributes.map((a) => a.field)).toEqual(['occupation', 'age', 'age', 'gender']);
  });
});
