/**
 * Whether Veil acts on the tab the popup was opened over, and with which site adapter: the same state
 * the toolbar badge shows ("on", or "!" when the adapter lost the message box). On a site outside the
 * registry it offers to switch Veil on there (the generic adapter): the browser asks the person for that
 * one site, then the person points at the message box on the page.
 */
import { useState } from 'preact/hooks';
import type { TabState } from '../../messaging/contract';
import { genericOrigin } from '../../sites/generic';
import { ACTIVE_ADAPTERS } from '../../sites/index';
import { errorText, useClient } from '../client';
import { useLoad } from '../use-load';

export interface ActiveTab {
  id: number;
  /** Known when the person opened the popup over it (activeTab), else undefined. */
  url?: string;
}

export interface TabStateProps {
  activeTab: () => Promise<ActiveTab | null>;
  /** Ask the browser for host permission on `origin` (must run inside the click). */
  requestOrigin?: (origin: string) => Promise<boolean>;
  /** Close the popup, so the person can point at the page. */
  closePopup?: () => void;
}

export function TabStateLine({ activeTab, requestOrigin, closePopup = () => undefined }: TabStateProps) {
  const send = useClient();
  const [state, , reload] = useLoad(async () => {
    const tab = await activeTab();
    return tab === null ? null : { tab, state: await send('tab.state', { tabId: tab.id }) };
  });
  const [message, setMessage] = useState<string | null>(null);
  if (state.state !== 'ready') return null;
  const tab = state.value?.tab ?? null;
  const tabState = state.value?.state ?? null;
  const { text, tone } = tabStateText(tabState);
  const origin = tab && !tabState?.active ? genericOrigin(tab.url) : null;
  const host = origin ? new URL(origin).host : null;

  const run = (action: () => Promise<string>) => void action().then(setMessage, (error: unknown) => setMessage(`Nothing changed: ${errorText(error)}`));

  const switchOn = () => {
    if (!tab || !origin || !requestOrigin) return;
    // The browser's own question comes first, straight from the click.
    const asked = requestOrigin(origin);
    run(async () => {
      if (!(await asked)) return `The browser did not allow Veil on ${host}, so nothing changed.`;
      await send('site.add', { origin, tabId: tab.id });
      closePopup();
      return `Veil is on for ${host}. Click the box you type your messages in on the page, then the send button.`;
    });
  };
  const repick = () =>
    run(async () => {
      await send('site.repick', { tabId: tab!.id });
      closePopup();
      return 'Click the message box on the page, then the send button.';
    });
  const remove = () =>
    run(async () => {
      await send('site.remove', { origin: tabState!.site! });
      reload();
      return `Veil is off for ${tabState!.siteLabel} and gave back its access there. Reload the page to finish.`;
    });

  return (
    <div class={`tab-state ${tone}`}>
      <p role="status">{text}</p>
      {origin && requestOrigin && (
        <p>
          <button type="button" class="button" onClick={switchOn}>
            Use Veil on {host}
          </button>{' '}
          <span class="muted">Your browser will ask to let Veil read and change {host}. Then you point at its message box.</span>
        </p>
      )}
      {tabState?.generic && tabState.active && (
        <p>
          <button type="button" class="button" onClick={repick}>
            Point at the message box again
          </button>{' '}
          <button type="button" class="button" onClick={remove}>
            Stop using Veil on {tabState.siteLabel}
          </button>
        </p>
      )}
      {tabState?.problem && (
        <p>
          <button
            type="button"
            class="button"
            onClick={() =>
              run(async () => {
                await navigator.clipboard.writeText(tabState.problem!.diagnostic);
                return "The report is copied. It holds the page's markup around the message box and what Veil looked for, none of your text.";
              })
            }
          >
            Copy a report for Veil's makers
          </button>
        </p>
      )}
      {message && <p role="status">{message}</p>}
    </div>
  );
}

/** The sites this build acts on by itself (Demo Chat only in a demo build), in words. */
const SITE_NAMES = ((labels: string[]) => `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`)(ACTIVE_ADAPTERS.map((a) => a.label));

export function tabStateText(tab: TabState | null): { text: string; tone: 'on' | 'off' | 'broken' } {
  if (!tab?.active || tab.siteLabel === null) {
    return { text: `Veil does not act on this tab. It reviews what you send on ${SITE_NAMES}, and on any other site you switch it on for.`, tone: 'off' };
  }
  if (!tab.enabled) return { text: `Veil is switched off for ${tab.siteLabel} (Settings): what you send there goes as typed.`, tone: 'off' };
  if (tab.problem) {
    const part = tab.problem.part === 'composer' ? 'message box' : tab.problem.part === 'answers' ? 'answers' : 'send button';
    return {
      text:
        tab.problem.kind === 'missed'
          ? `Veil missed a send on this page: ${tab.siteLabel} sent a message without a Veil review, because Veil no longer recognises its ${part} (the site has changed). Use Veil's private compose box here until Veil is updated.`
          : `Veil no longer recognises ${tab.siteLabel}'s ${part} on this page (the site has changed), so it holds each send and asks you first.`,
      tone: 'broken',
    };
  }
  if (!tab.composerFound) {
    return {
      text: tab.generic
        ? `Veil cannot find the message box you pointed at on ${tab.siteLabel}, so it blocks sends from boxes there. Point at it again.`
        : `Veil (${tab.siteLabel} adapter) cannot find the message box on this page, so it blocks sends from it. The site may have changed.`,
      tone: 'broken',
    };
  }
  const adapter = tab.generic ? `the message box you pointed at on ${tab.siteLabel}` : `${tab.siteLabel} adapter${tab.layout ? `, ${tab.layout} layout` : ''}`;
  return { text: `Veil is on for this tab (${adapter}): you review every send before it goes.`, tone: 'on' };
}
