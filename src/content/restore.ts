/**
 * After a reviewed send that replaced words (issue 18): once the site's answer has finished, a small Veil
 * button sits beside it; it opens the answer read back in the person's words in Veil's own frame
 * (restore.html, extension origin, docked at the side). The page never holds the person's words: the
 * content script hands only the site's own answer to the background, and the frame gets the recovered
 * text from the background with a one-time token posted to it alone.
 */
import type { VeilClient } from '../messaging/client';
import type { SiteAdapter } from '../sites/adapter';
import { answerId, finishedAnswer, type AnswersBefore } from './answers';
import { dockedFrame } from './docked-frame';
import { PageNotice } from './notice';
import { launchFramed } from './framed-launch';
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
  /** The answer's element while the page shows it (null while it is unmounted). */
  private answer: HTMLElement | null = null;
  /**
   * What the answer is, to find it again when the site renders it anew (a re-render, or a virtualised
   * transcript mounting it again after a scroll): its stable id where the site gives one, and its text.
   * Not its place in the list, which shifts as older turns unmount.
   */
  private target: { id: string | null; text: string } | null = null;
  private frame: HTMLIFrameElement | null = null;
  private readonly notice: PageNotice;

  constructor(private readonly deps: RestoreDeps) {
    this.notice = new PageNotice(deps.win.document);
  }

  /** A reviewed send with replacements went out when the page held the answers `before`: wait for its answer. */
  async afterSend(before: AnswersBefore): Promise<void> {
    const run = ++this.run;
    const found = await finishedAnswer(this.deps.adapter, this.deps.win, before, {
      timeoutMs: this.deps.answerTimeoutMs ?? 180_000,
      alive: () => run === this.run,
    });
    if (!found || run !== this.run) return;
    this.answer = found.element;
    this.target = { id: answerId(found.element), text: found.text };
    this.place();
  }

  /** The answer's element as the page shows it now, found again by its id or text if it was rendered anew. */
  private current(): HTMLElement | null {
    if (this.answer?.isConnected) return this.answer;
    this.answer = null;
    const target = this.target;
    if (!target) return null;
    const all = this.deps.adapter.answers?.all(this.deps.win.document) ?? [];
    const found =
      target.id !== null
        ? all.find((element) => answerId(element) === target.id)
        : all.findLast((element) => (element.textContent?.trim() ?? '') === target.text);
    this.answer = found ?? null;
    return this.answer;
  }

  /**
   * Keep the button beside its answer (call on every health check: the page scrolls and re-renders). While
   * the answer is not in the page (its turn unmounted) there is no button; it comes back with the answer.
   */
  place(): void {
    const doc = this.deps.win.document;
    if (!this.current()) {
      this.button?.remove();
      this.button = null;
      return;
    }
    const answer = this.answer!;
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
    const rect = answer.getBoundingClientRect();
    const win = this.deps.win;
    this.button.style.cssText = `${BUTTON}top:${Math.max(4, rect.top + win.scrollY - 30)}px;left:${Math.max(4, rect.left + win.scrollX)}px;`;
  }

  /** Open Veil's frame with this answer read back (a fresh one-time token, posted to that frame only). */
  async open(): Promise<void> {
    const answer = this.current();
    if (!answer) return;
    const { frame, loaded } = dockedFrame(this.deps.win.document, this.deps.restoreUrl, 'Veil: the answer in your words', { veilRestore: 'frame' });
    this.frame = frame;
    this.place();
    try {
      const chat = this.deps.adapter.conversation(new URL(this.deps.win.location.href));
      const text = answer.textContent?.trim() ?? '';
      await launchFramed(frame, this.deps.restoreUrl, loaded, (token) =>
        this.deps.send('restore.begin', { conversation: this.deps.conversation(), chat, text, token }),
      );
    } catch (error) {
      // Nothing to show (the conversation's replacements were forgotten, the background did not answer): say why.
      this.close();
      this.notice.show(`Veil cannot read this answer back: ${error instanceof Error ? error.message : String(error)}.`);
    }
  }

  close(): void {
    if (this.frame) markClosing(this.frame);
    this.frame?.remove();
    this.frame = null;
    this.place();
  }
}
