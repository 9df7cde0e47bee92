/**
 * Budget periods and per-attribute ledgers as stored rows. The arithmetic of charging belongs to the
 * PrivacyLedger (src/ledger); this module keeps its state and answers what the budget chart shows.
 *
 * A cap is the person's own limit. Raising one, or starting a new period (spent back to 0), lets more be
 * learned about them, so both need an explicit confirmation; the old period's ledgers stay as they were.
 */
import { epsilonToUnits } from '../core/epsilon';
import { attributeKey, type Attribute } from '../core/profile';
import type { BudgetOverview, LedgerView } from '../core/budget-view';
import type { VeilDatabase } from './db';
import { readAttributeRows, readBudgetMeta, readLedgerRow, readLedgerRows } from './checked-rows';
import { Refusal } from './errors';
import type { StoredLedger } from './rows';
import { readSettings } from './settings-store';
import { memoryIdOfKey, memoryLedgerKey } from '../ledger/keys';
import { readMemory } from './memory-store';

export { readBudgetMeta };
export type { BudgetOverview, LedgerView };

/** Give each attribute a ledger in the current period if it has none (call inside a transaction). */
export async function ensureLedgers(db: VeilDatabase, attributes: readonly Attribute[], now: number): Promise<void> {
  const { period } = await readBudgetMeta(db);
  for (const a of attributes) {
    const key = attributeKey(a);
    if (await readLedgerRow(db, period, key)) continue;
    await db.ledgers.add({ period, key, entity: a.entity, field: a.field, spent: 0, cap: null, updatedAt: now });
  }
}

/**
 * What the budget chart shows: one row per withheld attribute, plus any attribute of this period that was
 * charged but is no longer withheld (its spend still counts), in profile order.
 */
export async function readBudget(db: VeilDatabase): Promise<BudgetOverview> {
  return db.transaction('r', db.meta, db.ledgers, db.attributes, db.settings, db.memory, async () => {
    const meta = await readBudgetMeta(db);
    const settings = await readSettings(db);
    const defaultCap = epsilonToUnits(settings.attributeCap);
    const rows = new Map((await readLedgerRows(db, meta.period)).map((r) => [r.key, r]));
    const attributes = await readAttributeRows(db);
    const ledgers: LedgerView[] = [];
    const view = (key: string, entity: string, field: string, withheld: boolean): LedgerView => {
      const row = rows.get(key);
      return {
        key,
        entity,
        field,
        spent: row?.spent ?? 0,
        cap: row?.cap ?? defaultCap,
        capIsDefault: row?.cap == null,
        withheld,
      };
    };
    for (const a of attributes) {
      if (a.sharing === 'withheld') ledgers.push(view(attributeKey(a), a.entity, a.field, true));
    }
    // Protected memory attributes after the profile's facts; their cap is B_a, set in Memories.
    for (const a of (await readMemory(db)).protected) {
      const key = memoryLedgerKey(a.id);
      ledgers.push({
        key,
        entity: '',
        field: a.name,
        spent: rows.get(key)?.spent ?? 0,
        cap: epsilonToUnits(a.cap),
        capIsDefault: false,
        withheld: true,
        memory: true,
      });
    }
    const shown = new Set(ledgers.map((l) => l.key));
    for (const row of rows.values()) {
      if (!shown.has(row.key) && row.spent > 0)
        ledgers.push({ ...view(row.key, row.entity, row.field, false), ...(row.namespace === 'memory' ? { memory: true as const } : {}) });
    }
    let totalSpent = 0;
    for (const row of rows.values()) totalSpent += row.spent;
    return {
      period: meta.period,
      startedAt: meta.startedAt,
      totalSpent,
      totalCap: epsilonToUnits(settings.totalCap),
      ledgers,
    };
  });
}

/**
 * Set one attribute's cap for the current period (units), or `null` to follow the default. A cap above the
 * one in force needs `confirmed`.
 */
export async function setAttributeCap(db: VeilDatabase, key: string, cap: number | null, confirmed: boolean, now = Date.now()): Promise<BudgetOverview> {
  await db.transaction('rw', db.meta, db.ledgers, db.attributes, db.settings, async () => {
    const { period } = await readBudgetMeta(db);
    const defaultCap = epsilonToUnits((await readSettings(db)).attributeCap);
    if (memoryIdOfKey(key) !== undefined) throw new Refusal('a memory attribute’s cap is changed with the attribute, in Memories');
    let row = await readLedgerRow(db, period, key);
    if (!row) {
      const attribute = (await readAttributeRows(db)).find((a) => attributeKey(a) === key && a.sharing === 'withheld');
      if (!attribute) throw new Refusal(`${key} is not a withheld attribute`);
      row = { period, key, entity: attribute.entity, field: attribute.field, spent: 0, cap: null, updatedAt: now };
    }
    const before = row.cap ?? defaultCap;
    const after = cap ?? defaultCap;
    if (after > before && !confirmed) {
      throw new Refusal('raising a cap needs your confirmation that what was already released stays released');
    }
    const next: StoredLedger = { ...row, cap, updatedAt: now };
    await db.ledgers.put(next);
  });
  return readBudget(db);
}

/**
 * Start a new budget period: every withheld attribute gets a fresh ledger (spent 0, its cap carried over).
 * The old period's ledgers and releases are kept unchanged. Needs `confirmed`.
 */
export async function startNewPeriod(db: VeilDatabase, confirmed: boolean, now = Date.now()): Promise<BudgetOverview> {
  if (!confirmed) throw new Refusal('a new budget period needs your confirmation that what was already released stays released');
  await db.transaction('rw', db.meta, db.ledgers, db.attributes, async () => {
    const { period } = await readBudgetMeta(db);
    const old = new Map((await readLedgerRows(db, period)).map((r) => [r.key, r]));
    await db.meta.put({ id: 'budget', period: period + 1, startedAt: now });
    for (const a of await readAttributeRows(db)) {
      if (a.sharing !== 'withheld') continue;
      const key = attributeKey(a);
      await db.ledgers.add({ period: period + 1, key, entity: a.entity, field: a.field, spent: 0, cap: old.get(key)?.cap ?? null, updatedAt: now });
    }
  });
  return readBudget(db);
}
