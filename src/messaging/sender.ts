/**
 * Who sent a message, decided from what the browser reports about the sender (never from the message).
 *
 * - Another extension, or anything without our id: refused.
 * - A URL inside our own origin (chrome-extension://<id>/ or moz-extension://<uuid>/): one of our pages.
 * - A tab's http(s) URL: one of our content scripts (only content scripts of this extension can reach
 *   `runtime.onMessage`; web pages cannot, as Veil declares no `externally_connectable`).
 * - Anything else (no URL, a file: or data: URL, an unknown scheme): refused.
 */
import type { SenderKind } from './contract';

/** The fields of `runtime.MessageSender` that the check reads. */
export interface SenderInfo {
  id?: string;
  url?: string;
  tab?: { id?: number };
}

export interface Self {
  /** `runtime.id`. */
  id: string;
  /** `runtime.getURL('/')`, e.g. `chrome-extension://abc…/`. */
  origin: string;
}

export function classifySender(sender: SenderInfo, self: Self): SenderKind | null {
  if (sender.id !== self.id || !sender.url) return null;
  if (sender.url.startsWith(self.origin)) return 'page';
  if (!sender.tab) return null;
  const protocol = protocolOf(sender.url);
  return protocol === 'https:' || protocol === 'http:' ? 'content' : null;
}

function protocolOf(url: string): string | null {
  try {
    return new URL(url).protocol;
  } catch {
    return null;
  }
}

export function describeSender(kind: SenderKind | null): string {
  if (kind === 'page') return "one of Veil's pages";
  if (kind === 'content') return 'a content script';
  return 'an unknown sender';
}
