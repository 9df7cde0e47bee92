/**
 * Veil's background: opens the database, picks where the model runs, and wires the message contract to
 * its handlers. No logic here.
 * - Chrome (MV3 service worker): the model runs in an offscreen document (src/model-host/offscreen.ts).
 * - Firefox (MV2 background page): the model runs here, in the page.
 * Either way it starts loading when the browser starts.
 */
import '../src/extension/zod-jitless';
import { createBackground, type TabReport } from '../src/extension/handlers';
import { browserGenericSites } from '../src/extension/generic-sites';
import { genericOrigin } from '../src/sites/generic';
import { readSettings } from '../src/storage/settings-store';
import type { ReviewRecord } from '../src/extension/review-record';
import type { ComposeRecord } from '../src/extension/compose-record';
import { toContent } from '../src/extension/to-content';
import { sessionStore } from '../src/extension/session-store';
import { testHooks } from '../src/extension/test-hooks';
import { messageListener } from '../src/messaging/listener';
import type { ModelHost } from '../src/model-host/host';
import { lazyHost } from '../src/model-host/lazy-host';
import { OffscreenModelHost } from '../src/model-host/offscreen';
import { chromeOffscreen } from '../src/model-host/chrome-offscreen';
import { openVeilDatabase } from '../src/storage/db';
import { warmRelevance } from '../src/planning/relevance-classifier';

export default defineBackground({
  // Firefox: keep the page (and the loaded model) alive; Chrome's service worker ignores this.
  persistent: true,
  main() {
    const db = openVeilDatabase();
    const model: ModelHost = import.meta.env.FIREFOX
      ? lazyHost(async () => {
          const [{ LocalModelHost }, { browserModelDeps }] = await Promise.all([
            import('../src/model-host/local-host'),
            import('../src/model-host/browser-deps'),
          ]);
          return new LocalModelHost(browserModelDeps(db));
        })
      : new OffscreenModelHost(chromeOffscreen());
    const tabs = sessionStore<TabReport>('tab');
    const action = browser.action ?? browser.browserAction;
    const generic = browserGenericSites();
    const self = { id: browser.runtime.id, origin: browser.runtime.getURL('/') };
    // The same build the unit tests' harness makes (createBackgroundDispatch).
    const { handlers, dispatch } = createBackground(
      {
        db,
        model,
        reviews: sessionStore<ReviewRecord>('review'),
        tabs,
        composes: sessionStore<ComposeRecord>('compose'),
        toContent,
        openReviewWindow: async () => {
          const opened = await browser.windows.create({
            url: browser.runtime.getURL('/review.html#window' as '/review.html'),
            type: 'popup',
            width: 600,
            height: 760,
            focused: true,
          });
          const tabId = opened?.tabs?.[0]?.id;
          if (tabId === undefined) throw new Error('Veil could not open its window');
          return tabId;
        },
        badge: async (tabId, state) => {
          await action.setBadgeText({ tabId, text: state === 'on' ? 'on' : state === 'broken' ? '!' : '' });
          await action.setBadgeBackgroundColor({ tabId, color: state === 'broken' ? '#c63d3d' : '#3b4cca' });
          await action.setTitle({
            tabId,
            title:
              state === 'on'
                ? 'Veil is reviewing what you send on this page'
                : state === 'broken'
                  ? 'Veil cannot find the message box on this page: sends are blocked'
                  : 'Veil',
          });
        },
        generic,
        ...testHooks(),
      },
      self,
    );
    const ownPage = { kind: 'page' as const, url: self.origin };

    // Generic sites (src/sites/generic.ts). The person's answer to the browser's permission question may
    // come after the popup closed (Firefox closes it for the question): finish switching the site on here,
    // in the tab showing it. A permission taken back in the browser's own settings switches the site off.
    browser.permissions.onAdded.addListener(({ origins = [] }) => {
      void (async () => {
        for (const pattern of origins) {
          const origin = genericOrigin(pattern.replace(/\/\*$/, '/'));
          if (origin === null || (await readSettings(db)).genericSites.some((g) => g.origin === origin)) continue;
          const [tab] = await browser.tabs.query({ active: true, url: `${origin}/*` });
          await handlers['site.add']({ origin, ...(tab?.id !== undefined ? { tabId: tab.id } : {}) }, ownPage);
        }
      })().catch(() => undefined);
    });
    browser.permissions.onRemoved.addListener(({ origins = [] }) => {
      for (const pattern of origins) {
        const origin = genericOrigin(pattern.replace(/\/\*$/, '/'));
        if (origin !== null) void handlers['site.remove']({ origin }, ownPage).catch(() => undefined);
      }
    });
    // Registrations follow the stored sites (a browser that does not keep them across restarts gets them back).
    void readSettings(db)
      .then((settings) => generic.register(settings.genericSites.map((g) => g.origin)))
      .catch(() => undefined);
    // A tab that navigates or closes no longer has the content script that reported on it.
    browser.tabs.onUpdated.addListener((tabId, change) => {
      if (change.status === 'loading') void tabs.remove(String(tabId));
    });
    browser.tabs.onRemoved.addListener((tabId) => void tabs.remove(String(tabId)));
    browser.runtime.onMessage.addListener(messageListener(dispatch));
    // Load the model when the browser starts (or Veil is installed or updated), not at the first send:
    // the person should not wait for it, and its state shows in the popup from the start.
    // The sentence encoder's vote is readied meanwhile (while the model loads, the worker has nothing to do).
    const warm = () => {
      void model.status().catch(() => undefined);
      setTimeout(warmRelevance, 0);
    };
    browser.runtime.onStartup.addListener(warm);
    browser.runtime.onInstalled.addListener(warm);
  },
});
