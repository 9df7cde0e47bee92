/**
 * The background's side of the contract: check the sender, validate the request, run the handler, and
 * turn every outcome into a `Reply`. Nothing reaches a handler unless its sender is allowed for that
 * message and its request parsed; a refusal is an error reply, never an action.
 *
 * ```ts
 * const dispatch = createDispatcher(createHandlers({ db }), { id: browser.runtime.id, origin: browser.runtime.getURL('/') });
 * await dispatch({ type: 'profile.get', request: {} }, sender);   // { ok: true, value: { version: 1, … } }
 * ```
 */
import type { z } from 'zod';
import { messageOf } from '../core/async-helpers';
import { firstIssue } from '../core/zod-issue';
import { contract, isMessageName, type MessageName, type ParsedRequestOf, type Reply, type ResponseOf, type SenderKind } from './contract';
import { classifySender, describeSender, type SenderInfo, type Self } from './sender';

/** What a handler learns about its sender, all as the browser reported it (never from the message). */
export interface HandlerContext {
  kind: SenderKind;
  url: string;
  /** The sender's tab and frame, when it is in a tab (a content script, or a page opened in a tab). */
  tabId?: number;
  frameId?: number;
}

export type Handlers = {
  [K in MessageName]: (request: ParsedRequestOf<K>, context: HandlerContext) => Promise<ResponseOf<K>>;
};

export type Dispatch = (message: unknown, sender: SenderInfo) => Promise<Reply>;

/**
 * `describeError` turns a handler's failure into the text a person reads (the background passes one that
 * explains a full disk, for example); by default the error's own message.
 */
export function createDispatcher(handlers: Handlers, self: Self, describeError: (error: unknown) => string = messageOf): Dispatch {
  return async (message, sender) => {
    if (!message || typeof message !== 'object' || !('type' in message)) {
      return refuse('a message must be an object { type, request }');
    }
    const { type, request } = message as { type: unknown; request?: unknown };
    if (!isMessageName(type)) return refuse(`unknown message ${JSON.stringify(type)}`);
    const kind = classifySender(sender, self);
    const spec = contract[type];
    if (kind === null || !spec.senders.includes(kind)) {
      return refuse(`${type} is refused from ${describeSender(kind)}`);
    }
    const parsed = (spec.request as z.ZodType).safeParse(request);
    if (!parsed.success) {
      return refuse(`${type}: ${firstIssue(parsed.error)}`);
    }
    try {
      const handler = handlers[type] as (request: unknown, context: HandlerContext) => Promise<unknown>;
      const context: HandlerContext = { kind, url: sender.url! };
      if (sender.tab?.id !== undefined) context.tabId = sender.tab.id;
      if (sender.frameId !== undefined) context.frameId = sender.frameId;
      return { ok: true, value: await handler(parsed.data, context) };
    } catch (error) {
      return refuse(describeError(error));
    }
  };
}

function refuse(error: string): Reply {
  return { ok: false, error };
}
