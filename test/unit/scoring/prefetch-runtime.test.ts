/** Reading ONNX Runtime's wasm ahead of the first session (src/embedding/transformers-embedder.ts). */
import { env } from '@huggingface/transformers';
import { describe, expect, it } from 'vitest';
import { loadBundledEncoder } from '../../../src/embedding/node';
import { prefetchRuntime } from '../../../src/embedding/transformers-embedder';

const wasm = () => env.backends.onnx.wasm!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prefetchRuntime', () => {
  it('hands the bytes to ONNX Runtime when read, nothing when the read fails, and nothing once a session was made', async () => {
    prefetchRuntime('/ort/missing.wasm', async () => new Response(null, { status: 404 }));
    await settle();
    expect(wasm().wasmBinary).toBeUndefined();
    prefetchRuntime('/ort/offline.wasm', async () => {
      throw new TypeError('Failed to fetch');
    });
    await settle();
    expect(wasm().wasmBinary).toBeUndefined();

    const bytes = new Uint8Array([0, 97, 115, 109]);
    prefetchRuntime('/ort/runtime.wasm', async () => new Response(bytes));
    await settle();
    expect(new Uint8Array(wasm().wasmBinary as ArrayBuffer)).toEqual(bytes);
    // These four bytes are no runtime: take them back before a real session is made here.
    delete wasm().wasmBinary;

    await loadBundledEncoder();
    prefetchRuntime('/ort/runtime.wasm', async () => new Response(bytes));
    await settle();
    expect(wasm().wasmBinary).toBeUndefined();
  });
});
