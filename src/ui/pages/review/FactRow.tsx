/**
 * One fact of the review's release: as kept, privatized (with the person's own value, visible only in the
 * panel) or left out, what it cost and why, and the button that leaves it out of this send or puts it back.
 *
 * ```tsx
 * <FactRow fact={fact} onToggle={toggle} disabled={busy !== null} />
 * ```
 */
import type { ReviewFact } from '../../../messaging/contract';
import { factWhy } from '../../fact-why';
import { formatEpsilonValue } from '../../labels';

export function FactRow({ fact, onToggle, disabled }: { fact: ReviewFact; onToggle: () => void; disabled: boolean }) {
  const what =
    fact.treatment === 'kept'
      ? `${fact.released} (shared as is)`
      : fact.treatment === 'privatized'
        ? `${fact.original} → ${fact.released}`
        : fact.omitted
          ? `${fact.original} → left out`
          : `${fact.original} → ${fact.released}`;
  const why = factWhy(fact);
  return (
    <li class={`review-fact ${fact.treatment}${fact.dropped ? ' dropped' : ''}`}>
      <span class="fact-text">
        <strong>{fact.label}:</strong> {what}
        {fact.epsilon > 0 && <span class="muted"> · ε {formatEpsilonValue(fact.epsilon)}</span>}
        {fact.dropped && <span class="muted"> · left out of this send</span>}
        {why && <span class="fact-why">{why.text}</span>}
        {why?.detail && <span class="fact-why hint">{why.detail}</span>}
      </span>
      {!(fact.treatment === 'suppressed' && fact.omitted) && (
        <button
          type="button"
          class="link-button"
          onClick={onToggle}
          disabled={disabled}
          aria-label={`${fact.dropped ? 'Put back' : 'Leave out'} ${fact.label}`}
        >
          {fact.dropped ? 'Put back' : 'Leave out'}
        </button>
      )}
    </li>
  );
}
