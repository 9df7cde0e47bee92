/**
 * A review's release while it is made, in this process (review-service.ts starts it): the release raced
 * against a time limit, then stored with the review, and the panel's first view made at the same time from
 * what the release was made from (the panel is most often waiting for it already). A review whose release a
 * restarted worker was making has failed: this process has no job for it.
 *
 * ```ts
 * const jobs = reviewReleases({ store, patch, view, releaseTimeoutMs: 60_000 });
 * void jobs.start(review, releases.made(request), codebook);
 * const ready = await jobs.settled(review);   // 'ready' or 'failed'
 * const shown = jobs.takeFirstView(ready) ?? view(ready);
 * ```
 */
import type { CodebookState } from '../crossmap';
import type { ReviewView } from '../messaging/contract';
import { errorMessageForPerson, Refusal } from '../storage/errors';
import type { SessionStore } from './framed-session';
import type { MadeRelease } from './release-service';
import type { ReviewRecord } from './review-record';
import { traceMark } from './trace-marks';

export interface ReviewReleaseDeps {
  store: SessionStore<ReviewRecord>;
  /** Change the stored review (framed-session.ts `patch`). */
  patch: (id: string, change: Partial<ReviewRecord>) => Promise<ReviewRecord | undefined>;
  /** What the panel shows (review-view.ts). */
  view: (review: ReviewRecord, first?: { made: MadeRelease; codebook?: Promise<CodebookState> }) => Promise<ReviewView>;
  /** How long a release may take before the send is blocked (ms). */
  releaseTimeoutMs: number;
}

export function reviewReleases({ store, patch, view, releaseTimeoutMs }: ReviewReleaseDeps) {
  /** Releases being made in this process (a restarted worker has none: such a review failed). */
  const making = new Map<string, Promise<void>>();
  /** The first view of a release just made, for the panel's claim (this process only). */
  const firstViews = new Map<string, Promise<ReviewView>>();

  /**
   * Wait for the review's release, store it, and make the panel's first view of it at the same time, from
   * what the release was made from (the panel is most often waiting for it already).
   */
  async function make(review: ReviewRecord, job: Promise<MadeRelease>, codebook?: Promise<CodebookState>): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const made = await Promise.race([
        job,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Refusal(`making the release took longer than ${releaseTimeoutMs / 1000} s`)), releaseTimeoutMs);
        }),
      ]);
      traceMark('veil-charged');
      const first = view({ ...review, state: 'ready', release: made.response, draft: made.draft, dropped: [] }, { made, ...(codebook ? { codebook } : {}) });
      firstViews.set(review.id, first);
      first.then(
        () => traceMark('veil-viewed'),
        () => undefined,
      );
      await Promise.all([patch(review.id, { state: 'ready', release: made.response, draft: made.draft, dropped: [] }), first.catch(() => undefined)]);
    } catch (error) {
      await patch(review.id, { state: 'failed', error: errorMessageForPerson(error) });
    } finally {
      clearTimeout(timer);
    }
  }

  function start(review: ReviewRecord, release: Promise<MadeRelease>, codebook?: Promise<CodebookState>): Promise<void> {
    const job = make(review, release, codebook).finally(() => making.delete(review.id));
    making.set(review.id, job);
    return job;
  }

  /** The review once its release is made (or failed). */
  async function settled(review: ReviewRecord): Promise<ReviewRecord> {
    if (review.state !== 'making') return review;
    const job = making.get(review.id);
    if (job) await job;
    else
      await patch(review.id, {
        state: 'failed',
        error: 'Veil stopped while it was making this release (the browser restarted its background); cancel and send again.',
      });
    return (await store.get(review.id))!;
  }

  /** The first view made with the release, once (a review whose release failed has none). */
  function takeFirstView(review: ReviewRecord): Promise<ReviewView> | undefined {
    const first = firstViews.get(review.id);
    firstViews.delete(review.id);
    return review.state === 'ready' ? first : undefined;
  }

  return {
    start,
    settled,
    takeFirstView,
    /** The review is over: its first view, if not taken, is not kept. */
    forgetFirstView: (id: string): void => void firstViews.delete(id),
  };
}
