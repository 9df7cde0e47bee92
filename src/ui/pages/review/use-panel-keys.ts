/**
 * The review panel's keys and focus, taken on the document and the window for as long as the panel is
 * mounted; `onKeyDown` is the newest render's handler (it reads that render's state).
 *
 * ```ts
 * usePanelKeys(dialog, onKeyDown);
 * ```
 */
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export function usePanelKeys(dialog: RefObject<HTMLElement>, onKeyDown: (event: KeyboardEvent) => void) {
  // The whole panel is the dialog: keys are handled on the document, so Escape and Tab work wherever focus
  // is in the frame (the page hands focus to the frame, not to a control in it). When the frame gets focus
  // with nothing in it focused, focus goes to the main control.
  const keys = useRef(onKeyDown);
  keys.current = onKeyDown;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keys.current(event);
    const onFocus = () => {
      if (document.activeElement === document.body || document.activeElement === null) dialog.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('focus', onFocus);
    };
  }, []);
}
