import { describe, expect, it } from 'vitest';
import { contract, MESSAGE_NAMES } from '../../../src/messaging/contract';
import { classifySender, type SenderInfo, type Self } from '../../../src/messaging/sender';
import { SELF, harness } from './harness';

describe('classifySender', () => {
  it('recognises our own pages by origin', () => {
    expect(classifySender({ id: SELF.id, url: `${SELF.origin}options.html` }, SELF)).toBe('page');
    expect(classifySender({ id: SELF.id, url: `${SELF.origin}popup.html`, tab: { id: 3, url: `${SELF.origin}popup.html` } }, SELF)).toBe('page');
  });
  it('recognises a content script by its tab and web URL', () => {
    expect(classifySender({ id: SELF.id, url: 'https://claude.ai/new', tab: { id: 1 } }, SELF)).toBe('content');
    expect(classifySender({ id: SELF.id, url: 'http://localhost:8080/', tab: { id: 1 } }, SELF)).toBe('content');
  });
  it('refuses other extensions, missing URLs, odd schemes and look-alike origins', () => {
    expect(classifySender({ id: 'other', url: `${SELF.origin}popup.html` }, SELF)).toBeNull();
    expect(classifySender({ url: `${SELF.origin}popup.html` }, SELF)).toBeNull();
    expect(classifySender({ id: SELF.id }, SELF)).toBeNull();
    expect(classifySender({ id: SELF.id, url: 'file:///tmp/x.html', tab: { id: 1 } }, SELF)).toBeNull();
    expect(classifySender({ id: SELF.id, url: 'https://claude.ai/' }, SELF)).toBeNull(); // no tab
    expect(classifySender({ id: SELF.id, url: 'chrome-extension://veil-test-id.evil/popup.html' }, SELF)).toBeNull();
  });
});

/**
 * The shapes the browsers report (trimmed to what the check reads): `url` is the sending frame's, `tab.url`
 * the tab's top document's. Chrome's were recorded from Chromium with the test build (popup.html framed by
 * the demo page has frameId 6 and the demo page's URL as tab.url).
 */
const browsers: [string, Self][] = [
  ['Chrome', { id: 'fhdgjknabnhhkickgihneamopdeaifgj', origin: 'chrome-extension://fhdgjknabnhhkickgihneamopdeaifgj/' }],
  ['Firefox', { id: 'veil@veil.local', origin: 'moz-extension://2b0c6f7e-58f2-4c4b-9a3e-0d6f1d1f2a10/' }],
];

describe.each(browsers)('%s sender shapes', (_browser, self) => {
  const ours = (path: string) => `${self.origin}${path}`;
  const shapes: [string, SenderInfo, ReturnType<typeof classifySender>][] = [
    ['the popup (no tab)', { id: self.id, url: ours('popup.html') }, 'page'],
    ['the options page in its own tab', { id: self.id, url: ours('options.html'), tab: { id: 7, url: ours('options.html') } }, 'page'],
    ['our page framed by our own page', { id: self.id, url: ours('popup.html'), tab: { id: 7, url: ours('options.html') } }, 'page'],
    ['our page framed by a web page', { id: self.id, url: ours('popup.html'), tab: { id: 8, url: 'https://evil.example/' } }, 'framed'],
    ['our page framed by the demo page', { id: self.id, url: ours('options.html'), tab: { id: 8, url: 'http://127.0.0.1:5178/' } }, 'framed'],
    // Without host permission for the framing page the browser leaves tab.url out: not known to be ours.
    ['our page in a tab whose URL is hidden', { id: self.id, url: ours('popup.html'), tab: { id: 8 } }, 'framed'],
    ['a content script on a chat site', { id: self.id, url: 'https://claude.ai/chat/1', tab: { id: 9, url: 'https://claude.ai/chat/1' } }, 'content'],
  ];
  it.each(shapes)('%s', (_what, sender, kind) => {
    expect(classifySender(sender, self)).toBe(kind);
  });
});

describe("a framed page of ours has no rights but the review panel's and the compose box's, and those need a token", () => {
  it('is refused every other message, and finds no review or compose session without its token', async () => {
    const h = harness();
    const framed: SenderInfo = { id: SELF.id, url: `${SELF.origin}review.html`, tab: { id: 8, url: 'https://evil.example/' }, frameId: 3 };
    const panel = MESSAGE_NAMES.filter((n) => contract[n].senders.includes('framed'));
    expect(panel).toEqual([
      'restore.get',
      'review.choose',
      'review.get',
      'review.update',
      'review.fresh',
      'review.send',
      'review.window',
      'review.cancel',
      'compose.get',
      'compose.map',
      'compose.edit',
      'compose.choose',
      'compose.mode',
      'compose.send',
      'compose.recover',
      'compose.forget',
      'compose.close',
    ]);
    for (const name of MESSAGE_NAMES.filter((n) => !panel.includes(n))) {
      expect(await h.dispatch({ type: name, request: {} }, framed), name).toEqual({
        ok: false,
        error: `${name} is refused from one of Veil's pages framed by another site`,
      });
    }
    const nothing = { ok: false, error: 'There is no send to review here. This panel opens only when Veil catches a send on a chat site.' };
    expect(await h.dispatch({ type: 'review.get', request: {} }, framed)).toEqual(nothing);
    expect(await h.dispatch({ type: 'review.get', request: { tokens: ['guessed'] } }, framed)).toEqual(nothing);
    expect(await h.dispatch({ type: 'review.send', request: { withoutVeil: false } }, framed)).toEqual(nothing);
    expect(await h.dispatch({ type: 'review.window', request: {} }, framed)).toEqual(nothing);
    expect(await h.dispatch({ type: 'review.cancel', request: {} }, framed)).toEqual({ ok: true, value: { cancelled: true } });
    const noBox = { ok: false, error: 'This compose box is not open for a chat page. Open it with the Veil button next to the message box.' };
    expect(await h.dispatch({ type: 'compose.get', request: {} }, framed)).toEqual(noBox);
    expect(await h.dispatch({ type: 'compose.get', request: { tokens: ['guessed'] } }, framed)).toEqual(noBox);
    expect(await h.dispatch({ type: 'compose.map', request: { text: 'My son Leo' } }, framed)).toEqual(noBox);
    expect(await h.dispatch({ type: 'compose.send', request: {} }, framed)).toEqual(noBox);
    // The answer read-back: only with the token the content script drew, for the same tab.
    expect(await h.dispatch({ type: 'restore.get', request: { tokens: ['g'.repeat(40)] } }, framed)).toEqual({
      ok: false,
      error: 'This answer is no longer here. Press Veil’s button beside the answer again.',
    });
    expect(await h.dispatch({ type: 'review.choose', request: { mark: '0-4', treatment: 'keep' } }, framed)).toEqual(nothing);
    h.db.close();
  });
});
