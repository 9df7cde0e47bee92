/**
 * An `Embedder` over transformers.js feature extraction: masked mean pooling of the model's token
 * vectors, then L2 normalisation done here so a text with no known token gives the zero vector (the
 * library's own normalisation would divide by zero). Works with the bundled static model
 * (public/models/veil-glove-100d) and with any transformers.js feature-extraction model, e.g. a
 * sentence-transformers MiniLM the person downloads.
 *
 * ```ts
 * const embedder = await TransformersEmbedder.load('veil-glove-100d', { localModelPath: 'public/models/' });
 * const [v] = await embedder.embed(['Pediatric nurse']); // Float32Array(100), unit norm
 * ```
 *
 * This is the only module that imports @huggingface/transformers; the privacy core sees `Embedder`.
 */
import { env, pipeline, type FeatureExtractionPipeline } from '@huggingface/transformers';
import type { Embedder } from '../core/contracts';

export interface LoadOptions {
  /** Folder (Node path or URL prefix) holding `<modelId>/config.json`, tokenizer and `onnx/model.onnx`. */
  localModelPath?: string;
  /** Allow the hub; false by default so nothing leaves the device unless the person asked for a download. */
  allowRemote?: boolean;
  device?: 'cpu' | 'wasm' | 'webgpu';
  dtype?: 'fp32' | 'fp16' | 'q8';
  /** Texts per model call; bounds memory for long description lists. */
  batchSize?: number;
  progress?: (info: unknown) => void;
  /**
   * In a browser: the URL of the one ONNX Runtime wasm the extension ships. Without it transformers.js
   * points ONNX Runtime at a public CDN, which an extension must never fetch from (and its CSP blocks).
   */
  wasmUrl?: string;
  /**
   * Where model files already on the device are read from first (a downloaded model, kept in IndexedDB):
   * an object with the Web Cache API's `match` and `put`, asked for `<localModelPath><modelId>/<file>`.
   */
  fileCache?: ModelFileCache;
}

/** The part of the Web Cache API transformers.js uses for `env.customCache`. */
export interface ModelFileCache {
  match(key: string): Promise<Response | undefined>;
  put(key: string, response: Response): Promise<void>;
}

/**
 * Settings that keep every file local in a browser (BROWSER-RECIPE.md): no hub, no CDN, no browser cache of
 * our own extension files, and ONNX Runtime on the shipped wasm, single-threaded and without a proxy worker
 * (a service worker cannot start one, and nothing else needs it for a model this small).
 */
export function configureBrowserRuntime(options: Pick<LoadOptions, 'wasmUrl' | 'fileCache'>): void {
  env.useBrowserCache = false;
  env.useWasmCache = false;
  env.useCustomCache = options.fileCache !== undefined;
  env.customCache = options.fileCache ?? null;
  const wasm = env.backends.onnx.wasm;
  if (!wasm) throw new Error('ONNX Runtime has no wasm backend here');
  wasm.numThreads = 1;
  wasm.proxy = false;
  // Only `wasm`, no `mjs`: ORT then uses the glue bundled in transformers.js and never calls import().
  wasm.wasmPaths = { wasm: options.wasmUrl! };
}

/** Whether ONNX Runtime has made a session in this context (it then keeps its compiled module). */
let runtimeStarted = false;

/**
 * Start reading ONNX Runtime's wasm now, so the first session does not wait for it: the file is 16.8 MB,
 * about 85 ms to read from the extension here, while the models' own files are read. ONNX Runtime takes
 * the bytes instead of fetching the file if they are there when it starts; they are let go once it has.
 */
export function prefetchRuntime(wasmUrl: string, fetcher: typeof fetch = fetch): void {
  const wasm = env.backends.onnx.wasm;
  if (!wasm || runtimeStarted || wasm.wasmBinary) return;
  void fetcher(wasmUrl, { credentials: 'omit' })
    .then((response) => (response.ok ? response.arrayBuffer() : undefined))
    .then((bytes) => {
      if (bytes && !runtimeStarted) wasm.wasmBinary = bytes;
    })
    .catch(() => undefined); // ONNX Runtime then reads the file itself
}

/** After the first session (made or failed): ONNX Runtime keeps its compiled module, not these bytes. */
function forgetRuntimeBytes(): void {
  runtimeStarted = true;
  const wasm = env.backends.onnx.wasm;
  if (wasm?.wasmBinary) delete wasm.wasmBinary;
}

export class TransformersEmbedder implements Embedder {
  private constructor(
    readonly id: string,
    readonly dimension: number,
    private readonly extractor: FeatureExtractionPipeline,
    private readonly batchSize: number,
  ) {}

  static async load(modelId: string, options: LoadOptions = {}): Promise<TransformersEmbedder> {
    if (options.localModelPath !== undefined) env.localModelPath = options.localModelPath;
    env.allowLocalModels = true;
    env.allowRemoteModels = options.allowRemote ?? false;
    if (options.wasmUrl !== undefined) configureBrowserRuntime(options);
    let extractor: FeatureExtractionPipeline;
    try {
      extractor = (await pipeline('feature-extraction', modelId, {
        local_files_only: !(options.allowRemote ?? false),
        dtype: options.dtype ?? 'fp32',
        // Weights stored as int8 behind DequantizeLinear (the sentence encoder) are turned into float once,
        // when the session is made, instead of on every call: ONNX Runtime keeps DequantizeLinear unfolded
        // unless told its QDQ fusions are not wanted. Measured on the encoder (wasm, one thread): a call
        // 2-4× faster, the session made in 80 ms instead of 400. No effect on a model without such nodes.
        session_options: { extra: { session: { disable_quant_qdq: '1' } } },
        ...(options.device ? { device: options.device } : {}),
        ...(options.progress ? { progress_callback: options.progress } : {}),
      })) as FeatureExtractionPipeline;
    } catch (error) {
      forgetRuntimeBytes();
      // transformers.js speaks of `local_files_only` and hub URLs; say what failed in the person's terms.
      const detail = error instanceof Error ? error.message : String(error);
      throw new Error(`the embedding model ${modelId} could not be loaded (${detail})`);
    }
    forgetRuntimeBytes();
    const probe = await extractor(['probe'], { pooling: 'mean', normalize: false });
    const dimension = probe.dims.at(-1);
    if (!dimension) throw new Error(`model ${modelId} returned no embedding dimension`);
    return new TransformersEmbedder(modelId, dimension, extractor, options.batchSize ?? 64);
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      // A text is read from its first READ_CHARS characters: the encoder's cost grows with the square of a
      // text's length, and what a message is about shows in its opening (a pasted 100,000-character report
      // would otherwise hold the model for minutes).
      const batch = texts.slice(start, start + this.batchSize).map((t) => (t.trim() === '' ? ' ' : t.slice(0, READ_CHARS)));
      const tensor = await this.extractor(batch, { pooling: 'mean', normalize: false });
      const data = tensor.data as Float32Array;
      for (let i = 0; i < batch.length; i++) {
        out.push(unitOrZero(data.slice(i * this.dimension, (i + 1) * this.dimension)));
      }
    }
    return out;
  }

  async dispose(): Promise<void> {
    await this.extractor.dispose();
  }
}

/** The most characters of one text the encoder reads. */
export const READ_CHARS = 2_000;

/** Scale to unit length; a (numerically) zero or non-finite vector becomes exactly zero. */
export function unitOrZero(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (!(norm > 1e-12) || !Number.isFinite(norm)) return new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}
