/**
 * Waiting for the site's answer to a send (SITES.md "Reading the answer"): the adapter's answer reader, polled
 * until a new answer exists, the site stopped streaming, and its text stayed the same twice in a row. Used
 * by private compose and by the read-back after a reviewed send.
 *
 * ChatGPT and Claude virtualise their transcripts (SITES.md "Newest evidence"): only the turns near the
 * viewport are in the DOM, so the number of answers can stay the same, or drop, while a new one appears, and
 * an answer's place in the list shifts as older turns unmount. So what the page held at send time is kept as
 * a snapshot of the answer elements themselves (and the last one's text and id), never as a count or a place.
 */
import type { SiteAdapter } from '../sites/adapter';

/** The answers the page held when a send went out. */
export interface AnswersBefore {
  elements: ReadonlySet<HTMLElement>;
  /** The last of them, with its text (trimmed) and stable id if any: to tell a re-render of it from a new answer. */
  last: { element: HTMLElement; text: string; id: string | null } | null;
}

/** Where the sites keep a message's own id: ChatGPT's `data-message-id` (and its turn's `data-turn-id`, `data-turn-key`). */
const ID_ATTRIBUTES = ['data-message-id', 'data-turn-id', 'data-turn-key'] as const;
const WITH_ID = ID_ATTRIBUTES.map((name) => `[${name}]`).join(', ');

/** An answer's stable id from the site's markup (on it or an ancestor), which a re-render keeps; null if none. */
export function answerId(answer: Element): string | null {
  const holder = answer.closest(WITH_ID);
  if (!holder) return null;
  for (const name of ID_ATTRIBUTES) {
    const value = holder.getAttribute(name);
    if (value) return `${name}=${value}`;
  }
  return null;
}

/** The answers the page holds now (call just before a send). */
export function answersNow(adapter: SiteAdapter, doc: Document): AnswersBefore {
  const all = adapter.answers?.all(doc) ?? [];
  const last = all.at(-1);
  return { elements: new Set(all), last: last ? { element: last, text: last.textContent?.trim() ?? '', id: answerId(last) } : null };
}

/**
 * The answer that came after `before`, if the page shows it now: the last answer in page order, unless
 * - it was already there (the same element);
 * - it is the earlier last answer re-rendered as a new element: the same id, where the site gives ids; else,
 *   once that element has left the page, the same text;
 * - it comes before an answer that was there and still is (an older turn mounted again above it).
 */
export function newAnswer(all: readonly HTMLElement[], before: AnswersBefore): HTMLElement | null {
  const element = all.at(-1);
  if (!element || before.elements.has(element)) return null;
  const last = before.last;
  if (last) {
    const id = answerId(element);
    if (id !== null && last.id !== null) {
      if (id === last.id) return null;
    } else if (!last.element.isConnected && (element.textContent?.trim() ?? '') === last.text) return null;
  }
  for (const old of before.elements) {
    if (old.isConnected && old.compareDocumentPosition(element) & old.DOCUMENT_POSITION_PRECEDING) return null;
  }
  return element;
}

export async function finishedAnswer(
  adapter: SiteAdapter,
  win: Window,
  before: AnswersBefore,
  { timeoutMs, alive }: { timeoutMs: number; alive: () => boolean },
): Promise<{ element: HTMLElement; text: string } | null> {
  const answers = adapter.answers;
  if (!answers) return null;
  const deadline = Date.now() + timeoutMs;
  let last: string | null = null;
  while (alive() && Date.now() < deadline) {
    await new Promise((resolve) => win.setTimeout(resolve, 300));
    if (answers.streaming(win.document)) continue;
    const element = newAnswer(answers.all(win.document), before);
    if (!element) continue;
    const text = element.textContent?.trim() ?? '';
    if (text && text === last) return { element, text };
    last = text;
  }
  return null;
}
