/**
 * The chat sites' stand-ins (src/sites/fixtures/), and a small site outside the registry, served over HTTPS under their real host names, so a browser
 * (and Veil's content scripts, which match those hosts) sees `https://chatgpt.com/`, `https://claude.ai/`,
 * `https://gemini.google.com/app` while everything stays on loopback.
 *
 * - The page scripts are bundled once per process with esbuild (IIFE, in memory).
 * - A throwaway self-signed certificate for the fixture host names is made with `openssl req -x509`.
 * - The page is chosen by the request's Host: any path on a host serves that site's page (`/`, `/c/abc`,
 *   `/app`, `/new`, with or without a query). Assets are under `/__fixture__/` on the same host. Headers as
 *   the sites send: a CSP `script-src 'self'` (no inline script), and for Gemini `require-trusted-types-for
 *   'script'`.
 * - One port speaks both TLS and plain HTTP: plain HTTP is a proxy that accepts `CONNECT <site>:443` and
 *   tunnels it to the same server (how Firefox reaches the sites on any port; other hosts get 403).
 *
 * Chromium: pass `chromiumArgs` (`--host-resolver-rules` maps the fixture host names to the port, and
 * `--ignore-certificate-errors`; in Playwright also `ignoreHTTPSErrors: true`).
 * Firefox (puppeteer-core over WebDriver BiDi): launch with `acceptInsecureCerts: true` and
 * `extraPrefsFirefox: firefoxPrefs`. On port 443 (`serveSites({ port: 443 })`, as root) the prefs point the
 * names at loopback by DNS (`network.dns.localDomains`) and no proxy is involved; on any other port they
 * set this server as the HTTPS proxy.
 * Combining with outside-world.ts' proxy: in Chromium add `--proxy-bypass-list=chatgpt.com;claude.ai;
 * gemini.google.com` (the resolver rules do not apply to proxied requests); in Firefox use port 443 and add
 * the three names to `network.proxy.no_proxies_on`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';

export const FIXTURE_SITES = {
  chatgpt: 'https://chatgpt.com/',
  claude: 'https://claude.ai/',
  gemini: 'https://gemini.google.com/app',
} as const;

export type FixtureSite = keyof typeof FIXTURE_SITES;

/** A chat site outside the registry (src/sites/fixtures/generic.ts), for the generic adapter. */
export const GENERIC_FIXTURE = 'https://chat.generic.test/';
type FixturePage = FixtureSite | 'generic';

/** Host name → fixture page. */
const FIXTURE_HOSTS: Readonly<Record<string, FixturePage>> = {
  'chatgpt.com': 'chatgpt',
  'claude.ai': 'claude',
  'gemini.google.com': 'gemini',
  'chat.generic.test': 'generic',
};

export interface SiteServer {
  /** The port the server listens on, on 127.0.0.1. */
  port: number;
  /** Flags for Chromium: the fixture host names resolved to this server, certificate errors ignored. */
  chromiumArgs: string[];
  /** Preferences for Firefox (also launch it with `acceptInsecureCerts: true`). */
  firefoxPrefs: Record<string, unknown>;
  /** Every request served, as `host METHOD path` (`CONNECT host:port` for proxy tunnels). */
  requests: string[];
  close(): Promise<void>;
}

const FIXTURES_DIR = fileURLToPath(new URL('../../src/sites/fixtures/', import.meta.url));
const NODE_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const ASSETS = '/__fixture__/';

const TITLES: Record<FixturePage, string> = { chatgpt: 'ChatGPT', claude: 'Claude', gemini: 'Gemini', generic: 'Small Chat' };
const STYLES: Record<FixturePage, string[]> = {
  chatgpt: ['prosemirror.css', 'fixtures.css'],
  claude: ['fixtures.css'],
  gemini: ['quill.core.css', 'fixtures.css'],
  generic: ['fixtures.css'],
};
const BASE_CSP = "script-src 'self'; object-src 'none'; base-uri 'self'";
const CSP: Record<FixturePage, string> = {
  chatgpt: BASE_CSP,
  claude: BASE_CSP,
  gemini: `${BASE_CSP}; require-trusted-types-for 'script'`,
  generic: BASE_CSP,
};

let assetsOnce: Promise<Map<string, { type: string; body: Buffer }>> | undefined;

/** The page scripts (bundled) and style sheets, by file name. Built once per process. */
function assets(): Promise<Map<string, { type: string; body: Buffer }>> {
  assetsOnce ??= (async () => {
    const result = await build({
      entryPoints: Object.fromEntries([...new Set(Object.values(FIXTURE_HOSTS))].map((site) => [site, join(FIXTURES_DIR, `${site}.ts`)])),
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: ['chrome120', 'firefox128'],
      write: false,
      outdir: '/fixture-out',
      minify: true,
      legalComments: 'none',
      charset: 'utf8',
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    const files = new Map<string, { type: string; body: Buffer }>();
    for (const file of result.outputFiles) {
      files.set(file.path.slice('/fixture-out/'.length), { type: 'text/javascript; charset=utf-8', body: Buffer.from(file.contents) });
    }
    const css = async (name: string, path: string) => files.set(name, { type: 'text/css; charset=utf-8', body: await readFile(path) });
    await css('fixtures.css', join(FIXTURES_DIR, 'fixtures.css'));
    await css('prosemirror.css', join(NODE_MODULES, 'prosemirror-view/style/prosemirror.css'));
    await css('quill.core.css', join(NODE_MODULES, 'quill/dist/quill.core.css'));
    return files;
  })();
  return assetsOnce;
}

let certificateOnce: Promise<{ key: Buffer; cert: Buffer }> | undefined;

/** A throwaway self-signed certificate for the fixture host names (made once per process). */
function certificate(): Promise<{ key: Buffer; cert: Buffer }> {
  certificateOnce ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'veil-site-cert-'));
    try {
      const names = Object.keys(FIXTURE_HOSTS)
        .map((host) => `DNS:${host}`)
        .join(',');
      await promisify(execFile)('openssl', [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '7',
        '-subj',
        '/CN=chatgpt.com',
        '-addext',
        `subjectAltName=${names}`,
      ]);
      return { key: await readFile(join(dir, 'key.pem')), cert: await readFile(join(dir, 'cert.pem')) };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  })();
  return certificateOnce;
}

function page(site: FixturePage): string {
  const styles = STYLES[site].map((name) => `<link rel="stylesheet" href="${ASSETS}${name}">`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLES[site]}</title>
${styles}
<script src="${ASSETS}${site}.js" defer></script>
</head>
<body class="fixture-${site}"></body>
</html>
`;
}

function hostOf(request: IncomingMessage): string {
  return (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
}

export async function serveSites(opts: { port?: number } = {}): Promise<SiteServer> {
  const [files, tls] = await Promise.all([assets(), certificate()]);
  const requests: string[] = [];

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const host = hostOf(request);
    const path = new URL(request.url ?? '/', 'https://x').pathname;
    requests.push(`${host} ${request.method ?? ''} ${request.url ?? ''}`);
    const site = FIXTURE_HOSTS[host];
    const common = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
    if (!site) {
      response.writeHead(404, { ...common, 'content-type': 'text/plain; charset=utf-8' }).end(`No fixture for host ${host}\n`);
      return;
    }
    if (path.startsWith(ASSETS)) {
      const file = files.get(path.slice(ASSETS.length));
      if (!file) response.writeHead(404, common).end();
      else response.writeHead(200, { ...common, 'content-type': file.type, 'content-length': String(file.body.byteLength) }).end(file.body);
      return;
    }
    if (path === '/favicon.ico') {
      response.writeHead(204, common).end();
      return;
    }
    response.writeHead(200, { ...common, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP[site] }).end(page(site));
  };

  const https = createHttpsServer({ key: tls.key, cert: tls.cert }, handle);
  // Plain HTTP on the same port: a proxy for Firefox that only tunnels to the fixture hosts, to this server.
  const http = createHttpServer((request, response) => {
    requests.push(`${hostOf(request)} ${request.method ?? ''} ${request.url ?? ''}`);
    response.writeHead(403, { 'content-type': 'text/plain' }).end('HTTPS only\n');
  });
  http.on('connect', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const target = request.url ?? '';
    requests.push(`CONNECT ${target}`);
    const [host, port] = target.split(':');
    if (!host || !FIXTURE_HOSTS[host.toLowerCase()] || port !== '443') {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) socket.unshift(head);
    https.emit('connection', socket);
  });

  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      // A TLS connection starts with a handshake record (0x16); anything else is plain HTTP.
      (first[0] === 0x16 ? https : http).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hosts = Object.keys(FIXTURE_HOSTS);

  const firefoxPrefs: Record<string, unknown> =
    port === 443
      ? { 'network.dns.localDomains': hosts.join(',') }
      : {
          'network.proxy.type': 1,
          'network.proxy.ssl': '127.0.0.1',
          'network.proxy.ssl_port': port,
          'network.proxy.share_proxy_settings': false,
          'network.proxy.no_proxies_on': 'localhost, 127.0.0.1',
        };

  return {
    port,
    chromiumArgs: [`--host-resolver-rules=${hosts.map((host) => `MAP ${host}:443 127.0.0.1:${port}`).join(',')}`, '--ignore-certificate-errors'],
    firefoxPrefs,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
