/**
 * Schema v3's upgrade: entity and field names may no longer contain "." (src/core/profile.ts), because the
 * ledger key `entity.field` must name exactly one attribute ("a.b" + "c" and "a" + "b.c" were both "a.b.c").
 * Rows stored before that rule are renamed, dots becoming spaces ("age.band" → "age band"), and everything
 * keyed by the old names follows in the same upgrade transaction:
 *
 * - attributes: renamed in place (same position, value and sharing). If the new name is taken, " 2", " 3", …
 *   is appended, so no attribute is lost or merged into another.
 * - ledgers: re-keyed in every period. Should two old ledgers of one period land on one key, they are merged
 *   conservatively for privacy: spends add up (nothing spent is forgotten) and the lower cap wins.
 * - releases: the per-key `spent` map follows the ledgers' renames; what the release said (`text`,
 *   `attributes[].value`) is history and is left exactly as it was.
 */
import type { Transaction } from 'dexie';
import type { StoredAttribute, StoredLedger } from './rows';

/** The v3 release row as this upgrade reads it (frozen: later schema versions change the live type). */
interface ReleasedAttribute {
  entity: string;
  field: string;
}
interface StoredRelease {
  period: number;
  spent: Record<string, number>;
  attributes: ReleasedAttribute[];
}

/** "age.band" → "age band"; "a..b." → "a b". Never empty (the schema needs one character). */
export function undot(name: string): string {
  if (!name.includes('.')) return name;
  const cleaned = name.replace(/\./g, ' ').replace(/\s+/g, ' ').trim().slice(0, 64).trim();
  return cleaned === '' ? 'unnamed' : cleaned;
}

const key = (entity: string, field: string) => `${entity}.${field}`;

export async function undotStoredNames(tx: Transaction): Promise<void> {
  const attributes = tx.table<StoredAttribute, [string, string]>('attributes');
  const ledgers = tx.table<StoredLedger, [number, string]>('ledgers');
  const releases = tx.table<StoredRelease, number>('releases');

  // 1. Attributes. `renamed` maps an old (entity, field) to its new one, for the ledgers below.
  const rows = await attributes.orderBy('position').toArray();
  const taken = new Set(rows.filter((r) => !r.entity.includes('.') && !r.field.includes('.')).map((r) => key(r.entity, r.field)));
  const renamed = new Map<string, { entity: string; field: string }>();
  for (const row of rows) {
    if (!row.entity.includes('.') && !row.field.includes('.')) continue;
    const entity = undot(row.entity);
    let field = undot(row.field);
    for (let n = 2; taken.has(key(entity, field)); n++) field = `${undot(row.field).slice(0, 60)} ${n}`;
    taken.add(key(entity, field));
    renamed.set(JSON.stringify([row.entity, row.field]), { entity, field });
    await attributes.delete([row.entity, row.field]);
    await attributes.add({ ...row, entity, field });
  }
  const newName = (entity: string, field: string) => renamed.get(JSON.stringify([entity, field])) ?? { entity: undot(entity), field: undot(field) };

  // 2. Ledgers, every period. Old key → new key per period, for the releases below.
  const rekeyed = new Map<string, string>();
  const all = await ledgers.toArray();
  const kept = new Map(all.filter((l) => !l.entity.includes('.') && !l.field.includes('.')).map((l) => [`${l.period}/${l.key}`, l]));
  for (const row of all) {
    if (!row.entity.includes('.') && !row.field.includes('.')) continue;
    const { entity, field } = newName(row.entity, row.field);
    const next: StoredLedger = { ...row, entity, field, key: key(entity, field) };
    const existing = kept.get(`${row.period}/${next.key}`);
    if (existing) {
      next.spent = existing.spent + row.spent;
      next.cap = existing.cap === null ? row.cap : row.cap === null ? existing.cap : Math.min(existing.cap, row.cap);
      next.updatedAt = Math.max(existing.updatedAt, row.updatedAt);
    }
    kept.set(`${row.period}/${next.key}`, next);
    rekeyed.set(`${row.period}/${row.key}`, next.key);
    await ledgers.delete([row.period, row.key]);
    await ledgers.put(next);
  }

  // 3. Releases: re-key the charges, and name the attributes as the profile now does.
  await releases.toCollection().modify((release: StoredRelease) => {
    const spent: Record<string, number> = {};
    for (const [k, units] of Object.entries(release.spent)) {
      const to = rekeyed.get(`${release.period}/${k}`) ?? k;
      spent[to] = (spent[to] ?? 0) + units;
    }
    release.spent = spent;
    release.attributes = release.attributes.map((a: ReleasedAttribute) =>
      a.entity.includes('.') || a.field.includes('.') ? { ...a, ...newName(a.entity, a.field) } : a,
    );
  });
}
