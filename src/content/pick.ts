/**
 * Pick mode, for the generic adapter (src/sites/generic.ts): the person points at the site's message box,
 * then at its send button (or says Enter sends), and Veil keeps a CSS selector for each.
 *
 * While picking, a real click on the page is caught before the site sees it (capture phase, trusted events
 * only), the element under the pointer is outlined by an overlay (the page's own styles are not touched),
 * and the instructions sit in a notice on the page. Nothing private is shown: the page can read all of it.
 */
import { isComposerElement } from '../sites/generic';
import { PageNotice } from './notice';

export interface Picked {
  composer: string;
  sendButton: string | null;
}

const BUTTONS = 'button, [role="button"], input[type="submit"], input[type="button"]';

/** The message box a click on `target` points at: the textarea, or the top of a contenteditable. */
export function composerAt(target: Element | null): HTMLElement | null {
  let element = target?.closest<HTMLElement>('textarea, [contenteditable]') ?? null;
  while (element?.parentElement?.isContentEditable) element = element.parentElement;
  return isComposerElement(element) ? element : null;
}

/** The button a click on `target` points at. */
export function buttonAt(target: Element | null): HTMLElement | null {
  return target?.closest<HTMLElement>(BUTTONS) ?? null;
}

/** `"` and `\` escaped for a CSS string. */
function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/** An id that looks written by a person, not generated per page load (`:r1:`, `radix-12`, `ember345`). */
function stableId(id: string): boolean {
  return /^[A-Za-z][\w-]{0,80}$/.test(id) && !/\d{2,}/.test(id);
}

function unique(doc: Document, selector: string, element: Element): boolean {
  try {
    const all = doc.querySelectorAll(selector);
    return all.length === 1 && all[0] === element;
  } catch {
    return false;
  }
}

const ATTRIBUTES = ['data-testid', 'name', 'aria-label', 'placeholder', 'data-placeholder', 'title', 'type', 'role', 'contenteditable'];

/** The element's own shortest description that is unique on the page, if any. */
function ownSelector(doc: Document, element: Element): string | null {
  if (element.id && stableId(element.id) && unique(doc, `#${element.id}`, element)) return `#${element.id}`;
  const tag = element.localName;
  for (const name of ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value === null || value.length > 100) continue;
    const selector = `${tag}[${name}=${quoted(value)}]`;
    if (unique(doc, selector, element)) return selector;
  }
  // The tag alone last: the only `button` today is not the only one once the site adds another.
  return unique(doc, tag, element) ? tag : null;
}

/**
 * A CSS selector that finds `element` again after a reload: its id or a telling attribute when that is
 * unique, else a path of `:nth-of-type` steps up to the nearest ancestor that has one.
 */
export function selectorFor(element: Element): string {
  const doc = element.ownerDocument;
  const own = ownSelector(doc, element);
  if (own) return own;
  const steps: string[] = [];
  let current: Element | null = element;
  while (current && current !== doc.documentElement) {
    const parent: Element | null = current.parentElement;
    const sameTag = parent ? Array.from(parent.children).filter((c) => c.localName === current!.localName) : [];
    steps.unshift(sameTag.length > 1 ? `${current.localName}:nth-of-type(${sameTag.indexOf(current) + 1})` : current.localName);
    if (!parent) break;
    const anchor = parent === doc.body ? 'body' : ownSelector(doc, parent);
    if (anchor) {
      const selector = `${anchor} > ${steps.join(' > ')}`;
      if (unique(doc, selector, element)) return selector;
    }
    current = parent;
  }
  return steps.join(' > ');
}

/**
 * Run pick mode on `win`'s page. Resolves with the picked selectors, or null when the person stops.
 * Only one pick runs at a time; `stop()` on the returned handle ends it (resolving null).
 */
export function pick(win: Window & typeof globalThis, siteLabel: string): { done: Promise<Picked | null>; stop: () => void } {
  const doc = win.document;
  const notice = new PageNotice(doc);
  const overlay = doc.createElement('veil-pick-outline');
  overlay.style.cssText =
    'all:initial;position:fixed;z-index:2147483646;pointer-events:none;border:3px solid #3b4cca;border-radius:6px;background:rgba(59,76,202,.12);display:none;';
  doc.documentElement.append(overlay);

  let step: 'composer' | 'send' = 'composer';
  let composer = '';
  let finish: (picked: Picked | null) => void = () => undefined;
  const done = new Promise<Picked | null>((resolve) => (finish = resolve));

  const target = (event: Event) => {
    const element = event.target instanceof win.Element ? event.target : null;
    return step === 'composer' ? composerAt(element) : buttonAt(element);
  };
  const outline = (element: HTMLElement | null) => {
    if (!element) {
      overlay.style.display = 'none';
      return;
    }
    const box = element.getBoundingClientRect();
    Object.assign(overlay.style, { display: 'block', left: `${box.left - 3}px`, top: `${box.top - 3}px`, width: `${box.width}px`, height: `${box.height}px` });
  };
  const ours = (event: Event) => event.composedPath().some((node) => node instanceof win.Element && node.localName === 'veil-notice');

  const onMove = (event: MouseEvent) => {
    if (event.isTrusted && !ours(event)) outline(target(event));
  };
  const onClick = (event: MouseEvent) => {
    if (!event.isTrusted || ours(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const element = target(event);
    if (step === 'composer') {
      if (!element) {
        ask(`That is not a box you can type in. Click the message box you type your messages to ${siteLabel} in.`);
        return;
      }
      composer = selectorFor(element);
      step = 'send';
      outline(null);
      ask(`Now click ${siteLabel}'s send button, so Veil can press it for you after you approve. If there is none, choose "Enter sends".`, [
        { label: 'Enter sends', run: () => end({ composer, sendButton: null }) },
      ]);
    } else if (element) {
      end({ composer, sendButton: selectorFor(element) });
    } else {
      ask(`That is not a button. Click ${siteLabel}'s send button, or choose "Enter sends".`, [
        { label: 'Enter sends', run: () => end({ composer, sendButton: null }) },
      ]);
    }
  };
  // The page must not act on the press that picks (a click on its send button would send).
  const swallow = (event: Event) => {
    if (event.isTrusted && !ours(event)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.isTrusted && event.key === 'Escape') end(null);
  };
  const listeners: [string, EventListener][] = [
    ['mousemove', onMove as EventListener],
    ['click', onClick as EventListener],
    ['mousedown', swallow],
    ['mouseup', swallow],
    ['pointerdown', swallow],
    ['pointerup', swallow],
    ['keydown', onKey as EventListener],
  ];
  for (const [type, listener] of listeners) win.addEventListener(type, listener, true);

  function ask(message: string, actions: { label: string; run: () => void }[] = []): void {
    notice.show(`Veil on ${siteLabel}: ${message} (Esc stops.)`, actions, () => end(null));
  }
  function end(picked: Picked | null): void {
    for (const [type, listener] of listeners) win.removeEventListener(type, listener, true);
    overlay.remove();
    notice.hide();
    finish(picked);
  }

  ask(`click the box you type your messages in, so Veil can review what you send from it.`);
  return { done, stop: () => end(null) };
}
