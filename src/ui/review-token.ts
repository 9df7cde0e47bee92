/**
 * The review panel's one-time token, posted to its window by the content script that placed it
 * (src/content/send-guard.ts). Listen from the first moment the page runs, before anything renders. The
 * page around the panel can post messages too: every well-formed token is offered to the background,
 * which accepts only the real one, once.
 */
export function reviewTokens(win: Window, onToken: (token: string) => void): void {
  win.addEventListener('message', (event: MessageEvent) => {
    const data: unknown = event.data;
    if (event.source !== win.parent || !data || typeof data !== 'object') return;
    const token = (data as { veilReviewToken?: unknown }).veilReviewToken;
    if (typeof token === 'string' && token.length > 0 && token.length <= 100) onToken(token);
  });
}
