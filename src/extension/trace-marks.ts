/**
 * User Timing marks the background sets on a send's way to the review panel, for `npm run bench`'s trace
 * (bench/review.ts reads them from the service worker). Only the latest of each is kept: a background that
 * runs for days keeps no history, and a mark says when, never what.
 */
export type TraceMark = 'veil-begin' | 'veil-charged' | 'veil-viewed';

export function traceMark(name: TraceMark): void {
  performance.clearMarks(name);
  performance.mark(name);
}
