/**
 * The content script's whole job on a chat site: catch every way to send, hold the send, open the review
 * panel, and when the person approves, write exactly the approved text into the composer, check it took,
 * and press the site's own send. Anything that fails blocks the send with a message on the page.
 *
 * Ways to send it catches, in the capture phase on `window` (registered at document_start, so before any
 * listener of the page): Enter and Cmd/Ctrl+Enter in the composer (not Shift+Enter, not while an input
 * method composes, not a plain Enter where the site's layout makes it a new line), a click on the send
 * button, and submitting the form around the composer. It ignores events the page makes up (`isTrusted`
 * false) and everything while it replays the approved send itself.
 *
 * A send is a person's act (issue 29): a page can submit its form with `requestSubmit()`, which the browser
 * marks as trusted, so a `submit` opens a review only right after a trusted key press or click of the person
 * in that form; any other is blocked and counted, never reviewed or charged. The panel acts only while it is
 * seen (./visible.ts): Send is refused unless it has been shown unobscured for a moment, and keys are steered
 * to it only while it is visible.
 */
import type { VeilClient } from '../messaging/client';
import { tooLong } from '../crossmap/long';
import { isDisabled, type SiteAdapter } from '../sites/adapter';
import { composerAt } from './pick';
import { CONTROLS, nearComposer, sendVerdict } from './send-controls';
import { answersNow, type AnswersBefore } from './answers';
import { ConversationKeys } from './conversation';
import { readComposer, settle, writeComposer } from './editor-text';
import { PageNotice } from './notice';
import { PanelFrame } from './panel-frame';
import { markClosing, unmarkClosing, VisibilityWatch } from './visible';

export interface GuardDeps {
  adapter: SiteAdapter;
  win: Window & typeof globalThis;
  send: VeilClient;
  /** The review panel's URL (review.html in the extension). */
  panelUrl: string;
  /** How long the background and the panel may take to answer before the send is blocked (ms). */
  timeoutMs?: number;
}

/** Which part of a site adapter no longer matches the page. */
export type StalePart = 'composer' | 'send button' | 'answers';

/** `window`: the person sent from the review in Veil's own window (out of the page's reach), not from the panel on the page. */
export type PanelCommand = { veilPanel: 'send'; reviewId: string; text: string | null; restore?: boolean; window?: boolean } | { veilPanel: 'close'; reviewId: string };
export type PanelReply = { ok: true } | { ok: false; error: string };

export class SendGuard {
  private readonly doc: Document;
  private readonly notice: PageNotice;
  private readonly conversations = new ConversationKeys();
  private panel: { frame: PanelFrame; openedAt: number; reviewId?: string; watch?: VisibilityWatch } | null = null;
  /** The person's last trusted key press or click on the page, which a form's submit must follow (see the file's comment). */
  private act: { at: number; form: HTMLFormElement | null; control: Element | null } | null = null;
  /** Submits no act of the person's came before: blocked, never reviewed. */
  unpromptedSubmits = 0;
  /** Whether the person clicked on the page (somewhere else than the message box and its send button) since the last review. */
  private personMoved = true;
  /** A panel loaded ahead, hidden, for the next send. */
  private spare: PanelFrame | null = null;
  /** The pending read-ahead of the draft, and the last draft read. */
  private drafting: number | undefined;
  private prepared = '';
  private preparedAt = 0;
  /** The person's own words of the send under review, to put back if a send does not go out. */
  private prompt = '';
  private replaying = false;
  /** CROSS-MAP: called once the send of a composed (mapped) text went out, or when its review ended without one. */
  private afterSend: { sent: () => void; dropped: () => void } | null = null;
  /** The person chose "Send without Veil" where Veil could not press send itself: let one send through. */
  private bypassOnce = false;
  /** Whether the site is switched on in Veil's settings; unknown counts as on (fail closed). */
  enabled = true;
  /** Pick mode runs (src/content/pick.ts): the person's clicks are pointing, and pick mode keeps them from the site. */
  paused = false;
  private composerWasFound: boolean | null = null;
  /** What the person chose to review from on a page whose adapter is out of date (see `hold`). */
  private fallback: { composer: HTMLElement | null; button: HTMLElement | null } = { composer: null, button: null };
  /** The last message-box-like editable focused on the page. */
  private lastEditable: HTMLElement | null = null;
  /** When Veil last pressed the site's send itself (a reviewed send, or one the person let through). */
  sentByVeil: { at: number } | null = null;
  /** Told after a reviewed send that replaced words, with the answers the page held before it. */
  onRestorable: ((answersBefore: AnswersBefore) => void) | null = null;
  /** Told when a send had to be held because part of the adapter is out of date. */
  onStale: ((part: StalePart) => void) | null = null;
  private layoutWas: string | null = null;
  private readonly timeoutMs: number;

  constructor(private readonly deps: GuardDeps) {
    this.doc = deps.win.document;
    this.notice = new PageNotice(this.doc, () => this.composerNow() ?? this.lastComposerLike());
    this.timeoutMs = deps.timeoutMs ?? 10_000;
  }

  /** Listen for sends. Call at document_start. Returns a function that stops listening. */
  install(): () => void {
    const { win } = this.deps;
    const keydown = (event: KeyboardEvent) => this.onKeydown(event);
    const click = (event: MouseEvent) => this.onClick(event);
    const submit = (event: SubmitEvent) => this.onSubmit(event);
    const focusin = (event: FocusEvent) => this.onFocusin(event);
    const input = (event: Event) => this.onInput(event);
    const pointerdown = (event: PointerEvent) => this.onPointerdown(event);
    win.addEventListener('pointerdown', pointerdown, true);
    win.addEventListener('keydown', keydown, true);
    win.addEventListener('input', input, true);
    win.addEventListener('click', click, true);
    win.addEventListener('submit', submit, true);
    win.addEventListener('focusin', focusin, true);
    return () => {
      win.removeEventListener('keydown', keydown, true);
      win.removeEventListener('input', input, true);
      win.removeEventListener('click', click, true);
      win.removeEventListener('submit', submit, true);
      win.removeEventListener('focusin', focusin, true);
      win.removeEventListener('pointerdown', pointerdown, true);
    };
  }

  private ignores(event: Event): boolean {
    return !this.enabled || this.paused || this.replaying || !event.isTrusted;
  }

  /**
   * Typing in the composer: when the person pauses, the draft goes to Veil's background to be read by the
   * sentence encoder ahead of the send (`review.prepare`; it stays in Veil, and nothing is drawn or charged),
   * so the release at the key press does not wait for the model. The first keys after a while go at once
   * too, so a model freed when idle (src/model-host/idle-release.ts) loads again while the person writes,
   * however steadily they type. A failure there changes nothing.
   */
  private onInput(event: Event): void {
    if (!this.enabled || this.paused || !event.isTrusted) return;
    const composer = this.composerNow();
    if (!composer || !(event.target instanceof Node) || !composer.contains(event.target)) return;
    const prepare = () => {
      const draft = readComposer(composer).trim();
      if (draft === '' || draft === this.prepared) return;
      this.prepared = draft;
      this.preparedAt = Date.now();
      void this.deps.send('review.prepare', { prompt: readComposer(composer) }).catch(() => undefined);
    };
    if (Date.now() - this.preparedAt > DRAFT_EVERY_MS) prepare();
    this.deps.win.clearTimeout(this.drafting);
    this.drafting = this.deps.win.setTimeout(prepare, DRAFT_PAUSE_MS);
  }

  /** A click of the person: an act a submit may follow, and (away from the message box) maybe a move to another chat. */
  private onPointerdown(event: PointerEvent): void {
    if (!event.isTrusted) return;
    const target = event.target instanceof this.deps.win.Node ? event.target : null;
    const box = this.composerNow();
    const button = this.sendButtonNow();
    if (!target || !(box?.contains(target) || button?.contains(target))) this.personMoved = true;
  }

  private onKeydown(event: KeyboardEvent): void {
    if (this.ignores(event)) return;
    // Enter in a box of a form: an act a submit of that form may follow (the form as it was at the key press).
    if (event.key === 'Enter' && !event.shiftKey && event.target instanceof this.deps.win.Element) this.act = { at: Date.now(), form: event.target.closest('form'), control: null };
    if (this.panel?.frame.connected) {
      // The panel is modal: keys meant for it that land on the page go to it (Escape cancels there too), but
      // only while it can be seen: keys are never steered into a panel the page has hidden or covered.
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopImmediatePropagation();
        void this.cancelFromPage();
        return;
      }
      if (this.panel.watch?.check()) this.panel.frame.element.focus();
    }
    if (event.key !== 'Enter' || event.shiftKey || event.altKey) return;
    if (event.isComposing || event.keyCode === 229) return;
    const target = event.target as Node | null;
    const shortcut = event.ctrlKey || event.metaKey;
    const composer = this.composerNow();
    if (composer && target && composer.contains(target)) {
      if (!shortcut && !this.deps.adapter.enterSends(this.deps.win)) return;
      this.catchSend(event, composer);
      return;
    }
    const editable = target instanceof this.deps.win.Element ? composerAt(target) : null;
    if (!editable) return;
    if (composer) {
      // Another box beside the one the adapter knows (the site may have added or renamed one): held, asked.
      if (nearComposer(editable, composer) && (shortcut || this.deps.adapter.enterSends(this.deps.win))) this.hold(event, editable, null, 'composer');
      return;
    }
    // No composer found: an Enter in an editable box that may be the site's (in a form, or with a send
    // button present) is held rather than let out unchecked.
    if (editable.closest('form') || this.sendButtonNow()) this.hold(event, editable, null, 'composer');
  }

  private onClick(event: MouseEvent): void {
    if (this.ignores(event) || !(event.target instanceof this.deps.win.Element)) return;
    const target = event.target;
    // A click (a pointer's, or assistive technology's, which has none) on a control: the submit it makes must
    // name that very control as its submitter.
    const pressed = target.closest(CONTROLS);
    this.act = { at: Date.now(), form: pressed?.closest('form') ?? null, control: pressed };
    const button = this.sendButtonNow();
    if (button?.contains(target)) {
      const composer = this.composerNow();
      if (composer) this.catchSend(event, composer);
      else this.holdOrBlock(event, button, 'composer');
      return;
    }
    // A control the adapter does not know: a renamed send button is held, not let out (./send-controls.ts).
    // Only while the adapter finds no send button of its own (none is expected while an answer streams): a
    // second "Send" beside a send button Veil knows is another form's (feedback, an edited message).
    if (button || this.deps.adapter.answers?.streaming(this.doc)) return;
    const control = target.closest<HTMLElement>(CONTROLS);
    if (!control || control.closest('veil-notice, [data-veil-compose]')) return;
    const known = this.composerNow();
    const composer = known ?? this.lastComposerLike();
    // No box to send from: not a send from the composer.
    if (!composer) return;
    const verdict = sendVerdict(control, composer, { adapterFoundSend: false });
    if (verdict === null) return;
    if (verdict === 'send' && known) {
      this.fallback.button = control;
      this.catchSend(event, known);
      return;
    }
    this.hold(event, composer, control, known ? 'send button' : 'composer');
  }

  private onSubmit(event: SubmitEvent): void {
    if (this.ignores(event)) return;
    const form = event.target as HTMLFormElement | null;
    // Only right after the person pressed a key or clicked in this form; the act is used up by this submit.
    const act = this.act;
    this.act = null;
    const recent = act !== null && Date.now() - act.at < ACT_MS && form !== null && act.form === form;
    // Enter in the form, or a click on the control the submit names (a page's requestSubmit() names none, or its own).
    const acted = recent && (act.control === null ? event.submitter === null || event.submitter === undefined : act.control === event.submitter);
    if (!acted) {
      event.preventDefault();
      event.stopImmediatePropagation();
      this.unpromptedSubmits++;
      // Said once, then counted in place: never over a notice that asks the person something.
      if (!this.notice.asking) {
        this.notice.show(
          `This page tried to send a message without you pressing send (${this.unpromptedSubmits} ${this.unpromptedSubmits === 1 ? 'time' : 'times'}). Veil stopped it: nothing was sent, reviewed or charged.`,
        );
      }
      return;
    }
    const known = this.composerNow();
    if (known && form?.contains(known)) {
      this.catchSend(event, known);
      return;
    }
    const composer = this.lastComposerLike();
    if (!known && composer && form?.contains(composer)) this.hold(event, composer, (event.submitter as HTMLElement | null) ?? null, 'composer');
  }

  /** The composer: the adapter's, else the box the person chose to review from on this page. */
  private composerNow(): HTMLElement | null {
    // The box the person chose to review from ("Review and send") comes first: a send reviewed from it is
    // written back into it, never into another box the adapter happens to find.
    if (this.fallback.composer?.isConnected) return this.fallback.composer;
    return this.deps.adapter.findComposer(this.doc);
  }

  /** The send button: the adapter's, else the control a held send was made with on this page. */
  private sendButtonNow(): HTMLElement | null {
    const found = this.deps.adapter.findSendButton(this.doc);
    if (found) return found;
    const button = this.fallback.button;
    return button?.isConnected && sendVerdict(button, this.composerNow(), { adapterFoundSend: false }) !== null ? button : null;
  }

  /** The last box the person typed in that looks like a message box (for a page whose composer was renamed). */
  private lastComposerLike(): HTMLElement | null {
    return this.lastEditable?.isConnected ? this.lastEditable : null;
  }

  /** A send from no box Veil knows: held if the person just typed in one, else blocked as before. */
  private holdOrBlock(event: Event, control: HTMLElement, part: StalePart): void {
    // Only a box beside the control, with text in it, can be the one it sends: anything else is blocked, never
    // let through (an empty or faraway box would say nothing about what the site's own box holds).
    const composer = this.lastComposerLike();
    if (composer && nearComposer(control, composer) && readComposer(composer).trim() !== '') this.hold(event, composer, control, part);
    else this.catchSend(event, null);
  }

  /**
   * Veil cannot tell whether this is a send from the site's message box (the adapter is out of date): hold
   * it and ask. "Review and send" reviews the box's text as any send (and remembers the box and the button
   * for this page); "Let this one through" presses the same control without Veil, once.
   */
  private hold(event: Event, composer: HTMLElement, control: HTMLElement | null, part: StalePart): void {
    if (this.bypassOnce) {
      this.bypassOnce = false;
      this.sentByVeil = { at: Date.now() };
      return;
    }
    const text = readComposer(composer);
    if (text.trim() === '') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (this.panel?.frame.connected) {
      if (this.panel.watch?.check()) this.panel.frame.element.focus();
      return;
    }
    this.onStale?.(part);
    const label = this.deps.adapter.label;
    const what = part === 'composer' ? `${label}'s message box as Veil knows it` : `${label}'s send button as Veil knows it`;
    this.notice.show(
      `Veil held this send: it cannot find ${what} (the site may have changed its page), so it is not sure this sends your message. Nothing was sent.`,
      [
        {
          label: 'Review and send',
          run: () => {
            this.fallback = { composer, button: control ?? this.fallback.button };
            void this.openReview(readComposer(composer));
          },
        },
        // The person's choice to send this one as typed: the same control (or Enter), pressed without Veil.
        { label: 'Let this one through', run: () => this.press(composer, control) },
      ],
    );
  }

  private onFocusin(event: FocusEvent): void {
    // The site's editor may take focus back right after the key press that opened the panel: given back to the
    // panel in that first moment only (and only while it can be seen). A page that takes focus later gets no
    // tug of war: the key shield (./key-shield.ts) holds the person's keys from it and says so.
    if (this.panel?.frame.connected && event.target !== this.panel.frame.element) {
      if (Date.now() - this.panel.openedAt < REFOCUS_MS && this.panel.watch?.check() !== false) this.panel.frame.element.focus();
      return;
    }
    if (!this.enabled || !(event.target instanceof this.deps.win.HTMLElement)) return;
    const editable = composerAt(event.target);
    if (!editable) return;
    this.lastEditable = editable;
    if (!this.composerNow() && !this.notice.shown) {
      this.notice.show(
        `Veil cannot find ${this.deps.adapter.label}'s message box on this page (the site may have changed). A send from this box will be held, and Veil will ask before anything goes.`,
      );
    }
  }

  private catchSend(event: Event, composer: HTMLElement | null): void {
    if (this.bypassOnce) {
      this.bypassOnce = false;
      this.sentByVeil = { at: Date.now() };
      return;
    }
    const prompt = composer ? readComposer(composer) : null;
    // An empty box sends nothing on any of the sites: leave it to the site.
    if (prompt !== null && prompt.trim() === '') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (this.panel?.frame.connected) {
      if (this.panel.watch?.check()) this.panel.frame.element.focus();
      return;
    }
    if (prompt === null) {
      this.block(`Veil cannot find ${this.deps.adapter.label}'s message box on this page (the site may have changed), so it blocked this send.`);
      return;
    }
    void this.openReview(prompt);
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
  reviewComposed(text: string, onSent: () => void, onDropped: () => void): { ok: true } | { ok: false; error: string } {
    if (!this.enabled) return { ok: false, error: 'Veil is off for this site' };
    if (this.panel?.frame.connected) return { ok: false, error: 'a review is already open on this page' };
    if (!this.composerNow()) return { ok: false, error: `Veil cannot find ${this.deps.adapter.label}'s message box on this page` };
    this.afterSend = { sent: onSent, dropped: onDropped };
    void this.openReview(text, true);
    return { ok: true };
  }

  private async openReview(prompt: string, composed = false): Promise<void> {
    this.notice.hide();
    const long = tooLong(prompt);
    if (long) {
      this.block(`Veil held this send: ${long}. Nothing was sent or charged.`);
      return;
    }
    this.prompt = prompt;
    const frame = this.spare?.connected ? this.spare : new PanelFrame(this.doc, this.deps.panelUrl, { shown: true });
    this.spare = null;
    const panel: { frame: PanelFrame; openedAt: number; reviewId?: string; watch?: VisibilityWatch } = { frame, openedAt: Date.now() };
    this.panel = panel;
    try {
      const conversation = this.conversationKey();
      this.personMoved = false;
      // A one-time token for this review, drawn here: it goes to the background with `begin`, then to the
      // panel's own window. A message posted to a cross-origin frame is not seen by the page around it, and
      // it is delivered only if the frame still holds Veil's page.
      const token = randomToken();
      // The site's id for the chat names the conversation's codebook, unless the page's URL was taken for another
      // conversation's (the page changed it on its own): then the codebook stays where it is.
      const raw = this.deps.adapter.conversation(new URL(this.deps.win.location.href));
      const chat = raw !== null && (conversation === raw || conversation.startsWith('new-')) ? raw : null;
      const begun = this.within(this.deps.send('review.begin', { prompt, conversation, chat, token, ...(composed ? { composed: true } : {}) }), "Veil's background did not answer");
      // Shown in the same moment, once the background has been asked (showing and focusing the frame makes
      // the page lay itself out again). From now on it is watched: Send works only while it can be seen.
      frame.show();
      panel.watch = new VisibilityWatch(frame.element, PANEL_SIZE(this.deps.win));
      // The token goes to the panel once the background has the review (begin answers before the release is
      // made, so this does not wait on the sampler): a token the panel presents is then found at once, and one
      // the page posts to the panel is refused at once, never waited on.
      const [{ reviewId }] = await Promise.all([begun, this.within(frame.loaded, "Veil's review panel did not open")]);
      const target = frame.element.contentWindow;
      if (!target) throw new Error("Veil's review panel was removed from the page");
      target.postMessage({ veilReviewToken: token }, new URL(this.deps.panelUrl).origin);
      panel.reviewId = reviewId;
    } catch (error) {
      if (this.panel === panel) this.closePanel();
      // A review the background may have begun is over (its release, if made, stays charged).
      void this.deps.send('review.cancel', {}).catch(() => undefined);
      this.block(`Veil blocked this send: ${messageOf(error)}. Nothing was sent.`);
    }
  }

  private within<T>(promise: Promise<T>, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = this.deps.win.setTimeout(() => reject(new Error(`${what} within ${this.timeoutMs / 1000} s`)), this.timeoutMs);
      promise.then(
        (value) => {
          this.deps.win.clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          this.deps.win.clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /** A blocked send: say why on the page, and offer to send without Veil as a separate choice. */
  private block(message: string): void {
    this.notice.show(message, [{ label: 'Send without Veil', run: () => void this.sendWithoutVeil() }]);
  }

  private async sendWithoutVeil(): Promise<void> {
    const composer = this.composerNow();
    const button = this.sendButtonNow();
    if (composer && button && !isDisabled(button)) {
      this.press(composer);
      return;
    }
    this.bypassOnce = true;
    this.notice.show('Veil will let your next send on this page through unchanged. Send again when you are ready.');
  }

  /** Escape on the page while the panel is open: the same as the panel's Cancel. */
  private async cancelFromPage(): Promise<void> {
    await this.deps.send('review.cancel', {}).catch(() => undefined);
    this.closePanel();
    this.composerNow()?.focus();
  }

  /** A command from the background about the open review (its panel's Send or Cancel). */
  async command(command: PanelCommand): Promise<PanelReply> {
    if (!this.panel || this.panel.reviewId !== command.reviewId) return { ok: false, error: 'this review is no longer open on the page' };
    if (command.veilPanel === 'close') {
      this.closePanel();
      this.composerNow()?.focus();
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
      await this.sendText(command.text);
      const after = this.afterSend;
      this.afterSend = null;
      this.closePanel();
      after?.sent();
      // Words were replaced: the answer can be read back in the person's words (./restore.ts).
      if (command.restore) this.onRestorable?.(before);
      return { ok: true };
    } catch (error) {
      if (this.panel) unmarkClosing(this.panel.frame.element);
      return { ok: false, error: messageOf(error) };
    }
  }

  /** Write the approved text (null: leave the prompt as typed), check it took, and press send. */
  private async sendText(text: string | null): Promise<void> {
    const { adapter, win } = this.deps;
    const composer = this.composerNow();
    if (!composer) throw new Error(`${adapter.label}'s message box is no longer on the page`);
    if (text !== null) {
      try {
        writeComposer(composer, text);
        await settle(win);
      } catch {
        // Refused outright: what the box holds is checked below like any other write.
      }
      const now = readComposer(composer);
      if (now !== text) {
        // Put the person's own words back rather than leave a half-written release in the box.
        if (now !== this.prompt) {
          try {
            writeComposer(composer, this.prompt);
          } catch {
            /* the box refuses edits: it still holds what it held */
          }
        }
        throw new Error(
          `${adapter.label}'s message box did not take the approved text (after writing it held ${now.length} characters, not ${text.length}), so Veil did not send it`,
        );
      }
    }
    const before = readComposer(composer);
    const button = await this.sendButton();
    if (!button && !adapter.enterSends(win)) throw new Error(`${adapter.label}'s send button did not become available`);
    this.press(composer, button);
    // A site that took the send empties its box. One that did not (still writing an answer, say) gets
    // the person's own words back, and the panel stays open to try again.
    if (!(await this.until(() => this.composerNow() !== composer || readComposer(composer) !== before, 2000))) {
      if (text !== null) writeComposer(composer, this.prompt);
      throw new Error(`${adapter.label} did not take the send (it may still be writing an answer); try again when it has finished`);
    }
  }

  /** Poll `condition` every 25 ms for up to `ms`; whether it came true. */
  private async until(condition: () => boolean, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!condition()) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => this.deps.win.setTimeout(resolve, 25));
    }
    return true;
  }

  /** The send button once the site enables it (it may appear only after the text is written). */
  private async sendButton(): Promise<HTMLElement | null> {
    const enabled = () => {
      const button = this.sendButtonNow();
      return button && !isDisabled(button) ? button : null;
    };
    return (await this.until(() => enabled() !== null, 3000)) ? enabled() : null;
  }

  /** Press the site's own send, without going through Veil again. */
  private press(composer: HTMLElement, button: HTMLElement | null = this.sendButtonNow()): void {
    this.sentByVeil = { at: Date.now() };
    this.replaying = true;
    try {
      if (button && !isDisabled(button)) button.click();
      else composer.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true, cancelable: true }));
    } finally {
      this.replaying = false;
    }
  }

  private closePanel(): void {
    // A composed text whose review closed without a send: the compose box must not wait for an answer.
    const dropped = this.afterSend?.dropped;
    this.afterSend = null;
    dropped?.();
    this.panel?.watch?.stop();
    this.panel?.frame.remove();
    this.panel = null;
    this.deps.win.setTimeout(() => this.prepare(), 0);
  }

  /** Load the next send's panel ahead, hidden (when Veil is on here and none is waiting). */
  prepare(): void {
    if (this.enabled && !this.panel && !this.spare?.connected && this.doc.documentElement) {
      this.spare = new PanelFrame(this.doc, this.deps.panelUrl, { shown: false });
    }
  }

  /** The composer the adapter finds, or the one the person chose to review from. */
  knownBox(): HTMLElement | null {
    return this.enabled ? this.composerNow() : null;
  }

  /** The box a send would come from now, for the unreviewed-send watch (./unreviewed.ts). */
  watchedBox(): HTMLElement | null {
    return this.enabled ? (this.composerNow() ?? this.lastComposerLike()) : null;
  }

  /** Whether a change of the box now is Veil's own doing (a review open, a send Veil just made) or Veil is off. */
  busy(): boolean {
    return !this.enabled || this.panel?.frame.connected === true || (this.sentByVeil !== null && Date.now() - this.sentByVeil.at < 5000);
  }

  /** Which part of the adapter a send Veil did not see got past: the box, else the button. */
  stalePart(): StalePart {
    return this.deps.adapter.findComposer(this.doc) ? 'send button' : 'composer';
  }

  /** The page learnt of a send Veil did not review: say so, plainly, with what to do. */
  missedSend(part: StalePart): void {
    const label = this.deps.adapter.label;
    const what = part === 'composer' ? 'message box' : 'way of sending (its send button or a shortcut)';
    this.notice.show(
      `Veil missed a send: ${label} sent your message without a Veil review. The site has probably changed: Veil no longer recognises ${label}'s ${what}, so what you typed has reached ${label} as written. Until Veil is updated, send nothing private on this page; the Veil toolbar button has a report you can copy for Veil's makers.`,
    );
  }

  /**
   * A report of what the adapter looked for and what the page has, for the person to copy and send to Veil's
   * makers: the page's public markup around the message box (tags, ids, test ids, labels), never any text.
   */
  diagnostic(part: StalePart): string {
    const { adapter } = this.deps;
    const describe = (element: Element) => {
      const parts = [element.localName];
      for (const name of ['id', 'data-testid', 'data-test-id', 'type', 'role', 'aria-label', 'contenteditable', 'class']) {
        const value = element.getAttribute(name);
        if (value !== null) parts.push(`${name}=${JSON.stringify(value.slice(0, 60))}`);
      }
      return parts.join(' ');
    };
    const box = this.watchedBox();
    const scope = box?.closest('form') ?? box?.parentElement?.parentElement?.parentElement ?? this.doc.body;
    const url = new URL(this.deps.win.location.href);
    return JSON.stringify(
      {
        site: adapter.label,
        part,
        layout: adapter.layout?.(this.doc) ?? null,
        page: `${url.origin}${url.pathname.replace(/[\w-]{12,}/g, ':id').replace(/\/\d+/g, '/:n')}`,
        composerFound: adapter.findComposer(this.doc) !== null,
        sendButtonFound: adapter.findSendButton(this.doc) !== null,
        answersFound: adapter.answers?.all(this.doc).length ?? null,
        relies: adapter.relies,
        editables: [...this.doc.querySelectorAll('textarea, [contenteditable]:not([contenteditable="false"])')].slice(0, 8).map(describe),
        controlsNearBox: scope ? [...scope.querySelectorAll(CONTROLS)].slice(0, 16).map(describe) : [],
        browser: this.deps.win.navigator.userAgent,
      },
      null,
      1,
    );
  }

  /** Check the adapter still finds the message box (and in which layout); returns whether that changed since the last check. */
  checkHealth(): { composerFound: boolean; layout: string | null; changed: boolean } {
    const composerFound = this.deps.adapter.findComposer(this.doc) !== null;
    const layout = composerFound ? (this.deps.adapter.layout?.(this.doc) ?? null) : null;
    const changed = composerFound !== this.composerWasFound || layout !== this.layoutWas;
    this.composerWasFound = composerFound;
    this.layoutWas = layout;
    return { composerFound, layout, changed };
  }
}

/** How long after the panel opens focus taken from it is given back (ms). */
const REFOCUS_MS = 500;
/** How long a submit may follow the person's key press or click in its form (ms). */
const ACT_MS = 1_000;
/** How long the panel must have been seen, unobscured, before its Send works (ms). */
export const VISIBLE_MS = 600;
/** The panel covers the window. */
const PANEL_SIZE = (win: Window) => () => ({ minWidth: win.innerWidth, minHeight: win.innerHeight });

/** How long typing must pause before the draft is read ahead (ms). */
const DRAFT_PAUSE_MS = 150;
/** A draft also goes at the first key after this long without one. */
const DRAFT_EVERY_MS = 2_000;

/** A one-time token for a frame of Veil's (the review panel, the compose box). */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}


function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\.$/, '');
}
