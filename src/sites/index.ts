/**
 * THE list of sites Veil works on. Site ids (settings), the URL → site mapping the background trusts, the
 * host permissions and the content script's matches are all derived from it.
 *
 * ```ts
 * siteOfUrl('https://claude.ai/new');   // 'claude'
 * adapterFor('gemini').label;           // 'Gemini'
 * SITE_MATCHES;                         // ['https://chatgpt.com/*', …] (and 'http://localhost/*', … in a demo build)
 * ```
 *
 * The local Demo Chat page (http://localhost, http://127.0.0.1, any port) is a site only in a demo build
 * (`npm start`, `npm run build:demo`, the end-to-end test build: `import.meta.env.VEIL_DEMO`). The build a
 * person installs leaves every local page alone: developers run their own apps there (issue 30). Node (the
 * command line, unit tests) has no build flags and knows every site.
 */
import type { SiteAdapter } from './adapter';
import { chatgpt } from './chatgpt';
import { claude } from './claude';
import { demo } from './demo';
import { gemini } from './gemini';

export const ADAPTERS = [chatgpt, claude, gemini, demo] as const;

export type Site = (typeof ADAPTERS)[number]['id'];
/** Every site id settings may name (a demo build's settings stay valid in any build). */
export const SITES = ADAPTERS.map((a) => a.id) as unknown as readonly [Site, ...Site[]];

/** Whether this build acts on the local Demo Chat page (see above). */
export const DEMO_BUILD: boolean = typeof import.meta.env === 'undefined' || import.meta.env.VEIL_DEMO !== false;

/** The sites this build acts on. */
export const ACTIVE_ADAPTERS: readonly SiteAdapter<Site>[] = ADAPTERS.filter((a) => DEMO_BUILD || a.id !== 'demo');
export const ACTIVE_SITES: readonly Site[] = ACTIVE_ADAPTERS.map((a) => a.id);

/** Match patterns of the sites a build acts on (host permissions, content scripts). */
export function siteMatches({ demo: withDemo }: { demo: boolean }): string[] {
  return ADAPTERS.filter((a) => withDemo || a.id !== 'demo').flatMap((a) => a.hosts.map((host) => `${a.protocol}//${host}/*`));
}

/** Match patterns of the sites this build acts on. */
export const SITE_MATCHES: string[] = siteMatches({ demo: DEMO_BUILD });

export function adapterFor(site: Site): SiteAdapter<Site> {
  return ADAPTERS.find((a) => a.id === site)!;
}

/** Which site a URL belongs to (exact host and protocol), or null. */
export function siteOfUrl(url: string | undefined): Site | null {
  const parsed = parseUrl(url);
  if (!parsed) return null;
  return ACTIVE_ADAPTERS.find((a) => a.protocol === parsed.protocol && a.hosts.includes(parsed.hostname))?.id ?? null;
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
