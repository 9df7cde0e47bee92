/**
 * THE message contract: every message between Veil's contexts, its request schema (checked at the
 * boundary, in the background), its response type, and which senders may send it.
 *
 * Senders: `page` = the extension's own pages (popup, options) when no other site frames them; `content` =
 * Veil's content scripts on a chat site; `framed` = one of our pages inside another site's page, which may
 * send nothing (sender.ts). A message a content script may not send (anything that reads or changes the profile) is refused
 * even if it arrives with our extension id: a content script runs next to a page we do not trust.
 *
 * ```ts
 * const profile = await send('profile.get', {});
 * await send('profile.putAttribute', { attribute: { entity: 'self', field: 'age', value: '41', sharing: 'withheld' } });
 * ```
 */
import { z } from 'zod';
import { attributeSchema, type Profile } from '../core/profile';
import { settingsSchema, type Settings, type Site } from '../core/settings';
import type { BudgetOverview } from '../storage/budget-store';
import type { StoredRelease } from '../storage/rows';

export type SenderKind = 'page' | 'content' | 'framed';

interface MessageSpec<Req extends z.ZodType, Res> {
  request: Req;
  senders: readonly SenderKind[];
  /** Type-level only: the response type. */
  response?: Res;
}

function message<Res>() {
  return <Req extends z.ZodType>(request: Req, senders: readonly SenderKind[]): MessageSpec<Req, Res> => ({ request, senders });
}

const attributeId = z.strictObject({ entity: z.string(), field: z.string() });
/** ε in units of 2^-20 (src/core/epsilon.ts). */
const units = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const none = z.strictObject({});
const PAGES = ['page'] as const;

/** An exported profile file: the text to save and a suggested file name. */
export interface ExportedProfile {
  filename: string;
  text: string;
}

export interface SiteStatus {
  site: Site | null;
  enabled: boolean;
}

export const contract = {
  'profile.get': message<Profile>()(none, PAGES),
  'profile.putAttribute': message<Profile>()(
    z
      .strictObject({
        attribute: attributeSchema,
        previous: attributeId.optional(),
        /** Where a new attribute goes in profile order (undo of a removal); last when absent. */
        index: z.number().int().min(0).max(500).optional(),
      })
      .refine((r) => r.previous === undefined || r.index === undefined, 'index is only for a new attribute'),
    PAGES,
  ),
  'profile.removeAttribute': message<Profile>()(attributeId, PAGES),
  /** The file's text; parsed and validated in the background, the stored profile replaced only if valid. */
  'profile.import': message<Profile>()(z.strictObject({ text: z.string().max(2_000_000, 'file is larger than 2 MB') }), PAGES),
  'profile.export': message<ExportedProfile>()(none, PAGES),
  'settings.get': message<Settings>()(none, PAGES),
  'settings.update': message<Settings>()(
    z.strictObject({ patch: settingsSchema.partial(), confirmed: z.boolean().optional() }),
    PAGES,
  ),
  'budget.get': message<BudgetOverview>()(none, PAGES),
  'budget.setCap': message<BudgetOverview>()(
    z.strictObject({ key: z.string().min(1), cap: units.nullable(), confirmed: z.boolean() }),
    PAGES,
  ),
  'budget.newPeriod': message<BudgetOverview>()(
    z.strictObject({ confirmed: z.literal(true, { error: 'needs your confirmation' }) }),
    PAGES,
  ),
  'releases.list': message<StoredRelease[]>()(z.strictObject({ limit: z.number().int().min(1).max(1000).optional() }), PAGES),
  /** Is Veil on for the sender's site? The site comes from the sender's URL, not from the request. */
  'site.status': message<SiteStatus>()(none, ['page', 'content']),
} as const;

export type Contract = typeof contract;
export type MessageName = keyof Contract;
export type RequestOf<K extends MessageName> = z.input<Contract[K]['request']>;
export type ParsedRequestOf<K extends MessageName> = z.output<Contract[K]['request']>;
export type ResponseOf<K extends MessageName> = NonNullable<Contract[K]['response']>;

export const MESSAGE_NAMES = Object.keys(contract) as MessageName[];

export function isMessageName(name: unknown): name is MessageName {
  return typeof name === 'string' && Object.hasOwn(contract, name);
}

/** What travels: `{ type, request }` one way, a `Reply` back. */
export interface Envelope<K extends MessageName = MessageName> {
  type: K;
  request: RequestOf<K>;
}

export type Reply<T = unknown> = { ok: true; value: T } | { ok: false; error: string };
