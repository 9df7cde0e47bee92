import { describe, expect, it } from 'vitest';
import { ConversationKeys } from '../../../src/content/conversation';
import { ADAPTERS } from '../../../src/sites/index';

describe('ConversationKeys', () => {
  it('keeps a new chat and the id the site gives it after the first send as one conversation', () => {
    let n = 0;
    const keys = new ConversationKeys(() => String(++n));
    expect(keys.keyFor(null)).toBe('new-1');
    expect(keys.keyFor(null)).toBe('new-1');
    expect(keys.keyFor('c/abc')).toBe('new-1');
    expect(keys.keyFor('c/other')).toBe('c/other');
    expect(keys.keyFor('c/abc')).toBe('new-1');
    expect(keys.keyFor(null)).toBe('new-2');
  });
  it('a conversation id the page shows on its own (no click of the person since the last send) stays in the last conversation', () => {
    const keys = new ConversationKeys(() => 'x');
    expect(keys.keyFor('c/real', { moved: true })).toBe('c/real');
    // The page pushes new URLs between sends it makes up: each would have been a fresh, charged release.
    for (let i = 0; i < 8; i++) expect(keys.keyFor(`c/fake-${i}`, { moved: false })).toBe('c/real');
    // The person clicked a chat in the list: that one is another conversation.
    expect(keys.keyFor('c/other', { moved: true })).toBe('c/other');
    // A chat once taken for the last one stays so.
    expect(keys.keyFor('c/fake-3', { moved: true })).toBe('c/real');
    // The page sending itself to the new-chat address stays in it too; after the person's click it is a new chat,
    // and the id the site gives that chat joins it.
    expect(keys.keyFor(null, { moved: false })).toBe('c/real');
    expect(keys.keyFor(null, { moved: true })).toBe('new-x');
    expect(keys.keyFor('c/assigned', { moved: false })).toBe('new-x');
  });

  it("reads each site's conversation id from its URL", () => {
    const of = (site: string, url: string) => ADAPTERS.find((a) => a.id === site)!.conversation(new URL(url));
    expect(of('chatgpt', 'https://chatgpt.com/c/68f0-ab')).toBe('c/68f0-ab');
    expect(of('chatgpt', 'https://chatgpt.com/g/g-x/c/12')).toBe('c/12');
    expect(of('chatgpt', 'https://chatgpt.com/')).toBeNull();
    expect(of('claude', 'https://claude.ai/chat/5e1')).toBe('chat/5e1');
    expect(of('claude', 'https://claude.ai/new')).toBeNull();
    expect(of('gemini', 'https://gemini.google.com/app/9f1c')).toBe('app/9f1c');
    expect(of('gemini', 'https://gemini.google.com/app')).toBeNull();
  });
  it('follows every URL form the sites use in 2026 (SITES.md), the same chat under each', () => {
    const of = (site: string, url: string) => ADAPTERS.find((a) => a.id === site)!.conversation(new URL(url));
    expect(of('chatgpt', 'https://chatgpt.com/g/g-p-67ab-project/c/68f0-ab')).toBe('c/68f0-ab');
    expect(of('chatgpt', 'https://chatgpt.com/c/68f0-ab?model=gpt-x')).toBe('c/68f0-ab');
    expect(of('chatgpt', 'https://chatgpt.com/uc/0d6f2c1e-8a4b-4c1d-9e3f-1a2b3c4d5e6f')).toBe('uc/0d6f2c1e-8a4b-4c1d-9e3f-1a2b3c4d5e6f');
    // The brief id right after a first send is not the chat's id: still a new chat.
    expect(of('chatgpt', 'https://chatgpt.com/c/WEB:5f1e2d3c')).toBeNull();
    expect(of('chatgpt', 'https://chatgpt.com/share/68f0-ab')).toBeNull();
    expect(of('claude', 'https://claude.ai/project/019a/chat/5e1')).toBe('chat/5e1');
    expect(of('gemini', 'https://gemini.google.com/u/1/app/9f1c')).toBe('app/9f1c');
    expect(of('gemini', 'https://gemini.google.com/gem/coding-partner/9f1c')).toBe('app/9f1c');
    expect(of('gemini', 'https://gemini.google.com/u/2/gem/coding-partner/9f1c')).toBe('app/9f1c');
    expect(of('gemini', 'https://gemini.google.com/gem/coding-partner')).toBeNull();
  });
  it("keeps one conversation from a new chat through ChatGPT's WEB: id to its real id", () => {
    const chatgpt = ADAPTERS.find((a) => a.id === 'chatgpt')!;
    const keys = new ConversationKeys(() => 'x');
    const key = (url: string) => keys.keyFor(chatgpt.conversation(new URL(url)));
    expect(key('https://chatgpt.com/')).toBe('new-x');
    expect(key('https://chatgpt.com/c/WEB:5f1e2d3c')).toBe('new-x');
    expect(key('https://chatgpt.com/c/68f0-ab')).toBe('new-x');
    expect(key('https://chatgpt.com/g/g-p-67ab/c/68f0-ab')).toBe('new-x');
  });
});
