/**
 * A `SessionStore` over `storage.session`: kept for this browser session only, in memory, never on disk,
 * and out of content scripts' reach (Chrome's default access level). Chrome may stop the service worker
 * while a person reads the review panel; the review survives it here.
 */
import { browser } from 'wxt/browser';
import { memoryStore, type SessionStore } from './review-service';

export function sessionStore<T extends { id: string }>(prefix: string): SessionStore<T> {
  const area = (browser.storage as { session?: typeof browser.storage.local }).session;
  if (!area) return memoryStore<T>();
  const key = (id: string) => `${prefix}:${id}`;
  return {
    get: async (id) => ((await area.get(key(id)))[key(id)] as T | undefined) ?? undefined,
    put: async (record) => area.set({ [key(record.id)]: record }),
    remove: async (id) => area.remove(key(id)),
    all: async () =>
      Object.entries(await area.get(null))
        .filter(([k]) => k.startsWith(`${prefix}:`))
        .map(([, v]) => v as T),
  };
}
