/**
 * After a reviewed send that replaced words (issue 18): once the site's answer has finished, a small Veil
 * button sits beside it; it opens the answer read back in the person's words in Veil's own frame
 * (restore.html, extension origin, docked at the side). The page never holds the person's words: the
 * content script hands only the site's own answer to the background, and the frame gets the recovered
 * text from the background with a one-time token posted to it alone.
 */
import type { VeilClient } from '../messaging/client';
import type { SiteAdapter } from '../sites/adapter';
import { finishedAnswer } from './answers';
import { dockedFrame } from './docked-frame';
import { PageNotice } from './notice';
import { randomToken } from './send-guard';
import { markClosing, markVeil } from './visible';

export interface RestoreDeps {
  adapter: SiteAdapter;
  win: Window & typeof globalThis;
  send: VeilClient;
  /** restore.html in the extension. */
  restoreUrl: string;
  /** The conversation key the review used. */
  conversation: () => string;
  answerTimeoutMs?: number;
}

const BUTTON =
  'all:initial;position:absolute;z-index:2147483645;font:600 12px/1.2 system-ui,sans-serif;color:#fff;background:#3b4cca;border-radius:999px;padding:5px 10px;cursor:pointer;box-shadow:0 1px 4px rgba(0,0,0,.3);';

export class AnswerRestore {
  private run = 0;
  private button: HTMLButtonElement | null = null;
  private answer: HTMLElement | null = null;
  /** Which answer of the page it is (a re-render replaces the element, not the order). */
  private answerIndex = -1;
  private frame: HTMLIFrameElement | null = null;
  private readonly notice: PageNotice;

  constructor(private readonly deps: RestoreDeps) {
    this.notice = new PageNotice(deps.win.document);
  }

  /** A reviewed send with replacements went out when the page had `before` answers: wait for its answer. */
  async afterSend(before: number): Promise<void> {
    const run = ++this.run;
    const found = await finishedAnswer(this.deps.adapter, this.deps.win, before, { timeoutMs: this.deps.answerTimeoutMs ?? 180_000, alive: () => run === this.run });
    if (!found || run !== this.run) return;
    this.answer = found.element;
    this.answerIndex = this.deps.adapter.answers?.all(this.deps.win.document).indexOf(found.element) ?? -1;
    this.place();
  }

  /** Keep the button beside its answer (call on every health check: the page scrolls and re-renders). */
  place(): void {
    const doc = this.deps.win.document;
    if (this.answer && !this.answer.isConnected) {
      // A re-render replaced the element: the answer in the same place of the conversation is the one it was for.
      const all = this.deps.adapter.answers?.all(doc) ?? [];
      this.answer = all[this.answerIndex] ?? null;
      if (!this.answer) {
        this.button?.remove();
        this.button = null;
      }
    }
    if (!this.answer) return;
    if (!this.button?.isConnected) {
      const button = doc.createElement('button');
      button.type = 'button';
      button.dataset.veilRestore = 'open';
      markVeil(button);
      button.addEventListener('click', (event) => {
        if (!event.isTrusted) return;
        event.preventDefault();
        event.stopPropagation();
        if (this.frame?.isConnected) this.close();
        else void this.open();
      });
      doc.documentElement.append(button);
      this.button = button;
    }
    this.button.textContent = this.frame?.isConnected ? 'Close Veil’s read-back' : 'Veil: read this answer in your words';
    const rect = this.answer.getBoundingClientRect();
    const win = this.deps.win;
    this.button.style.cssText = `${BUTTON}top:${Math.max(4, rect.top + win.scrollY - 30)}px;left:${Math.max(4, rect.left + win.scrollX)}px;`;
  }

  /** Open Veil's frame with this answer read back (a fresh one-time token, posted to that frame only). */
  async open(): Promise<void> {
    const answer = this.answer;
    if (!answer) return;
    const { frame, loaded } = dockedFrame(this.deps.win.document, this.deps.restoreUrl, 'Veil: the answer in your words', { veilRestore: 'frame' });
    this.frame = frame;
    this.place();
    const token = randomToken();
    try {
      const chat = this.deps.adapter.conversation(new URL(this.deps.win.location.href));
      await this.deps.send('restore.begin', { conversation: this.deps.conversation(), chat, text: answer.textContent?.trim() ?? '', token });
    } catch (error) {
      // Nothing to show (the conversation's replacements were forgotten, the background did not answer): say why.
      this.close();
      this.notice.show(`Veil cannot read this answer back: ${error instanceof Error ? error.message : String(error)}.`);
      return;
    }
    await loaded;
    frame.contentWindow?.postMessage({ veilRestoreToken: token }, new URL(this.deps.restoreUrl).origin);
  }

  close(): void {
    if (this.frame) markClosing(this.frame);
    this.frame?.remove();
    this.frame = null;
    this.place();
  }
}
