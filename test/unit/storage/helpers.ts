import { VeilDatabase } from '../../../src/storage/db';

/** A fresh database in fake-indexeddb with a unique name, so tests never share state. */
export function freshDatabase(): VeilDatabase {
  return new VeilDatabase(`veil-test-${crypto.randomUUID()}`);
}
