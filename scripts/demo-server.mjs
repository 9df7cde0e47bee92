// Serves demo/ (the local Demo Chat page) over http on 127.0.0.1. Used by `npm start` and the e2e tests.
//
//   import { serveDemo } from './demo-server.mjs';
//   const demo = await serveDemo({ port: 0 });   // port 0: any free port
//   console.log(demo.url);                        // http://127.0.0.1:PORT/
//   await demo.close();
//
// Run directly (`node scripts/demo-server.mjs [port]`) to serve it until Ctrl+C.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO_DIR = fileURLToPath(new URL('../demo/', import.meta.url));
export const DEFAULT_DEMO_PORT = 5178;

const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/** @param {{ port?: number, host?: string }} [options] @returns {Promise<{ url: string, close: () => Promise<void> }>} */
export function serveDemo({ port = DEFAULT_DEMO_PORT, host = '127.0.0.1' } = {}) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = normalize(join(DEMO_DIR, path === '/' ? 'index.html' : path));
    const type = TYPES[extname(file)];
    if (!file.startsWith(DEMO_DIR.endsWith(sep) ? DEMO_DIR : DEMO_DIR + sep) || !type) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({
        url: `http://${host}:${actual}/`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const port = Number(process.argv[2] ?? DEFAULT_DEMO_PORT);
  const demo = await serveDemo({ port });
  console.log(`Demo Chat at ${demo.url} (Ctrl+C to stop)`);
}
