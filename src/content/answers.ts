/**
 * Waiting for the site's answer to a send (SITES.md "Reading the answer"): the adapter's answer reader, polled
 * until a new answer exists, the site stopped streaming, and its text stayed the same twice in a row. Used
 * by private compose and by the read-back after a reviewed send.
 */
import type { SiteAdapter } from '../sites/adapter';

export async function finishedAnswer(
  adapter: SiteAdapter,
  win: Window,
  before: number,
  { timeoutMs, alive }: { timeoutMs: number; alive: () => boolean },
): Promise<{ element: HTMLElement; text: string } | null> {
  const answers = adapter.answers;
  if (!answers) return null;
  const deadline = Date.now() + timeoutMs;
  let last: string | null = null;
  while (alive() && Date.now() < deadline) {
    await new Promise((resolve) => win.setTimeout(resolve, 300));
    const all = answers.all(win.document);
    if (all.length <= before || answers.streaming(win.document)) continue;
    const element = all.at(-1)!;
    const text = element.textContent?.trim() ?? '';
    if (text && text === last) return { element, text };
    last = text;
  }
  return null;
}
