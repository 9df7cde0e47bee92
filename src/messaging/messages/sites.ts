/** Chat sites and tabs: whether Veil acts on a tab, and generic sites (../contract.ts). */
import { z } from 'zod';
import { genericSiteSchema, type GenericSite } from '../../sites/generic';
import { message, none, PAGES } from './spec';

export interface SiteStatus {
  /** A registry site's id, or the origin of a site switched on with the generic adapter. */
  site: string | null;
  enabled: boolean;
}

/** Whether Veil acts on a tab, from its content script's last report. */
export interface TabState {
  /** A registry site's id, or the origin of a site switched on with the generic adapter. */
  site: string | null;
  /** The site runs the generic adapter (the person pointed at its message box). */
  generic: boolean;
  siteLabel: string | null;
  /** The site is switched on in settings. */
  enabled: boolean;
  /** The content script is running there and reported in. */
  active: boolean;
  /** The adapter found the message box at its last check. */
  composerFound: boolean;
  /** Which of the site's layouts the page showed at its last check (the adapter's name for it), if known. */
  layout: string | null;
  /**
   * Part of the adapter no longer matches the page: a send had to be held (`held`), or the site sent a
   * message Veil did not review (`missed`). With a report for the person to copy (page markup, no text).
   */
  problem: TabProblem | null;
}

export interface TabProblem {
  kind: 'missed' | 'held';
  part: 'composer' | 'send button' | 'answers';
  diagnostic: string;
}

export const siteMessages = {
  /** A content script says which adapter runs on its page and whether it finds the message box. */
  'tab.report': message<{ recorded: true }>()(
    z.strictObject({
      composerFound: z.boolean(),
      layout: z.string().max(40).nullable().optional(),
      problem: z
        .strictObject({ kind: z.enum(['missed', 'held']), part: z.enum(['composer', 'send button', 'answers']), diagnostic: z.string().max(20_000) })
        .optional(),
    }),
    ['content'],
  ),
  /** The popup asks whether Veil acts on a tab. */
  'tab.state': message<TabState>()(z.strictObject({ tabId: z.number().int().min(0) }), PAGES),
  /** Is Veil on for the sender's site? The site comes from the sender's URL, not from the request. */
  'site.status': message<SiteStatus>()(none, ['page', 'content']),
  /**
   * Switch Veil on for a site outside the registry (the popup, once the browser granted its host
   * permission), and start it in that tab at once, which asks the person to point at the message box.
   */
  'site.add': message<GenericSite[]>()(z.strictObject({ origin: z.string().max(300), tabId: z.number().int().min(0).optional() }), PAGES),
  /** Switch a generic site off: forget its selectors, stop the content script, give the permission back. */
  'site.remove': message<GenericSite[]>()(z.strictObject({ origin: z.string().max(300) }), PAGES),
  /** Ask the content script in a tab to let the person point at the message box again. */
  'site.repick': message<{ asked: true }>()(z.strictObject({ tabId: z.number().int().min(0) }), PAGES),
  /** The generic content script asks for its site's stored selectors (the site is the sender's origin). */
  'site.generic': message<GenericSite>()(none, ['content']),
  /** The generic content script stores what the person pointed at, for the sender's origin. */
  'site.pick': message<GenericSite>()(z.strictObject({ composer: genericSiteSchema.shape.composer.unwrap(), sendButton: genericSiteSchema.shape.sendButton }), [
    'content',
  ]),
} as const;
