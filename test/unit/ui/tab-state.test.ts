import { describe, expect, it } from 'vitest';
import { tabStateText } from '../../../src/ui/components/TabState';

describe('the popup line about the current tab', () => {
  const base = { site: 'chatgpt' as const, generic: false, siteLabel: 'ChatGPT', enabled: true, active: true, composerFound: true };
  it('names the adapter when Veil is on, and says sends are blocked when the message box is lost', () => {
    expect(tabStateText(base)).toEqual({ tone: 'on', text: 'Veil is on for this tab (ChatGPT adapter): you review every send before it goes.' });
    expect(tabStateText({ ...base, composerFound: false }).text).toBe(
      'Veil (ChatGPT adapter) cannot find the message box on this page, so it blocks sends from it. The site may have changed.',
    );
  });
  it('says when Veil is switched off for the site, or does not act on the tab at all', () => {
    expect(tabStateText({ ...base, enabled: false }).text).toBe('Veil is switched off for ChatGPT (Settings): what you send there goes as typed.');
    expect(tabStateText(null)).toEqual({ tone: 'off', text: 'Veil does not act on this tab. It reviews what you send on ChatGPT, Claude, Gemini and the local demo page.' });
  });
});
