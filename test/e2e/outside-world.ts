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
 * Chromium's own traffic to Google's browser services, sent from the browser process whether or not any
 * extension is loaded (seen on this machine with these flags and no extension: the update check, the
 * sign-in probe, the network time query, the optimization guide; which ones, and when, varies from run to
 * run). Veil never contacts Google; anything to any other host is a failure.
 */
const CHROMIUM_OWN = [
  /^CONNECT [a-z0-9.-]+\.(googleapis|google)\.com:443$/,
  /^(GET|POST) http:\/\/[a-z0-9.-]+\.(googleapis|google)\.com\//,
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
    // Fewer of Chromium's own requests: autofill would ask Google about the forms of Veil's pages, the
    // optimization guide fetches hints and models.
    chromiumArgs: [
      `--proxy-server=http://127.0.0.1:${port}`,
      '--disable-features=AutofillServerCommunication,OptimizationHints,OptimizationHintsFetching,OptimizationGuideModelDownloading',
    ],
    requests,
    fromVeil: () => requests.filter((line) => !CHROMIUM_OWN.some((own) => own.test(line))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
