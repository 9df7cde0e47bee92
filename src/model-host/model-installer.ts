/**
 * Installing a model the person chose (./catalog.ts), in the model host (./local-host.ts): a scoring model is
 * downloaded, its candidate embeddings computed here (with progress), stored whole in IndexedDB and made
 * active; a language model for private compose is downloaded, tried once from memory, then stored. Only one
 * install runs at a time; a failed or cancelled one stores nothing and leaves the model in use as it was.
 *
 * ```ts
 * const installs = new ModelInstaller(deps, { serially, loadScorer, loadGenerator, reload });   // the host's own
 * await installs.start('Xenova/bge-small-en-v1.5');   // { state: 'downloading', progress: 0, … }
 * await installs.latest();                            // later: 'computing', then 'done'
 * ```
 */
import type { ModelBackend } from '../core/model-status';
import type { TextGenerator } from '../crossmap/text-generator';
import type { LoadedScorer } from '../embedding/load-scorer';
import type { ModelFileCache } from '../embedding/transformers-embedder';
import type { ModelInstall } from '../messaging/contract';
import { encodeCandidateEmbeddings } from '../scoring/candidate-embeddings';
import { errorMessageForPerson } from '../storage/errors';
import { putInstalledGenerator, putInstalledModel, setActiveModel } from '../storage/model-store';
import { catalogModel, generatorModel, MODEL_HUB, type CatalogModel, type GeneratorModel } from './catalog';
import { abortError } from './host-errors';
import type { LocalHostDeps } from './local-host-deps';
import { downloadFiles, memoryFileCache } from './model-files';

/** What an install needs of the host: its queue and its loaders. */
export interface InstallingHost {
  /** Model calls one at a time, in order. */
  serially<T>(task: () => Promise<T>): Promise<T>;
  /** A scoring model from its downloaded files, computing its candidate embeddings (progress: `computing`). */
  loadScorer(model: string, backend: ModelBackend, files: ReadonlyMap<string, Uint8Array>): Promise<LoadedScorer>;
  loadGenerator(model: string, fileCache: ModelFileCache): Promise<TextGenerator>;
  /** Load the model stored as active. */
  reload(): Promise<unknown>;
}

export class ModelInstaller {
  private download: { state: ModelInstall; abort: AbortController } | undefined;

  constructor(
    private readonly deps: Pick<LocalHostDeps, 'db' | 'modelBase' | 'fetch' | 'chooseBackend' | 'now'>,
    private readonly host: InstallingHost,
  ) {}

  /** The latest download, running or ended. */
  async latest(): Promise<ModelInstall | null> {
    return this.download?.state ?? null;
  }

  /** Start downloading `model` (refused while another install runs); progress via `latest()`. */
  async start(model: string, source = MODEL_HUB): Promise<ModelInstall> {
    const entry = catalogModel(model);
    const generator = entry ? undefined : generatorModel(model);
    if (!entry && !generator) throw new Error(`${model} is not one of the models Veil offers`);
    if (this.download && (this.download.state.state === 'downloading' || this.download.state.state === 'computing')) {
      throw new Error(`${this.download.state.model} is still being installed; cancel it first`);
    }
    const abort = new AbortController();
    this.download = { abort, state: { model, state: 'downloading', progress: 0, detail: 'starting the download' } };
    void (generator ? this.runGeneratorInstall(generator, source, abort.signal) : this.runInstall(entry!, source, abort.signal));
    return this.download.state;
  }

  async cancel(): Promise<ModelInstall | null> {
    this.download?.abort.abort();
    return this.download?.state ?? null;
  }

  /** Progress of computing `model`'s candidate embeddings, when it is the model being installed. */
  computing(model: string, done: number, total: number): void {
    if (this.download?.state.model !== model) return;
    // Cancel stops the computation between fields (loadScorer then frees the model session).
    if (this.download.abort.signal.aborted) throw abortError();
    this.setInstall({ state: 'computing', progress: done / total, detail: `computing category embeddings (${done} of ${total} fields)` });
  }

  private setInstall(patch: Partial<ModelInstall>): void {
    if (this.download) this.download.state = { ...this.download.state, ...patch };
  }

  /** A language model: downloaded, tried once from memory (it must load and answer), then stored and used. */
  private async runGeneratorInstall(entry: GeneratorModel, source: string, signal: AbortSignal): Promise<void> {
    try {
      const files = await downloadFiles(this.deps.fetch, entry, source, signal, (progress, detail) => this.setInstall({ progress, detail }));
      this.setInstall({ state: 'computing', progress: null, detail: 'checking that the model runs on this device' });
      await this.host.serially(async () => {
        const trial = await this.host.loadGenerator(entry.id, memoryFileCache(this.deps.modelBase, entry.id, files));
        try {
          await trial.generate('Reply with {}');
        } finally {
          await trial.dispose().catch(() => undefined);
        }
      });
      if (signal.aborted) throw abortError();
      await putInstalledGenerator(this.deps.db, entry.id, files, (this.deps.now ?? Date.now)());
      this.setInstall({ state: 'done', progress: 1, detail: `${entry.label} is installed; private compose maps with it` });
    } catch (error) {
      const cancelled = signal.aborted;
      this.setInstall({
        state: cancelled ? 'cancelled' : 'failed',
        progress: null,
        detail: cancelled ? 'cancelled: nothing was kept' : `${errorMessageForPerson(error)}; nothing was kept`,
      });
    }
  }

  private async runInstall(entry: CatalogModel, source: string, signal: AbortSignal): Promise<void> {
    try {
      const files = await downloadFiles(this.deps.fetch, entry, source, signal, (progress, detail) => this.setInstall({ progress, detail }));
      this.setInstall({ state: 'computing', progress: 0, detail: 'computing category embeddings on this device' });
      const backend = (await this.deps.chooseBackend()).backend;
      const loaded = await this.host.serially(() => this.host.loadScorer(entry.id, backend, files));
      try {
        if (signal.aborted) throw abortError();
        const { header, body } = encodeCandidateEmbeddings(loaded.candidates);
        await putInstalledModel(this.deps.db, entry.id, files, { header: JSON.stringify(header), body }, (this.deps.now ?? Date.now)());
      } finally {
        await this.host.serially(() => loaded.embedder.dispose());
      }
      await setActiveModel(this.deps.db, entry.id);
      this.setInstall({ state: 'done', progress: 1, detail: `${entry.label} is installed and in use` });
      await this.host.reload();
    } catch (error) {
      const cancelled = signal.aborted;
      this.setInstall({
        state: cancelled ? 'cancelled' : 'failed',
        progress: null,
        // A full disk reads as what happened and what to do, as everywhere else.
        detail: cancelled
          ? 'cancelled: nothing was kept, and the model in use did not change'
          : `${errorMessageForPerson(error)}; the model in use did not change`,
      });
    }
  }
}
