/**
 * Watching everything a browser sends off this machine: an HTTP proxy on loopback that records every
 * request (plain HTTP, and CONNECT for HTTPS, whatever the host) and refuses it. Chromium sends all its
 * non-loopback traffic there with `--proxy-server`, from every context: pages, the service worker, the
 * offscreen document. Loopback (the demo page) goes direct.
 *
 * ```ts
 * const outside = await watchOutside();
 * const browser = await launchChromium(dir, { args: outside.chromiumArgs });
 * …
 * expect(outside.fromVeil()).toEqual([]);
 * ```
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Chromium's own traffic, sent from the browser process whether or not any extension is loaded (seen on
 * this machine with these flags and no extension): its update check, its sign-in probe and its network
 * time query. Anything else is a failure.
 */
const CHROMIUM_OWN = [
  /^CONNECT update\.googleapis\.com:443$/,
  /^POST http:\/\/update\.googleapis\.com\/service\/update2\/json\?/,
  /^CONNECT accounts\.google\.com:443$/,
  /^GET http:\/\/clients2\.google\.com\/time\/1\/current\?/,
];

export interface OutsideWatch {
  /** Flags for `launchChromium`. */
  chromiumArgs: string[];
  /** Every request seen, as `METHOD target`. */
  requests: string[];
  /** The requests not made by Chromium itself. */
  fromVeil(): string[];
  close(): Promise<void>;
}

export async function watchOutside(): Promise<OutsideWatch> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = request.url ?? '';
    requests.push(`${request.method} ${url}`);
    response.writeHead(403).end();
  });
  server.on('connect', (request, socket) => {
    requests.push(`CONNECT ${request.url ?? ''}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // Autofill would ask Google about the forms of Veil's pages: Chromium's feature, switched off here
    // (and in any browser that respects the person's autofill settings).
    chromiumArgs: [`--proxy-server=http://127.0.0.1:${port}`, '--disable-features=AutofillServerCommunication'],
    requests,
    fromVeil: () => requests.filter((line) => !CHROMIUM_OWN.some((own) => own.test(line))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
