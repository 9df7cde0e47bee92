/**
 * Keys meant for Veil stay in Veil (issue 29). While the person types in one of Veil's frames (the private
 * compose box, the review panel's edit box), a page script can call `focus()` on a field of its own and
 * receive the next keystrokes. When focus leaves a Veil frame for the page without the person's click, the
 * shield holds every key on the page (in the capture phase, before any listener of the page) and says so,
 * until the person clicks: on the page (then the keys are theirs for the page again) or back in Veil's frame.
 * No count of re-focus attempts that a page could use up: one steal is enough to hold the keys. Focus moved
 * into a frame of the page's own is taken back (keys there would pass no listener of Veil's), and a Veil frame
 * the page navigates elsewhere is closed. Tab releases the hold (the person moving on by keyboard). Not
 * covered: text an input method composes into the page's focused field (cancelling a key does not stop it).
 *
 * ```ts
 * const shield = new KeyShield(window, notice);
 * const stop = shield.install();
 * ```
 */
import type { PageNotice } from './notice';
import { isClosing, isVeil } from './visible';

/** A click this close before focus came back to the page is the person's own move (ms); only a click made
 * while Veil's frame had focus counts (the click that opened the frame does not excuse a steal soon after). */
const CLICK_MS = 600;
/** The keys' own events (input events are left alone: with the keys held there are none from the person, and Veil's own writes into the site's box make them). */
const KEY_EVENTS = ['keydown', 'keypress', 'keyup', 'paste', 'compositionstart', 'compositionupdate', 'compositionend'] as const;

export class KeyShield {
  /** Focus was in a Veil frame when the page's window last lost it. */
  private inVeil = false;
  /** That frame. */
  private veilFrame: Element | null = null;
  private lastClick = 0;
  /** Keys are held from the page. */
  holding = false;
  /** Keys held since the page took focus (for the message). */
  private held = 0;

  constructor(
    private readonly win: Window & typeof globalThis,
    private readonly notice: PageNotice,
  ) {}

  install(): () => void {
    const { win } = this;
    // Veil's frames only (its buttons on the page are the page's keyboard's like any other control).
    const isVeilFrame = (element: Element | null): element is HTMLIFrameElement => element instanceof win.HTMLIFrameElement && isVeil(element);
    const onBlur = (event: FocusEvent) => {
      // Veil's frame itself loses focus to the page (where the window sends no focus events of its own, this is
      // how a steal is told apart even before the look below has noted the frame; a click a moment ago still
      // counts as the person's).
      if (event.target !== win && event.target instanceof win.Element && isVeilFrame(event.target)) {
        this.inVeil = true;
        this.veilFrame = event.target;
        return;
      }
      if (event.target !== win) return;
      // Focus went into one of Veil's frames (the person clicked there, or Veil focused it): keys are Veil's.
      const active = win.document.activeElement;
      if (isVeilFrame(active)) this.enter(active);
      else {
        this.inVeil = false;
        this.veilFrame = null;
      }
    };
    // Focus comes back to the page from a Veil frame (the window's own focus event comes first, before any
    // element of the page has it, so a page that only blurs Veil's frame is caught too): unless the person
    // clicked a moment ago, the page took it, and the keys are held from now on.
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      // Focus went to one of Veil's frames again: its keys are its own.
      if (target !== win && target instanceof win.Element && isVeilFrame(target)) {
        this.enter(target);
        return;
      }
      // Veil closing its own frame hands focus back to the page: not a steal. A page that removes it is.
      const veilClosed = this.veilFrame !== null && isClosing(this.veilFrame);
      if (this.inVeil && !veilClosed && Date.now() - this.lastClick >= CLICK_MS) {
        this.hold();
        // Into a frame of the page's own, keys would reach a document this script does not see: taken back to the page's.
        if (target instanceof win.HTMLIFrameElement) target.blur();
      }
      if (target !== win) this.inVeil = false;
    };
    // A Veil frame loads once. Loaded again, the page has sent it somewhere else (its `src`, its location) while
    // the person may be typing into it: removed, and the keys held.
    const loads = new WeakSet<Element>();
    const onLoad = (event: Event) => {
      const frame = event.target;
      if (!(frame instanceof win.Element) || !isVeilFrame(frame) || isClosing(frame)) return;
      if (!loads.has(frame)) {
        loads.add(frame);
        return;
      }
      this.hold();
      frame.remove();
      this.notice.show(
        "The chat page replaced one of Veil's frames with a page of its own, so Veil closed it. What you type now is kept from the page until you click.",
      );
    };
    const onPointer = (event: PointerEvent) => {
      if (!event.isTrusted) return;
      this.lastClick = Date.now();
      this.release();
    };
    const onKey = (event: Event) => {
      if (!this.holding || !event.isTrusted) return;
      // Tab is the person moving on by the keyboard (out of Veil's box, say): theirs again from here.
      if (event.type === 'keydown' && (event as KeyboardEvent).key === 'Tab') {
        this.release();
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      if (event.type === 'keydown' && this.held++ === 0) {
        this.notice.show(
          "The chat page took the keyboard from Veil while you were typing. Veil kept what you typed from the page. Click in Veil's box to go on typing there, or click on the page to type in the page.",
        );
      }
    };
    // The window's own focus events come only while the browser window has the system's focus: where they
    // do not, a look at what has focus every 100 ms still tells that Veil's frame had it before the page took it.
    const look = win.setInterval(() => {
      const active = win.document.activeElement;
      if (isVeilFrame(active) && (!this.inVeil || this.veilFrame !== active)) this.enter(active);
    }, 100);
    win.addEventListener('load', onLoad, true);
    win.addEventListener('blur', onBlur, true);
    win.addEventListener('focus', onFocus, true);
    win.addEventListener('pointerdown', onPointer, true);
    for (const type of KEY_EVENTS) win.addEventListener(type, onKey, true);
    return () => {
      win.clearInterval(look);
      win.removeEventListener('load', onLoad, true);
      win.removeEventListener('blur', onBlur, true);
      win.removeEventListener('focus', onFocus, true);
      win.removeEventListener('pointerdown', onPointer, true);
      for (const type of KEY_EVENTS) win.removeEventListener(type, onKey, true);
    };
  }

  /** Focus is in Veil's frame: its keys are its own, and a click before this is no excuse for leaving it. */
  private enter(frame: Element): void {
    if (!this.inVeil || this.veilFrame !== frame) this.lastClick = 0;
    this.inVeil = true;
    this.veilFrame = frame;
    this.release();
  }

  private hold(): void {
    this.holding = true;
    this.held = 0;
  }

  private release(): void {
    if (!this.holding) return;
    this.holding = false;
    if (this.held > 0) this.notice.hide();
  }
}
