import { createBackgroundDispatch, type HandlerDeps } from '../../../src/extension/handlers';
import { createClient, type VeilClient } from '../../../src/messaging/client';
import type { Dispatch } from '../../../src/messaging/dispatch';
import type { SenderInfo, Self } from '../../../src/messaging/sender';
import { VeilDatabase } from '../../../src/storage/db';
import { fakeHost, type FakeHost } from '../model-host/fake-host';

export const SELF: Self = { id: 'veil-test-id', origin: 'chrome-extension://veil-test-id/' };
export const POPUP: SenderInfo = { id: SELF.id, url: `${SELF.origin}popup.html` };
export const CONTENT_ON_DEMO: SenderInfo = { id: SELF.id, url: 'http://localhost:5173/', tab: { id: 7 } };

export interface Harness {
  db: VeilDatabase;
  model: FakeHost;
  dispatch: Dispatch;
  /** A client that sends as `sender` (the popup unless said otherwise). */
  client: (sender?: SenderInfo) => VeilClient;
}

/** Real handlers over a fresh fake-indexeddb database, behind the real dispatcher. */
export function harness(now = () => Date.UTC(2026, 10, 30), extra: Partial<HandlerDeps> = {}): Harness {
  const db = new VeilDatabase(`veil-msg-${crypto.randomUUID()}`);
  const model = fakeHost();
  const dispatch = createBackgroundDispatch({ db, model, now, ...extra }, SELF);
  // Round-trip through JSON like the browser's structured clone of a message would.
  const client = (sender: SenderInfo = POPUP) =>
    createClient(async (envelope) => JSON.parse(JSON.stringify(await dispatch(JSON.parse(JSON.stringify(envelope)), sender))));
  return { db, model, dispatch, client };
}
