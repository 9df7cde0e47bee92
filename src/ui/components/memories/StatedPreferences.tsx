/**
 * The preferences the person states as theirs, one per topic: sent whenever a message asks for it, instead
 * of one Veil picks privately from the memories (no memory read, no budget spent).
 *
 * ```tsx
 * <StatedPreferences file={overview.memory} save={save} />
 * ```
 */
import { SLOT_LABELS, SLOTS } from '../../../memview/slots';
import type { MemoryFile } from '../../../memview/types';
import { slotVocabulary } from '../../../memview/vocabulary';
import type { Save } from './memory-changes';

export function StatedPreferences({ file, save }: { file: MemoryFile; save: Save }) {
  return (
    <>
      <h3>Preferences you state yourself</h3>
      <p class="muted">
        A preference you state is sent as yours whenever a message asks for it, instead of one Veil picks from your memories: no memory is read and no budget is
        spent, and the review marks it as yours. It is shared because you chose to share it, so it says openly what it says (“avoid foods not advised in
        pregnancy” tells the site you may be pregnant): state only what you are happy to share.
      </p>
      <div class="stated-preferences">
        {SLOTS.map((slot) => {
          const choices = [...slotVocabulary(slot).views.slice(1), ...file.views.filter((v) => v.slot === slot)];
          const current = file.stated?.find((p) => p.slot === slot)?.code ?? '';
          return (
            <label key={slot} class="stated-preference">
              {SLOT_LABELS[slot]}{' '}
              <select
                aria-label={`Your stated preference for ${SLOT_LABELS[slot]}`}
                value={current}
                onChange={(e) => {
                  const code = e.currentTarget.value;
                  void save(
                    (f) => {
                      const others = (f.stated ?? []).filter((p) => p.slot !== slot);
                      return { ...f, stated: code === '' ? others : [...others, { slot, code }] };
                    },
                    code === '' ? `No stated preference for ${SLOT_LABELS[slot]}: Veil picks from your memories.` : `Stated as yours for ${SLOT_LABELS[slot]}.`,
                  );
                }}
              >
                <option value="">none: Veil picks privately from your memories</option>
                {choices.map((v) => (
                  <option key={v.code} value={v.code}>
                    {v.text}
                  </option>
                ))}
              </select>
            </label>
          );
        })}
      </div>
    </>
  );
}
