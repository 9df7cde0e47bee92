/**
 * The generic adapter: Veil on a site that is not in the registry, switched on by the person for that one
 * origin (the popup asks the browser for its host permission at that moment). There is nothing to know
 * ahead about such a site, so the person points at its message box once ("pick mode",
 * src/content/pick.ts) and Veil keeps a CSS selector for it, and for the send button when they point at
 * one too.
 *
 * ```ts
 * genericOrigin('https://chat.example.org/c/12');   // 'https://chat.example.org'
 * genericOrigin('https://chatgpt.com/');            // null: a registry site has its own adapter
 * genericAdapter({ origin: 'https://chat.example.org', composer: '#prompt', sendButton: null }).label;
 * // 'chat.example.org'
 * ```
 */
import { z } from 'zod';
import type { SiteAdapter } from './adapter';
import { ADAPTERS, parseUrl, siteOfUrl } from './index';

/** A CSS selector Veil stored for a site: short, printable, no newlines. */
const selector = z
  .string()
  .min(1)
  .max(500)
  .regex(/^[^\n\r\0]*$/);

export const genericSiteSchema = z.strictObject({
  /** `https://host[:port]`: the one origin Veil was allowed on. */
  origin: z.string().refine((o) => genericOrigin(o) === o, 'must be an http(s) origin outside the registry'),
  /** The message box the person pointed at; null until they have. */
  composer: selector.nullable(),
  /** The send button they pointed at; null: the form's submit button, else Enter. */
  sendButton: selector.nullable(),
});
export type GenericSite = z.infer<typeof genericSiteSchema>;

/** The origin of an http(s) URL Veil can be switched on for with the generic adapter, or null. */
export function genericOrigin(url: string | undefined): string | null {
  const parsed = parseUrl(url);
  if (!parsed) return null;
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password || siteOfUrl(parsed.origin + '/') !== null) return null;
  return parsed.origin;
}

/** What the generic adapter can write into and read back (src/content/editor-text.ts). */
export function isComposerElement(element: Element | null): element is HTMLElement {
  if (!element) return false;
  const win = element.ownerDocument.defaultView;
  if (!win) return false;
  if (element instanceof win.HTMLTextAreaElement) return !element.disabled && !element.readOnly;
  return element instanceof win.HTMLElement && element.isContentEditable && element.parentElement?.isContentEditable !== true;
}

/** The adapter for a generic site; given a function, it follows the site's stored selectors as they change. */
export function genericAdapter(site: GenericSite | (() => GenericSite)): SiteAdapter {
  const now = typeof site === 'function' ? site : () => site;
  const { origin } = now();
  const url = new URL(origin);
  const composer = (doc: Document): HTMLElement | null => {
    const selector = now().composer;
    if (selector === null) return null;
    const found = doc.querySelector(selector);
    return isComposerElement(found) ? found : null;
  };
  return {
    id: origin,
    label: url.host,
    hosts: [url.hostname],
    protocol: url.protocol as 'https:' | 'http:',
    findComposer: composer,
    findSendButton: (doc) => {
      const selector = now().sendButton;
      if (selector !== null) return doc.querySelector<HTMLElement>(selector);
      return composer(doc)?.closest('form')?.querySelector<HTMLElement>('button[type="submit"], input[type="submit"], button:not([type])') ?? null;
    },
    // Chat boxes send on Enter almost everywhere (Shift+Enter is never caught, for a new line).
    enterSends: () => true,
    // Nothing is known of the site's URLs: each page (path and query) is one conversation.
    conversation: (page) => (page.pathname === '/' && !page.search ? null : page.pathname + page.search),
    get relies() {
      const { composer: box, sendButton } = now();
      return box === null
        ? 'nothing yet: point at the message box on the page'
        : `the message box you pointed at (${box})${sendButton ? ` and the send button (${sendButton})` : ''}`;
    },
  };
}

/** A site's name for a person: the registry's label, or a generic site's host. */
export function siteLabel(site: string): string {
  const known = ADAPTERS.find((a) => a.id === site);
  return known ? known.label : new URL(site).host;
}
