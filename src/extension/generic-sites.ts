/**
 * The browser's side of generic sites (src/sites/generic.ts): host permissions the person granted, and
 * the generic content script registered for exactly those origins. The handlers keep settings and these
 * in step (`site.add`, `site.remove`, and `sync` when the background starts).
 */
import { toContent } from './to-content';

export interface GenericSiteHost {
  /** Whether the browser grants Veil this origin now. */
  granted(origin: string): Promise<boolean>;
  /** Register the generic content script for exactly these origins (and no others). */
  register(origins: string[]): Promise<void>;
  /** Start the generic content script in a tab that is already open. */
  inject(tabId: number): Promise<void>;
  /** Give the origin's host permission back to the browser. */
  revoke(origin: string): Promise<void>;
  /** Ask the generic content script in a tab to start pick mode. */
  pickIn(tabId: number): Promise<void>;
}

const SCRIPT_ID = 'veil-generic';
const SCRIPT_FILE = '/content-scripts/generic.js';

/** The real browser (Chrome MV3 and Firefox MV2 both have `scripting` and `permissions`). */
export function browserGenericSites(): GenericSiteHost {
  return {
    granted: (origin) => browser.permissions.contains({ origins: [`${origin}/*`] }),
    async register(origins) {
      const existing = await browser.scripting.getRegisteredContentScripts({ ids: [SCRIPT_ID] });
      if (existing.length > 0) await browser.scripting.unregisterContentScripts({ ids: [SCRIPT_ID] });
      if (origins.length === 0) return;
      await browser.scripting.registerContentScripts([
        { id: SCRIPT_ID, js: [SCRIPT_FILE], matches: origins.map((o) => `${o}/*`), runAt: 'document_start', allFrames: false, persistAcrossSessions: true },
      ]);
    },
    async inject(tabId) {
      await browser.scripting.executeScript({ target: { tabId }, files: [SCRIPT_FILE] });
    },
    async revoke(origin) {
      await browser.permissions.remove({ origins: [`${origin}/*`] });
    },
    async pickIn(tabId) {
      const reply = await toContent(tabId, 0, { veilPick: true });
      if (!reply.ok) throw new Error(reply.error);
    },
  };
}

/** For tests and Node: remembers what it was asked, grants what `grants` holds. */
export function memoryGenericSites(grants: Set<string> = new Set()): GenericSiteHost & { registered: string[]; injected: number[]; picks: number[] } {
  const host = {
    registered: [] as string[],
    injected: [] as number[],
    picks: [] as number[],
    granted: async (origin: string) => grants.has(origin),
    register: async (origins: string[]) => void (host.registered = [...origins]),
    inject: async (tabId: number) => void host.injected.push(tabId),
    revoke: async (origin: string) => void grants.delete(origin),
    pickIn: async (tabId: number) => void host.picks.push(tabId),
  };
  return host;
}
