/**
 * The review of one caught send: the panel (Veil's review.html in a frame over the page), the one-time token
 * that binds it to the background's review, and the commands about it (the panel's Send or Cancel, relayed by
 * the background). One review at a time; the next send's panel is loaded ahead, hidden.
 *
 * The panel acts only while it is seen (../visible.ts): Send is refused unless it has been shown unobscured
 * for a moment, and keys are steered to it only while it is visible.
 *
 * ```ts
 * const session = new ReviewSession({ adapter, win, ctx, send, panelUrl, timeoutMs, finder, writer, blocked, notice, isOn, onRestorable });
 * void session.open('what the person typed');
 * await session.command({ veilPanel: 'send', reviewId, text: 'the approved text' });
 * ```
 */
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { VeilClient } from '../../messaging/client';
import { messageOf } from '../../core/async-helpers';
import { tooLong } from '../../crossmap/too-long';
import type { SiteAdapter } from '../../sites/adapter';
import { answersNow, type AnswersBefore } from '../answers';
import { ConversationKeys } from '../conversation';
import type { PageNotice } from '../notice';
import { launchFramed } from '../framed-launch';
import type { ContentReply, PanelCommand } from '../../messaging/to-content';
import { PanelFrame } from '../panel-frame';
import { markClosing, unmarkClosing, VisibilityWatch } from '../visible';
import type { BlockedSend } from './blocked-send';
import type { ComposerFinder } from './composer-finder';
import type { ComposerWriter } from './write-and-press';

/** `window`: the person sent from the review in Veil's own window (out of the page's reach), not from the panel on the page. */

export interface SessionDeps {
  adapter: SiteAdapter;
  win: Window & typeof globalThis;
  ctx: ContentScriptContext;
  send: VeilClient;
  /** The review panel's URL (review.html in the extension). */
  panelUrl: string;
  /** How long the background and the panel may take to answer before the send is blocked (ms). */
  timeoutMs: number;
  finder: ComposerFinder;
  writer: ComposerWriter;
  blocked: BlockedSend;
  notice: PageNotice;
  /** Whether Veil is on for this site now. */
  isOn: () => boolean;
  /** Told after a reviewed send that replaced words, with the answers the page held before it. */
  onRestorable: (answersBefore: AnswersBefore) => void;
}

interface OpenPanel {
  frame: PanelFrame;
  openedAt: number;
  reviewId?: string;
  watch?: VisibilityWatch;
}

/** How long after the panel opens focus taken from it is given back (ms). */
const REFOCUS_MS = 500;
/** How long the panel must have been seen, unobscured, before its Send works (ms). */
export const VISIBLE_MS = 600;
/** The panel covers the window. */
const PANEL_SIZE = (win: Window) => () => ({ minWidth: win.innerWidth, minHeight: win.innerHeight });

export class ReviewSession {
  private readonly doc: Document;
  private readonly conversations = new ConversationKeys();
  private panel: OpenPanel | null = null;
  /** A panel loaded ahead, hidden, for the next send. */
  private spare: PanelFrame | null = null;
  /** The person's own words of the send under review, to put back if a send does not go out. */
  private prompt = '';
  /** CROSS-MAP: called once the send of a composed (mapped) text went out, or when its review ended without one. */
  private afterSend: { sent: () => void; dropped: () => void } | null = null;
  /** Whether the person clicked on the page (somewhere else than the message box and its send button) since the last review. */
  private personMoved = true;

  constructor(private readonly deps: SessionDeps) {
    this.doc = deps.win.document;
  }

  /** Whether a review's panel is on the page. */
  get open(): boolean {
    return this.panel?.frame.connected === true;
  }

  /** A send while the panel is open: the panel is modal, so focus goes back to it (only while it can be seen). */
  steer(): void {
    if (this.panel?.watch?.check()) this.panel.frame.element.focus();
  }

  /** A key of the person's on the page; whether the session took it (Escape cancels the open review). */
  keydown(event: KeyboardEvent): boolean {
    if (!this.open) return false;
    // The panel is modal: keys meant for it that land on the page go to it (Escape cancels there too), but
    // only while it can be seen: keys are never steered into a panel the page has hidden or covered.
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopImmediatePropagation();
      void this.cancelFromPage();
      return true;
    }
    this.steer();
    return false;
  }

  /** Focus moved on the page; whether the session took it (focus given back to a panel that just opened). */
  focusin(event: FocusEvent): boolean {
    // The site's editor may take focus back right after the key press that opened the panel: given back to the
    // panel in that first moment only (and only while it can be seen). A page that takes focus later gets no
    // tug of war: the key shield (../key-shield.ts) holds the person's keys from it and says so.
    if (!this.panel?.frame.connected || event.target === this.panel.frame.element) return false;
    if (Date.now() - this.panel.openedAt < REFOCUS_MS && this.panel.watch?.check() !== false) this.panel.frame.element.focus();
    return true;
  }

  /** A click of the person's: away from the message box, maybe a move to another chat. */
  pointerdown(event: PointerEvent): void {
    const target = event.target instanceof this.deps.win.Node ? event.target : null;
    const box = this.deps.finder.composer();
    const button = this.deps.finder.sendButton();
    if (!target || !(box?.contains(target) || button?.contains(target))) this.personMoved = true;
  }

  /**
   * The conversation key of the page now (reviews and compose sessions share it). A page can change its URL
   * at will (`history.pushState`), so a conversation id the page shows is taken as another conversation only
   * after the person clicked somewhere on the page (a chat in the list, "new chat") since the last review;
   * otherwise the send stays in the conversation of the last one, and its release is reused.
   */
  conversationKey(): string {
    return this.conversations.keyFor(this.deps.adapter.conversation(new URL(this.deps.win.location.href)), { moved: this.personMoved });
  }

  /**
   * CROSS-MAP: the compose box's mapped text goes through the normal review, like a typed send; `onSent`
   * runs once the site took it (the content script then waits for the answer).
   */
  reviewComposed(text: string, onSent: () => void, onDropped: () => void): ContentReply {
    if (!this.deps.isOn()) return { ok: false, error: 'Veil is off for this site' };
    if (this.open) return { ok: false, error: 'a review is already open on this page' };
    if (!this.deps.finder.composer()) return { ok: false, error: `Veil cannot find ${this.deps.adapter.label}'s message box on this page` };
    this.afterSend = { sent: onSent, dropped: onDropped };
    void this.begin(text, true);
    return { ok: true };
  }

  /** Review `prompt`, a send the person made: the panel shows at once, the release comes from the background. */
  async begin(prompt: string, composed = false): Promise<void> {
    const { adapter, win, send, panelUrl, notice, blocked } = this.deps;
    notice.hide();
    const long = tooLong(prompt);
    if (long) {
      blocked.say(`Veil held this send: ${long}. Nothing was sent or charged.`);
      return;
    }
    this.prompt = prompt;
    const frame = this.spare?.connected ? this.spare : new PanelFrame(this.doc, panelUrl, { shown: true });
    this.spare = null;
    const panel: OpenPanel = { frame, openedAt: Date.now() };
    this.panel = panel;
    try {
      const conversation = this.conversationKey();
      this.personMoved = false;
      // The site's id for the chat names the conversation's codebook, unless the page's URL was taken for another
      // conversation's (the page changed it on its own): then the codebook stays where it is.
      const raw = adapter.conversation(new URL(win.location.href));
      const chat = raw !== null && (conversation === raw || conversation.startsWith('new-')) ? raw : null;
      // A one-time token for this review goes to the background with `begin`, then to the panel's own window
      // once the background has the review (begin answers before the release is made, so this does not wait
      // on the sampler): ../framed-launch.ts.
      const launched = launchFramed(frame.element, panelUrl, this.within(frame.loaded, "Veil's review panel did not open"), (token) =>
        this.within(send('review.begin', { prompt, conversation, chat, token, ...(composed ? { composed: true } : {}) }), "Veil's background did not answer"),
      );
      // Shown in the same moment, once the background has been asked (showing and focusing the frame makes
      // the page lay itself out again). From now on it is watched: Send works only while it can be seen.
      frame.show();
      panel.watch = new VisibilityWatch(frame.element, PANEL_SIZE(win));
      const { reviewId } = await launched;
      panel.reviewId = reviewId;
    } catch (error) {
      if (this.panel === panel) this.close();
      // A review the background may have begun is over (its release, if made, stays charged).
      void send('review.cancel', {}).catch(() => undefined);
      blocked.say(`Veil blocked this send: ${withoutStop(messageOf(error))}. Nothing was sent.`);
    }
  }

  /** A command from the background about the open review (its panel's Send or Cancel). */
  async command(command: PanelCommand): Promise<ContentReply> {
    if (!this.panel || this.panel.reviewId !== command.reviewId) return { ok: false, error: 'this review is no longer open on the page' };
    if (command.veilPanel === 'close') {
      this.close();
      this.deps.finder.composer()?.focus();
      return { ok: true };
    }
    // A panel the person could not see cannot have been their choice: refused, unless they sent from Veil's window.
    if (!command.window && !this.panel.watch?.proven(VISIBLE_MS)) {
      const why = this.panel.watch?.reason ?? 'it was never shown';
      return {
        ok: false,
        error: `Veil's panel was not fully visible on this page (${why}), so Veil did not send. Use “Open in a Veil window” to review and send out of the page's reach`,
      };
    }
    // Writing into the composer moves focus there from the panel: Veil's own move, not the page taking the keys.
    markClosing(this.panel.frame.element);
    try {
      const before = answersNow(this.deps.adapter, this.doc);
      await this.deps.writer.send(command.text, this.prompt);
      const after = this.afterSend;
      this.afterSend = null;
      this.close();
      after?.sent();
      // Words were replaced: the answer can be read back in the person's words (../restore.ts).
      if (command.restore) this.deps.onRestorable(before);
      return { ok: true };
    } catch (error) {
      if (this.panel) unmarkClosing(this.panel.frame.element);
      return { ok: false, error: withoutStop(messageOf(error)) };
    }
  }

  /** Load the next send's panel ahead, hidden (when Veil is on here and none is waiting). */
  prepare(): void {
    if (this.deps.isOn() && !this.panel && !this.spare?.connected && this.doc.documentElement) {
      this.spare = new PanelFrame(this.doc, this.deps.panelUrl, { shown: false });
    }
  }

  /** The script can no longer talk to Veil (the extension was updated): the open review and the spare panel go. Whether a review was open. */
  end(): boolean {
    const ended = this.open;
    this.afterSend = null;
    this.panel?.watch?.stop();
    this.panel?.frame.remove();
    this.panel = null;
    this.spare?.remove();
    this.spare = null;
    return ended;
  }

  private close(): void {
    // A composed text whose review closed without a send: the compose box must not wait for an answer.
    const dropped = this.afterSend?.dropped;
    this.afterSend = null;
    dropped?.();
    this.panel?.watch?.stop();
    this.panel?.frame.remove();
    this.panel = null;
    this.deps.ctx.setTimeout(() => this.prepare(), 0);
  }

  /** Escape on the page while the panel is open: the same as the panel's Cancel. */
  private async cancelFromPage(): Promise<void> {
    await this.deps.send('review.cancel', {}).catch(() => undefined);
    this.close();
    this.deps.finder.composer()?.focus();
  }

  private within<T>(promise: Promise<T>, what: string): Promise<T> {
    const { ctx, timeoutMs } = this.deps;
    return new Promise<T>((resolve, reject) => {
      const timer = ctx.setTimeout(() => reject(new Error(`${what} within ${timeoutMs / 1000} s`)), timeoutMs);
      promise.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
}

/** A message set inside a sentence of ours loses its own full stop. */
const withoutStop = (text: string) => text.replace(/\.$/, '');
