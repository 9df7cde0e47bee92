/**
 * The review panel's iframe: Veil's own page (review.html) over the chat page. The page can see and remove
 * the element, and read its URL, which carries nothing: the panel gets its review from the background with
 * a one-time token (src/extension/review-service.ts).
 *
 * One panel is loaded ahead, hidden, so a send only has to show it: loading an extension page takes longer
 * than making the release. It is shown at once on the key press (progress inside it), so the page cannot
 * time the sampler by when it appears.
 */
import { markClosing, markVeil, TOP } from './visible';

// Every property !important: a page style cannot override an inline !important one (a page script can still
// change the element itself; ./visible.ts tells before the panel acts).
const important = (css: string) => css.replace(/;/g, ' !important;');
const SHOWN = important('position:fixed;inset:0;width:100vw;height:100vh;visibility:visible;pointer-events:auto;');
const HIDDEN = important('position:fixed;left:0;top:0;width:1px;height:1px;visibility:hidden;pointer-events:none;');
const BASE = important(
  `border:0;margin:0;padding:0;z-index:${TOP};background:transparent;color-scheme:normal;display:block;opacity:1;filter:none;transform:none;clip-path:none;`,
);

export class PanelFrame {
  readonly element: HTMLIFrameElement;
  readonly loaded: Promise<void>;

  constructor(doc: Document, url: string, { shown }: { shown: boolean }) {
    const frame = doc.createElement('iframe');
    frame.src = url;
    frame.title = 'Veil: review what will be sent';
    frame.setAttribute('allowtransparency', 'true');
    this.loaded = new Promise((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
    this.element = frame;
    markVeil(frame);
    this.style(shown);
    doc.documentElement.append(frame);
    if (shown) frame.focus();
  }

  private style(shown: boolean): void {
    const frame = this.element;
    frame.style.cssText = 'all:initial;' + BASE + (shown ? SHOWN : HIDDEN);
    frame.dataset.veilPanel = shown ? 'open' : 'ready';
    frame.tabIndex = shown ? 0 : -1;
    if (shown) frame.removeAttribute('aria-hidden');
    else frame.setAttribute('aria-hidden', 'true');
  }

  show(): void {
    this.style(true);
    this.element.focus();
  }

  get connected(): boolean {
    return this.element.isConnected;
  }

  /**
   * Close the panel: hidden and inert at once, taken out of the page a moment later, so the click that
   * closed it has finished in the frame (an automation driver waiting on that click does not hang on a
   * frame that vanished under it).
   */
  remove(): void {
    const frame = this.element;
    if (!frame.isConnected) return;
    markClosing(frame);
    frame.style.cssText = 'all:initial;' + BASE + HIDDEN;
    frame.dataset.veilPanel = 'closing';
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    frame.blur();
    frame.ownerDocument.defaultView?.setTimeout(() => frame.remove(), 1000);
  }
}
