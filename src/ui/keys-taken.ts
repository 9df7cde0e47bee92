/**
 * For Veil's pages framed over a chat page (the compose box, the review panel): whether the page took the
 * keyboard while the person was typing here. The frame loses focus, with a key pressed here a moment before;
 * Veil's content script then holds the keys that follow from the page (src/content/key-shield.ts), and this
 * frame says so at once. Focus back in the frame clears it.
 *
 * ```tsx
 * const taken = useKeysTaken();
 * {taken && <p role="alert">{KEYS_TAKEN}</p>}
 * ```
 */
import { useEffect, useRef, useState } from 'preact/hooks';

/** What the frame says when the page took the keyboard. */
export const KEYS_TAKEN =
  'The chat page took the keyboard from Veil while you were typing. What you type now does not reach Veil, and Veil keeps it from the page. Click in the box to go on.';

/** Typing this recently before the frame lost focus counts as "while typing" (ms). */
const TYPING_MS = 3_000;

export function useKeysTaken(): boolean {
  const [taken, setTaken] = useState(false);
  const lastKey = useRef(0);
  useEffect(() => {
    // A key typed into a box of the frame (by the time the frame's window loses focus, its box has already
    // let go of it, so the box is noted at the key).
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLInputElement) lastKey.current = Date.now();
    };
    const onBlur = () => {
      if (Date.now() - lastKey.current < TYPING_MS) setTaken(true);
    };
    const onFocus = () => setTaken(false);
    document.addEventListener('keydown', onKey, true);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
    };
  }, []);
  return taken;
}
