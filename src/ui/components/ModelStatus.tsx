/**
 * The embedding model's state, as a person reads it: loading (with a progress bar), ready on WebGPU or
 * WASM and why, or failed with the reason and what it means (no release can be made until it loads).
 * Polls `model.get` while the model loads or a download runs.
 */
import { useEffect } from 'preact/hooks';
import type { ModelStatus as Status } from '../../core/model-status';
import type { ModelOverview } from '../../messaging/contract';
import { useClient } from '../client';
import { WhenLoaded } from './Loading';
import { useLoad } from '../use-load';

const POLL_MS = 300;

/** Whether something is still moving, so the caller should ask again. */
export function isBusy(o: ModelOverview): boolean {
  return o.status.state === 'loading' || o.status.state === 'idle' || o.install?.state === 'downloading' || o.install?.state === 'computing';
}

/** `model.get`, asked again every 300 ms while it is busy. */
export function useModelOverview(): ReturnType<typeof useLoad<ModelOverview>> {
  const send = useClient();
  const loaded = useLoad(() => send('model.get', {}));
  const [state, , reload] = loaded;
  useEffect(() => {
    if (state.state !== 'ready' || !isBusy(state.value)) return;
    const timer = setTimeout(reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return loaded;
}

export function backendName(status: Extract<Status, { state: 'ready' }>): string {
  return status.backend === 'webgpu' ? 'WebGPU' : 'WASM';
}

export function ModelStatusLine({ status, onRetry }: { status: Status; onRetry?: () => void }) {
  if (status.state === 'idle' || status.state === 'loading') {
    const progress = status.state === 'loading' ? status.progress : null;
    return (
      <div class="model-status loading" role="status">
        <span>
          Loading the embedding model {status.model}… {status.state === 'loading' ? status.detail : ''}
        </span>
        <progress max={1} value={progress ?? undefined} aria-label="Model loading progress" />
      </div>
    );
  }
  if (status.state === 'failed') {
    return (
      <div class="error model-status" role="alert">
        <p>The embedding model could not be loaded, so Veil cannot make releases and will send nothing: {status.error}</p>
        {onRetry && (
          <button type="button" class="button" onClick={onRetry}>
            Try loading it again
          </button>
        )}
      </div>
    );
  }
  return (
    <p class="model-status ready" role="status">
      Model {status.model}: ready on <strong>{backendName(status)}</strong> ({status.reason}); loaded in {(status.loadMs / 1000).toFixed(1)} s.
    </p>
  );
}

/** Load the model in use again (after a failure). */
export function useRetry(overview: ModelOverview | undefined, onOverview: (o: ModelOverview) => void): () => void {
  const send = useClient();
  return () => {
    if (overview) void send('model.use', { model: overview.active }).then(onOverview, () => undefined);
  };
}

/** The popup's one-line model state. */
export function ModelStatusSection() {
  const [overview, setOverview] = useModelOverview();
  const retry = useRetry(overview.state === 'ready' ? overview.value : undefined, setOverview);
  return <WhenLoaded loaded={overview}>{(o) => <ModelStatusLine status={o.status} onRetry={retry} />}</WhenLoaded>;
}
