/**
 * The one ONNX Runtime build Veil ships (src/model-host/onnx-wasm.ts says which and why), from the
 * `onnxruntime-web` that transformers.js itself resolves, served from the extension's own files at `/ort/`
 * (the model host points `wasmPaths.wasm` there).
 *
 * Three build steps, used by wxt.config.ts:
 * - `onnxAlias()` puts the shipped build where transformers.js imports the asyncify one;
 * - `onnxWasmAsset()` adds that `.wasm` to the public files WXT copies (no binary in git);
 * - `keepOnnxWasmExternal()` stops Vite from inlining it: ORT's bundles name the wasm with
 *   `new URL("ort-wasm-simd-threaded.jspi.wasm", import.meta.url)`, which Vite turns into a base64 copy
 *   inside background.js (72 MB) and a hashed copy per page. The URL is never fetched (`wasmPaths.wasm`
 *   is always set), so it is rewritten to the shipped path.
 */
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { ONNX_IMPORTED, ONNX_SHIPPED, ONNX_WASM_FILE, ONNX_WASM_PATH } from '../../src/model-host/onnx-wasm';

export function onnxAlias(): Record<string, string> {
  return { [ONNX_IMPORTED]: ONNX_SHIPPED };
}

/** The wasm of the onnxruntime-web that @huggingface/transformers itself resolves (not just any copy). */
export function onnxWasmFile(): string {
  const fromTransformers = createRequire(createRequire(import.meta.url).resolve('@huggingface/transformers'));
  return fromTransformers.resolve(`onnxruntime-web/${ONNX_WASM_FILE}`);
}

export function onnxWasmAsset(): { absoluteSrc: string; relativeDest: string } {
  return { absoluteSrc: onnxWasmFile(), relativeDest: ONNX_WASM_PATH };
}

export function keepOnnxWasmExternal(): Plugin {
  const pattern = /new URL\(\s*["'](ort-wasm-simd-threaded[\w.]*\.wasm)["']\s*,\s*import\.meta\.url\s*\)/g;
  return {
    name: 'veil-keep-onnx-wasm-external',
    enforce: 'pre',
    transform(code, id) {
      if (!/onnxruntime-web[\\/]dist[\\/]ort\.[\w.]*\.mjs/.test(id) || !code.includes('ort-wasm-simd-threaded')) return null;
      return { code: code.replace(pattern, (_m, file: string) => `new URL("/ort/${file}", self.location.href)`), map: null };
    },
  };
}
