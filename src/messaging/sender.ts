/**
 * Who sent a message, decided from what the browser reports about the sender (never from the message).
 *
 * - Another extension, or anything without our id: refused.
 * - The offscreen document that hosts the model (Chrome; `offscreen.html` with no tab) is `offscreen`: it
 *   runs the model on public descriptions and the values the background hands it, and needs no message of
 *   the contract, so it gets none of a page's rights.
 * - A URL inside our own origin (chrome-extension://<id>/ or moz-extension://<uuid>/) is one of our pages,
 *   but it counts as `page` (full rights) only when nothing else surrounds it: it has no tab (the popup, the
 *   background) or its tab's URL is on our origin too (options page in a tab, or our page framing our page).
 *   Framed inside someone else's page it is `framed`: that page chose to show it, and can overlay and
 *   clickjack it. The review panel is such a frame, so `framed` may send only the review messages, which
 *   find nothing without the one-time token Veil's content script posts to the panel (review-service.ts).
 *   A tab without a visible URL is treated the same way (fail closed).
 * - A tab's http(s) URL: one of our content scripts (only content scripts of this extension can reach
 *   `runtime.onMessage`; web pages cannot, as Veil declares no `externally_connectable`).
 * - Anything else (no URL, a file: or data: URL, an unknown scheme): refused.
 *
 * The same shapes come from Chrome (`chrome-extension://`) and Firefox (`moz-extension://`): `url` is the
 * sending frame's URL and `tab.url` the URL of the tab's top document.
 */
import type { SenderKind } from './contract';

/** The fields of `runtime.MessageSender` that the check reads. */
export interface SenderInfo {
  id?: string;
  url?: string;
  tab?: { id?: number; url?: string };
  /** The sending frame in its tab (0 = the top document). */
  frameId?: number;
}

/** The offscreen document's path (entrypoints/offscreen). */
export const OFFSCREEN_PATH = 'offscreen.html';

export interface Self {
  /** `runtime.id`. */
  id: string;
  /** `runtime.getURL('/')`, e.g. `chrome-extension://abc…/`. */
  origin: string;
}

export function classifySender(sender: SenderInfo, self: Self): SenderKind | null {
  if (sender.id !== self.id || !sender.url) return null;
  if (sender.url.startsWith(self.origin)) {
    if (!sender.tab && new URL(sender.url).pathname === `/${OFFSCREEN_PATH}`) return 'offscreen';
    if (!sender.tab || sender.tab.url?.startsWith(self.origin)) return 'page';
    return 'framed';
  }
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
  if (kind === 'framed') return "one of Veil's pages framed by another site";
  if (kind === 'content') return 'a content script';
  if (kind === 'offscreen') return "Veil's model host (offscreen document)";
  return 'an unknown sender';
}
