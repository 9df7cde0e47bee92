/** A refusal a person should read (a duplicate attribute, a cap raised without confirmation, …). */
export class Refusal extends Error {
  override name = 'Refusal';
}

/**
 * What a person reads when the browser refuses a write because the disk or the origin's quota is full.
 * Every write of the stores runs in one transaction, so a refused write saved nothing.
 */
export const STORAGE_FULL =
  "Veil's storage is full; nothing was saved. Free some disk space on this device (or clear data of sites you no longer need in the browser's settings), then try again";

/**
 * True for IndexedDB's QuotaExceededError, as the browser raises it (a DOMException) or as Dexie wraps it
 * (`Dexie.QuotaExceededError`, the browser's error in `inner`), also when it aborted a transaction.
 */
export function isStorageFull(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ((e as { name?: unknown }).name === 'QuotaExceededError') return true;
    e = (e as { inner?: unknown }).inner;
  }
  return false;
}

/** An error's text for the person: storage-full gets its plain explanation, anything else its own message. */
export function errorMessageForPerson(error: unknown): string {
  if (isStorageFull(error)) return STORAGE_FULL;
  return error instanceof Error ? error.message : String(error);
}
