/**
 * When the stored memories cannot be read (damaged), every send is refused (nothing is sent) and so are
 * the budget and the export: say so, and offer to start over with no memories. The ledgers of protected
 * attributes keep what they spent, so starting over raises no cap.
 *
 * ```tsx
 * <DamagedMemories error={memory.error} onOverview={setMemory} />
 * ```
 */
import { useState } from 'preact/hooks';
import type { MemoryOverview } from '../../messaging/contract';
import { errorText, useClient } from '../client';
import { ConfirmDialog } from './ConfirmDialog';

export function DamagedMemories({ error, onOverview }: { error: string; onOverview: (overview: MemoryOverview) => void }) {
  const send = useClient();
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <section class="memories" aria-labelledby="memories-heading">
      <h2 id="memories-heading">Memories</h2>
      <p class="error" role="alert">
        Veil could not read your memories: {error}. Until then Veil sends nothing, and the budget and the export cannot be shown.
      </p>
      <button type="button" class="button" onClick={() => setAsking(true)}>
        Start over with no memories
      </button>
      {failed && (
        <p class="error" role="alert">
          {failed}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title="Start over with no memories?"
          confirmLabel="Start over"
          onConfirm={() => {
            setAsking(false);
            send('memory.put', { memory: { memories: [], protected: [], views: [] }, confirmed: true }).then(onOverview, (e: unknown) =>
              setFailed(errorText(e)),
            );
          }}
          onCancel={() => setAsking(false)}
        >
          <p>
            The damaged memories, protected attributes and your own preferences are deleted; your profile stays. What your protected attributes spent this
            period stays counted.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
