/**
 * One answer preference of the review's release (DP-MemView): what it adds, how it was chosen (and what it
 * charged, to which protected attributes), and the button that leaves it out of this send or puts it back.
 *
 * ```tsx
 * <ViewRow view={v} onToggle={toggle} disabled={busy !== null} />
 * ```
 */
import type { ReviewSlotView } from '../../../messaging/contract';
import { formatEpsilonValue } from '../../labels';

const VIEW_KINDS: Record<ReviewSlotView['kind'], string> = {
  selected: 'chosen privately from your memories',
  reused: 'this conversation’s earlier view, free',
  fallback: 'a budget for this period is used up, so nothing is added (free)',
  generic: 'nothing to add for this message, free',
  unprotected: 'from memories in no protected group (outside the guarantee), free',
  stated: 'yours: the preference you stated, shared as you chose, no budget',
};

export function ViewRow({ view, onToggle, disabled }: { view: ReviewSlotView; onToggle: () => void; disabled: boolean }) {
  return (
    <li class={`review-fact view ${view.kind}${view.dropped ? ' dropped' : ''}`}>
      <span class="fact-text">
        <strong>{view.label}:</strong> {view.text === '' ? <span class="muted">nothing added</span> : `“${view.text}”`}
        <span class="muted"> · {VIEW_KINDS[view.kind]}</span>
        {view.kind === 'selected' && (
          <span class="muted">
            {' '}
            · ε {formatEpsilonValue(view.epsilon)} charged to {view.attributes.join(', ')}
          </span>
        )}
        {view.kind === 'fallback' && <span class="muted"> ({view.attributes.join(', ')})</span>}
        {view.dropped && <span class="muted"> · left out of this send</span>}
      </span>
      {view.text !== '' && (
        <button
          type="button"
          class="link-button"
          onClick={onToggle}
          disabled={disabled}
          aria-label={`${view.dropped ? 'Put back' : 'Leave out'} the ${view.label} preference`}
        >
          {view.dropped ? 'Put back' : 'Leave out'}
        </button>
      )}
    </li>
  );
}
