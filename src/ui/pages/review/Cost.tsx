/**
 * What the review's release cost (or that an earlier one is used again, free), that the charge stays even
 * if the person cancels, and the budget left under the total cap.
 *
 * ```tsx
 * <Cost view={view} />
 * ```
 */
import type { ReviewView } from '../../../messaging/contract';
import { formatEpsilonValue } from '../../labels';

export function Cost({ view }: { view: ReviewView }) {
  return (
    <div class="review-cost">
      {view.reused && view.charged === 0 ? (
        <p>This conversation’s earlier release is used again: this send costs nothing.</p>
      ) : (
        <p>
          This release cost ε {formatEpsilonValue(view.charged)}. It was charged when it was made and <strong>stays charged even if you cancel</strong>; a new
          release costs more.
        </p>
      )}
      {view.fallback && (
        <p class="muted">Some facts have used up their budget for this period: Veil sends their last answer again or leaves them out, at no cost.</p>
      )}
      <p class="muted">Privacy budget left under your total cap: ε {formatEpsilonValue(view.remaining)}.</p>
    </div>
  );
}
