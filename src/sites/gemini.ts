/**
 * gemini.google.com (SITES.md). The composer is a Quill editor (`div.ql-editor`, class `ql-blank` while
 * empty) inside the `rich-textarea` element; the 2026 layout adds `new-input-ui` and wraps it in
 * `input-area-v2` / `[data-node-type="input-area"]`. The send button:
 * - **2026**: the class `send-button` sits on a `gem-icon-button` element around the real button, inside
 *   `[data-test-id="send-button-container"]`; while an answer streams the same element is the stop button
 *   (the wrapper gets `.stop`);
 * - **classic**: `button.send-button`, `aria-disabled="true"` until there is text, a stop icon while streaming.
 * Labels are translated ("发送"), so the English label is only a last resort. Google pages enforce Trusted
 * Types: nothing here or in the content script writes HTML.
 */
import { firstMatch, matchLayout, type Layout, type SiteAdapter } from './adapter';

const LAYOUTS: readonly Layout[] = [
  {
    name: '2026',
    composer: [
      'input-area-v2 rich-textarea .ql-editor[contenteditable="true"]',
      '[data-node-type="input-area"] rich-textarea .ql-editor[contenteditable="true"]',
    ],
  },
  { name: 'classic', composer: ['rich-textarea .ql-editor[contenteditable="true"]'] },
];

/** The same control stops an answer while one streams: not a send then. */
function isStop(button: Element): boolean {
  return button.matches('.stop, .stop *') || button.querySelector('mat-icon[fonticon="stop"]') !== null;
}

export const gemini: SiteAdapter<'gemini'> = {
  id: 'gemini',
  label: 'Gemini',
  hosts: ['gemini.google.com'],
  protocol: 'https:',
  findComposer: (doc) => matchLayout(doc, LAYOUTS)?.composer ?? null,
  findSendButton: (doc) => {
    const icon = doc.querySelector('mat-icon[fonticon="send"]')?.closest('button') ?? null;
    const button =
      firstMatch(doc, ['[data-test-id="send-button-container"] .send-button button', '.send-button > button', 'button.send-button']) ??
      icon ??
      firstMatch(doc, ['button[aria-label="Send message"]']);
    return button && !isStop(button) ? button : null;
  },
  enterSends: () => true,
  layout: (doc) => matchLayout(doc, LAYOUTS)?.layout.name ?? null,
  // `/app/<id>`, `/u/<n>/app/<id>` (another signed-in account), `/gem/<gem>/<id>` (a chat with a Gem).
  conversation: (url) => {
    const chat = /^(?:\/u\/\d+)?\/(?:app|gem\/[^/]+)\/([\w-]+)(?:\/|$)/.exec(url.pathname);
    return chat ? `app/${chat[1]}` : null;
  },
  // The answer without its "thinking" section.
  answers: {
    all: (doc) => [...doc.querySelectorAll<HTMLElement>('model-response message-content .markdown')],
    streaming: (doc) => doc.querySelector('mat-icon[fonticon="stop"], .send-button.stop') !== null,
  },
  relies:
    'the Quill editor (.ql-editor) inside the rich-textarea element, and the button inside the element with the class send-button (2026: a gem-icon-button wrapper; classic: the button itself)',
};
