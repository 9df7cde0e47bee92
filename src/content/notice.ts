/**
 * Veil's messages on the chat page itself: why a send was blocked, or that the adapter lost the message
 * box. They sit at the top or the bottom of the page, whichever is clear of the element they must not cover
 * (the site's composer, which is at the bottom on all three sites). They carry only public words (never a
 * profile value), sit in a closed shadow root (the site's styles and scripts cannot reach into it: a page
 * cannot read them or find their buttons), and act only on the person's real clicks while the notice can be
 * seen (./visible.ts): a page that fades or covers it cannot trick a click on "Send without Veil".
 */
import { markVeil, VisibilityWatch } from './visible';

/** How long a notice must have been seen before its buttons act (ms). */
const SEEN_MS = 400;
export interface NoticeAction {
  label: string;
  run: () => void;
}

export class PageNotice {
  private host: HTMLElement | null = null;
  /** The notice shown now offers the person a choice (more than Dismiss). */
  asking = false;
  private watch: VisibilityWatch | null = null;

  /** `avoid`: the element the notice must not cover, if any (it then sits in the other half of the window). */
  constructor(
    private readonly doc: Document,
    private readonly avoid: () => Element | null = () => null,
  ) {}

  /** `top:…` or `bottom:…`: away from the element to avoid; at the bottom when there is none. */
  private edge(): string {
    const element = this.avoid();
    const win = this.doc.defaultView;
    if (!element || !win) return 'bottom:24px;';
    const box = element.getBoundingClientRect();
    return box.top + box.height / 2 > win.innerHeight / 2 ? 'top:16px;' : 'bottom:24px;';
  }

  /** Show `message` with its `actions` and a Dismiss button (which runs `onDismiss`). */
  show(message: string, actions: NoticeAction[] = [], onDismiss: () => void = () => undefined): void {
    this.hide();
    this.asking = actions.length > 0;
    const host = this.doc.createElement('veil-notice');
    markVeil(host);
    // Open only in the end-to-end test build, whose tests read and click the notice as a person would.
    const root = host.attachShadow({ mode: import.meta.env?.VEIL_TEST ? 'open' : 'closed' });
    const box = this.doc.createElement('div');
    box.setAttribute('role', 'alert');
    box.style.cssText =
      `position:fixed;z-index:2147483647;left:50%;${this.edge()}transform:translateX(-50%);max-width:min(560px,calc(100vw - 32px));` +
      'background:#2b1d0e;color:#fff;font:14px/1.45 system-ui,sans-serif;padding:12px 14px;border-radius:10px;' +
      'box-shadow:0 6px 24px rgba(0,0,0,.35);display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center;';
    const text = this.doc.createElement('p');
    text.style.cssText = 'margin:0;flex:1 1 300px;';
    text.textContent = message;
    box.append(text);
    for (const action of [...actions, { label: 'Dismiss', run: onDismiss }]) {
      const button = this.doc.createElement('button');
      button.type = 'button';
      button.textContent = action.label;
      button.style.cssText = 'font:inherit;padding:4px 10px;border-radius:6px;border:1px solid #fff8;background:transparent;color:inherit;cursor:pointer;';
      // Disabled until the notice has been seen for a moment (then a click acts, if it still can be seen).
      button.disabled = true;
      button.addEventListener('click', (event) => {
        if (!event.isTrusted) return;
        if (!this.watch?.proven(SEEN_MS)) {
          text.textContent = `${message} (Veil ignored that click: this message was not fully visible on the page.)`;
          return;
        }
        this.hide();
        action.run();
      });
      box.append(button);
    }
    root.append(box);
    this.doc.documentElement.append(host);
    this.host = host;
    const { width, height } = box.getBoundingClientRect();
    const watch = new VisibilityWatch(box, { minWidth: Math.min(width, 120), minHeight: Math.min(height, 24) });
    this.watch = watch;
    const win = this.doc.defaultView;
    const arm = () => {
      if (this.watch !== watch) return;
      if (watch.proven(SEEN_MS)) for (const button of box.querySelectorAll('button')) button.disabled = false;
      else win?.setTimeout(arm, 100);
    };
    win?.setTimeout(arm, SEEN_MS);
  }

  /** The message shown now, for tests and for not repeating oneself. */
  get shown(): boolean {
    return this.host?.isConnected === true;
  }

  hide(): void {
    this.asking = false;
    this.watch?.stop();
    this.watch = null;
    this.host?.remove();
    this.host = null;
  }
}
