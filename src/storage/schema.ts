/**
 * Every version of Veil's IndexedDB layout, oldest first, with the upgrade that carries data forward.
 * A version is never edited once released: a change is a new entry here, a frozen example of the old
 * layout in test/fixtures/stored/, and a test that migrates that example forward.
 *
 * - v1: the profile (attributes + instruction) and settings.
 * - v2: per-attribute privacy ledgers per budget period, and the release history. The upgrade opens
 *   budget period 1 and gives every withheld attribute a ledger with nothing spent and the default cap.
 * - v3: same tables. Entity and field names may no longer contain "." (ledger keys `entity.field` could
 *   collide); the upgrade renames stored names, dots becoming spaces, with their ledgers and release
 *   charges (undot-names.ts).
 * - v4: releases made by the release service: a `[site+conversation]` index (reuse within a conversation),
 *   and each release row says where it was made, for which conversation and at which revision; rows from
 *   before get `site: ''`, `conversation: ''` (never reused) and `revision: 0`. Two new tables for an
 *   embedding model the person downloads: its files (`modelFiles`) and the candidate embeddings computed
 *   for it on the device (`candidateEmbeddings`).
 * - v5: CROSS-MAP codebooks, one per conversation (`codebooks`, key `[site+conversation]`): the theme, the
 *   number shifts and every (original, substitute) pair. No upgrade: no conversation had one before.
 * - v6: DP-MemView (issue 11). `memory`, one row `current`: the memories, protected attributes and the
 *   person's own views (src/memview/types.ts). Ledger rows may now also belong to a memory attribute
 *   (`namespace: 'memory'`, key `memory:<id>`), and a release row may carry the views it sent (`views`).
 *   No upgrade: nobody had memories before, and older ledger and release rows are valid as they are.
 */
import type { Transaction } from 'dexie';
import type { StoredAttribute, StoredBudgetMeta, StoredLedger } from './rows';
import { undotStoredNames } from './undot-names';

export interface SchemaVersion {
  version: number;
  /** Dexie store declarations; `null` deletes a table. */
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void>;
}

export const SCHEMA_HISTORY: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      attributes: '[entity+field], position',
      settings: 'id',
      meta: 'id',
    },
  },
  {
    version: 2,
    stores: {
      ledgers: '[period+key], period',
      releases: '++id, createdAt, period',
    },
    upgrade: async (tx) => {
      const now = Date.now();
      const budget: StoredBudgetMeta = { id: 'budget', period: 1, startedAt: now };
      await tx.table('meta').put(budget);
      const withheld = (await tx.table<StoredAttribute>('attributes').toArray()).filter((a) => a.sharing === 'withheld');
      const ledgers: StoredLedger[] = withheld.map((a) => ({
        period: 1,
        key: `${a.entity}.${a.field}`, // frozen: the ledger key as v2 wrote it
        entity: a.entity,
        field: a.field,
        spent: 0,
        cap: null,
        updatedAt: now,
      }));
      await tx.table('ledgers').bulkPut(ledgers);
    },
  },
  {
    version: 3,
    stores: {},
    upgrade: undotStoredNames,
  },
  {
    version: 4,
    stores: {
      releases: '++id, createdAt, period, [site+conversation]',
      modelFiles: '[modelId+file], modelId',
      candidateEmbeddings: 'modelId',
    },
    upgrade: async (tx) => {
      await tx
        .table('releases')
        .toCollection()
        .modify((row: Record<string, unknown>) => {
          row.site ??= '';
          row.conversation ??= '';
          row.revision ??= 0;
        });
    },
  },
  {
    version: 5,
    stores: {
      codebooks: '[site+conversation], updatedAt',
    },
  },
  {
    version: 6,
    stores: {
      memory: 'id',
    },
  },
];

export const CURRENT_SCHEMA_VERSION = SCHEMA_HISTORY[SCHEMA_HISTORY.length - 1]!.version;
