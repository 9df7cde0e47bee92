/**
 * A `ModelHost` made on first use, so the model runtime is loaded (and, in Firefox's background page,
 * imported) only when something needs the model.
 */
import type { ModelHost } from './host';

export function lazyHost(make: () => Promise<ModelHost>): ModelHost {
  let host: Promise<ModelHost> | undefined;
  const get = () =>
    (host ??= make().catch((error: unknown) => {
      host = undefined;
      throw error;
    }));
  return {
    status: async () => (await get()).status(),
    score: async (items) => (await get()).score(items),
    embed: async (texts) => (await get()).embed(texts),
    encode: async (texts) => (await get()).encode(texts),
    tag: async (ids, tokens) => (await get()).tag(ids, tokens),
    language: async (text) => (await get()).language(text),
    startInstall: async (model, source) => (await get()).startInstall(model, source),
    cancelInstall: async () => (await get()).cancelInstall(),
    install: async () => (await get()).install(),
    reload: async () => (await get()).reload(),
    generate: async (prompt) => (await get()).generate(prompt),
  };
}
