/**
 * Free the model's memory when Veil has not used it for a while (issue 21): Chrome's offscreen document
 * closes itself, and the next model call makes it again (src/model-host/offscreen.ts), which loads the
 * model anew (about a second, measured by `npm run bench`). A draft read ahead (`review.prepare`, sent
 * when typing in a chat's composer pauses) is such a call, so the reload runs while the person writes.
 *
 * Measured here (bench/browser.ts): the document with both models holds about 140 MiB of Chromium's
 * memory, most of Veil's share; Firefox runs the model in its background page, which cannot be closed, so
 * this applies to Chrome only.
 *
 * ```ts
 * serveModelHost(idleRelease(host, { idleMs: IDLE_RELEASE_MS, release: () => window.close() }), …);
 * ```
 *
 * Never while a call is being answered, nor while a model download runs (it would be lost).
 */
import type { ModelHost } from './host';

/** How long the model stays loaded after its last call. */
export const IDLE_RELEASE_MS = 5 * 60_000;

export interface IdleOptions {
  /** Read at every scheduling, so a test build can shorten it while it runs. */
  idleMs: () => number;
  /** Free the model (close the document). */
  release: () => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export function idleRelease(host: ModelHost, options: IdleOptions): ModelHost {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let inFlight = 0;
  let timer: unknown;

  const schedule = () => {
    if (timer !== undefined) clearTimer(timer);
    timer = setTimer(() => void expire(), options.idleMs());
  };
  const expire = async () => {
    timer = undefined;
    if (inFlight > 0) return; // its end schedules again
    const install = await host.install().catch(() => null);
    if (inFlight > 0) return;
    if (install?.state === 'downloading' || install?.state === 'computing') schedule();
    else options.release();
  };
  const tracked =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      inFlight++;
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      try {
        return await call(...args);
      } finally {
        inFlight--;
        if (inFlight === 0) schedule();
      }
    };

  schedule();
  return {
    status: tracked(() => host.status()),
    score: tracked((items) => host.score(items)),
    embed: tracked((texts) => host.embed(texts)),
    encode: tracked((texts) => host.encode(texts)),
    tag: tracked((ids, tokens) => host.tag(ids, tokens)),
    language: tracked((text) => host.language(text)),
    startInstall: tracked((model, source) => host.startInstall(model, source)),
    cancelInstall: tracked(() => host.cancelInstall()),
    install: tracked(() => host.install()),
    reload: tracked(() => host.reload()),
    generate: tracked((prompt) => host.generate(prompt)),
  };
}
