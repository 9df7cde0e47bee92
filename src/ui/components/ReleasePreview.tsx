/**
 * What the next fresh release would do with each fact: kept as written, privatized into one of a set of
 * public categories (with the ε it would cost), or sent as [withheld]. Planned only, never drawn: opening
 * it spends nothing, and the screen says so.
 */
import type { PreviewAttribute, ReleasePreview as Preview } from '../../messaging/contract';
import { useClient } from '../client';
import { attributeLabel, factPhrase } from '../labels';
import { useLoad } from '../use-load';
import { WhenLoaded } from './Loading';

const epsilonText = (e: number) => (Number.isInteger(e) ? String(e) : e.toFixed(2));

function treatmentText(a: PreviewAttribute, preview: Preview): string {
  if (a.treatment === 'kept') return 'sent as you wrote it';
  if (a.treatment === 'suppressed') return preview.suppressed === 'omit' ? 'left out of the release' : 'sent as [withheld]';
  const n = a.categories?.length ?? 0;
  return a.epsilon > 0 ? `privatized into one of ${n} categories · costs ε ${epsilonText(a.epsilon)}` : `privatized into one of ${n} categories · costs nothing`;
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
            {whyText(a, preview) && <span class="hint">{whyText(a, preview)}</span>}
          </li>
        ))}
      </ul>
      <p class="hint">
        A fresh release would cost ε {epsilonText(preview.total)} of your budget ({preview.mechanism === 'block' ? 'DP-BLOCK' : 'DP-SLOT'}, ε{' '}
        {preview.epsilon} per release). This preview only plans: it draws nothing and spends nothing.
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
