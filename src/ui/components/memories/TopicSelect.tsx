/**
 * The topic (slot) picker the memory and preference forms share.
 *
 * ```tsx
 * <TopicSelect id="memory-slot" value={slot} onChange={setSlot} />
 * ```
 */
import { SLOT_LABELS, SLOTS, type Slot } from '../../../memview/slots';

export function TopicSelect({ id, value, onChange }: { id: string; value: Slot; onChange: (slot: Slot) => void }) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value as Slot)}>
      {SLOTS.map((s) => (
        <option key={s} value={s}>
          {SLOT_LABELS[s]}
        </option>
      ))}
    </select>
  );
}
