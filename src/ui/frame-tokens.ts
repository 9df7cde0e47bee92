/**
 * The one-time tokens Veil's framed pages (the review panel, the compose box, the answer read-back) get from the
 * content script that placed them (src/content/framed-launch.ts), all under one key. Listen from the first
 * moment the page runs, before anything renders. The page around the frame can post messages too: every
 * well-formed token is offered to the background (./framed-claim.ts), which accepts only the real one, once.
 */
import { FRAME_TOKEN_KEY } from '../messaging/frame-token-key';

/** Tokens posted by the window that frames this page. */
function frameTokens(win: Window, onToken: (token: string) => void): void {
  win.addEventListener('message', (event: MessageEvent) => {
    const data: unknown = event.data;
    if (event.source !== win.parent || !data || typeof data !== 'object') return;
    const token = (data as Record<string, unknown>)[FRAME_TOKEN_KEY];
    if (typeof token === 'string' && token.length > 0 && token.length <= 100) onToken(token);
  });
}

/**
 * Each call resolves with every token that arrived since the last (at least one, at most `max`, oldest
 * first): a page that floods the frame with false tokens is checked in batches, one round trip each, so the
 * real token behind them is reached at once instead of after one round trip per false one.
 */
export function tokenBatches(win: Window, max = 500): () => Promise<string[]> {
  const tokens: string[] = [];
  let waiting: (() => void) | null = null;
  frameTokens(win, (token) => {
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
