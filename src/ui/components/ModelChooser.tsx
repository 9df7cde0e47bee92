/**
 * The options page's model section: the model in use and its state, and a short list of stronger models
 * the person may download instead. A download starts only after they confirm (size and source shown),
 * shows progress with a Cancel button, and, if it fails or is cancelled, leaves the model in use as it
 * was. Accuracy figures Veil shows were measured with the bundled model; the others are unmeasured, and
 * the page says so.
 */
import { useState } from 'preact/hooks';
import type { ModelOption, ModelOverview } from '../../messaging/contract';
import { errorText, useClient } from '../client';
import { ConfirmDialog } from './ConfirmDialog';
import { Feedback } from './Feedback';
import { WhenLoaded } from './Loading';
import { ModelStatusLine, useModelOverview } from './ModelStatus';

const megabytes = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

export function ModelChooser() {
  const [overview, setOverview] = useModelOverview();
  return (
    <section class="model-chooser" aria-labelledby="model-heading">
      <h2 id="model-heading">Embedding model</h2>
      <WhenLoaded loaded={overview}>{(o) => <ModelChoices overview={o} onOverview={setOverview} />}</WhenLoaded>
    </section>
  );
}

function ModelChoices({ overview, onOverview }: { overview: ModelOverview; onOverview: (o: ModelOverview) => void }) {
  const send = useClient();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<(ModelOption & { generator?: boolean }) | null>(null);
  const run = async (action: () => Promise<ModelOverview>) => {
    try {
      onOverview(await action());
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const install = overview.install;
  const busy = install?.state === 'downloading' || install?.state === 'computing';

  return (
    <>
      <ModelStatusLine status={overview.status} onRetry={() => run(() => send('model.use', { model: overview.active }))} />
      <p class="hint">
        Veil ships a small model ({overview.bundled}) that works with no download. Its category accuracy is what Veil measured. You may install a larger model
        instead; it is downloaded once, kept on this device, and its accuracy with Veil's categories has not been measured.
      </p>
      <ul class="model-options">
        <li>
          <span>Bundled: {overview.bundled}</span>
          {overview.active === overview.bundled ? (
            <span class="badge">In use</span>
          ) : (
            <button type="button" class="button" onClick={() => run(() => send('model.use', { model: overview.bundled }))}>
              Use
            </button>
          )}
        </li>
        {overview.options.map((option) => (
          <ModelRow
            key={option.id}
            option={option}
            inUse={overview.active === option.id}
            busy={busy}
            onUse={() => run(() => send('model.use', { model: option.id }))}
            onDownload={() => setConfirming(option)}
          />
        ))}
      </ul>
      <h3 id="generator-heading">Private compose mapping</h3>
      <p class="hint">
        Private compose replaces what Veil's word lists recognise. A small language model on this device can write the mapping instead: Veil checks everything
        it writes and shows its own mapping whenever the model's misses a span Veil found or leaves an original in. How well such a model maps has not been
        measured.
      </p>
      <ul class="model-options" aria-labelledby="generator-heading">
        <li>
          <span>Veil's word lists</span>
          {overview.generator === null ? (
            <span class="badge">In use</span>
          ) : (
            <button type="button" class="button" onClick={() => run(() => send('model.useGenerator', { model: null }))}>
              Use
            </button>
          )}
        </li>
        {overview.generators.map((option) => (
          <ModelRow
            key={option.id}
            option={option}
            inUse={overview.generator === option.id}
            busy={busy}
            onUse={() => run(() => send('model.useGenerator', { model: option.id }))}
            onDownload={() => setConfirming({ ...option, generator: true })}
          />
        ))}
      </ul>
      {install && (
        <div class={`model-install ${install.state}`} role="status">
          <span>
            {install.model}: {install.detail}
          </span>
          {busy && (
            <>
              <progress max={1} value={install.progress ?? undefined} aria-label="Download progress" />
              <button type="button" class="button" onClick={() => run(() => send('model.cancelInstall', {}))}>
                Cancel download
              </button>
            </>
          )}
        </div>
      )}
      <Feedback error={error} />
      {confirming && (
        <ConfirmDialog
          title={`Download ${confirming.label}?`}
          confirmLabel="Download"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const option = confirming;
            setConfirming(null);
            void run(() => send('model.install', { model: option.id, confirmed: true }));
          }}
        >
          {confirming.generator ? (
            <p>
              About {megabytes(confirming.bytes)} from the Hugging Face model hub (huggingface.co). Only the model's files are fetched; nothing about you is
              sent. Veil checks that it runs on this device, then private compose maps with it when you choose to map a message into another domain. It runs on
              this device only, and can be slow on a phone or an old computer. You can cancel at any time.
            </p>
          ) : (
            <p>
              About {megabytes(confirming.bytes)} from the Hugging Face model hub (huggingface.co). Only the model's files are fetched; nothing about you is
              sent. Veil then computes its category embeddings on this device, and uses it from then on. You can cancel at any time; the current model stays in
              use until the new one is ready.
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}

/** One downloadable model: in use, installed (Use), or not yet (Download…, which asks first). */
function ModelRow(props: { option: ModelOption; inUse: boolean; busy: boolean; onUse: () => void; onDownload: () => void }) {
  const { option } = props;
  return (
    <li>
      <span>
        {option.label} · about {megabytes(option.bytes)} <span class="hint">{option.id}</span>
      </span>
      {props.inUse ? (
        <span class="badge">In use</span>
      ) : option.installed ? (
        <button type="button" class="button" onClick={props.onUse}>
          Use
        </button>
      ) : (
        <button type="button" class="button" disabled={props.busy} onClick={props.onDownload}>
          Download…
        </button>
      )}
    </li>
  );
}
