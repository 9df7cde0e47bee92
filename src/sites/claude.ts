/**
 * claude.ai (SITES.md). Two layouts:
 * - **2026-08**: the test id `chat-input` sits on the TipTap (ProseMirror) editor itself; send is
 *   `[data-testid="chat-input-send"]` (its label is translated), and while an answer streams the same
 *   button's test id is `chat-input-stop`; answers are `[data-testid="assistant-message"]`.
 * - **classic**: the editor inside `[data-testid="chat-input"]` (2025: inside
 *   `div[aria-label="Write your prompt to Claude"]`), a button labelled "Send message" (English only), and
 *   answers `.font-claude-response`.
 * Editing an earlier message uses a textarea with its own save button, which is not the composer. In a
 * narrow layout (about 500 px and less) Enter makes a new line and only the button sends.
 */
import { EDITABLE, firstMatch, matchLayout, type Layout, type SiteAdapter } from './adapter';

/** Narrower than this, Claude's Enter inserts a new line instead of sending. */
export const CLAUDE_NARROW_MAX_WIDTH = 500;

const LAYOUTS: readonly Layout[] = [
  { name: '2026-08', composer: [`[data-testid="chat-input"]${EDITABLE}`] },
  {
    name: 'classic',
    composer: [
      '[data-testid="chat-input"] .ProseMirror[contenteditable="true"]',
      'div[aria-label="Write your prompt to Claude"] .ProseMirror[contenteditable="true"]',
    ],
  },
];

/** The newer layout's answer bodies, inside each `[data-testid="assistant-message"]`. */
const ANSWER_BODY = '[data-cds="Prose"] [data-perf-reply-text], .standard-markdown';

export const claude: SiteAdapter<'claude'> = {
  id: 'claude',
  label: 'Claude',
  hosts: ['claude.ai'],
  protocol: 'https:',
  findComposer: (doc) => matchLayout(doc, LAYOUTS)?.composer ?? null,
  // The classic layout's English label is the only handle public sources report for it ("Send Message" until 2024).
  findSendButton: (doc) => firstMatch(doc, ['button[data-testid="chat-input-send"]', 'button[aria-label="Send message"]', 'button[aria-label="Send Message"]']),
  enterSends: (win) => !win.matchMedia(`(max-width: ${CLAUDE_NARROW_MAX_WIDTH}px)`).matches,
  layout: (doc) => matchLayout(doc, LAYOUTS)?.layout.name ?? null,
  conversation: (url) => {
    const chat = /^\/(?:project\/[^/]+\/)?chat\/([\w-]+)(?:\/|$)/.exec(url.pathname);
    return chat ? `chat/${chat[1]}` : null;
  },
  answers: {
    all: (doc) => {
      const messages = [...doc.querySelectorAll<HTMLElement>('[data-testid="assistant-message"]')];
      if (messages.length > 0) return messages.map((message) => message.querySelector<HTMLElement>(ANSWER_BODY) ?? message);
      return [...doc.querySelectorAll<HTMLElement>('.font-claude-response .standard-markdown, .font-claude-message')];
    },
    streaming: (doc) => doc.querySelector('[data-is-streaming="true"], [data-testid="chat-input-stop"], button[aria-label="Stop response"]') !== null,
  },
  relies:
    'the editor [data-testid="chat-input"] and the button [data-testid="chat-input-send"] (2026-08 layout); the TipTap editor inside [data-testid="chat-input"] and a button labelled "Send message" (classic layout, English only: the label is translated)',
};
