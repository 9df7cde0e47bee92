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
  it('reads each site\'s conversation id from its URL', () => {
    const of = (site: string, url: string) => ADAPTERS.find((a) => a.id === site)!.conversation(new URL(url));
    expect(of('chatgpt', 'https://chatgpt.com/c/68f0-ab')).toBe('c/68f0-ab');
    expect(of('chatgpt', 'https://chatgpt.com/g/g-x/c/12')).toBe('c/12');
    expect(of('chatgpt', 'https://chatgpt.com/')).toBeNull();
    expect(of('claude', 'https://claude.ai/chat/5e1')).toBe('chat/5e1');
    expect(of('claude', 'https://claude.ai/new')).toBeNull();
    expect(of('gemini', 'https://gemini.google.com/app/9f1c')).toBe('app/9f1c');
    expect(of('gemini', 'https://gemini.google.com/app')).toBeNull();
  });
});
