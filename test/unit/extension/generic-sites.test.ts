/**
 * Generic sites through the real dispatcher: switched on only for an origin the browser granted, kept in
 * step with the content script's registration, told only to a content script on that very origin, and
 * usable for a review like any registry site. Switching off forgets the selectors and gives the permission back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { memoryGenericSites } from '../../../src/extension/generic-sites';
import type { SenderInfo } from '../../../src/messaging/sender';
import { harness, SELF, type Harness } from '../messaging/harness';

let h: Harness;
afterEach(() => h?.db.close());

const ORIGIN = 'https://chat.example.org';
const content = (url: string, tab = 3): SenderInfo => ({ id: SELF.id, url, tab: { id: tab, url }, frameId: 0 });
const ON_SITE = content(`${ORIGIN}/c/1`);
const ELSEWHERE = content('https://other.example.org/', 4);

function setUp(granted: string[] = [ORIGIN]) {
  const generic = memoryGenericSites(new Set(granted));
  h = harness(undefined, { generic });
  return { generic, popup: h.client(), site: h.client(ON_SITE), elsewhere: h.client(ELSEWHERE) };
}

describe('switching a site on', () => {
  it('only once the browser granted the origin, and only an http(s) origin outside the registry', async () => {
    const { popup, generic } = setUp([]);
    await expect(popup('site.add', { origin: ORIGIN })).rejects.toThrow(/has not allowed Veil on chat.example.org/);
    await expect(popup('site.add', { origin: 'https://chatgpt.com' })).rejects.toThrow(/outside its list of chat sites/);
    await expect(popup('site.add', { origin: `${ORIGIN}/path` })).rejects.toThrow(/only an http\(s\) site/);
    expect((await popup('settings.get', {})).genericSites).toEqual([]);
    expect(generic.registered).toEqual([]);
  });
  it('stores it with nothing pointed at yet, registers the content script there, and starts it in the tab', async () => {
    const { popup, generic, site } = setUp();
    expect(await popup('site.add', { origin: ORIGIN, tabId: 3 })).toEqual([{ origin: ORIGIN, composer: null, sendButton: null }]);
    expect(generic.registered).toEqual([ORIGIN]);
    expect(generic.injected).toEqual([3]);
    expect(await site('site.status', {})).toEqual({ site: ORIGIN, enabled: true });
    expect(await site('site.generic', {})).toEqual({ origin: ORIGIN, composer: null, sendButton: null });
    // Switching on again keeps what was pointed at.
    await site('site.pick', { composer: 'textarea', sendButton: null });
    await popup('site.add', { origin: ORIGIN });
    expect(await site('site.generic', {})).toMatchObject({ composer: 'textarea' });
  });
  it('a settings update cannot add a site behind the permission', async () => {
    const { popup } = setUp();
    await expect(popup('settings.update', { patch: { genericSites: [{ origin: ORIGIN, composer: null, sendButton: null }] } as never })).rejects.toThrow();
    expect((await popup('settings.get', {})).genericSites).toEqual([]);
  });
});

describe('what the content script may ask', () => {
  it('its own site only: another origin gets nothing and cannot store a pick', async () => {
    const { popup, site, elsewhere } = setUp();
    await popup('site.add', { origin: ORIGIN });
    await expect(elsewhere('site.generic', {})).rejects.toThrow(/not turned on for this site/);
    await expect(elsewhere('site.pick', { composer: 'textarea', sendButton: null })).rejects.toThrow(/not turned on/);
    expect(await elsewhere('site.status', {})).toEqual({ site: null, enabled: false });
    expect(await site('site.pick', { composer: 'div[role="textbox"]', sendButton: 'button[aria-label="Send"]' })).toEqual({
      origin: ORIGIN,
      composer: 'div[role="textbox"]',
      sendButton: 'button[aria-label="Send"]',
    });
    await expect(site('site.pick', { composer: 'a\nb', sendButton: null })).rejects.toThrow();
  });
  it("a review there works as on a registry site, under the site's host name", async () => {
    const { popup, site } = setUp();
    await popup('site.add', { origin: ORIGIN });
    await popup('profile.import', { text: JSON.stringify({ version: 1, attributes: [{ entity: 'self', field: 'age', value: '41', sharing: 'withheld' }] }) });
    await site('review.begin', { prompt: 'Hello', conversation: '/c/1', token: 'a'.repeat(32) });
    const panel = h.client({ id: SELF.id, url: `${SELF.origin}review.html`, tab: { id: 3, url: `${ORIGIN}/c/1` }, frameId: 4 });
    expect(await panel('review.get', { tokens: ['a'.repeat(32)] })).toMatchObject({ siteLabel: 'chat.example.org', state: 'ready' });
    await site('tab.report', { composerFound: true });
    expect(await popup('tab.state', { tabId: 3 })).toEqual({
      site: ORIGIN,
      generic: true,
      siteLabel: 'chat.example.org',
      enabled: true,
      active: true,
      composerFound: true,
      layout: null,
      problem: null,
    });
    expect((await popup('releases.list', { limit: 5 }))[0]).toMatchObject({ site: ORIGIN });
  });
});

describe('switching a site off', () => {
  it('forgets it, unregisters the content script, gives the permission back; the content script is refused from then on', async () => {
    const { popup, site, generic } = setUp();
    await popup('site.add', { origin: ORIGIN });
    await site('site.pick', { composer: 'textarea', sendButton: null });
    expect(await popup('site.remove', { origin: ORIGIN })).toEqual([]);
    expect(generic.registered).toEqual([]);
    expect(await generic.granted(ORIGIN)).toBe(false);
    await expect(site('site.generic', {})).rejects.toThrow(/not turned on/);
    await expect(site('review.begin', { prompt: 'Hello', conversation: '/c/1', token: 'b'.repeat(32) })).rejects.toThrow(/not turned on/);
  });
  it('"point again" reaches only a tab running the generic adapter', async () => {
    const { popup, site, generic } = setUp();
    await popup('site.add', { origin: ORIGIN });
    await expect(popup('site.repick', { tabId: 3 })).rejects.toThrow(/pointed-at message box/);
    await site('tab.report', { composerFound: false });
    expect(await popup('site.repick', { tabId: 3 })).toEqual({ asked: true });
    expect(generic.picks).toEqual([3]);
  });
});
