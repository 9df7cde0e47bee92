/**
 * claude.ai (SITES.md, gathered 2026-11). The composer is a TipTap (ProseMirror) editor inside
 * `[data-testid="chat-input"]` (2025: inside `div[aria-label="Write your prompt to Claude"]`). Editing an
 * earlier message uses a textarea with its own save button, which is not the composer. In a narrow layout
 * (about 500 px and less) Enter makes a new line and only the button sends.
 */
import { firstMatch, pathConversation, type SiteAdapter } from './adapter';

/** Narrower than this, Claude's Enter inserts a new line instead of sending. */
export const CLAUDE_NARROW_MAX_WIDTH = 500;

export const claude: SiteAdapter<'claude'> = {
  id: 'claude',
  label: 'Claude',
  hosts: ['claude.ai'],
  protocol: 'https:',
  findComposer: (doc) =>
    firstMatch(doc, [
      '[data-testid="chat-input"] .ProseMirror[contenteditable="true"]',
      '.ProseMirror[contenteditable="true"][data-testid="chat-input"]',
      'div[aria-label="Write your prompt to Claude"] .ProseMirror[contenteditable="true"]',
    ]),
  // The label is the only stable handle public sources report ("Send Message" until 2024).
  findSendButton: (doc) => firstMatch(doc, ['button[aria-label="Send message"]', 'button[aria-label="Send Message"]']),
  enterSends: (win) => !win.matchMedia(`(max-width: ${CLAUDE_NARROW_MAX_WIDTH}px)`).matches,
  conversation: (url) => pathConversation(url, /\/chat\/[\w-]+/),
  answers: {
    all: (doc) => [...doc.querySelectorAll<HTMLElement>('.font-claude-response .standard-markdown, .font-claude-message')],
    streaming: (doc) => doc.querySelector('[data-is-streaming="true"]') !== null || doc.querySelector('button[aria-label="Stop response"]') !== null,
  },
  relies:
    'the TipTap (ProseMirror) editor inside [data-testid="chat-input"] and a button labelled "Send message" (English only: the label is localized)',
};
