/**
 * chatgpt.com (SITES.md, gathered 2026-11). The composer is a ProseMirror editor with the id
 * `prompt-textarea` (a `<textarea>` with that id until about 2024-09). Canvas and message-edit editors are
 * ProseMirror too and can come earlier in the DOM, so the composer is found by its id, never as "the first
 * .ProseMirror". The send button exists only while the composer holds text (a voice button otherwise).
 */
import { firstMatch, pathConversation, type SiteAdapter } from './adapter';

export const chatgpt: SiteAdapter<'chatgpt'> = {
  id: 'chatgpt',
  label: 'ChatGPT',
  hosts: ['chatgpt.com', 'chat.openai.com'],
  protocol: 'https:',
  findComposer: (doc) =>
    firstMatch(doc, [
      'form[data-type="unified-composer"] #prompt-textarea[contenteditable="true"]',
      '#prompt-textarea[contenteditable="true"]',
      'textarea#prompt-textarea',
    ]),
  findSendButton: (doc) => firstMatch(doc, ['button[data-testid="send-button"]', 'button#composer-submit-button']),
  enterSends: () => true,
  conversation: (url) => pathConversation(url, /\/c\/[\w-]+/),
  answers: {
    all: (doc) => [...doc.querySelectorAll<HTMLElement>('[data-message-author-role="assistant"] .markdown')],
    streaming: (doc) => doc.querySelector('button[data-testid="stop-button"]') !== null,
  },
  relies:
    'the message box #prompt-textarea (a ProseMirror editor, or a textarea on older pages) and a send button with data-testid="send-button" or id composer-submit-button',
};
