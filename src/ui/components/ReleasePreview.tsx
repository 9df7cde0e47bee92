/**
 * What the next fresh release would do with each fact: kept as written, privatized into one of a set of
 * public categories (with the ε it would cost), or sent as [withheld]. Planned only, never drawn: opening
 * it spends nothing, and the screen says so.
 */
import type { PreviewAttribute, ReleasePreview as Preview } from '../../messaging/contract';
import { useClient } from '../client';
import { attributeLabel, factPhrase, formatEpsilonValue } from '../labels';
import { useLoad } from '../use-load';
import { WhenLoaded } from './Loading';


function treatmentText(a: PreviewAttribute, preview: Preview): string {
  if (a.treatment === 'kept') return 'sent as you wrote it';
  if (a.treatment === 'omitted') return 'left out: no word in the message about it · costs nothing';
  if (a.treatment === 'suppressed') return preview.suppressed === 'omit' ? 'left out of the release' : 'sent as [withheld]';
  const n = a.categories?.length ?? 0;
  return a.epsilon > 0 ? `privatized into one of ${n} categories · costs ε ${formatEpsilonValue(a.epsilon)}` : `privatized into one of ${n} categories · costs nothing`;
}

const percent = (p: number) => (p > 0 && p < 0.005 ? 'under 1%' : p > 0.995 && p < 1 ? 'over 99%' : `${Math.round(p * 100)}%`);

/**
 * How a fresh release would come out for this fact, in plain numbers: the exact probabilities the sampler
 * draws with (computed on this device, shown only in Veil's own pages).
 */
export function outcomeText(a: PreviewAttribute): string | undefined {
  const o = a.outcome;
  if (!o) return undefined;
  if (o.reading === 'Unspecified') return `Veil reads your value as no category: "Unspecified" ${percent(o.right)} of the time, another category ${percent(o.wrong)}.`;
  return `Veil reads your value as "${o.reading}". A fresh release says so ${percent(o.right)} of the time, says "Unspecified" ${percent(o.unspecified)}, and names another category ${percent(o.wrong)}.`;
}

/** Why a fact is not the plain case, in words. */
function whyText(a: PreviewAttribute, preview: Preview): string | undefined {
  const none = preview.suppressed === 'omit' ? 'be left out' : 'be sent as [withheld]';
  if (a.overCap) return `Its cap would be passed, so it would get its last release again, or ${none} if it has none: free.`;
  if (a.closure) return `You share it, but it could give away ${factPhrase(a.closure)}, so it is privatized too (a safeguard; your ledger is not charged for it).`;
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
          A release carries only the withheld facts your message needs, so each gets a larger share of ε; this preview shows
          them all, at the share they would get if a message needed every one.
        </p>
      )}
      {preview.outcomesError && <p class="hint">Veil could not compute how your facts would come out ({preview.outcomesError}).</p>}
      <p class="hint">
        A fresh release would cost ε {formatEpsilonValue(preview.total)} of your budget ({preview.mechanism === 'block' ? 'DP-BLOCK' : 'DP-SLOT'}, ε{' '}
        {preview.epsilon} per release{preview.variant === 'paper' ? ", the paper's scores" : ''}). This preview draws nothing and spends nothing: the
        figures are exact probabilities, and whether Veil reads a value right is for you to check.
      </p>
    </>
  );
}

export function ReleasePreviewSection({ refreshKey }: { refreshKey?: unknown }) {
  const send = useClient();
  const [preview] = useLoad(() => send('release.preview', {}), [refreshKey]);
  return (
    <section class="release-preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Your next release</h2>
      <WhenLoaded loaded={preview}>{(p) => <ReleasePreviewList preview={p} />}</WhenLoaded>
    </section>
  );
}
