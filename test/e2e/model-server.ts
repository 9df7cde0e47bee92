/**
 * A stand-in for the model hub on loopback: serves the bundled model's files as the catalog's test model
 * `veil-test/glove-copy` at `/<id>/resolve/main/<file>`, the hub's layout. Modes: `ok`; `fail` (the ONNX
 * file is missing: 404); `slow` (the ONNX file trickles in 64 KB every 100 ms, time enough to cancel).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const MODEL_DIR = resolve('public/models/veil-glove-100d');
const PREFIX = '/veil-test/glove-copy/resolve/main/';
const FILES = new Set(['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx']);

export type ModelServerMode = 'ok' | 'fail' | 'slow';

export async function serveModel(): Promise<{ url: string; setMode: (mode: ModelServerMode) => void; requests: string[]; close: () => Promise<void> }> {
  let mode: ModelServerMode = 'ok';
  const requests: string[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
    const file = path.startsWith(PREFIX) ? path.slice(PREFIX.length) : '';
    if (!FILES.has(file) || (mode === 'fail' && file === 'onnx/model.onnx')) {
      response.writeHead(404, headers).end('not found');
      return;
    }
    const body = await readFile(join(MODEL_DIR, file));
    response.writeHead(200, { ...headers, 'content-length': String(body.byteLength), 'content-type': 'application/octet-stream' });
    if (mode !== 'slow' || file !== 'onnx/model.onnx') {
      response.end(body);
      return;
    }
    open.add(response);
    response.on('close', () => open.delete(response));
    for (let at = 0; at < body.byteLength && !response.destroyed; at += 65_536) {
      response.write(body.subarray(at, at + 65_536));
      await new Promise((r) => setTimeout(r, 100));
    }
    response.end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setMode: (next) => (mode = next),
    requests,
    close: () => {
      for (const response of open) response.destroy();
      return new Promise((done) => server.close(() => done()));
    },
  };
}
