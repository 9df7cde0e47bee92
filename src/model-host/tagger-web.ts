/**
 * The message tagger's runtime in a browser (the offscreen document, Firefox's background page): the model
 * file on the one ONNX Runtime Veil ships (./onnx-wasm.ts: the import below is the one the build points at
 * that runtime, so transformers.js and the tagger share it), on WASM, one thread, no proxy worker.
 */
import * as ort from 'onnxruntime-web/webgpu';
import { ortTagModel, type OrtLike } from '../crossmap/tagger/ort';
import type { TagModel } from '../crossmap/tagger/tagger';

export async function openWebTagger(bytes: Uint8Array, wasmUrl: string): Promise<TagModel & { release(): Promise<void> }> {
  ort.env.wasm.wasmPaths = { wasm: wasmUrl };
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
  return ortTagModel(ort as unknown as OrtLike, bytes, { executionProviders: ['wasm'] });
}
