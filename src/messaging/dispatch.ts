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
import { contract, isMessageName, type MessageName, type ParsedRequestOf, type Reply, type ResponseOf, type SenderKind } from './contract';
import { errorMessageForPerson } from '../storage/errors';
import { classifySender, describeSender, type SenderInfo, type Self } from './sender';

/** What a handler learns about its sender: its kind and the URL the browser reported. */
export interface HandlerContext {
  kind: SenderKind;
  url: string;
}

export type Handlers = {
  [K in MessageName]: (request: ParsedRequestOf<K>, context: HandlerContext) => Promise<ResponseOf<K>>;
};

export type Dispatch = (message: unknown, sender: SenderInfo) => Promise<Reply>;

export function createDispatcher(handlers: Handlers, self: Self): Dispatch {
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
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      return refuse(`${type}: ${where}${issue.message}`);
    }
    try {
      const handler = handlers[type] as (request: unknown, context: HandlerContext) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data, { kind, url: sender.url! }) };
    } catch (error) {
      // A full disk reaches the person as what happened and what to do, not as the browser's raw text.
      return refuse(errorMessageForPerson(error));
    }
  };
}

function refuse(error: string): Reply {
  return { ok: false, error };
}
