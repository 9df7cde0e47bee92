/**
 * The profile in IndexedDB: read, edit one attribute, remove one, or replace all of it (import).
 * Writes run in one transaction each, so a failed import leaves the stored profile exactly as it was.
 *
 * Whenever an attribute is stored as withheld, its ledger for the current budget period is created (spent 0,
 * default cap) in the same transaction, so the budget chart and later release flows find it. Ledgers are
 * never removed with the attribute: what was released stays released.
 */
import { attributeKey, type Attribute, type Profile } from '../core/profile';
import type { VeilDatabase } from './db';
import { Refusal } from './errors';
import { ensureLedgers } from './budget-store';
import { readAttributeRows, readBudgetMeta, readLedgerRow, readProfileMeta } from './checked-rows';
import { bumpRevision } from './revision';
import type { StoredProfileMeta } from './rows';

export type AttributeId = Pick<Attribute, 'entity' | 'field'>;

/**
 * The stored profile in the file format of DESIGN.md, attributes in the order the person made them.
 * Fails closed: a damaged row is a `Refusal` naming it (checked-rows.ts), never passed to the UI or an export.
 */
export async function readProfile(db: VeilDatabase): Promise<Profile> {
  return db.transaction('r', db.attributes, db.meta, async () => {
    const rows = await readAttributeRows(db);
    const meta = await readProfileMeta(db);
    const profile: Profile = { version: 1, attributes: rows.map(toAttribute) };
    if (meta?.instruction !== undefined) profile.instruction = meta.instruction;
    return profile;
  });
}

/**
 * Add an attribute, or replace the one at `previous` (which may have another entity or field).
 * Refuses to overwrite a different attribute with the same entity and field: ledgers are per `entity.field`.
 * A new attribute goes last, or at `index` in profile order (undoing a removal puts it back where it was).
 */
export async function putAttribute(db: VeilDatabase, attribute: Attribute, previous?: AttributeId, now = Date.now(), index?: number): Promise<void> {
  await db.transaction('rw', db.attributes, db.ledgers, db.meta, db.settings, async () => {
    const id: [string, string] = [attribute.entity, attribute.field];
    const existing = await db.attributes.get(id);
    let position: number;
    if (previous) {
      const old = await db.attributes.get([previous.entity, previous.field]);
      if (!old) throw new Refusal(`${attributeKey(previous)} is no longer in the profile`);
      const renamed = old.entity !== attribute.entity || old.field !== attribute.field;
      if (renamed && existing) throw new Refusal(`${attributeKey(attribute)} is already in the profile`);
      if (renamed) {
        await db.attributes.delete([old.entity, old.field]);
        await carryLedger(db, old, attribute, now);
      }
      position = old.position;
    } else {
      if (existing) throw new Refusal(`${attributeKey(attribute)} is already in the profile`);
      const rows = await readAttributeRows(db);
      if (index !== undefined && index < rows.length) {
        // Renumber so the order stays a plain 0…n-1 sequence.
        for (const [i, row] of rows.entries()) {
          const next = i < index ? i : i + 1;
          if (row.position !== next) await db.attributes.update([row.entity, row.field], { position: next });
        }
        position = index;
      } else {
        position = rows.length > 0 ? rows[rows.length - 1]!.position + 1 : 0;
      }
    }
    await db.attributes.put({ ...attribute, position, updatedAt: now });
    if (attribute.sharing === 'withheld') await ensureLedgers(db, [attribute], now);
    await bumpRevision(db);
  });
}

/**
 * A renamed fact is the same fact: its spending in the current period moves with it to the new key, in
 * the caller's transaction. Without this, renaming a withheld fact would start it over at 0 spent and let
 * its cap be spent again. Refused if the new key already carries spending this period (two facts' spends
 * cannot be told apart once merged). Past periods keep their rows under the old key, as recorded.
 */
async function carryLedger(db: VeilDatabase, from: AttributeId, to: AttributeId, now: number): Promise<void> {
  const { period } = await readBudgetMeta(db);
  const row = await readLedgerRow(db, period, attributeKey(from));
  if (!row) return;
  const key = attributeKey(to);
  const target = await readLedgerRow(db, period, key);
  if (target && target.spent > 0) {
    throw new Refusal(`${key} already has privacy budget spent in this period, so ${attributeKey(from)} cannot be renamed to it: their spending would mix`);
  }
  // A zero-spend row already at the new key (a fact removed earlier) gives way; the lower of two own caps stays.
  const cap = target?.cap == null ? row.cap : row.cap == null ? target.cap : Math.min(row.cap, target.cap);
  await db.ledgers.delete([period, row.key]);
  await db.ledgers.put({ ...row, key, entity: to.entity, field: to.field, cap, updatedAt: now });
}

export async function removeAttribute(db: VeilDatabase, id: AttributeId): Promise<void> {
  await db.transaction('rw', db.attributes, db.meta, async () => {
    const key: [string, string] = [id.entity, id.field];
    if (!(await db.attributes.get(key))) throw new Refusal(`${attributeKey(id)} is not in the profile`);
    await db.attributes.delete(key);
    await bumpRevision(db);
  });
}

/**
 * Replace the whole profile (import). `profile` must already be validated by `parseProfile`; the swap is
 * one transaction, so either all of it is stored or none.
 */
export async function replaceProfile(db: VeilDatabase, profile: Profile, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.attributes, db.ledgers, db.meta, db.settings, async () => {
    await db.attributes.clear();
    await db.attributes.bulkAdd(profile.attributes.map((a, position) => ({ ...a, position, updatedAt: now })));
    const meta: StoredProfileMeta = { id: 'profile' };
    if (profile.instruction !== undefined) meta.instruction = profile.instruction;
    await db.meta.put(meta);
    await ensureLedgers(
      db,
      profile.attributes.filter((a) => a.sharing === 'withheld'),
      now,
    );
    await bumpRevision(db);
  });
}

function toAttribute(row: Attribute): Attribute {
  return { entity: row.entity, field: row.field, value: row.value, sharing: row.sharing, ...(row.importance ? { importance: row.importance } : {}) };
}
