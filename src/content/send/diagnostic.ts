/**
 * A report of what a site adapter looked for and what the page has, for the person to copy and send to
 * Veil's makers when a send was held or missed: the page's public markup around the message box (tags, ids,
 * test ids, labels), never any text the person typed.
 *
 * ```ts
 * diagnostic({ adapter, win, box: finder.composer(), part: 'send button' }); // JSON, one key a line
 * ```
 */
import type { SiteAdapter } from '../../sites/adapter';
import { CONTROLS } from '../send-controls';
import type { StalePart } from './catch-send';

const ATTRIBUTES = ['id', 'data-testid', 'data-test-id', 'type', 'role', 'aria-label', 'contenteditable', 'class'];

/** An element by its public markup: tag and a few attributes, each cut to 60 characters. */
function describe(element: Element): string {
  const parts = [element.localName];
  for (const name of ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value !== null) parts.push(`${name}=${JSON.stringify(value.slice(0, 60))}`);
  }
  return parts.join(' ');
}

/** `box`: the box a send would come from now (the controls near it are listed), if any. */
export function diagnostic({ adapter, win, box, part }: { adapter: SiteAdapter; win: Window; box: HTMLElement | null; part: StalePart }): string {
  const doc = win.document;
  const scope = box?.closest('form') ?? box?.parentElement?.parentElement?.parentElement ?? doc.body;
  const url = new URL(win.location.href);
  return JSON.stringify(
    {
      site: adapter.label,
      part,
      layout: adapter.layout?.(doc) ?? null,
      page: `${url.origin}${url.pathname.replace(/[\w-]{12,}/g, ':id').replace(/\/\d+/g, '/:n')}`,
      composerFound: adapter.findComposer(doc) !== null,
      sendButtonFound: adapter.findSendButton(doc) !== null,
      answersFound: adapter.answers?.all(doc).length ?? null,
      relies: adapter.relies,
      editables: [...doc.querySelectorAll('textarea, [contenteditable]:not([contenteditable="false"])')].slice(0, 8).map(describe),
      controlsNearBox: scope ? [...scope.querySelectorAll(CONTROLS)].slice(0, 16).map(describe) : [],
      browser: win.navigator.userAgent,
    },
    null,
    1,
  );
}
