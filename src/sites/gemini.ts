/**
 * gemini.google.com (SITES.md, gathered 2026-11). The composer is a Quill editor (`div.ql-editor`, class
 * `ql-blank` while empty) inside the `rich-textarea` element. The send button has the class `send-button`
 * and stays `aria-disabled="true"` until there is text; while an answer streams it shows a stop icon instead. Google pages enforce Trusted Types: nothing here or
 * in the content script writes HTML.
 */
import { firstMatch, pathConversation, type SiteAdapter } from './adapter';

export const gemini: SiteAdapter<'gemini'> = {
  id: 'gemini',
  label: 'Gemini',
  hosts: ['gemini.google.com'],
  protocol: 'https:',
  findComposer: (doc) => firstMatch(doc, ['rich-textarea .ql-editor[contenteditable="true"]']),
  // While an answer streams, the same button shows a stop icon and stops the answer: not a send then.
  findSendButton: (doc) => {
    const button = firstMatch(doc, ['button.send-button', 'button[aria-label="Send message"]']) ?? doc.querySelector('mat-icon[fonticon="send"]')?.closest('button') ?? null;
    return button && !button.querySelector('mat-icon[fonticon="stop"]') ? button : null;
  },
  enterSends: () => true,
  conversation: (url) => pathConversation(url, /\/app\/[\w-]+/),
  // The answer without its "thinking" section.
  answers: {
    all: (doc) => [...doc.querySelectorAll<HTMLElement>('model-response message-content .markdown')],
    streaming: (doc) => doc.querySelector('mat-icon[fonticon="stop"]') !== null,
  },
  relies: 'the Quill editor (.ql-editor) inside the rich-textarea element and the button with the class send-button',
};
