/**
 * How the memory editor stores its changes: one after another, each applied to the newest memories this
 * page knows, with the section's error, status line and Undo; a change the background wants confirmed
 * (a raised cap, a group that protects less) waits in `pending` until the person confirms it.
 *
 * ```tsx
 * const { save, error, status, undo, pending, setPending } = useMemorySaves(overview, onOverview);
 * void save(withMemories((memories) => memories.slice(1)), 'Removed the memory.', { label: 'Undo removing the memory' });
 * ```
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { MemoryOverview } from '../../../messaging/contract';
import { loosenedProtection, type MemoryFile } from '../../../memview/types';
import { errorText, useClient } from '../../client';
import { useStatus } from '../../use-status';
import type { Change, Save } from './memory-changes';

/** A change the background asked the person to confirm, and what to ask (the names it raises or loosens). */
export interface PendingChange {
  next: MemoryFile;
  done: string;
  previous?: { label: string };
  raised: string;
  loosened: string;
}

export function useMemorySaves(overview: MemoryOverview, onOverview: (overview: MemoryOverview) => void) {
  const send = useClient();
  const [error, setError] = useState<string | null>(null);
  const [undo, setUndo] = useState<{ label: string; file: MemoryFile } | null>(null);
  const [status, setStatus] = useStatus(() => setUndo(null));
  const [pending, setPending] = useState<PendingChange | null>(null);

  // The newest memories this page knows: a save's answer is known before the render that shows it.
  const latest = useRef(overview);
  useEffect(() => {
    if (overview.revision >= latest.current.revision) latest.current = overview;
  }, [overview]);
  const show = (next: MemoryOverview) => {
    latest.current = next;
    onOverview(next);
  };
  // Saves run one after another, each applied to the memories as the one before left them, so two quick
  // edits (two ticks, two clicks on a cap's spinner) both count and neither is refused.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const save: Save = (change, done, previous, confirmed = false) => {
    const run = queue.current.then(() => saveNow(change, done, previous, confirmed));
    queue.current = run;
    return run;
  };

  const saveNow = async (change: Change, done: string, previous: { label: string } | undefined, confirmed: boolean): Promise<boolean> => {
    setError(null);
    const base = latest.current;
    const next = change(base.memory);
    try {
      show(await send('memory.put', { memory: next, confirmed, basis: base.revision }));
      setUndo(previous ? { label: previous.label, file: base.memory } : null);
      setStatus(done);
      return true;
    } catch (e) {
      const message = errorText(e);
      if (/needs your confirmation/.test(message)) {
        // What to ask is the background's answer; the names come from the change (this page's spend
        // figures may be older than the ledger).
        const before = new Map(base.memory.protected.map((a) => [a.id, a.cap]));
        const raised = next.protected.filter((a) => a.cap > (before.get(a.id) ?? Infinity)).map((a) => a.name);
        const loosened = /from its group, needs your confirmation/.test(message)
          ? loosenedProtection(base.memory, next, () => 1)
          : loosenedProtection(base.memory, next, (id) => base.spent[id] ?? 0);
        setPending({
          next,
          done,
          ...(previous ? { previous } : {}),
          raised: raised.join(', ') || (/raising the cap/.test(message) ? 'this protected attribute' : ''),
          loosened: loosened.join(', '),
        });
      } else {
        setError(message);
        // Written since this page read them: show the memories as they are now (its copy is out of date).
        if (/changed after this page showed them/.test(message)) {
          setUndo(null);
          await send('memory.get', {}).then(show, () => undefined);
        }
      }
      return false;
    }
  };

  return { save, error, setError, undo, status, setStatus, pending, setPending };
}
