/**
 * The budget at a glance: for each withheld fact, ε spent in this period against its cap, as a bar; the
 * total against the total cap; and the two ways to allow more (raise a cap, start a new period), each
 * behind a confirmation that says what was already released stays released.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { epsilonToUnits } from '../../core/epsilon';
import type { BudgetOverview, LedgerView } from '../../core/budget-view';
import { errorText, useClient } from '../client';
import { useStatus } from '../use-status';
import { attributeLabel, factPhrase, formatEpsilon } from '../labels';
import { ConfirmDialog, ReleasedStaysReleased } from './ConfirmDialog';
import { Feedback } from './Feedback';

export interface BudgetChartProps {
  budget: BudgetOverview;
  onBudget: (budget: BudgetOverview) => void;
}

type Pending = { kind: 'cap'; ledger: LedgerView; cap: number } | { kind: 'period' };

export function BudgetChart({ budget, onBudget }: BudgetChartProps) {
  const send = useClient();
  const [editing, setEditing] = useState<string | null>(null);
  const [capInput, setCapInput] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useStatus();
  const capField = useRef<HTMLInputElement>(null);
  // Opening "Change cap" moves focus into its field, with the current cap selected for typing over.
  // Closing it (Set or Cancel) puts focus back on that ledger's "Change cap" button.
  const section = useRef<HTMLElement>(null);
  const lastEdited = useRef<string | null>(null);
  useEffect(() => {
    if (editing !== null) {
      lastEdited.current = editing;
      capField.current?.focus();
      capField.current?.select();
    } else if (lastEdited.current !== null) {
      const key = lastEdited.current;
      lastEdited.current = null;
      const buttons = section.current?.querySelectorAll<HTMLElement>('[data-cap-key]') ?? [];
      [...buttons].find((b) => b.dataset.capKey === key)?.focus();
    }
  }, [editing]);

  const act = async (action: () => Promise<BudgetOverview>, done: string) => {
    try {
      onBudget(await action());
      setError(null);
      setStatus(done);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const submitCap = (ledger: LedgerView) => (event: Event) => {
    event.preventDefault();
    const epsilon = Number(capInput);
    if (!Number.isFinite(epsilon) || epsilon <= 0) {
      setError('A cap must be a number greater than 0.');
      return;
    }
    const cap = epsilonToUnits(epsilon);
    setEditing(null);
    if (cap > ledger.cap) setPending({ kind: 'cap', ledger, cap });
    else void act(() => send('budget.setCap', { key: ledger.key, cap, confirmed: false }), `The cap of ${factPhrase(ledger)} is now ${formatEpsilon(cap)}.`);
  };

  const confirm = () => {
    const p = pending;
    setPending(null);
    if (p?.kind === 'cap') {
      void act(
        () => send('budget.setCap', { key: p.ledger.key, cap: p.cap, confirmed: true }),
        `The cap of ${factPhrase(p.ledger)} is now ${formatEpsilon(p.cap)}.`,
      );
    } else if (p?.kind === 'period') {
      void act(() => send('budget.newPeriod', { confirmed: true }), `Budget period ${budget.period + 1} started.`);
    }
  };

  const started =
    budget.startedAt > 0
      ? `started ${new Date(budget.startedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}`
      : 'since you began using Veil';

  return (
    <section ref={section} class="budget" aria-labelledby="budget-heading">
      <div class="section-head">
        <h2 id="budget-heading">Privacy budget</h2>
        <span class="count">
          Period {budget.period}, {started}
        </span>
      </div>
      <Bar label="All withheld facts and protected memories" spent={budget.totalSpent} cap={budget.totalCap} total />
      {budget.ledgers.length === 0 && <p class="empty">No withheld facts yet. Mark a fact withheld to see its budget here.</p>}
      <ul class="ledgers">
        {budget.ledgers.map((l) => (
          <li key={l.key} class="ledger">
            <Bar
              label={attributeLabel(l)}
              spent={l.spent}
              cap={l.cap}
              note={
                l.memory
                  ? ['protected memory; its cap is set in Memories', l.withheld ? '' : 'no longer protected; its spending still counts']
                      .filter(Boolean)
                      .join(' · ')
                  : [l.capIsDefault ? '' : 'your own cap', l.withheld ? '' : 'no longer withheld; its spending still counts'].filter(Boolean).join(' · ')
              }
            />
            {l.memory ? null : editing === l.key ? (
              <form class="cap-form" onSubmit={submitCap(l)}>
                <label for={`cap-${l.key}`}>New cap for {factPhrase(l)} (ε)</label>
                <input
                  ref={capField}
                  id={`cap-${l.key}`}
                  type="number"
                  min="1"
                  step="any"
                  value={capInput}
                  onInput={(e) => setCapInput(e.currentTarget.value)}
                />
                <button type="submit" class="button primary">
                  Set
                </button>
                <button type="button" class="button" onClick={() => setEditing(null)}>
                  Cancel
                </button>
              </form>
            ) : (
              <button
                type="button"
                class="link-button"
                aria-label={`Change cap of ${factPhrase(l)}`}
                data-cap-key={l.key}
                onClick={() => {
                  setEditing(l.key);
                  setCapInput(formatEpsilon(l.cap));
                }}
              >
                Change cap
              </button>
            )}
          </li>
        ))}
      </ul>
      <button type="button" class="button" onClick={() => setPending({ kind: 'period' })}>
        Start a new budget period…
      </button>
      <Feedback error={error} status={status} />
      {pending?.kind === 'cap' && (
        <ConfirmDialog title={`Raise the cap of ${factPhrase(pending.ledger)}?`} confirmLabel="Raise cap" onConfirm={confirm} onCancel={() => setPending(null)}>
          <p>
            From {formatEpsilon(pending.ledger.cap)} to {formatEpsilon(pending.cap)}: Veil may then make more fresh releases that read this fact.
          </p>
          <ReleasedStaysReleased />
        </ConfirmDialog>
      )}
      {pending?.kind === 'period' && (
        <ConfirmDialog title="Start a new budget period?" confirmLabel="Start new period" onConfirm={confirm} onCancel={() => setPending(null)}>
          <p>Every withheld fact starts again at 0 spent. This period's record is kept.</p>
          <ReleasedStaysReleased />
        </ConfirmDialog>
      )}
    </section>
  );
}

function Bar({ label, spent, cap, note, total }: { label: string; spent: number; cap: number; note?: string; total?: boolean }) {
  const fraction = cap > 0 ? Math.min(1, spent / cap) : 1;
  const level = fraction >= 0.9 ? 'high' : fraction >= 0.5 ? 'mid' : 'low';
  const text = `${formatEpsilon(spent)} of ${formatEpsilon(cap)} spent`;
  return (
    <div class={`bar-row${total ? ' total' : ''}`}>
      <div class="bar-label">
        <span>{label}</span>
        <span class="bar-figures">{text}</span>
      </div>
      <div
        class={`bar ${level}`}
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Number(formatEpsilon(cap))}
        aria-valuenow={Number(formatEpsilon(spent))}
        aria-valuetext={text}
      >
        {spent > 0 && <div class="bar-fill" style={{ width: `${(fraction * 100).toFixed(1)}%` }} />}
      </div>
      {note && <p class="bar-note">{note}</p>}
    </div>
  );
}
