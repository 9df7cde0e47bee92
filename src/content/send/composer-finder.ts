/**
 * Where a send comes from on the page now: the message box and the send button as the site's adapter finds
 * them, else what the person chose to review from when the adapter was out of date ("Review and send" on a
 * held send, ./stale-adapter.ts), else the last message-box-like editable the person focused.
 *
 * ```ts
 * const finder = new ComposerFinder(adapter, document);
 * finder.composer(); // the box a reviewed send is written back into
 * ```
 */
import type { SiteAdapter } from '../../sites/adapter';
import { sendVerdict } from '../send-controls';

export class ComposerFinder {
  /** What the person chose to review from on a page whose adapter is out of date. */
  private chosen: { composer: HTMLElement | null; button: HTMLElement | null } = { composer: null, button: null };
  /** The last message-box-like editable focused on the page. */
  private lastEditable: HTMLElement | null = null;

  constructor(
    private readonly adapter: SiteAdapter,
    private readonly doc: Document,
  ) {}

  /** The composer: the adapter's, else the box the person chose to review from on this page. */
  composer(): HTMLElement | null {
    // The box the person chose to review from ("Review and send") comes first: a send reviewed from it is
    // written back into it, never into another box the adapter happens to find.
    if (this.chosen.composer?.isConnected) return this.chosen.composer;
    return this.adapter.findComposer(this.doc);
  }

  /** The send button: the adapter's, else the control a held send was made with on this page. */
  sendButton(): HTMLElement | null {
    const found = this.adapter.findSendButton(this.doc);
    if (found) return found;
    const button = this.chosen.button;
    return button?.isConnected && sendVerdict(button, this.composer(), { adapterFoundSend: false }) !== null ? button : null;
  }

  /** The last box the person typed in that looks like a message box (for a page whose composer was renamed). */
  lastComposerLike(): HTMLElement | null {
    return this.lastEditable?.isConnected ? this.lastEditable : null;
  }

  /** The person focused a message-box-like editable. */
  focused(editable: HTMLElement): void {
    this.lastEditable = editable;
  }

  /** A control the person sent with that the adapter does not know: taken as this page's send button. */
  chooseButton(button: HTMLElement): void {
    this.chosen.button = button;
  }

  /** The person chose to review from `composer` (and the control they sent with, if any) on this page. */
  choose(composer: HTMLElement, button: HTMLElement | null): void {
    this.chosen = { composer, button: button ?? this.chosen.button };
  }
}
