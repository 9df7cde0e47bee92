/**
 * CROSS-MAP on the chat page (issue 10), the content script's side. It places a small "Private compose"
 * button by the site's message box and listens for Alt+Shift+P; either opens Veil's compose box
 * (compose.html, an iframe of the extension's own origin, docked at the side). The person types there, so
 * their words never enter the page. The content script only ever holds the mapped text, which it sends
 * through the normal review (send-guard.ts), and the site's answer, which is on the page anyway: it reads
 * that once the site stopped streaming and hands it to the background, which recovers it for the box.
 */
import type { VeilClient } from '../messaging/client';
import type { SiteAdapter } from '../sites/adapter';
import { answersNow, finishedAnswer, type AnswersBefore } from './answers';
import { dockedFrame } from './docked-frame';
import { launchFramed } from './framed-launch';
import type { SendGuard } from './send-guard';

import type { ComposeCommand, ContentReply } from '../messaging/to-content';
import { markClosing, markVeil } from './visible';

export interface ComposeDeps {
  adapter: SiteAdapter;
  win: Window & typeof globalThis;
  send: VeilClient;
  guard: SendGuard;
  /** compose.html in the extension. */
  composeUrl: string;
  /** The conversation key of the page now. */
  conversation: () => string;
  /** The site's own id of the conversation, once the page shows one. */
  conversationId: () => string | null;
  /** How long to wait for an answer to finish (ms). */
  answerTimeoutMs?: number;
}

const BUTTON =
  'all:initial;position:fixed;z-index:2147483645;font:600 12px/1.2 system-ui,sans-serif;color:#fff;background:#3b4cca;border-radius:999px;padding:6px 10px;cursor:pointer;box-shadow:0 1px 4px rgba(0,0,0,.3);';

export class ComposeLauncher {
  private frame: HTMLIFrameElement | null = null;
  private button: HTMLButtonElement | null = null;
  private composeId: string | null = null;
  private watching = 0;

  constructor(private readonly deps: ComposeDeps) {}

  install(): () => void {
    const keydown = (event: KeyboardEvent) => {
      if (!event.isTrusted || !this.deps.guard.enabled || !event.altKey || !event.shiftKey || event.code !== 'KeyP') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      void this.open();
    };
    this.deps.win.addEventListener('keydown', keydown, true);
    return () => this.deps.win.removeEventListener('keydown', keydown, true);
  }

  /** Keep the button by the message box (call on every health check). */
  place(): void {
    const doc = this.deps.win.document;
    const composer = this.deps.adapter.findComposer(doc);
    if (!composer || !this.deps.guard.enabled) {
      this.button?.remove();
      this.button = null;
      return;
    }
    if (!this.button?.isConnected) {
      const button = doc.createElement('button');
      button.type = 'button';
      button.textContent = 'Private compose';
      button.title = 'Veil: write a private message that is mapped before it is sent (Alt+Shift+P)';
      button.dataset.veilCompose = 'open';
      markVeil(button);
      button.addEventListener('click', (event) => {
        if (!event.isTrusted) return;
        event.preventDefault();
        event.stopPropagation();
        void this.open();
      });
      doc.documentElement.append(button);
      this.button = button;
    }
    const rect = composer.getBoundingClientRect();
    this.button.style.cssText = `${BUTTON}top:${Math.max(4, rect.top - 34)}px;left:${Math.max(4, rect.right - 140)}px;`;
  }

  /** Open the box (or focus it): a fresh one-time token, posted to the box's frame only. */
  async open(): Promise<void> {
    if (this.frame?.isConnected) {
      this.frame.focus();
      return;
    }
    const { frame, loaded } = dockedFrame(this.deps.win.document, this.deps.composeUrl, 'Veil: private compose', { veilCompose: 'box' });
    frame.focus();
    this.frame = frame;
    try {
      const { composeId } = await launchFramed(frame, this.deps.composeUrl, loaded, (token) =>
        this.deps.send('compose.begin', { conversation: this.deps.conversation(), token }),
      );
      this.composeId = composeId;
    } catch {
      this.close();
    }
  }

  close(): void {
    if (this.frame) markClosing(this.frame);
    this.frame?.remove();
    this.frame = null;
    this.composeId = null;
    this.watching++;
  }

  /** A command from the background about the open box. */
  async command(command: ComposeCommand): Promise<ContentReply> {
    if (command.composeId !== this.composeId) return { ok: false, error: 'this compose box is no longer open on the page' };
    if (command.veilCompose === 'close') {
      this.close();
      return { ok: true };
    }
    const before = answersNow(this.deps.adapter, this.deps.win.document);
    const composeId = command.composeId;
    return this.deps.guard.reviewComposed(
      command.text,
      () => void this.watch(composeId, before),
      () =>
        void this.deps
          .send('compose.answer', { composeId, text: null, note: 'The review closed without sending: nothing was sent. Your message is still here.' })
          .catch(() => undefined),
    );
  }

  /** Wait for the site's answer to the compose send and hand its text to the background. */
  private async watch(composeId: string, before: AnswersBefore): Promise<void> {
    const run = ++this.watching;
    const { adapter, win, send } = this.deps;
    const report = (text: string | null, note?: string) => {
      const conversation = this.deps.conversationId();
      return send('compose.answer', { composeId, text, ...(note ? { note } : {}), ...(conversation ? { conversation } : {}) }).catch(() => undefined);
    };
    if (!adapter.answers) {
      await report(null, `Veil cannot read ${adapter.label}'s answers. Paste the answer below to read it in your own words.`);
      return;
    }
    const answer = await finishedAnswer(adapter, win, before, { timeoutMs: this.deps.answerTimeoutMs ?? 180_000, alive: () => run === this.watching });
    if (answer) {
      await report(answer.text);
      return;
    }
    if (run === this.watching) await report(null, `Veil did not see ${adapter.label}'s answer finish. Paste it below to read it in your own words.`);
  }
}
