/**
 * Chat sites and tabs, the background's side: whether Veil is on for a sender's site, what each tab's content
 * script last reported (and the toolbar badge that shows it), and the generic sites the person switched on
 * and pointed at (src/sites/generic.ts, ./generic-sites.ts for the browser's part).
 */
import type { SiteStatus, TabProblem, TabState } from '../messaging/contract';
import type { HandlerContext } from '../messaging/dispatch';
import { genericOrigin, siteLabel, type GenericSite } from '../sites/generic';
import { siteOfUrl, type Site } from '../sites/index';
import type { VeilDatabase } from '../storage/db';
import { Refusal } from '../storage/errors';
import { readSettings, setGenericSites } from '../storage/settings-store';
import type { SessionStore } from './framed-session';
import type { GenericSiteHost } from './generic-sites';

/** What a tab's content script last reported. */
export interface TabReport {
  /** The tab id, as a string. */
  id: string;
  /** A registry site's id, or a generic site's origin. */
  site: string;
  composerFound: boolean;
  layout?: string | null;
  problem?: TabProblem | null;
}

export interface SiteDeps {
  db: VeilDatabase;
  tabs: SessionStore<TabReport>;
  generic: GenericSiteHost;
  /** Show on the toolbar whether Veil acts on a tab. */
  badge: (tabId: number, state: 'on' | 'broken' | 'off') => Promise<void>;
}

export function createSiteService({ db, tabs, generic, badge }: SiteDeps) {
  /** The sender's site, from the URL the browser reported, and whether Veil is turned on for it. */
  const status = async (url: string): Promise<SiteStatus> => {
    const settings = await readSettings(db);
    const site = siteOfUrl(url);
    if (site !== null) return { site, enabled: settings.sites.includes(site) };
    const origin = genericOrigin(url);
    const switchedOn = origin !== null && settings.genericSites.some((g) => g.origin === origin);
    return { site: switchedOn ? origin : null, enabled: switchedOn };
  };

  /** The generic site a content script runs on, from its URL; refused when the person has not switched it on. */
  const senderGenericSite = async ({ url }: HandlerContext): Promise<GenericSite> => {
    const origin = genericOrigin(url);
    const site = (await readSettings(db)).genericSites.find((g) => g.origin === origin);
    if (!site) throw new Refusal('Veil is not turned on for this site');
    return site;
  };

  /** Store the generic sites, then make the browser's registration match them. */
  const saveGenericSites = async (genericSites: GenericSite[]): Promise<GenericSite[]> => {
    const saved = (await setGenericSites(db, genericSites)).genericSites;
    await generic.register(saved.map((g) => g.origin));
    return saved;
  };

  return {
    status,
    senderGenericSite,

    /** The site a review or compose is for: a content script's from its URL (no request names one), 'veil' for Veil's own pages. */
    async releaseSite({ kind, url }: HandlerContext): Promise<string> {
      if (kind !== 'content') return 'veil';
      const { site, enabled } = await status(url);
      if (site === null || !enabled) throw new Refusal('Veil is not turned on for this site');
      return site;
    },

    async report(
      { composerFound, layout, problem }: Pick<TabReport, 'composerFound' | 'layout' | 'problem'>,
      context: HandlerContext,
    ): Promise<{ recorded: true }> {
      const { site, enabled } = await status(context.url);
      if (site === null || context.tabId === undefined) throw new Refusal('only a content script on a chat site reports on its tab');
      await tabs.put({ id: String(context.tabId), site, composerFound, layout: layout ?? null, problem: problem ?? null });
      await badge(context.tabId, !enabled ? 'off' : composerFound && !problem ? 'on' : 'broken');
      return { recorded: true as const };
    },

    async tabState(tabId: number): Promise<TabState> {
      const report = await tabs.get(String(tabId));
      const settings = await readSettings(db);
      const isGeneric = report !== undefined && siteOfUrl(report.site) === null && genericOrigin(report.site) === report.site;
      const enabled = report ? (isGeneric ? settings.genericSites.some((g) => g.origin === report.site) : settings.sites.includes(report.site as Site)) : false;
      return {
        site: report?.site ?? null,
        generic: isGeneric,
        siteLabel: report ? siteLabel(report.site) : null,
        enabled,
        active: report !== undefined,
        composerFound: report?.composerFound ?? false,
        layout: report?.layout ?? null,
        problem: report?.problem ?? null,
      };
    },

    async add(origin: string, tabId?: number): Promise<GenericSite[]> {
      if (genericOrigin(origin) !== origin) throw new Refusal(`Veil cannot be switched on for ${origin}: only an http(s) site outside its list of chat sites`);
      if (!(await generic.granted(origin))) throw new Refusal(`the browser has not allowed Veil on ${new URL(origin).host}, so it was not switched on there`);
      const current = (await readSettings(db)).genericSites;
      // Switching on a site that is on already keeps what was pointed at there (and registers it again).
      const saved = await saveGenericSites(current.some((g) => g.origin === origin) ? current : [...current, { origin, composer: null, sendButton: null }]);
      // Start at once in the tab the person is looking at (a registered script runs only on the next load).
      if (tabId !== undefined) await generic.inject(tabId);
      return saved;
    },

    async remove(origin: string): Promise<GenericSite[]> {
      const current = (await readSettings(db)).genericSites;
      const saved = await saveGenericSites(current.filter((g) => g.origin !== origin));
      // The browser refuses to take back a permission the manifest requires (the test build's fixture
      // origin); the site is off either way.
      if (genericOrigin(origin) === origin) await generic.revoke(origin).catch(() => undefined);
      return saved;
    },

    async repick(tabId: number): Promise<{ asked: true }> {
      const report = await tabs.get(String(tabId));
      if (!report || genericOrigin(report.site) !== report.site) throw new Refusal('Veil does not run with a pointed-at message box on this tab');
      await generic.pickIn(tabId);
      return { asked: true as const };
    },

    async pick(picked: Pick<GenericSite, 'composer' | 'sendButton'>, context: HandlerContext): Promise<GenericSite> {
      const site = await senderGenericSite(context);
      const updated = { ...site, composer: picked.composer, sendButton: picked.sendButton };
      const current = (await readSettings(db)).genericSites;
      await saveGenericSites(current.map((g) => (g.origin === site.origin ? updated : g)));
      return updated;
    },
  };
}
