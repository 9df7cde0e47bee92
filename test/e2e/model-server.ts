/**
 * A stand-in for the model hub on loopback: serves the bundled model's files as the catalog's test model
 * `veil-test/glove-copy` at `/<id>/resolve/main/<file>`, the hub's layout, and the tiny generator of
 * scripts/model/tiny-generator.ts as `veil-test/tiny-generator` (written when the server starts). Modes:
 * `ok`; `fail` (the ONNX file is missing: 404); `slow` (the ONNX file trickles in 64 KB every 100 ms, time
 * enough to cancel).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeTinyGenerator } from '../../scripts/model/tiny-generator';

/** What the tiny generator writes, whatever it is asked: valid JSON that maps nothing. */
export const TINY_GENERATOR_OUTPUT = ['{"theme":', '"orchard",', '"dictionary":', '[],', '"mapped":', '"A message about apples."}'];
const GENERATOR_PREFIX = '/veil-test/tiny-generator/resolve/main/';
const GENERATOR_FILES = new Set(['config.json', 'generation_config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx']);

const MODEL_DIR = resolve('public/models/veil-glove-100d');
const PREFIX = '/veil-test/glove-copy/resolve/main/';
const FILES = new Set(['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx']);

export type ModelServerMode = 'ok' | 'fail' | 'slow';

export async function serveModel(): Promise<{ url: string; setMode: (mode: ModelServerMode) => void; requests: string[]; close: () => Promise<void> }> {
  let mode: ModelServerMode = 'ok';
  const generatorDir = mkdtempSync(join(tmpdir(), 'veil-tiny-generator-'));
  writeTinyGenerator(generatorDir, TINY_GENERATOR_OUTPUT);
  const requests: string[] = [];
  const open = new Set<ServerResponse>();
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- node's server ignores the handler's promise; a failure surfaces as an unhandled rejection, which fails the test run.
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
    if (path.startsWith(GENERATOR_PREFIX) && GENERATOR_FILES.has(path.slice(GENERATOR_PREFIX.length))) {
      const body = await readFile(join(generatorDir, path.slice(GENERATOR_PREFIX.length)));
      response.writeHead(200, { ...headers, 'content-length': String(body.byteLength), 'content-type': 'application/octet-stream' }).end(body);
      return;
    }
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
