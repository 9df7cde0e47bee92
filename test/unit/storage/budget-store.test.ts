import { afterEach, describe, expect, it } from 'vitest';
import { epsilonToUnits } from '../../../src/core/epsilon';
import type { VeilDatabase } from '../../../src/storage/db';
import { readBudget, setAttributeCap, startNewPeriod } from '../../../src/storage/budget-store';
import { putAttribute } from '../../../src/storage/profile-store';
import { updateSettings } from '../../../src/storage/settings-store';
import { freshDatabase } from './helpers';
import { readLedgerState } from '../../../src/storage/ledger-store';
import { readProfile } from '../../../src/storage/profile-store';

let db: VeilDatabase;
afterEach(() => db?.close());

async function withTwoWithheld(): Promise<VeilDatabase> {
  db = freshDatabase();
  await putAttribute(db, { entity: 'self', field: 'age', value: '41', sharing: 'withheld' });
  await putAttribute(db, { entity: 'self', field: 'occupation', value: 'Nurse', sharing: 'shared' });
  await putAttribute(db, { entity: 'my child', field: 'age', value: '7', sharing: 'withheld' });
  return db;
}

describe('budget store', () => {
  it('shows one ledger per withheld attribute at the default cap', async () => {
    await withTwoWithheld();
    const budget = await readBudget(db);
    expect(budget).toMatchObject({ period: 1, totalSpent: 0, totalCap: epsilonToUnits(256) });
    expect(budget.ledgers.map((l) => [l.key, l.spent, l.cap])).toEqual([
      ['self.age', 0, epsilonToUnits(32)],
      ['my child.age', 0, epsilonToUnits(32)],
    ]);
    // A default cap follows the setting.
    await updateSettings(db, { attributeCap: 8 });
    expect((await readBudget(db)).ledgers[0]!.cap).toBe(epsilonToUnits(8));
  });

  it('raises one cap only when confirmed, lowers it freely', async () => {
    await withTwoWithheld();
    await expect(setAttributeCap(db, 'self.age', epsilonToUnits(64), false)).rejects.toThrow(/confirmation/);
    let budget = await setAttributeCap(db, 'self.age', epsilonToUnits(4), false);
    expect(budget.ledgers[0]).toMatchObject({ cap: epsilonToUnits(4), capIsDefault: false });
    budget = await setAttributeCap(db, 'self.age', epsilonToUnits(64), true);
    expect(budget.ledgers[0]).toMatchObject({ cap: epsilonToUnits(64), capIsDefault: false });
    await expect(setAttributeCap(db, 'self.occupation', 1, true)).rejects.toThrow('self.occupation is not a withheld attribute');
  });

  it('starts a new period only when confirmed; the old period stays recorded', async () => {
    await withTwoWithheld();
    await db.ledgers.update([1, 'self.age'], { spent: epsilonToUnits(12) });
    await setAttributeCap(db, 'my child.age', epsilonToUnits(2), false);
    expect((await readBudget(db)).totalSpent).toBe(epsilonToUnits(12));

    await expect(startNewPeriod(db, false)).rejects.toThrow(/confirmation/);
    const next = await startNewPeriod(db, true, 1234);
    expect(next).toMatchObject({ period: 2, startedAt: 1234, totalSpent: 0 });
    expect(next.ledgers.map((l) => [l.key, l.spent, l.cap])).toEqual([
      ['self.age', 0, epsilonToUnits(32)],
      ['my child.age', 0, epsilonToUnits(2)], // the person's own cap carries over
    ]);
    expect((await db.ledgers.get([1, 'self.age']))!.spent).toBe(epsilonToUnits(12));
  });

  it('a damaged ledger or budget-period row is a clear error, never NaN', async () => {
    await withTwoWithheld();
    await db.ledgers.update([1, 'self.age'], { spent: undefined as unknown as number });
    await expect(readBudget(db)).rejects.toThrow('the stored ledger of self.age (period 1) is damaged (spent:');
    await expect(readLedgerState(db)).rejects.toThrow('the stored ledger of self.age (period 1) is damaged');
    await db.ledgers.update([1, 'self.age'], { spent: 1.5 });
    await expect(readBudget(db)).rejects.toThrow('spent: must be a whole number of units');
    await db.ledgers.update([1, 'self.age'], { spent: 0, cap: -1 });
    await expect(readBudget(db)).rejects.toThrow('cap: must not be negative');
    await db.ledgers.update([1, 'self.age'], { cap: null, entity: 'my child' });
    await expect(readBudget(db)).rejects.toThrow('key: does not match my child.age');
    await db.ledgers.update([1, 'self.age'], { entity: 'self' });
    expect((await readBudget(db)).totalSpent).toBe(0);

    await db.meta.put({ id: 'budget', period: 'two' as unknown as number, startedAt: 0 });
    await expect(readBudget(db)).rejects.toThrow('the stored budget period is damaged (period:');
    await expect(startNewPeriod(db, true)).rejects.toThrow('the stored budget period is damaged');
    await db.meta.put({ id: 'budget', period: 1, startedAt: 0 });

    // An attribute row with a broken sharing fails the chart too (it would drop out of the withheld list).
    await db.attributes.update(['self', 'age'], { sharing: 'maybe' as 'shared' });
    await expect(readBudget(db)).rejects.toThrow('the stored attribute self.age is damaged');
    await expect(readProfile(db)).rejects.toThrow('the stored attribute self.age is damaged');
  });
});
