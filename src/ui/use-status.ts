/**
 * A section's status line ("Saved.", "Removed your age."): it fades after STATUS_MS, so a message (and its
 * Undo) does not stand next to the section long after the action it reports. `onExpire` runs then too
 * (the profile editor drops its Undo).
 */
import { useEffect, useState } from 'preact/hooks';

export const STATUS_MS = 15_000;

export function useStatus(onExpire?: () => void): [string, (status: string) => void] {
  const [status, setStatus] = useState('');
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (status === '') return;
    const timer = setTimeout(() => {
      setStatus('');
      onExpire?.();
    }, STATUS_MS);
    return () => clearTimeout(timer);
  }, [status, shown]);
  // The same message twice (two saves in a row) restarts the clock.
  return [
    status,
    (next) => {
      setStatus(next);
      setShown((n) => n + 1);
    },
  ];
}
