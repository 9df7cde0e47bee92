/**
 * Chrome's offscreen document: hosts the embedding model for the background service worker
 * (src/model-host/offscreen.ts explains why here) and starts loading it at once. It closes itself when the
 * model has not been used for a while (src/model-host/idle-release.ts); the next model call makes it again.
 */
import '../../src/extension/zod-jitless';
import { browserModelDeps, extensionUrl } from '../../src/model-host/browser-deps';
import { LocalModelHost } from '../../src/model-host/local-host';
import { serveModelHost } from '../../src/model-host/offscreen';
import { openVeilDatabase } from '../../src/storage/db';
import { testIdleMs, testModelHost } from '../../src/extension/test-hooks';
import { idleRelease } from '../../src/model-host/idle-release';

const deps = browserModelDeps(openVeilDatabase());
// Made again after WebGPU failed in an earlier document: WASM only.
if (new URLSearchParams(location.search).get('backend') === 'wasm') {
  deps.chooseBackend = async () => ({ backend: 'wasm', reason: 'WebGPU failed to load the model earlier, so WASM is used' });
}
const host = new LocalModelHost(deps);
serveModelHost(idleRelease(testModelHost(host), { idleMs: testIdleMs(), release: () => window.close() }), browser.runtime, extensionUrl('/background.js'));
void host.status();
