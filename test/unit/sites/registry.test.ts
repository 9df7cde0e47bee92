import { describe, expect, it } from 'vitest';
import { siteMatches, siteOfUrl } from '../../../src/sites/index';

describe('siteOfUrl (the site a content script runs on, from the URL the browser reports)', () => {
  it('knows the chat sites over https and the demo page over http on this machine', () => {
    expect(siteOfUrl('https://chatgpt.com/c/123')).toBe('chatgpt');
    expect(siteOfUrl('https://chat.openai.com/')).toBe('chatgpt');
    expect(siteOfUrl('https://claude.ai/new')).toBe('claude');
    expect(siteOfUrl('https://gemini.google.com/app')).toBe('gemini');
    expect(siteOfUrl('http://localhost:5178/')).toBe('demo');
    expect(siteOfUrl('http://127.0.0.1:5178/')).toBe('demo');
  });
  it('refuses look-alikes, wrong schemes and garbage', () => {
    expect(siteOfUrl('http://claude.ai/')).toBeNull();
    expect(siteOfUrl('https://claude.ai.evil.example/')).toBeNull();
    expect(siteOfUrl('https://evil.example/?u=https://claude.ai/')).toBeNull();
    expect(siteOfUrl('https://localhost/')).toBeNull();
    expect(siteOfUrl('file:///home/me/chat.html')).toBeNull();
    expect(siteOfUrl('not a url')).toBeNull();
    expect(siteOfUrl(undefined)).toBeNull();
  });
  it('the local Demo Chat page is a site of the demo build only: the build people install leaves local pages alone', () => {
    const local = /localhost|127\.0\.0\.1/;
    expect(siteMatches({ demo: false }).filter((m) => local.test(m))).toEqual([]);
    expect(siteMatches({ demo: false })).toEqual(expect.arrayContaining(['https://chatgpt.com/*', 'https://claude.ai/*', 'https://gemini.google.com/*']));
    expect(siteMatches({ demo: true }).filter((m) => local.test(m))).toEqual(['http://localhost/*', 'http://127.0.0.1/*']);
  });
});
