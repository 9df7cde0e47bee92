/**
 * Noticing a send Veil did not see (issue 19): the site took a message from its box by a way the adapter
 * does not know (a renamed control, a new shortcut), so it left without a review. Veil cannot undo that;
 * what it must never do is stay silent.
 *
 * Two signs, both from the page alone, checked only while the person has a draft in a message box:
 * - the text of the draft appears in the page outside the box, in a new element of about its size that holds
 *   no editable box (the site rendered it as a new user turn; a re-mounted composer holding the draft is not one);
 * - the composer the adapter knows emptied without the person deleting anything (no trusted input event since
 *   it last held text) and without the page moving to another URL (a new chat, another conversation).
 * Neither counts within a few seconds of a send Veil made or let through itself, or while a review is open.
 *
 * The draft is held in this content script's memory only (it is what the page already has in its box).
 */
import { readComposer } from './editor-text';

export interface WatchDeps {
  doc: Document;
  /** The message box as the guard sees it now (the adapter's, or the one the person typed in last). */
  composer: () => HTMLElement | null;
  /** The composer the adapter (or the person) identified, if any: only its emptying counts. */
  known: () => HTMLElement | null;
  /** Whether Veil itself sent, or a review is open, so a change of the box is Veil's own. */
  veilBusy: () => boolean;
  /** Called once per missed send. */
  onMissed: (sign: 'turn' | 'emptied') => void;
  /** How often the box is looked at (ms). */
  intervalMs?: number;
}

/** Whitespace collapsed: a site renders a message with its own spacing. */
function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export class UnreviewedWatch {
  private draft = '';
  private box: HTMLElement | null = null;
  private typedSinceCheck = false;
  private url = '';

  constructor(private readonly deps: WatchDeps) {}

  install(): () => void {
    const win = this.deps.doc.defaultView!;
    const onInput = (event: Event) => {
      if (!event.isTrusted) return;
      const composer = this.deps.composer();
      if (composer && event.target instanceof win.Node && composer.contains(event.target)) {
        this.typedSinceCheck = true;
        this.remember(composer);
      }
    };
    win.addEventListener('input', onInput, true);
    const observer = new win.MutationObserver((records) => this.onMutations(records));
    observer.observe(this.deps.doc.documentElement, { childList: true, subtree: true });
    const timer = win.setInterval(() => this.checkBox(), this.deps.intervalMs ?? 300);
    return () => {
      win.removeEventListener('input', onInput, true);
      observer.disconnect();
      win.clearInterval(timer);
    };
  }

  /** Forget the draft (Veil sent it, or the review took it). */
  reset(): void {
    this.draft = '';
    this.box = null;
  }

  private remember(composer: HTMLElement): void {
    this.box = composer;
    this.draft = squash(readComposer(composer));
    this.url = this.deps.doc.defaultView!.location.href;
  }

  private missed(sign: 'turn' | 'emptied'): void {
    this.reset();
    this.deps.onMissed(sign);
  }

  private onMutations(records: MutationRecord[]): void {
    // Long enough that a page showing it elsewhere is no coincidence.
    if (this.draft.length < 12) return;
    if (this.deps.veilBusy()) {
      this.reset();
      return;
    }
    const needle = this.draft.slice(0, 80);
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1 && node.nodeType !== 3) continue;
        // Gone again in the same batch (an editor re-rendering), inside the box, Veil's own, or in any editable.
        if (!node.isConnected || this.box?.contains(node)) continue;
        const element = node.nodeType === 1 ? (node as Element) : node.parentElement;
        if (!element || element.closest('veil-notice, [contenteditable]:not([contenteditable="false"]), textarea')) continue;
        // A re-mounted composer holding the draft is not a sent turn.
        if (node.nodeType === 1 && element.querySelector('[contenteditable]:not([contenteditable="false"]), textarea')) continue;
        const text = squash(node.textContent ?? '');
        // About the draft's size: a whole conversation loaded after a navigation is no new turn.
        if (text.length > 2 * this.draft.length + 200) continue;
        if (text.includes(needle)) {
          this.missed('turn');
          return;
        }
      }
    }
  }

  private checkBox(): void {
    const box = this.box;
    if (!box) return;
    if (this.deps.veilBusy()) {
      this.reset();
      return;
    }
    const typed = this.typedSinceCheck;
    this.typedSinceCheck = false;
    // A box the site replaced (another chat opened), the page moved to another URL, or a box that is not the
    // composer: its emptying says nothing about a send (a new turn still would).
    if (!box.isConnected || this.deps.doc.defaultView!.location.href !== this.url || box !== this.deps.known()) {
      if (!box.isConnected || this.deps.doc.defaultView!.location.href !== this.url) this.reset();
      return;
    }
    const now = squash(readComposer(box));
    if (now === '' && this.draft.length >= 2 && !typed) {
      this.missed('emptied');
      return;
    }
    if (now !== '' || typed) this.draft = now;
  }
}
