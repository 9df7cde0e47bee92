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

export function createClient(transport: Transport): VeilClient {
  return async (type, request) => {
    const reply = (await transport({ type, request })) as Reply | undefined;
    if (!reply || typeof reply !== 'object' || !('ok' in reply)) {
      throw new MessageError(`no answer from Veil's background for ${type}`);
    }
    if (!reply.ok) throw new MessageError(reply.error);
    return reply.value as ResponseOf<typeof type>;
  };
}
