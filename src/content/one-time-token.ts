/**
 * A one-time token for a frame of Veil's (the review panel, the compose box, the restored answer): drawn by
 * the content script, handed to the background and posted to the frame's own window, so only that frame can
 * claim its session.
 *
 * ```ts
 * const token = randomToken(); // 48 hex digits, from crypto.getRandomValues
 * ```
 */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
