/**
 * The rules for a page whose site adapter is out of date (the site renamed its message box or its send
 * button): a send Veil cannot be sure of is held and the person asked, never let out unchecked; focusing a
 * box while the adapter finds none says so at once; a send Veil missed is told plainly; and the adapter's
 * health (does it find the box, in which layout) is checked for the toolbar badge and the popup.
 *
 * ```ts
 * const stale = new StaleAdapter({ adapter, doc, finder, notice, writer, blocked, session, onStale });
 * stale.held(event, box, null, 'composer'); // stops the send and asks "Review and send" / "Let this one through"
 * ```
 */
import type { SiteAdapter } from '../../sites/adapter';
import { readComposer } from '../editor-text';
import type { PageNotice } from '../notice';
import { composerAt } from '../pick';
import type { BlockedSend } from './blocked-send';
import type { StalePart } from './catch-send';
import type { ComposerFinder } from './composer-finder';
import type { ReviewSession } from './review-session';
import type { ComposerWriter } from './write-and-press';

export interface StaleDeps {
  adapter: SiteAdapter;
  doc: Document;
  finder: ComposerFinder;
  notice: PageNotice;
  writer: ComposerWriter;
  blocked: BlockedSend;
  session: ReviewSession;
  /** Told when a send had to be held because part of the adapter is out of date. */
  onStale: (part: StalePart) => void;
}

export class StaleAdapter {
  private composerWasFound: boolean | null = null;
  private layoutWas: string | null = null;

  constructor(private readonly deps: StaleDeps) {}

  /**
   * Veil cannot tell whether this is a send from the site's message box (the adapter is out of date): hold
   * it and ask. "Review and send" reviews the box's text as any send (and remembers the box and the button
   * for this page); "Let this one through" presses the same control without Veil, once.
   */
  held(event: Event, composer: HTMLElement, control: HTMLElement | null, part: StalePart): void {
    const { adapter, finder, notice, writer, blocked, session } = this.deps;
    if (blocked.passOnce()) return;
    const text = readComposer(composer);
    if (text.trim() === '') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (session.open) {
      session.steer();
      return;
    }
    this.deps.onStale(part);
    const label = adapter.label;
    const what = part === 'composer' ? `${label}'s message box as Veil knows it` : `${label}'s send button as Veil knows it`;
    notice.show(
      `Veil held this send: it cannot find ${what} (the site may have changed its page), so it is not sure this sends your message. Nothing was sent.`,
      [
        {
          label: 'Review and send',
          run: () => {
            finder.choose(composer, control);
            void session.begin(readComposer(composer));
          },
        },
        // The person's choice to send this one as typed: the same control (or Enter), pressed without Veil.
        { label: 'Let this one through', run: () => writer.press(composer, control) },
      ],
    );
  }

  /** Focus on a box that looks like a message box: remembered, and if the adapter finds none, said at once. */
  focused(target: HTMLElement): void {
    const { adapter, finder, notice } = this.deps;
    const editable = composerAt(target);
    if (!editable) return;
    finder.focused(editable);
    if (!finder.composer() && !notice.shown) {
      notice.show(
        `Veil cannot find ${adapter.label}'s message box on this page (the site may have changed). A send from this box will be held, and Veil will ask before anything goes.`,
      );
    }
  }

  /** Which part of the adapter a send Veil did not see got past: the box, else the button. */
  stalePart(): StalePart {
    return this.deps.adapter.findComposer(this.deps.doc) ? 'send button' : 'composer';
  }

  /** The page learnt of a send Veil did not review: say so, plainly, with what to do. */
  missedSend(part: StalePart): void {
    const label = this.deps.adapter.label;
    const what = part === 'composer' ? 'message box' : 'way of sending (its send button or a shortcut)';
    this.deps.notice.show(
      `Veil missed a send: ${label} sent your message without a Veil review. The site has probably changed: Veil no longer recognises ${label}'s ${what}, so what you typed has reached ${label} as written. Until Veil is updated, send nothing private on this page; the Veil toolbar button has a report you can copy for Veil's makers.`,
    );
  }

  /** Check the adapter still finds the message box (and in which layout); returns whether that changed since the last check. */
  checkHealth(): { composerFound: boolean; layout: string | null; changed: boolean } {
    const { adapter, doc } = this.deps;
    const composerFound = adapter.findComposer(doc) !== null;
    const layout = composerFound ? (adapter.layout?.(doc) ?? null) : null;
    const changed = composerFound !== this.composerWasFound || layout !== this.layoutWas;
    this.composerWasFound = composerFound;
    this.layoutWas = layout;
    return { composerFound, layout, changed };
  }
}
