/**
 * Chrome's offscreen document: hosts the embedding model for the background service worker
 * (src/model-host/offscreen.ts explains why here) and starts loading it at once.
 */
import '../../src/extension/zod-jitless';
import { browserModelDeps, extensionUrl } from '../../src/model-host/browser-deps';
import { LocalModelHost } from '../../src/model-host/local-host';
import { serveModelHost } from '../../src/model-host/offscreen';
import { openVeilDatabase } from '../../src/storage/db';
import { testModelHost } from '../../src/extension/test-hooks';

const deps = browserModelDeps(openVeilDatabase());
// Made again after WebGPU failed in an earlier document: WASM only.
if (new URLSearchParams(location.search).get('backend') === 'wasm') {
  deps.chooseBackend = async () => ({ backend: 'wasm', reason: 'WebGPU failed to load the model earlier, so WASM is used' });
}
const host = new LocalModelHost(deps);
serveModelHost(testModelHost(host), browser.runtime, extensionUrl('/background.js'));
void host.status();
