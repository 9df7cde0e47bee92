/**
 * What the local model host needs from where it runs (a browser's extension pages, or Node for the CLI and
 * the evaluations): the database, the bundled files, the backend choice, fetch and the tagger's runtime.
 * Its own module, so the host's parts (installer, readers, compose generator) take it without importing
 * the host that composes them.
 */
import type { ModelBackend } from '../core/model-status';
import type { TagModel } from '../crossmap/tagger/tagger';
import type { VeilDatabase } from '../storage/db';

export interface LocalHostDeps {
  db: VeilDatabase;
  /** URL prefix (ending in "/") of the bundled models folder, e.g. `chrome-extension://…/models/`. */
  modelBase: string;
  /** Bytes of a bundled file under `modelBase`, or undefined. */
  readBundled(path: string): Promise<Uint8Array | undefined>;
  /** The shipped ONNX Runtime wasm (browsers); absent in Node. */
  wasmUrl?: string;
  /** Which backend to try first, and why. */
  chooseBackend(): Promise<{ backend: ModelBackend; reason: string }>;
  /** For downloads of an optional model (the browser's fetch). */
  fetch: typeof fetch;
  now?: () => number;
  /** The message tagger's runtime: an ONNX session over the model file's bytes (onnxruntime-web in a browser). */
  openTagger(bytes: Uint8Array): Promise<TagModel & { release(): Promise<void> }>;
  /** The tagger's file under `modelBase` (a test build may name a missing one, to see a failed load). */
  taggerFile?: () => string;
}
