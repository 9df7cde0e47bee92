import { afterEach, describe, expect, it } from 'vitest';
import { epsilonToUnits } from '../../../src/core/epsilon';
import { LedgerError } from '../../../src/ledger/ledger';
import type { VeilDatabase } from '../../../src/storage/db';
import { readBudget, setAttributeCap, startNewPeriod } from '../../../src/storage/budget-store';
import { readLedgerState, withPrivacyLedger } from '../../../src/storage/ledger-store';
import { putAttribute } from '../../../src/storage/profile-store';
import { listReleases } from '../../../src/storage/release-store';
import { freshDatabase } from './helpers';

let db: VeilDatabase;
afterEach(() => db?.close());

const eps = epsilonToUnits;

async function profileWithTwoWithheld(): Promise<void> {
  db = freshDatabase();
  await putAttribute(db, { entity: 'self', field: 'age', value: '41', sharing: 'withheld' });
  await putAttribute(db, { entity: 'my child', field: 'age', value: '7', sharing: 'withheld' });
}

const release = (spent: Record<string, number>) => ({
  createdAt: 1,
  site: 'chatgpt',
  conversation: 'c1',
  revision: 3,
  mechanism: 'slot' as const,
  format: 'structured' as const,
  epsilon: eps(8),
  spent,
  kind: 'fresh' as const,
  outcome: 'shown' as const,
  attributes: [],
  text: 'Age: 35–44',
});

describe('withPrivacyLedger', () => {
  it('loads the period state PrivacyLedger expects (caps null = the setting)', async () => {
    await profileWithTwoWithheld();
    await setAttributeCap(db, 'my child.age', eps(4), false);
    expect(await readLedgerState(db)).toEqual({
      version: 1,
      attributeCap: eps(32),
      total: { spent: 0, cap: eps(256) },
      attributes: { 'self.age': { spent: 0, cap: null }, 'my child.age': { spent: 0, cap: eps(4) } },
    });
  });

  it('charges and records a release in one transaction', async () => {
    await profileWithTwoWithheld();
    await withPrivacyLedger(db, (ledger, record) => {
      ledger.charge([
        { key: 'self.age', units: eps(4) },
        { key: 'my child.age', units: eps(4) },
      ]);
      record(release({ 'self.age': eps(4), 'my child.age': eps(4) }));
    });
    const budget = await readBudget(db);
    expect(budget.totalSpent).toBe(eps(8));
    expect(budget.ledgers.map((l) => l.spent)).toEqual([eps(4), eps(4)]);
    expect(await listReleases(db)).toEqual([expect.objectContaining({ id: 1, period: 1, text: 'Age: 35–44' })]);
  });

  it('saves nothing when the callback throws (a refused charge)', async () => {
    await profileWithTwoWithheld();
    await setAttributeCap(db, 'self.age', eps(2), false);
    await expect(
      withPrivacyLedger(db, (ledger, record) => {
        record(release({}));
        ledger.charge([{ key: 'my child.age', units: eps(1) }]);
        ledger.charge([{ key: 'self.age', units: eps(4) }]); // passes the cap of 2: refused
      }),
    ).rejects.toThrow(LedgerError);
    expect((await readBudget(db)).totalSpent).toBe(0);
    expect(await listReleases(db)).toEqual([]);
  });

  it('lets concurrent releases never pass a cap together', async () => {
    await profileWithTwoWithheld();
    await setAttributeCap(db, 'self.age', eps(6), false);
    // Five "tabs" each try to charge 2 to self.age at once; the cap of 6 admits exactly three.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        withPrivacyLedger(db, (ledger) => {
          const [decision] = ledger.decide([[{ key: 'self.age', units: eps(2) }]]);
          if (!decision!.fresh) return 'fallback';
          ledger.charge([{ key: 'self.age', units: eps(2) }]);
          return 'fresh';
        }),
      ),
    );
    const results = outcomes.map((o) => (o.status === 'fulfilled' ? o.value.value : 'error'));
    expect(results.filter((r) => r === 'fresh')).toHaveLength(3);
    expect(results.filter((r) => r === 'fallback')).toHaveLength(2);
    expect((await readBudget(db)).ledgers[0]!.spent).toBe(eps(6));
  });

  it('charges the current period only', async () => {
    await profileWithTwoWithheld();
    await withPrivacyLedger(db, (ledger) => ledger.charge([{ key: 'self.age', units: eps(5) }]));
    await startNewPeriod(db, true);
    await withPrivacyLedger(db, (ledger) => ledger.charge([{ key: 'self.age', units: eps(1) }]));
    expect((await db.ledgers.get([1, 'self.age']))!.spent).toBe(eps(5));
    expect((await db.ledgers.get([2, 'self.age']))!.spent).toBe(eps(1));
  });

  it('refuses an asynchronous callback, which would let the transaction commit early', async () => {
    await profileWithTwoWithheld();
    await expect(withPrivacyLedger(db, async () => 1)).rejects.toThrow('must be synchronous');
  });
});
