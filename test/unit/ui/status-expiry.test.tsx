// @vitest-environment happy-dom
/** A status line fades after STATUS_MS (with the Undo it carries); a repeated message starts the clock again. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'preact/hooks';
import { STATUS_MS, useStatus } from '../../../src/ui/use-status';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Section() {
  const [undo, setUndo] = useState(false);
  const [status, setStatus] = useStatus(() => setUndo(false));
  return (
    <div>
      <button
        type="button"
        onClick={() => {
          setStatus('Removed your age.');
          setUndo(true);
        }}
      >
        Remove
      </button>
      <p role="status">{status}</p>
      {undo && <button type="button">Undo</button>}
    </div>
  );
}

describe('status lines', () => {
  it('expire with their Undo, and a repeated message restarts the clock', () => {
    vi.useFakeTimers();
    render(<Section />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('status').textContent).toBe('Removed your age.');
    void act(() => {
      vi.advanceTimersByTime(STATUS_MS - 1000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    void act(() => {
      vi.advanceTimersByTime(STATUS_MS - 1000);
    });
    expect(screen.getByRole('status').textContent).toBe('Removed your age.');
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeNull();
    void act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});
