/**
 * A modal confirmation that must be answered before a cap is raised or a budget period restarted.
 * Keyboard: focus starts on Cancel (the safe answer), Escape cancels, Tab stays inside the dialog.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import { trapTab } from '../focus-trap';

export interface ConfirmDialogProps {
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // Unique per dialog: two on one page must not name each other's title.
  const titleId = `confirm-title-${useId()}`;
  const bodyId = `confirm-body-${useId()}`;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    cancel.current?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (dialog.current) {
      trapTab(dialog.current, event);
    }
  };

  return (
    <div class="backdrop">
      <div ref={dialog} class="dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId} onKeyDown={onKeyDown}>
        <h2 id={titleId}>{title}</h2>
        <div id={bodyId} class="dialog-body">
          {children}
        </div>
        <div class="dialog-actions">
          <button ref={cancel} type="button" class="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" class="button primary warn" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The sentence every cap or period confirmation carries (DESIGN.md "Caps"). */
export function ReleasedStaysReleased() {
  return (
    <p class="stays-released">
      <strong>What was already released stays released.</strong> This does not undo anything a chat site has already received or learned; it only lets Veil
      release more from now on.
    </p>
  );
}
