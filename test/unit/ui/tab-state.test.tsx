// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryGenericSites } from '../../../src/extension/generic-sites';
import { ClientContext } from '../../../src/ui/client';
import { TabStateLine, tabStateText } from '../../../src/ui/components/TabState';
import { harness } from '../messaging/harness';

afterEach(cleanup);

describe('the popup line about the current tab', () => {
  const base = {
    site: 'chatgpt' as const,
    generic: false,
    siteLabel: 'ChatGPT',
    enabled: true,
    active: true,
    composerFound: true,
    layout: null,
    problem: null,
  };
  it('names the adapter when Veil is on, and says sends are blocked when the message box is lost', () => {
    expect(tabStateText(base)).toEqual({ tone: 'on', text: 'Veil is on for this tab (ChatGPT adapter): you review every send before it goes.' });
    expect(tabStateText({ ...base, problem: { kind: 'missed', part: 'send button', diagnostic: '{}' } })).toEqual({
      tone: 'broken',
      text: "Veil missed a send on this page: ChatGPT sent a message without a Veil review, because Veil no longer recognises its send button (the site has changed). Use Veil's private compose box here until Veil is updated.",
    });
    expect(tabStateText({ ...base, problem: { kind: 'held', part: 'composer', diagnostic: '{}' } }).text).toBe(
      "Veil no longer recognises ChatGPT's message box on this page (the site has changed), so it holds each send and asks you first.",
    );
    expect(tabStateText({ ...base, layout: '2026-09' }).text).toBe(
      'Veil is on for this tab (ChatGPT adapter, 2026-09 layout): you review every send before it goes.',
    );
    expect(tabStateText({ ...base, composerFound: false }).text).toBe(
      'Veil (ChatGPT adapter) cannot find the message box on this page, so it blocks sends from it. The site may have changed.',
    );
  });
  it('says when Veil is switched off for the site, or does not act on the tab at all', () => {
    expect(tabStateText({ ...base, enabled: false }).text).toBe('Veil is switched off for ChatGPT (Settings): what you send there goes as typed.');
    expect(tabStateText(null)).toEqual({
      tone: 'off',
      text: 'Veil does not act on this tab. It reviews what you send on ChatGPT, Claude, Gemini and Demo Chat, and on any other site you switch it on for.',
    });
  });
});

describe('switching Veil on for a site outside the registry, from the popup', () => {
  const ORIGIN = 'https://chat.example.org';
  function setUp(answer: boolean) {
    const grants = new Set<string>();
    const generic = memoryGenericSites(grants);
    const h = harness(undefined, { generic });
    const asked: string[] = [];
    let closed = 0;
    const requestOrigin = async (origin: string) => {
      asked.push(origin);
      if (answer) grants.add(origin);
      return answer;
    };
    render(
      <ClientContext.Provider value={h.client()}>
        <TabStateLine activeTab={async () => ({ id: 3, url: `${ORIGIN}/chat/1` })} requestOrigin={requestOrigin} closePopup={() => closed++} />
      </ClientContext.Provider>,
    );
    return { h, generic, asked, closed: () => closed };
  }

  it('asks the browser for that one site, switches Veil on there, starts it in the tab and closes the popup', async () => {
    const { h, generic, asked, closed } = setUp(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Use Veil on chat.example.org' }));
    await screen.findByText(/Veil is on for chat.example.org. Click the box you type your messages in/);
    expect(asked).toEqual([ORIGIN]);
    expect((await h.client()('settings.get', {})).genericSites).toEqual([{ origin: ORIGIN, composer: null, sendButton: null }]);
    expect(generic.injected).toEqual([3]);
    expect(closed()).toBe(1);
  });
  it('changes nothing when the browser did not allow it, and says so', async () => {
    const { h, generic } = setUp(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Use Veil on chat.example.org' }));
    await screen.findByText('The browser did not allow Veil on chat.example.org, so nothing changed.');
    expect((await h.client()('settings.get', {})).genericSites).toEqual([]);
    expect(generic.registered).toEqual([]);
  });
});
