/**
 * THE list of sites Veil works on. Site ids (settings), the URL → site mapping the background trusts, the
 * host permissions and the content script's matches are all derived from it.
 *
 * ```ts
 * siteOfUrl('https://claude.ai/new');   // 'claude'
 * adapterFor('gemini').label;           // 'Gemini'
 * SITE_MATCHES;                         // ['https://chatgpt.com/*', …, 'http://localhost/*', …]
 * ```
 */
import type { SiteAdapter } from './adapter';
import { chatgpt } from './chatgpt';
import { claude } from './claude';
import { demo } from './demo';
import { gemini } from './gemini';

export const ADAPTERS = [chatgpt, claude, gemini, demo] as const;

export type Site = (typeof ADAPTERS)[number]['id'];
export const SITES = ADAPTERS.map((a) => a.id) as unknown as readonly [Site, ...Site[]];

/** Match patterns of every site (host permissions, content scripts, the review panel's frame hosts). */
export const SITE_MATCHES: string[] = ADAPTERS.flatMap((a) => a.hosts.map((host) => `${a.protocol}//${host}/*`));

export function adapterFor(site: Site): SiteAdapter<Site> {
  return ADAPTERS.find((a) => a.id === site)!;
}

/** Which site a URL belongs to (exact host and protocol), or null. */
export function siteOfUrl(url: string | undefined): Site | null {
  const parsed = parseUrl(url);
  if (!parsed) return null;
  return ADAPTERS.find((a) => a.protocol === parsed.protocol && a.hosts.includes(parsed.hostname))?.id ?? null;
}

/** `url` parsed, or null when it is absent or not a URL. */
export function parseUrl(url: string | undefined): URL | null {
  if (!url) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
