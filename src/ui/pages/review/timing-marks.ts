/**
 * The review panel's User Timing marks, which `npm run bench` reads (bench/review.ts) for its trace of a
 * send: the token arrived, the view came back, the release was painted.
 *
 * ```ts
 * usePaintedMark(view); // in the panel, after the view is known
 * ```
 */
import { useLayoutEffect } from 'preact/hooks';
import type { ReviewView } from '../../../messaging/contract';

/** The User Timing mark set when a release is painted in the panel. */
export const REVIEW_PAINTED = 'veil-review-painted';
export const REVIEW_TOKEN = 'veil-review-token';
export const REVIEW_VIEW = 'veil-review-view';

/** Marks REVIEW_PAINTED each time a ready release is shown. */
export function usePaintedMark(view: ReviewView | null) {
  // A User Timing mark when the release is on screen (after the next paint): `npm run bench` reads it.
  // A layout effect runs right after the render, so the mark waits for one frame, not two.
  useLayoutEffect(() => {
    if (view?.state === 'ready') requestAnimationFrame(() => setTimeout(() => performance.mark(REVIEW_PAINTED)));
  }, [view?.reviewId, view?.state]);
}
