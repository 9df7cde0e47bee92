import { describe, expect, it } from 'vitest';
import { classifySender } from '../../../src/messaging/sender';
import { SELF } from './harness';

describe('classifySender', () => {
  it('recognises our own pages by origin', () => {
    expect(classifySender({ id: SELF.id, url: `${SELF.origin}options.html` }, SELF)).toBe('page');
    expect(classifySender({ id: SELF.id, url: `${SELF.origin}popup.html`, tab: { id: 3 } }, SELF)).toBe('page');
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
