/**
 * Whether Veil acts on the tab the popup was opened over, and with which site adapter: the same state
 * the toolbar badge shows ("on", or "!" when the adapter lost the message box).
 */
import type { TabState } from '../../messaging/contract';
import { ADAPTERS } from '../../sites/index';
import { useClient } from '../client';
import { useLoad } from '../use-load';

export function TabStateLine({ activeTab }: { activeTab: () => Promise<number | null> }) {
  const send = useClient();
  const [state] = useLoad(async () => {
    const tabId = await activeTab();
    return tabId === null ? null : send('tab.state', { tabId });
  });
  if (state.state !== 'ready') return null;
  const { text, tone } = tabStateText(state.value);
  return (
    <p class={`tab-state ${tone}`} role="status">
      {text}
    </p>
  );
}

const SITE_NAMES = ADAPTERS.filter((a) => a.id !== 'demo')
  .map((a) => a.label)
  .join(', ');

export function tabStateText(tab: TabState | null): { text: string; tone: 'on' | 'off' | 'broken' } {
  if (!tab?.active || tab.siteLabel === null) {
    return { text: `Veil does not act on this tab. It reviews what you send on ${SITE_NAMES} and the local demo page.`, tone: 'off' };
  }
  if (!tab.enabled) return { text: `Veil is switched off for ${tab.siteLabel} (Settings): what you send there goes as typed.`, tone: 'off' };
  if (!tab.composerFound) {
    return {
      text: `Veil (${tab.siteLabel} adapter) cannot find the message box on this page, so it blocks sends from it. The site may have changed.`,
      tone: 'broken',
    };
  }
  return { text: `Veil is on for this tab (${tab.siteLabel} adapter): you review every send before it goes.`, tone: 'on' };
}
