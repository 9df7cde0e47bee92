/**
 * Veil on a chat site (src/sites): catch every send, hold it for review, send only what the person
 * approved (src/content/send-guard.ts). Runs at document_start so its capture listeners come before the
 * page's own.
 */
import { createClient } from '../src/messaging/client';
import { SendGuard, type PanelCommand } from '../src/content/send-guard';
import { adapterFor, siteOfUrl, SITE_MATCHES } from '../src/sites/index';

export default defineContentScript({
  matches: SITE_MATCHES,
  runAt: 'document_start',
  main() {
    const site = siteOfUrl(location.href);
    if (site === null) return;
    const adapter = adapterFor(site);
    const send = createClient((envelope) => browser.runtime.sendMessage(envelope));
    const guard = new SendGuard({
      adapter,
      win: window,
      send,
      panelUrl: browser.runtime.getURL('/review.html'),
    });
    guard.install();

    // Commands about the open review come from Veil's background only (no tab: not another content script).
    browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse: (reply: unknown) => void) => {
      if (sender.id !== browser.runtime.id || sender.tab || !isPanelCommand(message)) return false;
      void guard.command(message).then(sendResponse);
      return true;
    });

    // Whether Veil is on for this site, and whether the adapter still finds the message box: shown on the
    // toolbar badge and in the popup. Checked again every few seconds while the tab is visible (the site
    // may swap its editor, the person may switch the site off); a hidden tab does not wake the background.
    const check = async (force: boolean) => {
      if (!force && document.visibilityState === 'hidden') return;
      const status = await send('site.status', {}).catch(() => null);
      guard.enabled = status?.enabled ?? true;
      // The local demo page says on itself whether Veil acts on it.
      if (site === 'demo') {
        if (guard.enabled) document.documentElement.dataset.veilAdapter = adapter.label;
        else delete document.documentElement.dataset.veilAdapter;
      }
      const health = guard.checkHealth();
      if (health.changed || force) await send('tab.report', { composerFound: health.composerFound }).catch(() => undefined);
      if (health.composerFound) guard.prepare();
    };
    const start = () => {
      void check(true);
      setInterval(() => void check(false), 3000);
      document.addEventListener('visibilitychange', () => void check(false));
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
    else start();
  },
});

function isPanelCommand(message: unknown): message is PanelCommand {
  if (!message || typeof message !== 'object') return false;
  const { veilPanel, reviewId } = message as { veilPanel?: unknown; reviewId?: unknown };
  return (veilPanel === 'send' || veilPanel === 'close') && typeof reviewId === 'string';
}
