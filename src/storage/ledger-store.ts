/**
 * The bridge between stored ledger rows and the pure `PrivacyLedger` (src/ledger): load the current
 * period's state, let the release flow decide and charge, save the result, all in ONE read-write
 * transaction. IndexedDB runs read-write transactions on the same tables one after another, so two tabs
 * releasing at once can never both pass a cap (DESIGN.md "Storage transactions").
 *
 * ```ts
 * const scores = await scorer.score(field, value);            // the model runs BEFORE the transaction
 * const { value: text, recordIds } = await withPrivacyLedger(db, (ledger, record, { revision, reusable }) => {
 *   const [decision] = ledger.decide([charges]);               // synchronous work only in here
 *   ledger.charge(charges);                                    // charged before it is shown
 *   record({ …release row… });
 *   return release.text;
 * });
 * ```
 */
import { epsilonToUnits } from '../core/epsilon';
import { attributeKey } from '../core/profile';
import { PrivacyLedger } from '../ledger/ledger';
import type { LedgerState } from '../ledger/state';
import type { VeilDatabase } from './db';
import { Refusal } from './errors';
import { readAttributeRows, readBudgetMeta, readLedgerRows, type CheckedAttribute } from './checked-rows';
import type { Category } from '../core/contracts';
import { readRevision } from './revision';
import type { StoredLedger, StoredRelease } from './rows';
import { readSettings } from './settings-store';
import { memoryIdOfKey } from '../ledger/keys';
import type { MemoryFile } from '../memview/types';
import { withMemoryCaps } from '../memview/turn';
import { readMemory, readMemoryWithRevisions } from './memory-store';

/**
 * The current period's ledger state, as `PrivacyLedger.fromState` reads it: profile facts and protected
 * memory attributes in one ledger, each memory attribute's cap its B_a.
 */
export async function readLedgerState(db: VeilDatabase): Promise<LedgerState> {
  return db.transaction('r', db.meta, db.ledgers, db.settings, db.memory, async () => {
    const { period } = await readBudgetMeta(db);
    const settings = await readSettings(db);
    const rows = await readLedgerRows(db, period);
    return withMemoryCaps(toState(rows, epsilonToUnits(settings.attributeCap), epsilonToUnits(settings.totalCap)), (await readMemory(db)).protected);
  });
}

export type RecordRelease = (release: Omit<StoredRelease, 'id' | 'period'>) => void;

/** What the charging callback may read besides the ledger, all as of inside the transaction. */
export interface LedgerContext {
  /** The profile-and-settings revision now (compare with the one the release was planned at). */
  revision: number;
  period: number;
  /**
   * Only when `needsReusable` said so: for each attribute of the profile, the category of its most recent
   * release made since the attribute last changed (a fallback block may reuse it for free); at most the
   * last REUSE_WINDOW releases are read. Empty otherwise.
   */
  reusable: ReadonlyMap<string, Category>;
  /** The memories and protected attributes now (DP-MemView reads them inside the same transaction). */
  memory: MemoryFile;
  /** Their content revision now (storage/rows.ts `contentRevision`). */
  memoryRevision: number;
  /** Only with `conversation`: that conversation's releases so far, oldest first. Empty otherwise. */
  conversationReleases: readonly StoredRelease[];
}

/** How many of the latest releases a fallback looks through for an earlier release to reuse. */
export const REUSE_WINDOW = 500;

export interface LedgerOptions {
  now?: number;
  /**
   * Whether `use` will need `context.reusable`, judged from the ledger (e.g. "some block would take the
   * fallback"). Reading earlier releases is the slow part of the transaction, so it is skipped otherwise.
   */
  needsReusable?: (ledger: PrivacyLedger) => boolean;
  /** Read this conversation's releases inside the transaction (`context.conversationReleases`). */
  conversation?: { site: string; conversation: string };
}

/**
 * Run `use` on the current period's ledger inside one read-write transaction and save what it changed,
 * with the releases it recorded (their new ids in `recordIds`). `use` must be synchronous: awaiting
 * anything but this database (a model, a timer, a message) would let the transaction commit early. If
 * `use` throws, nothing is saved.
 */
export async function withPrivacyLedger<T>(
  db: VeilDatabase,
  use: (ledger: PrivacyLedger, record: RecordRelease, context: LedgerContext) => T,
  { now = Date.now(), needsReusable, conversation }: LedgerOptions = {},
): Promise<{ value: T; recordIds: number[] }> {
  return db.transaction('rw', [db.meta, db.ledgers, db.settings, db.attributes, db.releases, db.memory], async () => {
    // Read together: each request is a round trip to the browser's storage, and they do not depend on
    // each other (the ledger's rows on the period only).
    const [{ period }, settings, revision, { memory, contentRevision: memoryRevision }, conversationReleases] = await Promise.all([
      readBudgetMeta(db),
      readSettings(db),
      readRevision(db),
      readMemoryWithRevisions(db),
      conversation ? db.releases.where('[site+conversation]').equals([conversation.site, conversation.conversation]).sortBy('id') : [],
    ]);
    const rows = new Map((await readLedgerRows(db, period)).map((r) => [r.key, r]));
    const ledger = PrivacyLedger.fromState(
      withMemoryCaps(toState([...rows.values()], epsilonToUnits(settings.attributeCap), epsilonToUnits(settings.totalCap)), memory.protected),
    );
    let attributes: CheckedAttribute[] | undefined;
    const readAttributes = async () => (attributes ??= await readAttributeRows(db));
    const reusable = needsReusable?.(ledger) ? await latestReleased(db, await readAttributes()) : new Map<string, Category>();
    const releases: Omit<StoredRelease, 'id' | 'period'>[] = [];
    const value = use(ledger, (release) => releases.push(release), { revision, period, reusable, memory, memoryRevision, conversationReleases });
    // A thenable (not `instanceof Promise`: Dexie swaps the global Promise inside its transactions).
    if (typeof (value as { then?: unknown } | null)?.then === 'function') {
      throw new Refusal('withPrivacyLedger: the callback must be synchronous');
    }

    const changed: StoredLedger[] = [];
    for (const [key, entry] of Object.entries(ledger.toState().attributes)) {
      const row = rows.get(key);
      if (row && row.spent === entry.spent && row.cap === entry.cap) continue;
      const memoryId = memoryIdOfKey(key);
      if (memoryId !== undefined) {
        const attribute = memory.protected.find((a) => a.id === memoryId);
        if (!attribute) throw new Refusal(`${key} is not a protected memory attribute: cannot keep its ledger`);
        changed.push({ period, key, namespace: 'memory', entity: '', field: attribute.name, spent: entry.spent, cap: entry.cap, updatedAt: now });
        continue;
      }
      const owner = row ?? (await readAttributes()).find((a) => attributeKey(a) === key);
      if (!owner) throw new Refusal(`${key} is not in the profile: cannot keep its ledger`);
      changed.push({ period, key, entity: owner.entity, field: owner.field, spent: entry.spent, cap: entry.cap, updatedAt: now });
    }
    // Written together too; either failing aborts the transaction (nothing charged, nothing recorded).
    const [, recordIds] = await Promise.all([
      db.ledgers.bulkPut(changed),
      releases.length > 0
        ? db.releases.bulkAdd(
            releases.map((r) => ({ ...r, period })),
            { allKeys: true },
          )
        : ([] as number[]),
    ]);
    return { value, recordIds };
  });
}

async function latestReleased(db: VeilDatabase, attributes: readonly CheckedAttribute[]): Promise<Map<string, Category>> {
  const changedAt = new Map(attributes.map((a) => [attributeKey(a), a.updatedAt]));
  const found = new Map<string, Category>();
  const recent = await db.releases.orderBy('createdAt').reverse().limit(REUSE_WINDOW).toArray();
  for (const release of recent) {
    for (const a of release.attributes) {
      const key = attributeKey(a);
      const since = changedAt.get(key);
      if (a.code === undefined || since === undefined || found.has(key) || release.createdAt < since) continue;
      found.set(key, { code: a.code, label: a.value });
    }
    if (found.size === changedAt.size) break;
  }
  return found;
}

function toState(rows: readonly StoredLedger[], attributeCap: number, totalCap: number): LedgerState {
  const attributes: LedgerState['attributes'] = {};
  let spent = 0;
  for (const row of rows) {
    attributes[row.key] = { spent: row.spent, cap: row.cap };
    spent += row.spent;
  }
  return { version: 1, attributeCap, total: { spent, cap: totalCap }, attributes };
}
