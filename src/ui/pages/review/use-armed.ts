/**
 * Send works a moment after a release is shown, not at once: the person has seen it (and Veil's content script
 * refuses a Send the panel was not visible for, src/content/visible.ts; this keeps the two in step).
 *
 * ```ts
 * const armed = useArmed(view); // false again for ARM_MS whenever another release (or its state) is shown
 * ```
 */
import { useEffect, useState } from 'preact/hooks';
import type { ReviewView } from '../../../messaging/contract';

/** How long after a release is shown Send starts to work (ms; above the content script's VISIBLE_MS). */
const ARM_MS = 700;

export function useArmed(view: ReviewView | null): boolean {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    setArmed(false);
    if (view?.state !== 'ready' && view?.state !== 'failed') return;
    const timer = setTimeout(() => setArmed(true), ARM_MS);
    return () => clearTimeout(timer);
  }, [view?.reviewId, view?.state]);
  return armed;
}
