/**
 * What every Veil content script on a chat site does once it knows its adapter: guard the sends
 * (send-guard.ts), take the background's commands about the open review, and keep the toolbar badge and
 * the popup told whether Veil is on and still finds the message box.
 */
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createClient, type VeilClient } from '../messaging/client';
import type { SiteAdapter } from '../sites/adapter';
import { ComposeLauncher } from './compose';
import { commandListener } from './commands';
import { SendGuard, type StalePart } from './send-guard';
import { UnreviewedWatch } from './unreviewed';
import { KeyShield } from './key-shield';
import { PageNotice } from './notice';
import { AnswerRestore } from './restore';

export interface GuardRun {
  guard: SendGuard;
  send: VeilClient;
  /** Check again now (after the adapter changed). */
  check: () => Promise<void>;
}

/**
 * Install the guard for `adapter` (call at document_start) and start reporting on the tab once the DOM is there.
 * Everything listens and ticks through `ctx`, WXT's context of the content script: once the script is
 * invalidated (the extension updated, or a newer copy of the script started), it stops; the guard then keeps
 * failing closed where the extension went away (./send-guard.ts).
 */
export function runGuard(ctx: ContentScriptContext, adapter: SiteAdapter, { onStatus }: { onStatus?: (enabled: boolean) => void } = {}): GuardRun {
  const send = createClient((envelope) => browser.runtime.sendMessage(envelope));
  // The key shield first: while it holds the person's keys from the page, no listener after it sees them.
  ctx.onInvalidated(new KeyShield(window, new PageNotice(document)).install());
  // A send Veil did not see, or a send it had to hold: the toolbar shows "!", the popup says which part of
  // the adapter failed, with a report to copy. Kept for this page's life.
  let problem: { kind: 'missed' | 'held'; part: StalePart; diagnostic: string } | null = null;
  const report = (composerFound: boolean, layout: string | null) =>
    send('tab.report', { composerFound, layout, ...(problem ? { problem } : {}) }).catch(() => undefined);
  const guard = new SendGuard({
    adapter,
    win: window,
    ctx,
    send,
    panelUrl: browser.runtime.getURL('/review.html'),
    // The extension was updated or removed under this page (not a newer copy of this script starting).
    extensionGone: () => browser.runtime?.id === undefined,
    onRestorable: (before) => void restore.afterSend(before),
    onStale: (part) => {
      // A missed send stays the worse news.
      if (problem?.kind === 'missed' || (problem?.kind === 'held' && problem.part === part)) return;
      problem = { kind: 'held', part, diagnostic: guard.diagnostic(part) };
      const health = guard.checkHealth();
      void report(health.composerFound, health.layout);
    },
  });
  guard.install();
  const watch = new UnreviewedWatch({
    doc: document,
    composer: () => guard.watchedBox(),
    known: () => guard.knownBox(),
    veilBusy: () => guard.busy(),
    onMissed: () => {
      const part = guard.stalePart();
      problem = { kind: 'missed', part, diagnostic: guard.diagnostic(part) };
      guard.missedSend(part);
      const health = guard.checkHealth();
      void report(health.composerFound, health.layout);
    },
  });
  const restore = new AnswerRestore({
    adapter,
    win: window,
    send,
    restoreUrl: browser.runtime.getURL('/restore.html'),
    conversation: () => guard.conversationKey(),
  });
  const compose = new ComposeLauncher({
    adapter,
    win: window,
    send,
    guard,
    composeUrl: browser.runtime.getURL('/compose.html'),
    // The site's own id for the chat when the page shows one (a codebook then survives a reload), else the
    // page's key for a chat that has no id yet (the answer tells the background the id once there is one).
    conversation: () => adapter.conversation(new URL(location.href)) ?? guard.conversationKey(),
    conversationId: () => adapter.conversation(new URL(location.href)),
  });
  ctx.onInvalidated(compose.install());

  // Commands about the open review and compose box, from Veil's background only (./commands.ts).
  const commands = commandListener(browser.runtime.id, { panel: (c) => guard.command(c), compose: (c) => compose.command(c) });
  browser.runtime.onMessage.addListener(commands);
  ctx.onInvalidated(() => browser.runtime?.onMessage?.removeListener(commands));

  // Whether Veil is on for this site, and whether the adapter still finds the message box: shown on the
  // toolbar badge and in the popup. Checked again every few seconds while the tab is visible (the site
  // may swap its editor, the person may switch the site off); a hidden tab does not wake the background.
  let reportedUrl = location.href;
  const check = async (force: boolean) => {
    if (!force && document.visibilityState === 'hidden') return;
    const status = await send('site.status', {}).catch(() => null);
    guard.setEnabled(status?.enabled ?? true);
    onStatus?.(guard.enabled);
    const health = guard.checkHealth();
    // The browser forgets a tab's report when its URL changes, in-page navigations too (a new chat's first
    // send moves it to /c/<id>): report again then.
    const moved = location.href !== reportedUrl;
    reportedUrl = location.href;
    if (health.changed || force || moved) await report(health.composerFound, health.layout);
    if (health.composerFound) guard.prepare();
    compose.place();
    restore.place();
  };
  const start = () => {
    ctx.onInvalidated(watch.install());
    void check(true);
    // Each tick also asks whether the extension is still there: an update under the page ends the context.
    ctx.setInterval(() => void check(false), 3000);
    ctx.addEventListener(document, 'visibilitychange', () => void check(false));
  };
  if (document.readyState === 'loading') ctx.addEventListener(document, 'DOMContentLoaded', start, { once: true });
  else start();
  return { guard, send, check: () => check(true) };
}
