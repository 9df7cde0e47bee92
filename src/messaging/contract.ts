/**
 * THE message contract: every message between Veil's contexts, its request schema (checked at the
 * boundary, in the background), its response type, and which senders may send it.
 *
 * Senders: `page` = the extension's own pages (popup, options) when no other site frames them; `content` =
 * Veil's content scripts on a chat site; `offscreen` = the offscreen document that hosts the model (Chrome),
 * which needs no message of this contract and may send none; `framed` = one of our pages inside another
 * site's page, which may send only the review panel's messages, and needs the review's one-time token (sender.ts). A message a content script may not send (anything that
 * reads or changes the profile) is refused even if it arrives with our extension id: a content script runs
 * next to a page we do not trust.
 *
 * The contract carries its own data types (core views and the types of ./messages/), never storage rows, so
 * a change of the stored layout is not a change of the protocol. Its messages are written by feature area in
 * ./messages/ (profile and releases, models, review and compose, sites) and joined here in one map. The other
 * directions are typed and checked the same way: the background's commands to content scripts in
 * ./to-content.ts, the service worker's calls of the model host in src/model-host/protocol.ts.
 *
 * ```ts
 * const profile = await send('profile.get', {});
 * await send('profile.putAttribute', { attribute: { entity: 'self', field: 'age', value: '41', sharing: 'withheld' } });
 * ```
 */
import { z } from 'zod';
import { modelMessages } from './messages/model';
import { profileMessages } from './messages/profile';
import { reviewMessages } from './messages/review';
import { siteMessages } from './messages/sites';

export type { SenderKind } from './messages/spec';
export type * from './messages/profile';
export type * from './messages/model';
export type * from './messages/review';
export type * from './messages/sites';

/** Every message, by feature area (./messages/), in one map. */
export const contract = { ...profileMessages, ...modelMessages, ...reviewMessages, ...siteMessages } as const;
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
