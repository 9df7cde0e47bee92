/**
 * The one ONNX Runtime build Veil ships (DESIGN.md "One ONNX Runtime build"): the WebGPU-capable asyncify
 * build of the `onnxruntime-web` that transformers.js itself resolves, served from the extension's own
 * files at `/ort/` (src/model-host/onnx-env.ts points `wasmPaths.wasm` there).
 *
 * Two build steps, used by wxt.config.ts:
 * - `onnxWasmAsset()` adds that `.wasm` to the public files WXT copies (no binary in git);
 * - `keepOnnxWasmExternal()` stops Vite from inlining it: ORT's bundles name the wasm with
 *   `new URL("ort-wasm-simd-threaded.asyncify.wasm", import.meta.url)`, which Vite turns into a base64 copy
 *   inside background.js (72 MB) and a hashed copy per page. The URL is never fetched (`wasmPaths.wasm`
 *   is always set), so it is rewritten to the shipped path.
 */
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

export const ONNX_WASM_FILE = 'ort-wasm-simd-threaded.asyncify.wasm';
/** Where the wasm sits in the built extension. */
export const ONNX_WASM_PATH = `ort/${ONNX_WASM_FILE}`;

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
