/**
 * Where the embedding model stands, as the popup and options page show it (`model.status`). Produced by
 * the model host (src/model-host), in the offscreen document (Chrome) or the background page (Firefox).
 *
 * ```ts
 * { state: 'loading', model: 'veil-glove-100d', progress: 0.4, detail: 'onnx/model.onnx' }
 * { state: 'ready', model: 'veil-glove-100d', backend: 'wasm', reason: 'no WebGPU adapter on this device', loadMs: 930 }
 * { state: 'failed', model: 'veil-glove-100d', error: 'the embedding model … could not be loaded (…)' }
 * ```
 */

export type ModelBackend = 'webgpu' | 'wasm';

export type ModelStatus =
  | { state: 'idle'; model: string }
  | { state: 'loading'; model: string; /** 0…1 when known. */ progress: number | null; detail: string }
  | {
      state: 'ready';
      model: string;
      backend: ModelBackend;
      /** Why this backend, in plain words. */ reason: string;
      /** The whole load: the scoring model and, the first time, the sentence encoder. */ loadMs: number;
      /** Of which the sentence encoder (0 when it was loaded already, or is the scoring model). */ encoderLoadMs?: number;
      /** How long the host's last encode call took, for the benchmark. */ encodeMs?: number;
      /** How long the host's recent message taggings took (the last 100, ms), for the benchmark. */ tagMs?: number[];
    }
  | { state: 'failed'; model: string; error: string; /** WebGPU was tried first (its failure can poison the page's WASM too). */ webgpuTried?: boolean };
