/**
 * The profile-and-settings revision: a counter bumped, inside the same transaction, by every write to the
 * profile or the settings. The release service reads it with the profile and settings it plans from, and
 * checks it again inside the charging transaction: a plan made from one profile (or at ε = 8) is never
 * charged against another (or at ε = 2). A database that never had a write is at revision 0.
 *
 * ```ts
 * await db.transaction('rw', db.attributes, db.meta, async () => { …; await bumpRevision(db); });
 * const revision = await readRevision(db);
 * ```
 */
import type { VeilDatabase } from './db';
import { Refusal } from './errors';

export async function readRevision(db: VeilDatabase): Promise<number> {
  const row: unknown = await db.meta.get('revision');
  if (row === undefined) return 0;
  const value = (row as { value?: unknown }).value;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new Refusal('the stored profile revision is damaged');
  return value;
}

/** Call inside the transaction that changes the profile or the settings (it must include `db.meta`). */
export async function bumpRevision(db: VeilDatabase): Promise<void> {
  await db.meta.put({ id: 'revision', value: (await readRevision(db)) + 1 });
}
