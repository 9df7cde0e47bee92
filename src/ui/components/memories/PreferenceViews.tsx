/**
 * The preferences a send may carry, by topic: the same for everyone whatever the memories say, plus the
 * person's own, which they may remove; and the form that adds one of their own.
 *
 * ```tsx
 * <PreferenceViews file={overview.memory} save={save} />
 * ```
 */
import { useState } from 'preact/hooks';
import { SLOT_LABELS, SLOTS, type Slot } from '../../../memview/slots';
import type { CustomView, MemoryFile } from '../../../memview/types';
import { slotVocabulary } from '../../../memview/vocabulary';
import { newId, type Save } from './memory-changes';
import { TopicSelect } from './TopicSelect';

const words = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w.length >= 2);

export function PreferenceViews({ file, save }: { file: MemoryFile; save: Save }) {
  const [view, setView] = useState({ slot: 'food' as Slot, text: '', topics: '', evidence: '' });
  return (
    <details class="views">
      <summary>Preferences a send may carry, by topic</summary>
      <p class="muted">
        The same for everyone, whatever your memories say. A topic’s first choice is always “nothing added”. You may add your own; what a memory says never adds
        one.
      </p>
      {SLOTS.map((slot) => (
        <div key={slot}>
          <h4>{SLOT_LABELS[slot]}</h4>
          <ul>
            {slotVocabulary(slot).views.map((v) => (
              <li key={v.code}>{v.text === '' ? <span class="muted">nothing added</span> : v.text}</li>
            ))}
            {file.views
              .filter((v) => v.slot === slot)
              .map((v) => (
                <li key={v.code}>
                  {v.text} <span class="muted">(yours)</span>{' '}
                  <button
                    type="button"
                    class="link-button"
                    onClick={() =>
                      void save(
                        (f) => ({
                          ...f,
                          views: f.views.filter((x) => x.code !== v.code),
                          stated: (f.stated ?? []).filter((p) => !(p.slot === v.slot && p.code === v.code)),
                        }),
                        'Removed your preference.',
                      )
                    }
                  >
                    Remove
                  </button>
                </li>
              ))}
          </ul>
        </div>
      ))}
      <form
        class="add-panel"
        onSubmit={(e) => {
          e.preventDefault();
          const own: CustomView = {
            slot: view.slot,
            code: newId('custom-'),
            text: view.text.trim(),
            topics: words(view.topics),
            evidence: words(view.evidence),
          };
          void save((f) => ({ ...f, views: [...f.views, own] }), 'Added your preference.').then(
            (ok) => ok && setView({ ...view, text: '', topics: '', evidence: '' }),
          );
        }}
      >
        <label for="view-slot">Topic</label>
        <TopicSelect id="view-slot" value={view.slot} onChange={(slot) => setView({ ...view, slot })} />
        <label for="view-text">Preference</label>
        <input
          id="view-text"
          value={view.text}
          maxLength={200}
          placeholder="e.g. keep recipes spicy"
          onInput={(e) => setView({ ...view, text: e.currentTarget.value })}
        />
        <label for="view-topics">Words in a message it answers (comma-separated)</label>
        <input id="view-topics" value={view.topics} onInput={(e) => setView({ ...view, topics: e.currentTarget.value })} />
        <label for="view-evidence">Words in a memory that support it</label>
        <input id="view-evidence" value={view.evidence} onInput={(e) => setView({ ...view, evidence: e.currentTarget.value })} />
        <button type="submit" class="button" disabled={view.text.trim().length < 3}>
          Add preference
        </button>
      </form>
    </details>
  );
}
