/**
 * What the next fresh release would do with each fact: kept as written, privatized into one of a set of
 * public categories (with the ε it would cost), or sent as [withheld]. Planned only, never drawn: opening
 * it spends nothing, and the screen says so.
 */
import { epsilonToUnits, unitsToEpsilon } from '../../core/epsilon';
import { SLOT_LABELS, SLOTS } from '../../memview/slots';
import { selectionEpsilon } from '../../memview/turn';
import type { MemoryOverview, PreviewAttribute, ReleasePreview as Preview } from '../../messaging/contract';
import { useClient } from '../client';
import { DEFAULT_MEMORY_CAP, MEASURED_K, MEASURED_MEMVIEW } from '../measured-memview';
import { slotVocabulary } from '../../memview/vocabulary';
import { attributeLabel, factPhrase, formatEpsilonValue } from '../labels';
import { useLoad } from '../use-load';
import { WhenLoaded } from './Loading';

function treatmentText(a: PreviewAttribute, preview: Preview): string {
  if (a.treatment === 'kept') return 'sent as you wrote it';
  if (a.treatment === 'omitted') return 'left out: no word in the message about it · costs nothing';
  if (a.treatment === 'suppressed') return preview.suppressed === 'omit' ? 'left out of the release' : 'sent as [withheld]';
  const n = a.categories?.length ?? 0;
  return a.epsilon > 0
    ? `privatized into one of ${n} categories · costs ε ${formatEpsilonValue(a.epsilon)}`
    : `privatized into one of ${n} categories · costs nothing`;
}

const percent = (p: number) => (p > 0 && p < 0.005 ? 'under 1%' : p > 0.995 && p < 1 ? 'over 99%' : `${Math.round(p * 100)}%`);

/**
 * How a fresh release would come out for this fact, in plain numbers: the exact probabilities the sampler
 * draws with (computed on this device, shown only in Veil's own pages).
 */
export function outcomeText(a: PreviewAttribute): string | undefined {
  const o = a.outcome;
  if (!o) return undefined;
  if (o.reading === 'Unspecified')
    return `Veil reads your value as no category: "Unspecified" ${percent(o.right)} of the time, another category ${percent(o.wrong)}.`;
  return `Veil reads your value as "${o.reading}". A fresh release says so ${percent(o.right)} of the time, says "Unspecified" ${percent(o.unspecified)}, and names another category ${percent(o.wrong)}.`;
}

/** Why a fact is not the plain case, in words. */
function whyText(a: PreviewAttribute, preview: Preview): string | undefined {
  const none = preview.suppressed === 'omit' ? 'be left out' : 'be sent as [withheld]';
  if (a.overCap)
    return `Its budget for this period (or the one for all facts together) is used up, so it would get its last answer again, or ${none} if it has none (free).`;
  if (a.closure)
    return `You share it, but it could give away ${factPhrase(a.closure)}, so it is privatized too (a safeguard; your ledger is not charged for it).`;
  if (a.treatment === 'suppressed' && a.sharing === 'withheld') return 'Veil has no public categories for this kind of fact.';
  return undefined;
}

export function ReleasePreviewList({ preview }: { preview: Preview }) {
  return (
    <>
      <ul class="preview-list">
        {preview.attributes.map((a) => (
          <li key={`${a.entity}.${a.field}`} class={`preview ${a.treatment}`}>
            <span class="preview-name">{attributeLabel(a)}</span>
            <span class="preview-what">{treatmentText(a, preview)}</span>
            {a.categories && (
              <details>
                <summary>Which categories</summary>
                <p class="hint">{a.categories.join(' · ')}</p>
              </details>
            )}
            {outcomeText(a) && <span class={`hint outcome${a.outcome!.wrong > 0.25 ? ' warn' : ''}`}>{outcomeText(a)}</span>}
            {whyText(a, preview) && <span class="hint">{whyText(a, preview)}</span>}
          </li>
        ))}
      </ul>
      {preview.facts === 'needed' && (
        <p class="hint">
          A release carries only the withheld facts your message needs, so each gets a larger share of ε; this preview shows them all, at the share they would
          get if a message needed every one.
        </p>
      )}
      {preview.outcomesError && <p class="hint">Veil could not compute how your facts would come out ({preview.outcomesError}).</p>}
      <p class="hint">
        A fresh release would cost ε {formatEpsilonValue(preview.total)} of your budget ({preview.mechanism === 'block' ? 'DP-BLOCK' : 'DP-SLOT'}, ε{' '}
        {preview.epsilon} per release{preview.variant === 'paper' ? ", the paper's scores" : ''}). This preview draws nothing and spends nothing: the figures
        are exact probabilities, and whether Veil reads a value right is for you to check.
      </p>
    </>
  );
}

/**
 * What the memories would add to a send (DP-MemView), planned from public values only: the topics that
 * hold memories, each protected attribute's cost per preference and how many it has left this period,
 * the memories outside every group, and the measured rates at the default cap. Nothing drawn or spent.
 */
export function MemoryPreview({ overview }: { overview: MemoryOverview }) {
  const { memory } = overview;
  if (memory.memories.length === 0) return null;
  const topics = SLOTS.filter((slot) => memory.memories.some((m) => m.slot === slot)).map((slot) => SLOT_LABELS[slot].toLowerCase());
  const policy = { mode: overview.mode, k: overview.k, variant: overview.variant };
  const outside = memory.memories.filter((m) => !memory.protected.some((a) => a.members.includes(m.id))).length;
  const rates = MEASURED_MEMVIEW[overview.variant][DEFAULT_MEMORY_CAP];
  return (
    <div class="memory-preview">
      <p>
        Your {memory.memories.length === 1 ? 'memory' : `${memory.memories.length} memories`} ({topics.join(', ')}): a message about one of these topics adds at
        most one general preference per topic, never a memory.
      </p>
      {memory.protected.length > 0 && (
        <ul class="preview-list">
          {memory.protected.map((a) => {
            const per = selectionEpsilon([a], policy);
            const left = Math.max(0, epsilonToUnits(a.cap) - (overview.spent[a.id] ?? 0));
            // The total cap, shared with the profile's facts, may run out first.
            const uses = per > 0 ? Math.floor(Math.min(left, overview.totalLeft ?? left) / per) : 0;
            return (
              <li key={a.id} class="preview">
                <span class="preview-name">{a.name}</span>
                <span class="preview-what">
                  {a.members.length === 0
                    ? 'no memory in its group yet, so nothing charges it'
                    : `each preference from its memories costs up to ε ${formatEpsilonValue(unitsToEpsilon(per))} · ε ${formatEpsilonValue(unitsToEpsilon(left))} of ${formatEpsilonValue(a.cap)} left, ${uses === 1 ? '1 preference' : `${uses} preferences`}`}
                </span>
                {a.members.length > 0 && uses === 0 && (
                  <span class="hint">
                    {left < per ? 'Its cap is reached' : 'Your total budget is used up'}: its memories add nothing until the next budget period (free).
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {outside > 0 && (
        <p class="warning">
          {outside === 1 ? '1 memory is' : `${outside} memories are`} in no protected attribute's group: what a preference reveals about{' '}
          {outside === 1 ? 'it' : 'them'} has no bound.
        </p>
      )}
      {(memory.stated ?? []).length > 0 && (
        <p>
          Stated as yours, sent when a message asks for it (shared as you chose, no budget):{' '}
          {(memory.stated ?? [])
            .map(
              (p) =>
                `${SLOT_LABELS[p.slot].toLowerCase()}: “${[...slotVocabulary(p.slot).views, ...memory.views].find((v) => v.code === p.code)?.text ?? p.code}”`,
            )
            .join('; ')}
          .
        </p>
      )}
      <p class="hint">
        Measured at cap {DEFAULT_MEMORY_CAP}: {rates.backed}% of the preferences picked are backed by the memories, {rates.misleading}% are not (they would tell
        the assistant something untrue about you), {rates.nothing}% add nothing (test stores, {MEASURED_K} preferences per cap; other caps in Settings,
        Memories). Read them in the review before you send.
      </p>
    </div>
  );
}

export function ReleasePreviewSection({ refreshKey }: { refreshKey?: unknown }) {
  const send = useClient();
  const [preview] = useLoad(() => send('release.preview', {}), [refreshKey]);
  const [memory] = useLoad(() => send('memory.get', {}), [refreshKey]);
  return (
    <section class="release-preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Your next release</h2>
      <WhenLoaded loaded={preview}>{(p) => <ReleasePreviewList preview={p} />}</WhenLoaded>
      <WhenLoaded loaded={memory}>{(m) => <MemoryPreview overview={m} />}</WhenLoaded>
    </section>
  );
}
