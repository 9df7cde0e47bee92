/**
 * TEST BUILDS ONLY (VEIL_TEST=1): hooks the end-to-end tests reach from outside. `import.meta.env.VEIL_TEST`
 * is a build-time constant, so every other build compiles this to `{}`.
 *
 * - `beforeCharge`: awaits `globalThis.veilTestBeforeCharge()` if a test set it in the service worker
 *   (Playwright `worker.evaluate`), between planning a release and charging it, so a test can change
 *   the profile right there and check that the plan is refused and made again.
 * - `allowModelSource`: `model.install` may name a local download server.
 * - `testModelHost`: in Chrome's offscreen document, a model call (score, embed) first awaits
 *   `globalThis.veilTestModelHold` if a test set it there (DevTools `Runtime.evaluate`), so a test can keep
 *   a release's model call in flight and close or crash the document under it.
 * - `testIdleMs`: how long the offscreen document keeps an unused model (src/model-host/idle-release.ts);
 *   a test sets `globalThis.veilTestIdleMs` there to see it released.
 */
import type { ModelHost } from '../model-host/host';
import type { HandlerDeps } from './handlers';
import { IDLE_RELEASE_MS } from '../model-host/idle-release';

export function testHooks(): Pick<HandlerDeps, 'beforeCharge' | 'allowModelSource'> {
  if (!import.meta.env.VEIL_TEST) return {};
  return {
    beforeCharge: async () => {
      const hook = (globalThis as { veilTestBeforeCharge?: () => Promise<void> }).veilTestBeforeCharge;
      if (hook) await hook();
    },
    allowModelSource: true,
  };
}

export function testModelHost(host: ModelHost): ModelHost {
  if (!import.meta.env.VEIL_TEST) return host;
  const hold = () => (globalThis as { veilTestModelHold?: Promise<void> }).veilTestModelHold;
  return {
    status: () => host.status(),
    score: async (items) => {
      await hold();
      return host.score(items);
    },
    embed: async (texts) => {
      await hold();
      return host.embed(texts);
    },
    encode: async (texts) => {
      await hold();
      return host.encode(texts);
    },
    tag: async (ids, tokens) => {
      await hold();
      return host.tag(ids, tokens);
    },
    language: (text) => host.language(text),
    startInstall: (model, source) => host.startInstall(model, source),
    cancelInstall: () => host.cancelInstall(),
    install: () => host.install(),
    reload: () => host.reload(),
    generate: (prompt) => host.generate(prompt),
  };
}

export function testIdleMs(): () => number {
  if (!import.meta.env.VEIL_TEST) return () => IDLE_RELEASE_MS;
  return () => (globalThis as { veilTestIdleMs?: number }).veilTestIdleMs ?? IDLE_RELEASE_MS;
}
