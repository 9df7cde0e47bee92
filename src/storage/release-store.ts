/**
 * The release history, newest first. Rows are written by the release flow (later issues); what a row may
 * hold is fixed by `StoredRelease`: released (public) values only, never a withheld original.
 */
import type { VeilDatabase } from './db';
import type { StoredRelease } from './rows';

export async function listReleases(db: VeilDatabase, limit = 100): Promise<StoredRelease[]> {
  return db.releases.orderBy('createdAt').reverse().limit(limit).toArray();
}
