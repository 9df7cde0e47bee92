/**
 * The one-time tokens Veil's framed pages (the review panel, the compose box, the answer read-back) get from the
 * content script that placed them (src/content/send-guard.ts). Listen from the first moment the page runs,
 * before anything renders. The page around the frame can post messages too: every well-formed token is
 * offered to the background, which accepts only the real one, once.
 */
/** The one-time tokens Veil's framed pages get: the review panel's, the compose box's, the answer read-back's. */
export type TokenKey = 'veilReviewToken' | 'veilComposeToken' | 'veilRestoreToken';

/** Tokens posted under `key` by the window that frames this page (the review panel's, the compose box's). */
export function frameTokens(win: Window, key: TokenKey, onToken: (token: string) => void): void {
  win.addEventListener('message', (event: MessageEvent) => {
    const data: unknown = event.data;
    if (event.source !== win.parent || !data || typeof data !== 'object') return;
    const token = (data as Record<string, unknown>)[key];
    if (typeof token === 'string' && token.length > 0 && token.length <= 100) onToken(token);
  });
}

/** Tokens that may arrive before the page renders, kept until it asks: `next()` resolves with the next one. */
export function tokenQueue(win: Window, key: TokenKey): () => Promise<string> {
  const tokens: string[] = [];
  const waiting: ((token: string) => void)[] = [];
  frameTokens(win, key, (token) => (waiting.length > 0 ? waiting.shift()!(token) : tokens.push(token)));
  return () => new Promise<string>((resolve) => (tokens.length > 0 ? resolve(tokens.shift()!) : waiting.push(resolve)));
}

/**
 * Like `tokenQueue`, but each call resolves with every token that arrived since the last (at least one, at most
 * `max`, oldest first): a page that floods the frame with false tokens is checked in batches, one round trip
 * each, so the real token behind them is reached at once instead of after one round trip per false one.
 */
export function tokenBatches(win: Window, key: TokenKey, max = 500): () => Promise<string[]> {
  const tokens: string[] = [];
  let waiting: (() => void) | null = null;
  frameTokens(win, key, (token) => {
    // Bounded: a flood keeps only its newest (the real token is posted after the page's first false ones).
    tokens.push(token);
    if (tokens.length > KEPT) tokens.splice(0, tokens.length - KEPT);
    waiting?.();
    waiting = null;
  });
  return async () => {
    if (tokens.length === 0) await new Promise<void>((resolve) => (waiting = resolve));
    return tokens.splice(0, max);
  };
}

/** The most tokens a frame keeps waiting to be checked. */
const KEPT = 5_000;
