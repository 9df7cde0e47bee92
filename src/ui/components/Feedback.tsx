/**
 * A section's feedback: an error (announced at once, role="alert") and a status line (announced politely,
 * role="status", always present so screen readers pick up changes). `children` sit beside the status
 * (the editor's Undo button).
 */
import type { ComponentChildren } from 'preact';

export function Feedback({ error, status, children }: { error: string | null | undefined; status?: string; children?: ComponentChildren }) {
  return (
    <>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {status !== undefined && (
        <div class="status-line">
          <p class="status" role="status">
            {status}
          </p>
          {children}
        </div>
      )}
    </>
  );
}
