/**
 * The model host that runs the model in its own process: Chrome's offscreen document, Firefox's background
 * page, or Node (tests). One instance per process: it loads the active model once, on first use, runs
 * every model call one after another (a queue: one ONNX session is not re-entrant), and reports typed
 * progress (`status()`).
 *
 * ```ts
 * const host = new LocalModelHost(browserModelDeps(db));   // ./browser-deps.ts
 * await host.status();                                      // { state: 'loading', progress: 0.4, … }
 * await host.score([{ field: 'age', value: '41' }]);         // waits for the load, then scores
 * ```
 *
 * Backend: WebGPU when the device has a hardware WebGPU adapter, WASM otherwise, with the reason shown.
 * If WebGPU fails to load the model, WASM is tried next, and the status says why.
 *
 * A model the person installs (./catalog.ts) is downloaded only from `startInstall`, stored whole in
 * IndexedDB (files + candidate embeddings computed here, with progress) and then made active; a failed or
 * cancelled download stores nothing and leaves the model in use as it was (./model-installer.ts).
 * The tagger and the language identifier: ./message-readers.ts; private compose's model: ./compose-generator.ts.
 */
import type { ModelBackend, ModelStatus } from '../core/model-status';
import { BUNDLED_MODEL_ID, ENCODER_MODEL_ID } from '../embedding/bundled';
import { loadScorer, type LoadedScorer } from '../embedding/load-scorer';
import { warmLexicons } from '../domains/lexicon';
import { prefetchRuntime, TransformersEmbedder } from '../embedding/transformers-embedder';
import type { ModelInstall } from '../messaging/contract';
import { decodeCandidateEmbeddings, type CandidateHeader } from '../scoring/candidate-embeddings';
import { readActiveModel, readCandidateCache, setActiveModel } from '../storage/model-store';
import { TAGGER_MODEL_ID } from '../crossmap/tagger/files';
import type { TagModel } from '../crossmap/tagger/tagger';
import { catalogModel, MODEL_HUB } from './catalog';
import { ComposeGenerator } from './compose-generator';
import type { ModelHost, ScoreItem } from './host';
import type { LocalHostDeps } from './local-host-deps';
import { messageOf, serialQueue } from '../core/async-helpers';
import { languageLoader, taggerLoader, type LanguageIdentifier } from './message-readers';
import { memoryFileCache, storedFileCache } from './model-files';
import { ModelInstaller } from './model-installer';

interface Loaded {
  model: string;
  scorer: LoadedScorer;
  /** The sentence encoder (the scorer's own embedder when the encoder is also the scoring model). */
  encoder: TransformersEmbedder;
  /** Scores by `field \0 value`, oldest first. */
  cache: Map<string, number[]>;
}

/** Enough for every value of a large profile many times over; a few hundred KB at most. */
const SCORE_CACHE_ENTRIES = 1024;

export class LocalModelHost implements ModelHost {
  private current: ModelStatus = { state: 'idle', model: BUNDLED_MODEL_ID };
  private loading: Promise<Loaded> | undefined;
  /** Every model call, one after another. */
  private readonly serially = serialQueue();
  /** The sentence encoder, loaded once per process with the first scoring model (kept across model switches). */
  private encoder: Promise<TransformersEmbedder> | undefined;
  /** The message tagger, loaded once per process (with the models, or at the first message tagged). */
  private readonly taggerModel: () => Promise<TagModel>;
  /** The language identifier, imported on first use. */
  private readonly languages: () => Promise<LanguageIdentifier> = languageLoader();
  /** Private compose's language model, loaded on first use. */
  private readonly compose: ComposeGenerator;
  private readonly installs: ModelInstaller;

  constructor(private readonly deps: LocalHostDeps) {
    this.taggerModel = taggerLoader(deps);
    this.compose = new ComposeGenerator(deps, (task) => this.serially(task));
    this.installs = new ModelInstaller(deps, {
      serially: (task) => this.serially(task),
      loadScorer: (model, backend, files) => this.loadScorerFor(model, backend, files),
      loadGenerator: (model, fileCache) => this.compose.loadGenerator(model, fileCache),
      reload: () => this.reload(),
    });
  }

  /**
   * Starts the first load. After a failure it does not try again by itself (a popup polling the state
   * would otherwise retry in a loop); the next release, or switching models, does.
   */
  async status(): Promise<ModelStatus> {
    if (this.current.state === 'idle') void this.loaded().catch(() => undefined);
    return this.current;
  }

  /**
   * Scores of every item by ONE model (a release must not mix score functions). A value's scores are
   * kept in memory, in this process only, until the value changes or the model does: a warm release
   * embeds nothing.
   */
  async score(items: readonly ScoreItem[]): Promise<{ model: string; scores: number[][] }> {
    const loaded = await this.loaded();
    return this.serially(async () => {
      const scores: number[][] = [];
      for (const { field, value } of items) {
        const key = `${field}\u0000${value}`;
        let s = loaded.cache.get(key);
        if (!s) {
          s = await loaded.scorer.scorer.score(field, value);
          if (loaded.cache.size >= SCORE_CACHE_ENTRIES) loaded.cache.delete(loaded.cache.keys().next().value!);
          loaded.cache.set(key, s);
        }
        scores.push(s);
      }
      return { model: loaded.model, scores };
    });
  }

  async embed(texts: readonly string[]): Promise<{ model: string; dimension: number; vectors: number[][] }> {
    const loaded = await this.loaded();
    return this.serially(async () => {
      const vectors = await loaded.scorer.embedder.embed(texts);
      return { model: loaded.model, dimension: loaded.scorer.embedder.dimension, vectors: vectors.map((v) => Array.from(v)) };
    });
  }

  /**
   * Messages' vectors. Not cached here: the background keeps the vectors it asked for
   * (src/model-host/encode-cache.ts), so a message it saw lately never reaches the host again.
   */
  async encode(texts: readonly string[]): Promise<{ model: string; dimension: number; vectors: number[][] }> {
    const loaded = await this.loaded();
    return this.serially(async () => {
      const started = performance.now();
      const vectors = await loaded.encoder.embed(texts);
      if (this.current.state === 'ready') this.current = { ...this.current, encodeMs: Math.round((performance.now() - started) * 100) / 100 };
      return { model: ENCODER_MODEL_ID, dimension: loaded.encoder.dimension, vectors: vectors.map((v) => Array.from(v)) };
    });
  }

  /**
   * The tagger's label probabilities for one message (src/crossmap/tagger). Not queued behind the other
   * models: its own ONNX session, a few milliseconds a message.
   */
  async tag(ids: readonly number[], tokens: number): Promise<{ model: string; probs: number[]; general: number }> {
    const model = await this.taggerModel();
    const started = performance.now();
    const { probs: raw, general } = await model(Int32Array.from(ids), tokens).catch((error: unknown) => {
      throw new Error(
        `Veil's message tagger failed on this message, so Veil cannot tell what in it is personal; nothing was sent (${messageOf(error)}). Reload the page to try again.`,
      );
    });
    const probs = Array.from(raw);
    if (this.current.state === 'ready')
      this.current = { ...this.current, tagMs: [...(this.current.tagMs ?? []), Math.round((performance.now() - started) * 100) / 100].slice(-100) };
    return { model: TAGGER_MODEL_ID, probs, general };
  }

  /**
   * The message's language. The identifier (src/crossmap/language.ts: eld's tables, about 1 MB of script that
   * takes half a second to evaluate) is imported on first use, and warmed once the models are loaded, so it
   * never delays the document's start or the first release.
   */
  async language(text: string): Promise<{ code: string; name: string; read: boolean }> {
    return (await this.languages()).detectLanguage(text);
  }

  async reload(): Promise<ModelStatus> {
    const previous = this.loading;
    this.loading = undefined;
    if (previous) {
      const old = await previous.catch(() => undefined);
      // The encoder stays loaded, unless it was the scoring model itself.
      if (old) await this.serially(() => old.scorer.embedder.dispose());
      if (old && old.encoder === old.scorer.embedder) this.encoder = undefined;
    }
    await this.loaded().catch(() => undefined);
    return this.current;
  }

  install(): Promise<ModelInstall | null> {
    return this.installs.latest();
  }

  generate(prompt: string): Promise<string> {
    return this.compose.generate(prompt);
  }

  startInstall(model: string, source = MODEL_HUB): Promise<ModelInstall> {
    return this.installs.start(model, source);
  }

  cancelInstall(): Promise<ModelInstall | null> {
    return this.installs.cancel();
  }

  /** Model calls one at a time, in order. */
  /** The loaded model, loading it once (a failed load is tried again on the next call). */
  private loaded(): Promise<Loaded> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<Loaded> {
    const started = (this.deps.now ?? Date.now)();
    if (this.deps.wasmUrl) prefetchRuntime(this.deps.wasmUrl);
    let model = BUNDLED_MODEL_ID;
    let note = '';
    try {
      model = await readActiveModel(this.deps.db);
    } catch (error) {
      note = ` (${messageOf(error)}; using the bundled model)`;
    }
    try {
      return await this.loadModel(model, started, note);
    } catch (error) {
      if (model === BUNDLED_MODEL_ID) throw error;
      // An installed model that no longer loads must not stop releases: go back to the bundled one.
      await setActiveModel(this.deps.db, BUNDLED_MODEL_ID).catch(() => undefined);
      return this.loadModel(BUNDLED_MODEL_ID, started, ` (${model} failed to load: ${messageOf(error)}; back on the bundled model)`);
    }
  }

  private async loadModel(model: string, started: number, note: string): Promise<Loaded> {
    let choice: { backend: ModelBackend; reason: string };
    try {
      choice = await this.deps.chooseBackend();
    } catch (error) {
      this.current = { state: 'failed', model, error: messageOf(error) };
      throw error;
    }
    const attempts: { backend: ModelBackend; reason: string }[] = choice.backend === 'webgpu' ? [choice, { backend: 'wasm', reason: '' }] : [choice];
    let lastError: unknown;
    for (const [i, attempt] of attempts.entries()) {
      this.current = { state: 'loading', model, progress: 0, detail: `loading ${model} on ${attempt.backend === 'webgpu' ? 'WebGPU' : 'WASM'}` };
      try {
        const loading = this.loadScorerFor(model, attempt.backend);
        // The scorer's word lists are built while its files are read and its runtime compiled (off this thread).
        if (i === 0) setTimeout(warmLexicons, 0);
        const scorer = await loading;
        let encoder: TransformersEmbedder;
        const encoderStarted = (this.deps.now ?? Date.now)();
        try {
          encoder = model === ENCODER_MODEL_ID ? scorer.embedder : await this.encoderFor(model, attempt.backend);
        } catch (error) {
          await scorer.embedder.dispose().catch(() => undefined);
          throw error;
        }
        const reason = i === 0 ? attempt.reason : `WebGPU failed to load the model (${messageOf(lastError)})`;
        const now = (this.deps.now ?? Date.now)();
        this.current = {
          state: 'ready',
          model,
          backend: attempt.backend,
          reason: reason + note,
          loadMs: Math.round(now - started),
          encoderLoadMs: Math.round(now - encoderStarted),
        };
        // The tagger and the language identifier next, not beside the models (one wasm thread: they would only
        // slow each other); a message tagged before then waits for them.
        setTimeout(
          () =>
            void this.taggerModel()
              .then(() => this.languages())
              .catch(() => undefined),
          0,
        );
        return { model, scorer, encoder, cache: new Map() };
      } catch (error) {
        lastError = error;
      }
    }
    this.current = { state: 'failed', model, error: messageOf(lastError) + note, ...(choice.backend === 'webgpu' ? { webgpuTried: true } : {}) };
    throw lastError;
  }

  /** The bundled sentence encoder, on the backend the scoring model loaded on; a failed load is tried again next time. */
  private encoderFor(model: string, backend: ModelBackend): Promise<TransformersEmbedder> {
    if (this.current.state === 'loading')
      this.current = { ...this.current, detail: `loading the sentence encoder (${ENCODER_MODEL_ID}) on ${backend === 'webgpu' ? 'WebGPU' : 'WASM'}` };
    this.encoder ??= TransformersEmbedder.load(ENCODER_MODEL_ID, {
      localModelPath: this.deps.modelBase,
      ...(this.deps.wasmUrl ? { wasmUrl: this.deps.wasmUrl, device: backend } : {}),
      progress: (info) => this.onProgress(model, info),
    }).catch((error: unknown) => {
      this.encoder = undefined;
      throw new Error(`Veil's sentence encoder could not be loaded, so Veil cannot tell which facts this message needs (${messageOf(error)})`);
    });
    return this.encoder;
  }

  private async loadScorerFor(model: string, backend: ModelBackend, files?: ReadonlyMap<string, Uint8Array>): Promise<LoadedScorer> {
    const bundled = model === BUNDLED_MODEL_ID;
    const cache = bundled ? undefined : await readCandidateCache(this.deps.db, model);
    const entry = catalogModel(model);
    return loadScorer({
      modelId: model,
      modelBase: this.deps.modelBase,
      // Only the bundled model has shipped candidate files; a downloaded one has them cached, or computes them.
      readFile: bundled ? this.deps.readBundled : async () => undefined,
      ...(cache ? { cached: decodeCandidateEmbeddings(JSON.parse(cache.header) as CandidateHeader, cache.body) } : {}),
      ...(bundled ? {} : { fileCache: files ? memoryFileCache(this.deps.modelBase, model, files) : storedFileCache(this.deps.db, this.deps.modelBase, model) }),
      ...(this.deps.wasmUrl ? { wasmUrl: this.deps.wasmUrl } : {}),
      ...(this.deps.wasmUrl ? { device: backend } : {}),
      ...(entry ? { dtype: entry.dtype } : {}),
      progress: (info) => this.onProgress(model, info),
      candidateProgress: (done, total) => this.installs.computing(model, done, total),
    });
  }

  private onProgress(model: string, info: unknown): void {
    if (this.current.state !== 'loading' || this.current.model !== model) return;
    const { status, file, progress } = (info ?? {}) as { status?: string; file?: string; progress?: number };
    if (status === 'progress' && typeof progress === 'number') {
      this.current = { ...this.current, progress: Math.min(1, progress / 100), detail: `reading ${file ?? 'model files'}` };
    }
  }
}
