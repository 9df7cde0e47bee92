/**
 * The one limit on a message's length, apart from the protection itself (./long.ts), so the page's content script
 * can refuse a message too long to protect without carrying the detector.
 */
/** The longest message Veil protects (characters); a longer one is refused with a clear message. */
export const LONGEST = 100_000;
/** Why a message is too long to protect, or null. */
export function tooLong(text: string): string | null {
  if (text.length <= LONGEST) return null;
  return `this message is ${text.length.toLocaleString('en')} characters long, and Veil protects messages of up to ${LONGEST.toLocaleString('en')} characters. Send it in parts`;
}
