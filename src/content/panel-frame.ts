/**
 * The review panel's iframe: Veil's own page (review.html) over the chat page. The page can see and remove
 * the element, and read its URL, which carries nothing: the panel gets its review from the background by
 * its own frame (src/extension/review-service.ts). It is placed at once on the key press, with the panel
 * showing progress, so the page cannot time the sampler.
 */
export class PanelFrame {
  readonly element: HTMLIFrameElement;
  readonly loaded: Promise<void>;

  constructor(doc: Document, url: string) {
    const frame = doc.createElement('iframe');
    frame.src = url;
    frame.title = 'Veil: review what will be sent';
    frame.setAttribute('allowtransparency', 'true');
    frame.style.cssText =
      'all:initial;position:fixed;inset:0;width:100vw;height:100vh;border:0;margin:0;padding:0;z-index:2147483647;' +
      'background:transparent;color-scheme:normal;display:block;';
    this.loaded = new Promise((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
    doc.documentElement.append(frame);
    this.element = frame;
    frame.focus();
  }

  get connected(): boolean {
    return this.element.isConnected;
  }

  remove(): void {
    this.element.remove();
  }
}
