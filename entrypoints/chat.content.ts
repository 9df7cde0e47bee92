/**
 * Veil on a chat site of the registry (src/sites): catch every send, hold it for review, send only what
 * the person approved (src/content/send-guard.ts). Runs at document_start so its capture listeners come
 * before the page's own.
 */
import { runGuard } from '../src/content/run';
import { adapterFor, siteOfUrl, SITE_MATCHES } from '../src/sites/index';

export default defineContentScript({
  matches: SITE_MATCHES,
  runAt: 'document_start',
  main(ctx) {
    const site = siteOfUrl(location.href);
    if (site === null) return;
    const adapter = adapterFor(site);
    runGuard(ctx, adapter, {
      // The local demo page says on itself whether Veil acts on it.
      onStatus: (enabled) => {
        if (site !== 'demo') return;
        if (enabled) document.documentElement.dataset.veilAdapter = adapter.label;
        else delete document.documentElement.dataset.veilAdapter;
      },
    });
  },
});
