/**
 * Watching everything a browser sends off this machine: an HTTP proxy on loopback that records every
 * request (plain HTTP, and CONNECT for HTTPS, whatever the host) and refuses it. Chromium (`--proxy-server`)
 * and Firefox (its proxy preferences) send all their non-loopback traffic there, from every context:
 * pages, the service worker, the offscreen document, the background page. Loopback (the demo page) goes
 * direct.
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
 * The browsers' own traffic to their makers' services, sent whether or not any extension is loaded.
 * Chromium (seen on this machine with these flags and no extension): Google's update check, sign-in probe,
 * network time and optimization guide, varying from run to run. Firefox: its Remote Settings
 * (firefox.settings.services.mozilla.com). Veil never contacts Google or Mozilla; anything to any other
 * host is a failure.
 */
const BROWSER_OWN = [
  /^CONNECT [a-z0-9.-]+\.(googleapis|google)\.com:443$/,
  /^(GET|POST) http:\/\/[a-z0-9.-]+\.(googleapis|google)\.com\//,
  /^CONNECT [a-z0-9.-]+\.mozilla\.(com|net|org):443$/,
];

export interface OutsideWatch {
  /** Flags for `launchChromium`. */
  chromiumArgs: string[];
  /** Preferences for `launchFirefox`: every protocol through the proxy, loopback direct. */
  firefoxPrefs: Record<string, unknown>;
  /** Every request seen, as `METHOD target`. */
  requests: string[];
  /** The requests not made by the browser itself. */
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
    firefoxPrefs: {
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': port,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': port,
      'network.proxy.share_proxy_settings': true,
      'network.proxy.no_proxies_on': 'localhost, 127.0.0.1',
      'network.proxy.allow_hijacking_localhost': false,
    },
    requests,
    fromVeil: () => requests.filter((line) => !BROWSER_OWN.some((own) => own.test(line))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
