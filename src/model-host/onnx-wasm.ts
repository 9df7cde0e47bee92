/**
 * The one ONNX Runtime build Veil ships, named once for the build (scripts/build/onnx-runtime.ts) and for
 * the model host (browser-deps.ts).
 *
 * It is the WebGPU-capable JSPI build of the `onnxruntime-web` that @huggingface/transformers 4.3.2 uses
 * (the same version, pinned in package.json). transformers.js imports the asyncify build
 * (`onnxruntime-web/webgpu`); the build aliases that import to `onnxruntime-web/jspi`, which runs the same
 * WebGPU and WASM kernels but suspends with the browser's WebAssembly JS Promise Integration instead of
 * asyncify's code rewriting. Measured here (headless Chromium, offscreen document, 2 cores): the first
 * ONNX session took 1.16 s instead of 2.28 s, and the wasm is 16.8 MB instead of 26.9 MB. JSPI ships in
 * Chrome 137+ and in Firefox (checked in Firefox ESR 153); a browser without it gets a clear error.
 */
export const ONNX_WASM_FILE = 'ort-wasm-simd-threaded.jspi.wasm';
/** Where it sits in the built extension. */
export const ONNX_WASM_PATH = `ort/${ONNX_WASM_FILE}`;
/** The module specifier transformers.js imports, and the one the build puts in its place. */
export const ONNX_IMPORTED = 'onnxruntime-web/webgpu';
export const ONNX_SHIPPED = 'onnxruntime-web/jspi';
