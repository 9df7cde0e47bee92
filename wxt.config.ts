import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import type { Plugin } from 'vite';
import { siteMatches } from './src/sites/index';
import { keepOnnxWasmExternal, onnxAlias, onnxWasmAsset } from './scripts/build/onnx-runtime';

/**
 * VEIL_TEST=1 (scripts/build-test.mjs) builds the end-to-end test variant into .output-test/:
 * - popup.html and options.html become web-accessible, because Firefox lets a test tab open a
 *   moz-extension:// page only then (never in a build people install: a web page could frame them);
 * - the test-probe content script (entrypoints/test-probe.content.ts) is included on the local demo page,
 *   so the tests can send forged messages from a content-script context.
 */
const TEST = process.env.VEIL_TEST === '1';
/**
 * VEIL_DEMO=1 (`npm start`, `npm run build:demo`; the test build too) acts on the local Demo Chat page, on
 * http://localhost and http://127.0.0.1. A build without it (`npm run build`, the store zips) leaves every
 * local page alone (src/sites/index.ts).
 */
const DEMO = TEST || process.env.VEIL_DEMO === '1';
/** The registry's sites this build acts on. */
const SITE_MATCHES = siteMatches({ demo: DEMO });

/** Sites the generic adapter can be switched on for: any http(s) origin, asked for one at a time. */
const GENERIC_MATCHES = ['https://*/*', 'http://*/*'];
/**
 * The test build is granted the generic fixture's origin up front (test/e2e/generic-site.test.ts): a
 * headless browser cannot answer the permission question, and a granted origin is not asked again.
 */
const GENERIC_TEST_MATCHES = ['https://chat.generic.test/*'];
const TEST_ONLY_ENTRYPOINTS = new Set(['test-probe']);
/**
 * Entrypoints one browser does not build by design: Firefox has no offscreen documents (its background
 * page hosts the model). WXT would list them as "skipped" on every Firefox build, which reads as trouble;
 * they are dropped before it does, so a skip it does report is one nobody planned.
 */
const NOT_FOR_BROWSER: Readonly<Record<string, ReadonlySet<string>>> = { firefox: new Set(['offscreen']) };

/**
 * Build warnings that are expected, each with its reason, filtered so that what remains is worth reading:
 * - EMPTY_IMPORT_META in transformers.js: Firefox's MV2 background is an iife, where `import.meta` becomes
 *   `{}`. transformers.js reads `import.meta.url` only when `location` is undefined (toAbsoluteURL), and a
 *   background page always has `location`, so the replacement never matters.
 */
function quietExpectedWarnings(): Plugin {
  return {
    name: 'veil-quiet-expected-warnings',
    onLog(_level, log) {
      const where = `${log.id ?? ''} ${log.message}`;
      if (log.code === 'EMPTY_IMPORT_META' && /@huggingface[\\/]transformers/.test(where)) return false;
    },
  };
}

/**
 * A store zip must never carry the test-only pieces above. Refuse as soon as the config loads for
 * `wxt zip` (the CLI), and again at the `zip:start` hook for any other way of zipping.
 */
const TEST_ZIP_REFUSED = 'Veil: refusing to zip a test or demo build (VEIL_TEST or VEIL_DEMO is set); unset them and run npm run zip';
if ((process.env.VEIL_TEST || process.env.VEIL_DEMO) && process.argv.slice(2).includes('zip')) throw new Error(TEST_ZIP_REFUSED);

/** Firefox only (Chrome warns about the key). A fixed id keeps the extension's IndexedDB across updates. */
const FIREFOX_SETTINGS = {
  gecko: {
    id: 'veil@veil.local',
    // 140 (the current ESR) is the first to know data_collection_permissions.
    strict_min_version: '140.0',
    // Veil collects and transmits nothing to its authors.
    data_collection_permissions: { required: ['none'] },
  },
  gecko_android: { strict_min_version: '142.0' },
};

// See https://wxt.dev/api/config.html
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  publicDir: 'public',
  // VEIL_OUT_DIR: scripts/build-test.mjs builds a production variant next to the test build, to check it.
  outDir: process.env.VEIL_OUT_DIR ?? (TEST ? '.output-test' : DEMO ? '.output-demo' : '.output'),
  vite: () => ({
    plugins: [preact(), keepOnnxWasmExternal(), quietExpectedWarnings()],
    resolve: { alias: onnxAlias() },
    // Test-only hooks (src/extension/test-hooks.ts) are compiled out of every other build.
    // The demo site (above) is in or out of the registry by the same kind of constant.
    define: { 'import.meta.env.VEIL_TEST': JSON.stringify(TEST), 'import.meta.env.VEIL_DEMO': JSON.stringify(DEMO) },
    build: {
      // Vite's 500 kB warning is about pages fetched over a network. An extension's chunks are read from
      // its own files on the device, and the large ones are data and runtimes loaded once: the category
      // descriptions (about 1.5 MB) and the model host (transformers.js with ONNX Runtime's JavaScript,
      // about 1.8 MB; its wasm ships apart). The limit sits above them, so a chunk that grows past it
      // still warns.
      chunkSizeWarningLimit: 2500,
    },
  }),
  hooks: {
    'build:publicAssets': (_wxt, files) => {
      files.push(onnxWasmAsset());
    },
    'zip:start': () => {
      if (process.env.VEIL_TEST || process.env.VEIL_DEMO) throw new Error(TEST_ZIP_REFUSED);
    },
    'entrypoints:resolved': (wxt, entrypoints) => {
      const notHere = NOT_FOR_BROWSER[wxt.config.browser];
      for (let i = entrypoints.length - 1; i >= 0; i--) {
        const { name, skipped } = entrypoints[i]!;
        if ((!TEST && TEST_ONLY_ENTRYPOINTS.has(name)) || (skipped && notHere?.has(name))) entrypoints.splice(i, 1);
      }
    },
  },
  manifest: ({ browser }) => ({
    name: 'Veil',
    description: 'Personalize what you ask LLM chat sites without handing them the facts you keep to yourself.',
    // offscreen: Chrome hosts the model in an offscreen document (src/model-host); Firefox in its background page.
    // scripting + activeTab: the generic adapter (src/sites/generic.ts) reads the URL of the tab the popup
    // was opened over, and runs its content script on the sites the person switched Veil on for.
    permissions: browser === 'firefox' ? ['storage', 'scripting', 'activeTab'] : ['storage', 'offscreen', 'scripting', 'activeTab'],
    // The model runs ONNX Runtime's wasm, shipped in the extension: compiling it needs 'wasm-unsafe-eval'.
    // Nothing else is loosened: scripts come only from the extension itself.
    // WXT turns this into MV2's string form for Firefox.
    content_security_policy: { extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';" },
    // The chat sites of the registry (src/sites), and the local demo chat page in a demo build (npm start).
    host_permissions: [...SITE_MATCHES, ...(TEST ? GENERIC_TEST_MATCHES : [])],
    // Any other site, one origin at a time, asked for when the person switches Veil on there (the generic
    // adapter). Firefox's MV2 has no optional_host_permissions: hosts go in optional_permissions there.
    ...(browser === 'firefox' ? { optional_permissions: GENERIC_MATCHES } : { optional_host_permissions: GENERIC_MATCHES }),
    // Chrome 137: the first with WebAssembly JSPI, which the shipped ONNX Runtime needs (src/model-host/onnx-wasm.ts).
    ...(browser === 'firefox' ? { browser_specific_settings: FIREFOX_SETTINGS } : { minimum_chrome_version: '137' }),
    // The review panel sits in an iframe over the chat sites' pages (src/content/panel-frame.ts), and over
    // any site the person switches Veil on for, which cannot be known ahead: so every http(s) page may
    // load review.html (it shows nothing without the one-time token the background hands its content
    // script; a page can tell from it that Veil is installed).
    web_accessible_resources: [
      // CROSS-MAP's compose box sits over the same pages, on the same terms (a one-time token).
      { resources: ['review.html', 'compose.html', 'restore.html'], matches: GENERIC_MATCHES },
      ...(TEST ? [{ resources: ['popup.html', 'options.html'], matches: ['http://localhost/*', 'http://127.0.0.1/*'] }] : []),
    ],
  }),
});
