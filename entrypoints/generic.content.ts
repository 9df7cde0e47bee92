/**
 * Veil on a site the person switched on themselves (the generic adapter, src/sites/generic.ts). Not in the
 * manifest: the background registers it for exactly the origins the person allowed
 * (src/extension/generic-sites.ts), at document_start.
 *
 * The guard goes in at once, before the background has said which box is the message box: until it has,
 * an Enter in a box that may be the site's is blocked (fail closed). A site whose box was never pointed
 * at starts pick mode (src/content/pick.ts).
 */
import { commandListener } from '../src/content/commands';
import { PageNotice } from '../src/content/notice';
import { pick } from '../src/content/pick';
import { runGuard } from '../src/content/run';
import { genericAdapter, genericOrigin, type GenericSite } from '../src/sites/generic';

export default defineContentScript({
  matches: [],
  registration: 'runtime',
  runAt: 'document_start',
  main(ctx) {
    const origin = genericOrigin(location.href);
    // Started twice in one page (registered, and started in the open tab when the site was switched on):
    // one guard is enough. Starting, the newer copy ends the older one's context (WXT tells it), which then
    // stands down and hands the page over.
    const marker = globalThis as { veilGenericStarted?: boolean };
    if (origin === null || marker.veilGenericStarted) return;
    marker.veilGenericStarted = true;
    ctx.onInvalidated(() => (marker.veilGenericStarted = false));
    let site: GenericSite = { origin, composer: null, sendButton: null };
    const adapter = genericAdapter(() => site);
    const { guard, send, check } = runGuard(ctx, adapter);
    let picking: ReturnType<typeof pick> | null = null;

    const load = async () => {
      const stored = await send('site.generic', {}).catch(() => null);
      if (!stored) return;
      site = stored;
      await check();
      if (site.composer === null) await startPick();
    };
    const startPick = async () => {
      if (picking) return;
      picking = pick(window, adapter.label);
      // The person's clicks while pointing are pick mode's, not sends (it keeps them from the site).
      guard.setPaused(true);
      const picked = await picking.done.finally(() => guard.setPaused(false));
      picking = null;
      if (!picked) return;
      try {
        site = await send('site.pick', picked);
        await check();
      } catch (error) {
        new PageNotice(document).show(
          `Veil could not keep what you pointed at (${error instanceof Error ? error.message : String(error)}). Point at it again from Veil's popup.`,
        );
      }
    };
    // The popup's "Point at the message box again" reaches the page through the background.
    const repick = commandListener(browser.runtime.id, {
      pick: async () => {
        void startPick();
        return { ok: true };
      },
    });
    browser.runtime.onMessage.addListener(repick);
    ctx.onInvalidated(() => browser.runtime?.onMessage?.removeListener(repick));
    if (document.readyState === 'loading') ctx.addEventListener(document, 'DOMContentLoaded', () => void load(), { once: true });
    else void load();
  },
});
