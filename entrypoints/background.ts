/**
 * Veil's background: opens the database and wires the message contract to its handlers. No logic here.
 */
import '../src/extension/zod-jitless';
import { createHandlers } from '../src/extension/handlers';
import { createDispatcher } from '../src/messaging/dispatch';
import { messageListener } from '../src/messaging/listener';
import { openVeilDatabase } from '../src/storage/db';

export default defineBackground(() => {
  const db = openVeilDatabase();
  const dispatch = createDispatcher(createHandlers({ db }), {
    id: browser.runtime.id,
    origin: browser.runtime.getURL('/'),
  });
  browser.runtime.onMessage.addListener(messageListener(dispatch));
});
