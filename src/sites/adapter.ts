/**
 * What Veil needs to know about one chat site: where it lives, how to find the composer (the message box
 * the person sends from, not another editor on the page), its send button, and which editor it is, so the
 * approved text can be written in a way the site's editor state really takes (src/content/editor-text.ts).
 *
 * Sites roll out new markup gradually, so one site can serve two layouts at once (SITES.md, "Newer
 * evidence"): an adapter lists its layouts, each with its composer selectors, and everything else is found
 * from the composer the page shows. Structure, ids and test ids come first; a label (translated by the
 * site) is only ever a last resort.
 *
 * One file per site next to this one; `index.ts` lists them, and the site ids, the host permissions and
 * the content script's matches are all derived from that list.
 *
 * Everything here reads the DOM only when called, so the registry also loads in Node (settings, CLI).
 */
export type EditorKind = 'prosemirror' | 'quill' | 'textarea';

export interface SiteAdapter<Id extends string = string> {
  id: Id;
  /** The site's name as a person knows it. */
  label: string;
  /** Host names (exact) the site is served from. */
  hosts: readonly string[];
  /** Chat sites are https only; the local demo page is plain http. */
  protocol: 'https:' | 'http:';
  /** The composer: the one editor a send takes its text from, or null when the page does not show it. */
  findComposer(doc: Document): HTMLElement | null;
  /** The send button as it is now (it may be absent or disabled while the composer is empty; never the stop button). */
  findSendButton(doc: Document): HTMLElement | null;
  /** Whether a plain Enter in the composer sends (false in layouts where Enter makes a new line). */
  enterSends(win: Window): boolean;
  /** The conversation a page shows, from its URL; null on a page that starts a new one. */
  conversation(url: URL): string | null;
  /** Which of the site's layouts the page shows (the one whose composer was found), for the popup; null if none. */
  layout?(doc: Document): string | null;
  /** What Veil relies on in the real site's DOM, in words (README, popup, notes). */
  relies: string;
  /**
   * The assistant's answers (CROSS-MAP recovery, SITES.md "Reading the answer"): every answer's text element
   * in page order, and whether one is still streaming. Absent: Veil cannot read answers here, and the compose
   * box offers to recover a pasted answer instead.
   */
  answers?: { all(doc: Document): HTMLElement[]; streaming(doc: Document): boolean };
}

/** One markup generation of a site: its name (shown in the popup) and where its composer is. */
export interface Layout {
  readonly name: string;
  /** Most specific first. */
  readonly composer: readonly string[];
}

/**
 * How plainly a person can see `element`, for choosing between elements that match the same selectors
 * (ChatGPT can hold a zero-size twin of its composer before the visible one, SITES.md "Newest evidence"):
 * - 2: laid out with a box of its own that no ancestor clips away;
 * - 1: not hidden, but without a box (a DOM that lays nothing out, as happy-dom; or a zero-size element);
 * - 0: hidden (`hidden`, `display: none` on it or an ancestor, `visibility: hidden`).
 * Reads the DOM only when called.
 */
export function shownRank(element: Element): 0 | 1 | 2 {
  const win = element.ownerDocument.defaultView;
  if (!win || !element.isConnected || element.closest('[hidden]')) return 0;
  const check = (element as Element & { checkVisibility?: (options?: object) => boolean }).checkVisibility;
  if (typeof check === 'function') {
    if (!check.call(element, { visibilityProperty: true })) return 0;
  } else {
    for (let at: Element | null = element; at; at = at.parentElement) if (win.getComputedStyle(at).display === 'none') return 0;
    if (win.getComputedStyle(element).visibility === 'hidden') return 0;
  }
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return 1;
  // A box inside a zero-size ancestor that clips its overflow is not seen either.
  for (let at = element.parentElement; at && at !== element.ownerDocument.body; at = at.parentElement) {
    const outer = at.getBoundingClientRect();
    if ((outer.width === 0 || outer.height === 0) && /hidden|clip|scroll|auto/.test(win.getComputedStyle(at).overflow)) return 1;
  }
  return 2;
}

/**
 * Of `candidates` (in order of preference), the first of those shown most plainly (`shownRank`); null if none.
 * With one candidate it is that one, shown or not (nothing to choose between, and nothing read).
 */
export function mostShown<T extends Element>(candidates: readonly T[]): T | null {
  if (candidates.length <= 1) return candidates[0] ?? null;
  let best: T | null = null;
  let bestRank = -1;
  for (const candidate of candidates) {
    const rank = shownRank(candidate);
    if (rank > bestRank) {
      best = candidate;
      bestRank = rank;
      if (rank === 2) break;
    }
  }
  return best;
}

/** Every element matching `selectors`, selector by selector (most specific first), each once. */
function allMatches<T extends Element>(root: ParentNode, selectors: readonly string[]): T[] {
  const found = new Set<T>();
  for (const selector of selectors) for (const element of root.querySelectorAll<T & Element>(selector)) found.add(element);
  return [...found];
}

/**
 * The element matching `selectors` that the page shows: of all matches, in the order of the selectors
 * (most specific first), the first shown most plainly (`mostShown`). A zero-size or hidden twin coming
 * earlier in the DOM is passed over; when nothing is laid out (no layout engine), the first match, as before.
 */
export function firstMatch<T extends Element = HTMLElement>(root: ParentNode, selectors: readonly string[]): T | null {
  return mostShown(allMatches<T>(root, selectors));
}

/** The layout whose composer the page shows, and that composer, trying layouts in order (`firstMatch`'s rule across all of them). */
export function matchLayout(doc: Document, layouts: readonly Layout[]): { layout: Layout; composer: HTMLElement } | null {
  const owner = new Map<HTMLElement, Layout>();
  for (const layout of layouts) for (const element of allMatches<HTMLElement>(doc, layout.composer)) if (!owner.has(element)) owner.set(element, layout);
  const composer = mostShown([...owner.keys()]);
  return composer ? { layout: owner.get(composer)!, composer } : null;
}

/** An editable element, whatever the site sets its contenteditable to (`true`, `plaintext-only`, empty). */
export const EDITABLE = '[contenteditable]:not([contenteditable="false"])';

/** The editor behind a composer element, from the element itself. */
export function editorKind(composer: HTMLElement): EditorKind {
  if (composer instanceof composer.ownerDocument.defaultView!.HTMLTextAreaElement) return 'textarea';
  return composer.classList.contains('ql-editor') ? 'quill' : 'prosemirror';
}

/** A send button a person cannot press yet (the site greys it out while the composer is empty). */
export function isDisabled(button: HTMLElement): boolean {
  return (button as HTMLButtonElement).disabled === true || button.getAttribute('aria-disabled') === 'true';
}
