/**
 * Memories (DP-MemView): short notes kept in Veil at fixed places in public slots, the protected
 * attributes they may imply (each with its cap B_a and its group of memories, every member confirmed by
 * the person), and the views a send may carry instead of them. Every change replaces the stored memory
 * at once; the last removal can be undone from the status line.
 *
 * A memory never leaves the device: a send carries at most one public view per slot its message is
 * about, chosen privately and charged to every protected attribute whose group the slot's memories meet.
 *
 * The parts live in ./memories/: the measured rates, the list, the protected attributes, the stated and
 * the offered preferences, each saving through ./memories/use-memory-saves.ts.
 *
 * ```tsx
 * <MemoryEditor overview={overview} onOverview={setOverview} />
 * ```
 */
import type { MemoryOverview } from '../../messaging/contract';
import { errorText, useClient } from '../client';
import { ConfirmDialog, ReleasedStaysReleased } from './ConfirmDialog';
import { Feedback } from './Feedback';
import { MemoryList } from './memories/MemoryList';
import { MemoryRates } from './memories/MemoryRates';
import { PreferenceViews } from './memories/PreferenceViews';
import { ProtectedAttributes } from './memories/ProtectedAttributes';
import { StatedPreferences } from './memories/StatedPreferences';
import { useMemorySaves } from './memories/use-memory-saves';

export interface MemoryEditorProps {
  overview: MemoryOverview;
  onOverview: (overview: MemoryOverview) => void;
}

export function MemoryEditor({ overview, onOverview }: MemoryEditorProps) {
  const send = useClient();
  const file = overview.memory;
  const { save, error, setError, undo, status, setStatus, pending, setPending } = useMemorySaves(overview, onOverview);

  return (
    <section class="memories" aria-labelledby="memories-heading">
      <div class="section-head">
        <h2 id="memories-heading">Memories</h2>
        <span class="count">{file.memories.length === 1 ? '1 memory' : `${file.memories.length} memories`}</span>
      </div>
      <p class="muted">
        Notes that help answers remember you (“training for a marathon”). They stay on this device. A send never carries them: for each topic your message is
        about, it carries at most one general answer preference (“keep meals very cheap”), picked at random with a bias towards what your memories support, and
        it shows you that preference before anything is sent.
      </p>
      <MemoryRates variant={overview.variant} />

      <MemoryList file={file} save={save} />

      <ProtectedAttributes overview={overview} save={save} />

      <StatedPreferences file={file} save={save} />

      <h3>How preferences are charged</h3>
      <fieldset class="memory-mode">
        <legend>Budget for memories</legend>
        <label>
          <input type="radio" name="memory-mode" checked={overview.mode === 'online'} onChange={() => void setMode({ memoryMode: 'online' })} /> Each preference
          costs a protected attribute its cap divided by{' '}
          <input
            type="number"
            min="1"
            max="64"
            aria-label="Number of charged preferences per cap (K)"
            value={overview.k}
            onChange={(e) => void setMode({ memoryK: Number(e.currentTarget.value) })}
          />
        </label>
        <label>
          <input type="radio" name="memory-mode" checked={overview.mode === 'pre'} onChange={() => void setMode({ memoryMode: 'pre' })} /> Each protected
          attribute’s cap is split over the uses you plan for it
        </label>
      </fieldset>

      <PreferenceViews file={file} save={save} />

      <Feedback error={error} status={status}>
        {undo && (
          <button type="button" class="link-button" onClick={() => void save(() => undo.file, 'Undone.')}>
            {undo.label}
          </button>
        )}
      </Feedback>
      {pending && (
        <ConfirmDialog
          title={pending.loosened ? `Protect less under ${pending.loosened}?` : `Raise the cap of ${pending.raised || 'this protected attribute'}?`}
          confirmLabel={pending.loosened ? 'Protect less' : 'Raise cap'}
          onConfirm={() => {
            const p = pending;
            setPending(null);
            void save(() => p.next, p.done, p.previous, true);
          }}
          onCancel={() => setPending(null)}
        >
          {pending.loosened && (
            <p>
              It has already spent budget this period. The memories it would no longer cover then shape preferences with no limit, and adding it again later
              starts a new budget.
            </p>
          )}
          {(pending.raised || !pending.loosened) && <p>Veil may then add more preferences picked from the memories in its group.</p>}
          <ReleasedStaysReleased />
        </ConfirmDialog>
      )}
    </section>
  );

  async function setMode(patch: { memoryMode?: 'online' | 'pre'; memoryK?: number }) {
    setError(null);
    try {
      const settings = await send('settings.update', { patch });
      onOverview({ ...overview, mode: settings.memoryMode, k: settings.memoryK });
      setStatus('Saved.');
    } catch (e) {
      setError(errorText(e));
    }
  }
}
