/**
 * An optional model's files: downloaded whole from the hub (`downloadFiles`), then read by transformers.js
 * through its file cache, from memory before they are stored (`memoryFileCache`) or from IndexedDB once
 * installed (`storedFileCache`).
 *
 * ```ts
 * const files = await downloadFiles(fetch, entry, MODEL_HUB, abort.signal, (fraction, detail) => show(fraction, detail));
 * const fileCache = memoryFileCache(modelBase, entry.id, files);   // try it before keeping it
 * ```
 */
import type { ModelFileCache } from '../embedding/transformers-embedder';
import type { VeilDatabase } from '../storage/db';
import { readModelFile } from '../storage/model-store';
import type { CatalogModel } from './catalog';
import { messageOf } from '../core/async-helpers';
import { abortError } from './host-errors';

/** Fetch every file of `entry`, with progress over all of them; nothing is kept if any fails. */
export async function downloadFiles(
  fetcher: typeof fetch,
  entry: Pick<CatalogModel, 'id' | 'files'>,
  source: string,
  signal: AbortSignal,
  progress: (fraction: number, detail: string) => void,
): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  const expected = entry.files.reduce((s, f) => s + f.bytes, 0);
  let received = 0;
  for (const file of entry.files) {
    const url = `${source.replace(/\/$/, '')}/${entry.id}/resolve/main/${file.path}`;
    let response: Response;
    try {
      response = await fetcher(url, { signal, credentials: 'omit', cache: 'no-store' });
    } catch (error) {
      if (signal.aborted) throw abortError();
      throw new Error(`could not download ${file.path} (${messageOf(error)})`);
    }
    if (!response.ok || !response.body) throw new Error(`could not download ${file.path} (HTTP ${response.status})`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
      received += value.byteLength;
      progress(Math.min(0.99, received / expected), `downloading ${file.path} (${(received / 1e6).toFixed(1)} MB)`);
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    files.set(file.path, bytes);
  }
  return files;
}

/** transformers.js asks its cache for `<modelBase><model>/<file>` first: answer from memory (before storing). */
export function memoryFileCache(modelBase: string, model: string, files: ReadonlyMap<string, Uint8Array>): ModelFileCache {
  return fileCache(modelBase, model, async (file) => files.get(file));
}

/** …or from IndexedDB, once installed. */
export function storedFileCache(db: VeilDatabase, modelBase: string, model: string): ModelFileCache {
  return fileCache(modelBase, model, (file) => readModelFile(db, model, file));
}

function fileCache(modelBase: string, model: string, read: (file: string) => Promise<Uint8Array | undefined>): ModelFileCache {
  const prefix = `${modelBase}${model}/`;
  return {
    async match(key) {
      if (!key.startsWith(prefix)) return undefined;
      const bytes = await read(key.slice(prefix.length));
      return bytes ? new Response(bytes.slice().buffer, { headers: { 'content-length': String(bytes.byteLength) } }) : undefined;
    },
    async put() {
      // Files are stored by the installer, whole; nothing is cached piecemeal.
    },
  };
}
