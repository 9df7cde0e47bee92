/**
 * Veil's own Demo Chat page (demo/, `npm start`), served over http on this machine: a textarea and a send
 * button in a form. Each page load is one conversation. Its made-up answers (`p.answer` in each assistant
 * message, `data-streaming` while they appear) can be read back in the person's words like a real site's.
 */
import { firstMatch, type SiteAdapter } from './adapter';

export const demo: SiteAdapter<'demo'> = {
  id: 'demo',
  label: 'Demo Chat',
  hosts: ['localhost', '127.0.0.1'],
  protocol: 'http:',
  findComposer: (doc) => firstMatch(doc, ['form#composer-form textarea#prompt-textarea']),
  findSendButton: (doc) => firstMatch(doc, ['form#composer-form #send-button']),
  enterSends: () => true,
  conversation: () => null,
  answers: {
    all: (doc) => [...doc.querySelectorAll<HTMLElement>('#thread .message.assistant p.answer')],
    streaming: (doc) => doc.querySelector('#thread p.answer[data-streaming]') !== null,
  },
  relies: 'the textarea #prompt-textarea and the button #send-button in the form #composer-form',
};
