/**
 * The content script's whole job on a chat site: catch every way to send, hold the send, open the review
 * panel, and when the person approves, write exactly the approved text into the composer, check it took,
 * and press the site's own send. Anything that fails blocks the send with a message on the page.
 *
 * This file only puts the rooms together (./send/): catching a send (catch-send.ts), finding the box and the
 * button (composer-finder.ts), the rules for an out-of-date adapter (stale-adapter.ts), the review and its
 * panel (review-session.ts), writing and pressing send (write-and-press.ts), a blocked send (blocked-send.ts),
 * the draft read ahead (draft-ahead.ts), the report for Veil's makers (diagnostic.ts), and what a script does
 * once the extension was updated under it (reload-to-send.ts).
 *
 * Every listener and timer goes through WXT's content script context, so an invalidated script stops
 * listening. When the extension itself went away (updated or removed), the page keeps failing closed: a send
 * is blocked and the person told to reload the page. When a newer copy of this script took the page over,
 * this one simply stands down.
 *
 * ```ts
 * const guard = new SendGuard({ adapter, win: window, ctx, send, panelUrl, extensionGone, onRestorable, onStale });
 * guard.install(); // at document_start, before any listener of the page
 * ```
 */
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { VeilClient } from '../messaging/client';
import type { SiteAdapter } from '../sites/adapter';
import type { AnswersBefore } from './answers';
import { readComposer } from './editor-text';
import { PageNotice } from './notice';
import { BlockedSend } from './send/blocked-send';
import { SendCatcher, type SendSink, type StalePart } from './send/catch-send';
import { ComposerFinder } from './send/composer-finder';
import { diagnostic } from './send/diagnostic';
import { DraftAhead } from './send/draft-ahead';
import { ReloadToSend } from './send/reload-to-send';
import { ReviewSession } from './send/review-session';
import type { ContentReply, PanelCommand } from '../messaging/to-content';
import { StaleAdapter } from './send/stale-adapter';
import { ComposerWriter } from './send/write-and-press';

export type { StalePart } from './send/catch-send';

export interface GuardDeps {
  adapter: SiteAdapter;
  win: Window & typeof globalThis;
  /** WXT's context of this content script: every listener and timer goes through it. */
  ctx: ContentScriptContext;
  send: VeilClient;
  /** The review panel's URL (review.html in the extension). */
  panelUrl: string;
  /** How long the background and the panel may take to answer before the send is blocked (ms). */
  timeoutMs?: number;
  /** Whether the extension this script belongs to is gone (updated or removed), rather than a newer copy of the script started. */
  extensionGone: () => boolean;
  /** Told after a reviewed send that replaced words, with the answers the page held before it. */
  onRestorable?: (answersBefore: AnswersBefore) => void;
  /** Told when a send had to be held because part of the adapter is out of date. */
  onStale?: (part: StalePart) => void;
  /** Ends the blocking after the extension went away (a test's page is done); on a real page it lasts as long as the page. */
  pageLife?: AbortSignal;
}

export class SendGuard implements SendSink {
  private readonly notice: PageNotice;
  private readonly finder: ComposerFinder;
  private readonly writer: ComposerWriter;
  private readonly blocked: BlockedSend;
  private readonly session: ReviewSession;
  private readonly stale: StaleAdapter;
  private readonly catcher: SendCatcher;
  private readonly draft: DraftAhead;
  private readonly reload: ReloadToSend;
  /** Whether the site is switched on in Veil's settings; unknown counts as on (fail closed). */
  private on = true;
  /** Pick mode runs (src/content/pick.ts): the person's clicks are pointing, and pick mode keeps them from the site. */
  private paused = false;

  constructor(private readonly deps: GuardDeps) {
    const { adapter, win, ctx, send, panelUrl } = deps;
    const doc = win.document;
    const finder = (this.finder = new ComposerFinder(adapter, doc));
    const notice = (this.notice = new PageNotice(doc, () => finder.composer() ?? finder.lastComposerLike()));
    const writer = (this.writer = new ComposerWriter({ adapter, win, ctx, finder }));
    const blocked = (this.blocked = new BlockedSend({ notice, finder, writer }));
    const isOn = () => this.on;
    const session = (this.session = new ReviewSession({
      adapter,
      win,
      ctx,
      send,
      panelUrl,
      timeoutMs: deps.timeoutMs ?? 10_000,
      finder,
      writer,
      blocked,
      notice,
      isOn,
      onRestorable: (before) => deps.onRestorable?.(before),
    }));
    this.stale = new StaleAdapter({ adapter, doc, finder, notice, writer, blocked, session, onStale: (part) => deps.onStale?.(part) });
    this.catcher = new SendCatcher({ adapter, win, finder, sink: this });
    this.draft = new DraftAhead({ ctx, send, finder });
    this.reload = new ReloadToSend({ adapter, win, finder, notice, isOn: () => this.on && !this.paused, pageLife: deps.pageLife });
  }

  /** Listen for sends, through the script's context. Call at document_start. */
  install(): void {
    const { win, ctx } = this.deps;
    const capture = { capture: true };
    ctx.addEventListener(win, 'pointerdown', (event) => event.isTrusted && this.session.pointerdown(event), capture);
    ctx.addEventListener(win, 'keydown', (event) => this.keydown(event), capture);
    ctx.addEventListener(win, 'input', (event) => this.on && !this.paused && event.isTrusted && this.draft.typed(event), capture);
    ctx.addEventListener(win, 'click', (event) => !this.ignores(event) && this.catcher.click(event), capture);
    ctx.addEventListener(win, 'submit', (event) => !this.ignores(event) && this.catcher.submit(event), capture);
    ctx.addEventListener(win, 'focusin', (event) => this.focusin(event), capture);
    ctx.onInvalidated(() => this.invalidated());
  }

  private ignores(event: Event): boolean {
    return !this.on || this.paused || this.writer.replaying || !event.isTrusted;
  }

  private keydown(event: KeyboardEvent): void {
    if (this.ignores(event)) return;
    this.catcher.noteKey(event);
    if (this.session.keydown(event)) return;
    this.catcher.keydown(event);
  }

  private focusin(event: FocusEvent): void {
    if (this.session.focusin(event)) return;
    if (!this.on || !(event.target instanceof this.deps.win.HTMLElement)) return;
    this.stale.focused(event.target);
  }

  /** The context ended: a newer copy of this script took over (stand down), or the extension went away (fail closed). */
  private invalidated(): void {
    const wasOpen = this.session.end();
    if (!this.deps.extensionGone()) return;
    this.reload.listen();
    if (wasOpen) this.reload.say();
  }

  /** A send from the composer (null: none found): reviewed, unless Veil lost touch or the person let this one through. */
  caught(event: Event, composer: HTMLElement | null): void {
    // Asking the context whether it is still valid ends it at once when the extension went away.
    if (this.deps.ctx.isInvalid) {
      this.reload.caught(event, composer);
      return;
    }
    if (this.blocked.passOnce()) return;
    const prompt = composer ? readComposer(composer) : null;
    // An empty box sends nothing on any of the sites: leave it to the site.
    if (prompt !== null && prompt.trim() === '') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (this.session.open) {
      this.session.steer();
      return;
    }
    if (prompt === null) {
      this.blocked.say(`Veil cannot find ${this.deps.adapter.label}'s message box on this page (the site may have changed), so it blocked this send.`);
      return;
    }
    void this.session.begin(prompt);
  }

  held(event: Event, composer: HTMLElement, control: HTMLElement | null, part: StalePart): void {
    if (this.deps.ctx.isInvalid) this.reload.held(event, composer);
    else this.stale.held(event, composer, control, part);
  }

  /** Said once, then counted in place: never over a notice that asks the person something. */
  unprompted(count: number): void {
    if (this.notice.asking) return;
    this.notice.show(
      `This page tried to send a message without you pressing send (${count} ${count === 1 ? 'time' : 'times'}). Veil stopped it: nothing was sent, reviewed or charged.`,
    );
  }

  /** Whether Veil is on for this site (as the background last said; unknown counts as on). */
  get enabled(): boolean {
    return this.on;
  }

  setEnabled(on: boolean): void {
    this.on = on;
  }

  /** Pick mode starts or ends: while it runs, the person's clicks are pointing, not sends. */
  setPaused(paused: boolean): void {
    this.paused = paused;
  }

  /** Submits no act of the person's came before: blocked, never reviewed. */
  get unpromptedSubmits(): number {
    return this.catcher.unpromptedSubmits;
  }

  /** When Veil last pressed the site's send itself (a reviewed send, or one the person let through). */
  get sentByVeil(): { at: number } | null {
    return this.writer.sentByVeil;
  }

  /** A command from the background about the open review (its panel's Send or Cancel). */
  command(command: PanelCommand): Promise<ContentReply> {
    return this.session.command(command);
  }

  /** CROSS-MAP: the compose box's mapped text goes through the normal review (./send/review-session.ts). */
  reviewComposed(text: string, onSent: () => void, onDropped: () => void): ContentReply {
    return this.session.reviewComposed(text, onSent, onDropped);
  }

  /** The conversation key of the page now (./send/review-session.ts). */
  conversationKey(): string {
    return this.session.conversationKey();
  }

  /** Load the next send's panel ahead, hidden (when Veil is on here and none is waiting). */
  prepare(): void {
    this.session.prepare();
  }

  /** The composer the adapter finds, or the one the person chose to review from. */
  knownBox(): HTMLElement | null {
    return this.on ? this.finder.composer() : null;
  }

  /** The box a send would come from now, for the unreviewed-send watch (./unreviewed.ts). */
  watchedBox(): HTMLElement | null {
    return this.on ? (this.finder.composer() ?? this.finder.lastComposerLike()) : null;
  }

  /** Whether a change of the box now is Veil's own doing (a review open, a send Veil just made) or Veil is off. */
  busy(): boolean {
    const sent = this.writer.sentByVeil;
    return !this.on || this.session.open || (sent !== null && Date.now() - sent.at < 5000);
  }

  stalePart(): StalePart {
    return this.stale.stalePart();
  }

  missedSend(part: StalePart): void {
    this.stale.missedSend(part);
  }

  checkHealth(): { composerFound: boolean; layout: string | null; changed: boolean } {
    return this.stale.checkHealth();
  }

  /** A report for Veil's makers of what the adapter looked for and what the page has (./send/diagnostic.ts). */
  diagnostic(part: StalePart): string {
    return diagnostic({ adapter: this.deps.adapter, win: this.deps.win, box: this.watchedBox(), part });
  }
}
