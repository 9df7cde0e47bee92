/**
 * What the model host needs from a browser (the offscreen document in Chrome, the background page in
 * Firefox): the extension's own model files and ONNX Runtime wasm, read by URL from the extension itself,
 * and a look at WebGPU. Nothing here reaches outside the extension, except `fetch` for a model the person
 * chose to download (model-installer.ts, after their confirmation).
 */
import { browser } from 'wxt/browser';
import type { ModelBackend } from '../core/model-status';
import type { VeilDatabase } from '../storage/db';
import type { LocalHostDeps } from './local-host-deps';
import { ONNX_WASM_PATH } from './onnx-wasm';
import { openWebTagger } from './tagger-web';
import { TAGGER_FILE } from '../crossmap/tagger/files';

interface GpuAdapterLike {
  info?: { vendor?: string; architecture?: string; isFallbackAdapter?: boolean };
  isFallbackAdapter?: boolean;
}
interface GpuLike {
  requestAdapter(): Promise<GpuAdapterLike | null>;
}

/**
 * WebGPU only on a hardware adapter. A software fallback adapter (SwiftShader) runs this small model about
 * 20× slower than WASM (BROWSER-RECIPE.md, measured), so WASM is the better choice there.
 */
export async function chooseBackend(
  gpu: GpuLike | undefined = (globalThis.navigator as { gpu?: GpuLike } | undefined)?.gpu,
): Promise<{ backend: ModelBackend; reason: string }> {
  // The shipped ONNX Runtime build needs JSPI (onnx-wasm.ts), whichever backend runs the model.
  if (typeof (WebAssembly as { Suspending?: unknown }).Suspending !== 'function') {
    throw new Error(
      'this browser is too old to run the model (it lacks WebAssembly JavaScript Promise Integration): update it to Chrome 137 or a current Firefox',
    );
  }
  if (!gpu) return { backend: 'wasm', reason: 'this browser offers no WebGPU here' };
  let adapter: GpuAdapterLike | null = null;
  try {
    adapter = await gpu.requestAdapter();
  } catch {
    adapter = null;
  }
  if (!adapter) return { backend: 'wasm', reason: 'no WebGPU adapter on this device: no GPU, or the browser blocks it' };
  if (adapter.info?.isFallbackAdapter || adapter.isFallbackAdapter) {
    return { backend: 'wasm', reason: 'the only WebGPU adapter is a software fallback, slower than WASM' };
  }
  const name = [adapter.info?.vendor, adapter.info?.architecture].filter(Boolean).join(' ');
  return { backend: 'webgpu', reason: `WebGPU adapter${name ? `: ${name}` : ''}` };
}

/** A URL inside the extension (WXT types getURL for its own entrypoints only). */
export function extensionUrl(path: string): string {
  return (browser.runtime.getURL as (path: string) => string)(path);
}

export function browserModelDeps(db: VeilDatabase): LocalHostDeps {
  const modelBase = extensionUrl('/models/');
  const wasmUrl = extensionUrl(`/${ONNX_WASM_PATH}`);
  return {
    db,
    modelBase,
    wasmUrl,
    openTagger: (bytes) => openWebTagger(bytes, wasmUrl),
    // Test builds: the e2e tests name a missing file here to see the tagger fail to load.
    ...(import.meta.env?.VEIL_TEST ? { taggerFile: () => (globalThis as { veilTestTaggerFile?: string }).veilTestTaggerFile ?? TAGGER_FILE } : {}),
    readBundled: async (path) => {
      let response: Response;
      try {
        response = await fetch(modelBase + path);
      } catch {
        return undefined;
      }
      return response.ok ? new Uint8Array(await response.arrayBuffer()) : undefined;
    },
    chooseBackend: () => chooseBackend(),
    fetch: (input, init) => fetch(input, init),
  };
}
