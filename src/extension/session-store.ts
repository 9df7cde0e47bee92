/**
 * A `SessionStore` over `storage.session`: kept for this browser session only, in memory, never on disk,
 * and out of content scripts' reach (Chrome's default access level). Chrome may stop the service worker
 * while a person reads the review panel; the review survives it here.
 *
 * Reads come from this worker's own copy (loaded from `storage.session` at the first use after the worker
 * started): only the background writes these records, so its copy is what the area holds, and a review
 * reads its record several times per send (each `storage.session` read is a round trip to the browser,
 * and `get(null)` copies every session record). Every write goes to the area before it is acknowledged.
 */
import { browser } from 'wxt/browser';
import { memoryStore, type SessionStore } from './framed-session';

export function sessionStore<T extends { id: string }>(prefix: string): SessionStore<T> {
  const area = (browser.storage as { session?: typeof browser.storage.local }).session;
  if (!area) return memoryStore<T>();
  const key = (id: string) => `${prefix}:${id}`;
  let copy: Promise<Map<string, T>> | undefined;
  const records = () =>
    (copy ??= area.get(null).then(
      (all) =>
        new Map(
          Object.entries(all)
            .filter(([k]) => k.startsWith(`${prefix}:`))
            .map(([, v]) => [(v as T).id, v as T]),
        ),
      (error: unknown) => {
        copy = undefined;
        throw error;
      },
    ));
  return {
    // Copies in and out, as the area gives: a caller changing a record it read changes nothing stored.
    get: async (id) => {
      const record = (await records()).get(id);
      return record === undefined ? undefined : structuredClone(record);
    },
    put: async (record) => {
      const map = await records();
      map.set(record.id, structuredClone(record));
      try {
        await area.set({ [key(record.id)]: record });
      } catch (error) {
        // Not stored: forget the copy, so the next read is what the area really holds.
        copy = undefined;
        throw error;
      }
    },
    remove: async (id) => {
      (await records()).delete(id);
      try {
        await area.remove(key(id));
      } catch (error) {
        copy = undefined;
        throw error;
      }
    },
    all: async () => [...(await records()).values()].map((r) => structuredClone(r)),
  };
}
