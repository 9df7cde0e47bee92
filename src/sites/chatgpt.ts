/**
 * chatgpt.com (SITES.md). Three layouts are live side by side:
 * - **2026-09**: the composer is a ProseMirror editor `[data-composer-markdown][contenteditable]` inside
 *   `form[data-chatgpt-composer]`, with no id; the send button is the form's `button[type=submit]`, with no id
 *   or test id (its label "Send" is English and not relied on).
 * - **signed out** (2026-09): a `textarea#mobile-composer-prompt` in `form[data-mobile-composer]`, sent by
 *   `button[data-composer-submit]`, which becomes the stop button (`data-stop-generating`) while an answer streams.
 * - **classic**: the ProseMirror editor `#prompt-textarea` (a `<textarea>` with that id until about
 *   2024-09) in `form[data-type="unified-composer"]`, with `button[data-testid="send-button"]`.
 * Canvas and message-edit editors are ProseMirror too and can come earlier in the DOM, so the composer is
 * found by its id or its form, never as "the first .ProseMirror". Since 2026-11 a zero-size "LegacyExpandable"
 * twin of the composer, with the same attributes, can come before it: the one the page shows is taken
 * (./adapter.ts `matchLayout`). The send button exists only while the composer holds text (a voice or
 * dictation button otherwise): no send button then is not a broken layout.
 */
import { EDITABLE, firstMatch, matchLayout, type Layout, type SiteAdapter } from './adapter';

const LAYOUTS: readonly Layout[] = [
  {
    name: 'classic',
    composer: [
      'form[data-type="unified-composer"] #prompt-textarea[contenteditable="true"]',
      '#prompt-textarea[contenteditable="true"]',
      'textarea#prompt-textarea',
    ],
  },
  { name: '2026-09', composer: [`form[data-chatgpt-composer] [data-composer-markdown]${EDITABLE}`, `[data-composer-markdown]${EDITABLE}`] },
  { name: 'signed out', composer: ['form[data-mobile-composer] textarea#mobile-composer-prompt', 'textarea#mobile-composer-prompt'] },
];

/** The stop button while an answer streams: a button of its own, or the send button turned into it. */
const STOP = 'button[data-testid="stop-button"], [data-stop-generating]';

function isStop(button: Element): boolean {
  return button.matches(STOP);
}

export const chatgpt: SiteAdapter<'chatgpt'> = {
  id: 'chatgpt',
  label: 'ChatGPT',
  hosts: ['chatgpt.com', 'chat.openai.com'],
  protocol: 'https:',
  findComposer: (doc) => matchLayout(doc, LAYOUTS)?.composer ?? null,
  findSendButton: (doc) => {
    const byId = firstMatch(doc, ['button[data-testid="send-button"]', 'button#composer-submit-button']);
    if (byId) return byId;
    // The newer layouts: the submit button of the composer's own form.
    const form = matchLayout(doc, LAYOUTS)?.composer.closest('form');
    const button = form ? firstMatch(form, ['button[data-composer-submit]', 'button[type="submit"]']) : null;
    return button && !isStop(button) ? button : null;
  },
  enterSends: () => true,
  layout: (doc) => matchLayout(doc, LAYOUTS)?.layout.name ?? null,
  // `/c/<id>`, `/g/<gpt or project>/c/<id>` (the same chat), `/uc/<uuid>` signed out. The brief
  // `/c/WEB:<id>` right after a first send is not the chat's id yet: the chat stays "new" until the real one.
  conversation: (url) => {
    const chat = /^\/(?:g\/[^/]+\/)?c\/([\w-]+)(?:\/|$)/.exec(url.pathname);
    if (chat) return `c/${chat[1]}`;
    const signedOut = /^\/uc\/([\w-]+)(?:\/|$)/.exec(url.pathname);
    return signedOut ? `uc/${signedOut[1]}` : null;
  },
  answers: {
    all: (doc) => [
      ...doc.querySelectorAll<HTMLElement>('li[data-message-role="assistant"] [data-assistant-markdown], [data-message-author-role="assistant"] .markdown'),
    ],
    streaming: (doc) => doc.querySelector(STOP) !== null,
  },
  relies:
    'the message box #prompt-textarea with a send button data-testid="send-button" (classic layout); the editor [data-composer-markdown] in form[data-chatgpt-composer] and that form\'s submit button (2026-09 layout); textarea#mobile-composer-prompt and button[data-composer-submit] (signed out)',
};
