/**
 * The sending side of the contract, for pages and content scripts. A refused or failed message becomes a
 * thrown `MessageError` carrying the background's explanation.
 *
 * ```ts
 * const send = createClient((envelope) => browser.runtime.sendMessage(envelope));
 * const settings = await send('settings.get', {});
 * ```
 */
import type { Envelope, MessageName, Reply, RequestOf, ResponseOf } from './contract';

export class MessageError extends Error {
  override name = 'MessageError';
}

export type VeilClient = <K extends MessageName>(type: K, request: RequestOf<K>) => Promise<ResponseOf<K>>;

export type Transport = (envelope: Envelope) => Promise<unknown>;

/**
 * Messages that only read, asked once more when the background stopped before it answered (Chrome stops
 * an idle service worker, and it can stop mid-call; the next message starts it again). `review.get` is
 * one: the panel that claimed its review with the token may ask again with it (review-service.ts).
 * Nothing that acts (a send, a charge) is ever repeated on its own.
 */
const ASKED_AGAIN_WHEN_LOST: ReadonlySet<MessageName> = new Set<MessageName>(['review.get', 'budget.get', 'settings.get', 'tab.state']);

/** Chrome's words when the receiving context went away with the message unanswered. */
const LOST = /message channel closed before a response|message port closed before a response/i;

export function createClient(transport: Transport): VeilClient {
  return async (type, request) => {
    let reply: Reply | undefined;
    for (let attempt = 1; ; attempt++) {
      const lost = await transport({ type, request }).then(
        (value) => {
          reply = value as Reply | undefined;
          return reply === undefined;
        },
        (error: unknown) => {
          if (LOST.test(error instanceof Error ? error.message : String(error))) return true;
          throw error;
        },
      );
      if (!lost) break;
      if (attempt >= 2 || !ASKED_AGAIN_WHEN_LOST.has(type)) {
        throw new MessageError("Veil's background stopped before it answered (the browser starts it again at the next message)");
      }
    }
    if (!reply || typeof reply !== 'object' || !('ok' in reply)) {
      throw new MessageError(`no answer from Veil's background for ${type}`);
    }
    if (!reply.ok) throw new MessageError(reply.error);
    return reply.value as ResponseOf<typeof type>;
  };
}
