/**
 * Veil's IndexedDB database (Dexie), in the extension's own origin: web pages cannot open it.
 *
 * ```ts
 * const db = openVeilDatabase();           // 'veil' in the extension; any name in tests
 * const profile = await readProfile(db);   // see profile-store.ts
 * ```
 */
import { Dexie, type Table } from 'dexie';
import type {
  StoredAttribute,
  StoredCandidateEmbeddings,
  StoredCodebook,
  StoredLedger,
  StoredMemory,
  StoredMeta,
  StoredModelFile,
  StoredRelease,
  StoredSettings,
} from './rows';
import { SCHEMA_HISTORY, type SchemaVersion } from './schema';

export const DATABASE_NAME = 'veil';

export class VeilDatabase extends Dexie {
  declare attributes: Table<StoredAttribute, [string, string]>;
  declare settings: Table<StoredSettings, 'current'>;
  declare meta: Table<StoredMeta, StoredMeta['id']>;
  declare ledgers: Table<StoredLedger, [number, string]>;
  declare releases: Table<StoredRelease, number>;
  declare modelFiles: Table<StoredModelFile, [string, string]>;
  declare candidateEmbeddings: Table<StoredCandidateEmbeddings, string>;
  declare codebooks: Table<StoredCodebook, [string, string]>;
  declare memory: Table<StoredMemory, 'current'>;

  /** `history` defaults to every version; tests pass a prefix to create an old layout. */
  constructor(name: string = DATABASE_NAME, history: readonly SchemaVersion[] = SCHEMA_HISTORY) {
    super(name);
    for (const v of history) {
      const version = this.version(v.version).stores(v.stores);
      if (v.upgrade) version.upgrade(v.upgrade);
    }
  }
}

export function openVeilDatabase(name: string = DATABASE_NAME): VeilDatabase {
  return new VeilDatabase(name);
}
