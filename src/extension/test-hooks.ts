/**
 * TEST BUILDS ONLY (VEIL_TEST=1): hooks the end-to-end tests reach from outside. `import.meta.env.VEIL_TEST`
 * is a build-time constant, so every other build compiles this to `{}`.
 *
 * - `beforeCharge`: awaits `globalThis.veilTestBeforeCharge()` if a test set it in the service worker
 *   (Playwright `worker.evaluate`), between planning a release and charging it, so a test can change
 *   the profile right there and check that the plan is refused and made again.
 * - `allowModelSource`: `model.install` may name a local download server.
 */
import type { HandlerDeps } from './handlers';

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
