/**
 * Reading stored rows with a check: every attribute, ledger and budget-period row is validated as it
 * leaves IndexedDB, and a damaged one is a `Refusal` naming the row, never a value passed on.
 *
 * Why (fail closed): a row with a broken `sharing` must not reach the profile editor or an export, where it
 * would read as "not withheld" and be toggled or released as shared; a ledger with a missing `spent` must
 * not become NaN in the budget chart or the PrivacyLedger, where every comparison with a cap is false.
 * Stored rows are written only by Veil, so damage means a bug or tampering, and the person should see it.
 */
import { z } from 'zod';
import { firstIssue } from '../core/zod-issue';
import { attributeKey, attributeSchema, type Attribute } from '../core/profile';
import type { VeilDatabase } from './db';
import { Refusal } from './errors';
import { memoryIdOfKey } from '../ledger/keys';
import type { StoredBudgetMeta, StoredLedger, StoredProfileMeta } from './rows';

/** ε units: integers so ledgers add exactly (src/core/epsilon.ts). */
const units = z.number().int('must be a whole number of units').min(0, 'must not be negative').max(Number.MAX_SAFE_INTEGER);

const ledgerRowSchema = z.object({
  period: z.number().int().min(1),
  key: z.string(),
  namespace: z.literal('memory').optional(),
  entity: z.string(),
  field: z.string(),
  spent: units,
  cap: units.nullable(),
  updatedAt: z.number().finite(),
});

const budgetMetaSchema = z.object({
  id: z.literal('budget'),
  period: z.number().int().min(1),
  startedAt: z.number().finite().min(0),
});

const profileMetaSchema = z.object({ id: z.literal('profile'), instruction: z.string().optional() });

/** An attribute row as it leaves storage: the four profile fields, checked, plus its position. */
export interface CheckedAttribute extends Attribute {
  position: number;
  /** When it last changed (ms since 1970). */
  updatedAt: number;
}

/** Check one stored attribute row. The names must already be in stored (trimmed) form. */
export function checkAttributeRow(row: unknown): CheckedAttribute {
  const raw = (row ?? {}) as Record<string, unknown>;
  const label = `the stored attribute ${String(raw.entity)}.${String(raw.field)}`;
  const parsed = attributeSchema.safeParse({
    entity: raw.entity,
    field: raw.field,
    value: raw.value,
    sharing: raw.sharing,
    ...(raw.importance !== undefined ? { importance: raw.importance } : {}),
  });
  if (!parsed.success) throw new Refusal(`${label} is damaged (${firstIssue(parsed.error)})`);
  if (parsed.data.entity !== raw.entity || parsed.data.field !== raw.field) {
    throw new Refusal(`${label} is damaged (a name has leading or trailing spaces)`);
  }
  if (typeof raw.position !== 'number' || !Number.isFinite(raw.position)) {
    throw new Refusal(`${label} is damaged (position: must be a number)`);
  }
  if (typeof raw.updatedAt !== 'number' || !Number.isFinite(raw.updatedAt)) {
    throw new Refusal(`${label} is damaged (updatedAt: must be a number)`);
  }
  return { ...parsed.data, position: raw.position, updatedAt: raw.updatedAt };
}

/**
 * Every attribute, in profile order, each checked. Reads the whole table and sorts here rather than
 * through the `position` index: a row whose position is not a valid key is missing from that index, and
 * would silently vanish from the profile instead of being reported.
 */
export async function readAttributeRows(db: VeilDatabase): Promise<CheckedAttribute[]> {
  const rows: unknown[] = await db.attributes.toArray();
  return rows.map((row) => checkAttributeRow(row)).sort((a, b) => a.position - b.position);
}

export async function readProfileMeta(db: VeilDatabase): Promise<StoredProfileMeta | undefined> {
  const row: unknown = await db.meta.get('profile');
  if (row === undefined) return undefined;
  const parsed = profileMetaSchema.safeParse(row);
  if (!parsed.success) throw new Refusal(`the stored profile instruction is damaged (${firstIssue(parsed.error)})`);
  return parsed.data;
}

/** The current budget period; a database that never had one is in period 1. */
export async function readBudgetMeta(db: VeilDatabase): Promise<StoredBudgetMeta> {
  const row: unknown = await db.meta.get('budget');
  if (row === undefined) return { id: 'budget', period: 1, startedAt: 0 };
  const parsed = budgetMetaSchema.safeParse(row);
  if (!parsed.success) throw new Refusal(`the stored budget period is damaged (${firstIssue(parsed.error)})`);
  return parsed.data;
}

export function checkLedgerRow(row: unknown): StoredLedger {
  const raw = (row ?? {}) as Record<string, unknown>;
  const label = `the stored ledger of ${String(raw.key)} (period ${String(raw.period)})`;
  const parsed = ledgerRowSchema.safeParse(row);
  if (!parsed.success) throw new Refusal(`${label} is damaged (${firstIssue(parsed.error)})`);
  if (parsed.data.namespace === 'memory') {
    if (memoryIdOfKey(parsed.data.key) === undefined) throw new Refusal(`${label} is damaged (key: not a memory attribute's)`);
  } else if (parsed.data.key !== attributeKey(parsed.data)) {
    throw new Refusal(`${label} is damaged (key: does not match ${attributeKey(parsed.data)})`);
  }
  return parsed.data;
}

/** One period's ledger rows, each checked. */
export async function readLedgerRows(db: VeilDatabase, period: number): Promise<StoredLedger[]> {
  const rows: unknown[] = await db.ledgers.where('period').equals(period).toArray();
  return rows.map(checkLedgerRow);
}

/** One ledger row, checked, or undefined. */
export async function readLedgerRow(db: VeilDatabase, period: number, key: string): Promise<StoredLedger | undefined> {
  const row: unknown = await db.ledgers.get([period, key]);
  return row === undefined ? undefined : checkLedgerRow(row);
}
