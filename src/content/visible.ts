/**
 * Whether one of Veil's controls on the page is shown as Veil drew it: a page script can restyle Veil's
 * frames (opacity 0, a filter, a transform), cover them (an element above, the top layer) or move them away,
 * and then steer the person's keys and clicks into a control they cannot see (DESIGN.md "A page script is an
 * adversary"). So Veil's controls on the page act only while this check passes, and only after it has passed
 * for a moment (`VisibilityWatch`).
 *
 * What is checked, from the content script (the page cannot change what these reads return):
 * - the element and every ancestor: displayed, visible, fully opaque, no filter, transform, clip, mask or
 *   blend mode;
 * - its box: at least the size Veil gave it, inside the window;
 * - nothing above it: the topmost element at points across it is the element itself; nothing in the top layer
 *   (a modal dialog, a popover, full screen); no element of the page after it in the document that overlaps
 *   it (those could paint above it without taking clicks); no generated content on the root;
 * - where the browser has it (Chromium), IntersectionObserver v2's own judgement (`isVisible`), which also
 *   sees effects these reads miss.
 *
 * ```ts
 * const watch = new VisibilityWatch(frame, { minWidth: 300, minHeight: 200 });
 * watch.proven(600); // true once the frame has been seen unobscured for 600 ms
 * ```
 */

/** Elements Veil placed on the page (its frames, its notice): the overlap check does not count them. */
const veilElements = new WeakSet<Element>();
export function markVeil(element: Element): void {
  veilElements.add(element);
}

/** Veil's frames Veil itself is closing: focus leaving them is Veil's doing, not the page's. */
const closing = new WeakSet<Element>();
export function markClosing(element: Element): void {
  closing.add(element);
}
export function unmarkClosing(element: Element): void {
  closing.delete(element);
}
export function isClosing(element: Element): boolean {
  return closing.has(element);
}

/** Whether `element` is one of Veil's frames or controls on the page. */
export function isVeil(element: Element | null): boolean {
  return element !== null && veilElements.has(element);
}

export interface Expected {
  /** The smallest box (CSS px) Veil drew the element with. */
  minWidth: number;
  minHeight: number;
}

/** Why `element` is not shown as Veil drew it, or null when it is. */
export function hiddenBecause(element: HTMLElement, { minWidth, minHeight }: Expected): string | null {
  const doc = element.ownerDocument;
  const win = doc.defaultView;
  if (!win || !element.isConnected) return 'it is not on the page';
  if (doc.visibilityState === 'hidden') return 'the tab is hidden';
  const own = win.getComputedStyle(element);
  // (A value the browser leaves empty is its default: real browsers compute every one of these; a DOM without
  // layout, in unit tests, does not.)
  if (own.visibility === 'hidden' || own.visibility === 'collapse') return 'it is made invisible';
  if (own.pointerEvents === 'none') return 'it is made inert';
  if ((own.position || 'fixed') !== 'fixed' || (own.zIndex || String(TOP)) !== String(TOP)) return 'it is moved below the page';
  for (let node: Element | null = element; node; node = parentAcrossShadow(node)) {
    const style = win.getComputedStyle(node);
    const positioned = (style.position || 'static') !== 'static' && (style.zIndex || 'auto') !== 'auto';
    if (node !== element && node !== doc.documentElement && positioned && Number(style.zIndex) < TOP) return 'it is moved below the page';
    if (style.display === 'none') return 'it is not displayed';
    if (Number(style.opacity || '1') < 1) return 'it is made transparent';
    if ((style.filter || 'none') !== 'none') return 'a filter changes it';
    if (node !== element && (style.transform || 'none') !== 'none') return 'it is transformed';
    if ((style.clipPath || 'none') !== 'none') return 'it is clipped';
    if ((style.maskImage || 'none') !== 'none') return 'it is masked';
    if ((style.mixBlendMode || 'normal') !== 'normal') return 'it is blended into the page';
    if ((style.getPropertyValue('content-visibility') || 'visible') !== 'visible') return 'its content is skipped';
  }
  const box = element.getBoundingClientRect();
  if (box.width < minWidth - 1 || box.height < minHeight - 1) return 'it is shrunk';
  const left = Math.max(0, box.left);
  const top = Math.max(0, box.top);
  const right = Math.min(win.innerWidth, box.right);
  const bottom = Math.min(win.innerHeight, box.bottom);
  if (right - left < Math.min(minWidth, win.innerWidth) - 1 || bottom - top < Math.min(minHeight, win.innerHeight) - 1) return 'it is moved out of the window';
  if (inTopLayer(doc, element)) return 'something of the page is above it';
  if (generates(win, doc.documentElement, false)) return 'something of the page is above it';
  // Later in the document paints above at the same stacking level: anything of the page after Veil's element.
  for (const node of after(element)) {
    // Generated content of a later element can cover the page even when the element itself has no size.
    if (generates(win, node, true)) return 'something of the page is above it';
    const r = node.getBoundingClientRect();
    if (
      r.width > 0 &&
      r.height > 0 &&
      r.left < right &&
      r.right > left &&
      r.top < bottom &&
      r.bottom > top &&
      win.getComputedStyle(node).visibility !== 'hidden'
    ) {
      return 'something of the page is above it';
    }
  }
  // In a shadow root (a notice's), the document sees its host on top, and the root sees what in it is.
  const root = element.getRootNode();
  const shadow = root instanceof (win.ShadowRoot ?? ShadowRoot) ? root : null;
  for (const [fx, fy] of [
    [0.5, 0.5],
    [0.15, 0.15],
    [0.85, 0.15],
    [0.15, 0.85],
    [0.85, 0.85],
  ] as const) {
    const x = left + (right - left) * fx;
    const y = top + (bottom - top) * fy;
    const hit = doc.elementFromPoint(x, y);
    const inner = shadow ? shadow.elementFromPoint(x, y) : hit;
    const onTop =
      (hit === element || (hit !== null && element.contains(hit)) || (shadow !== null && hit === shadow.host)) &&
      inner !== null &&
      (inner === element || element.contains(inner));
    if (!onTop) return 'something of the page is above it';
  }
  return null;
}

/** Whether `node` draws generated content (`::before`/`::after`); `placed`: only content taken out of the flow, which can cover other things. */
function generates(win: Window, node: Element, placed: boolean): boolean {
  return ['::before', '::after'].some((pseudo) => {
    const style = win.getComputedStyle(node, pseudo);
    const shown = !!style.content && style.content !== 'none' && style.content !== 'normal' && style.display !== 'none';
    return shown && (!placed || style.position === 'fixed' || style.position === 'absolute');
  });
}

/** The z-index Veil's controls sit at (the highest there is). */
export const TOP = 2147483647;

/** The parent element, or the host of the shadow root the element is in. */
function parentAcrossShadow(node: Element): Element | null {
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode();
  return root instanceof (node.ownerDocument.defaultView?.ShadowRoot ?? ShadowRoot) ? root.host : null;
}

/** The page's elements after `element` in document order (of its host, for an element in a shadow root), Veil's own skipped with what they hold. */
function* after(element: Element): Generator<Element> {
  let start: Element = element;
  while (!start.parentElement && parentAcrossShadow(start)) start = parentAcrossShadow(start)!;
  const next = (node: Element, into: boolean): Element | null => {
    // (Into open shadow roots too: a page's overlay can live in one. A closed one is out of reach; its host's
    // box is still checked, and IntersectionObserver v2 sees it where the browser has it.)
    const shadow = into ? node.shadowRoot?.firstElementChild : null;
    if (shadow) return shadow;
    if (into && node.firstElementChild) return node.firstElementChild;
    for (let at: Element | null = node; at; at = parentAcrossShadow(at)) if (at.nextElementSibling) return at.nextElementSibling;
    return null;
  };
  for (let node = next(start, false); node;) {
    const own = veilElements.has(node);
    if (!own) yield node;
    node = next(node, !own);
  }
}

function inTopLayer(doc: Document, element: Element): boolean {
  if (doc.fullscreenElement && !doc.fullscreenElement.contains(element)) return true;
  for (const selector of [':modal', ':popover-open']) {
    try {
      const open = doc.querySelector(selector);
      if (open && !open.contains(element)) return true;
    } catch {
      // A browser that does not know the selector has no such layer.
    }
  }
  return false;
}

/**
 * Watches one of Veil's elements while it is open: `proven(ms)` is true once it has been shown unobscured for
 * `ms` without a break (a page that flashes it into view just before a click does not get through), and it is
 * still so now. Polls every 100 ms, and asks IntersectionObserver v2 where the browser has it.
 */
export class VisibilityWatch {
  private since: number | null = null;
  private observerSays: boolean | null = null;
  private readonly timer: number;
  private readonly observer: IntersectionObserver | null = null;
  /** The last reason the element did not count as visible (for the person: said in plain words). */
  reason: string | null = 'it has not been checked yet';

  constructor(
    private readonly element: HTMLElement,
    private readonly expected: Expected | (() => Expected),
    private readonly now: () => number = () => Date.now(),
  ) {
    const win = element.ownerDocument.defaultView!;
    try {
      // IntersectionObserver v2 (Chromium): `isVisible` is false when anything covers, fades or distorts it.
      const observer = new win.IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if ('isVisible' in entry) this.observerSays = (entry as IntersectionObserverEntry & { isVisible: boolean }).isVisible;
          }
          this.check();
        },
        { threshold: [0, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
      );
      observer.observe(element);
      this.observer = observer;
    } catch {
      this.observer = null;
    }
    this.timer = win.setInterval(() => this.check(), 100);
    this.check();
  }

  /** Check now; returns whether the element counts as visible. */
  check(): boolean {
    const reason =
      hiddenBecause(this.element, typeof this.expected === 'function' ? this.expected() : this.expected) ??
      (this.observerSays === false ? 'the browser reports it covered or changed' : null);
    this.reason = reason;
    if (reason) this.since = null;
    else this.since ??= this.now();
    return reason === null;
  }

  /** Shown unobscured now and for at least `ms`. */
  proven(ms: number): boolean {
    return this.check() && this.since !== null && this.now() - this.since >= ms;
  }

  stop(): void {
    this.element.ownerDocument.defaultView?.clearInterval(this.timer);
    this.observer?.disconnect();
  }
}
