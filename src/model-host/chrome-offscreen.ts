/** `OffscreenControl` over Chrome's offscreen and runtime APIs (the service worker side). */
import { browser } from 'wxt/browser';
import type { OffscreenControl } from './offscreen';

export function chromeOffscreen(): OffscreenControl {
  return {
    hasDocument: async () => (await browser.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT' as Browser.runtime.ContextType] })).length > 0,
    createDocument: (url) =>
      browser.offscreen.createDocument({
        url,
        reasons: ['WORKERS' as Browser.offscreen.Reason],
        justification: "Runs Veil's embedding model on this device, so it survives the service worker being stopped",
      }),
    closeDocument: () => browser.offscreen.closeDocument(),
    send: (envelope) => browser.runtime.sendMessage(envelope),
  };
}
