/**
 * One launcher for Veil's framed pages (the review panel, the compose box, the answer read-back): the
 * background opens the frame's session under a fresh one-time token while the frame loads, then the token is
 * posted to that frame's window alone, addressed to the extension's origin. A message posted to a
 * cross-origin frame is not seen by the page around it, and is delivered only if the frame still holds
 * Veil's page. Posting after the session is open means a token the frame presents is found at once, and one
 * the page posts is refused at once (src/extension/framed-session.ts).
 *
 * `open` is called at once (before this function first waits), so a caller may show the frame right after.
 *
 * ```ts
 * const { composeId } = await launchFramed(frame, composeUrl, loaded, (token) => send('compose.begin', { conversation, token }));
 * ```
 */
import { FRAME_TOKEN_KEY } from '../messaging/frame-token-key';

/** A one-time token: 48 hex digits, from crypto.getRandomValues. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function launchFramed<R>(frame: HTMLIFrameElement, url: string, loaded: Promise<void>, open: (token: string) => Promise<R>): Promise<R> {
  const token = randomToken();
  const [opened] = await Promise.all([open(token), loaded]);
  const target = frame.contentWindow;
  if (!target) throw new Error("Veil's frame was removed from the page");
  target.postMessage({ [FRAME_TOKEN_KEY]: token }, new URL(url).origin);
  return opened;
}
