/**
 * The background's own memory of messages' vectors, in front of the model host: a draft read ahead
 * (`review.prepare`) is encoded once, and the release and the review's topic hints at the key press then
 * find it here, without a round trip to the offscreen document (measured: 4–11 ms each on this machine,
 * more when the document is busy). The encoder never changes (it is the bundled one), so a vector never
 * goes stale; the oldest are forgotten past `entries`. This worker's memory only, like the host's caches.
 */
import type { ModelHost } from './host';

export function withEncodeCache(host: ModelHost, entries = 128): ModelHost {
  const vectors = new Map<string, number[]>();
  let model = '';
  let dimension = 0;
  return {
    status: () => host.status(),
    score: (items) => host.score(items),
    embed: (texts) => host.embed(texts),
    async encode(texts) {
      const missing = [...new Set(texts.filter((t) => !vectors.has(t)))];
      if (missing.length > 0) {
        const answer = await host.encode(missing);
        ({ model, dimension } = answer);
        missing.forEach((t, i) => {
          vectors.delete(t);
          vectors.set(t, answer.vectors[i]!);
          if (vectors.size > entries) vectors.delete(vectors.keys().next().value!);
        });
      }
      return { model, dimension, vectors: texts.map((t) => vectors.get(t)!) };
    },
    tag: (ids, tokens) => host.tag(ids, tokens),
    language: (text) => host.language(text),
    startInstall: (id, source) => host.startInstall(id, source),
    cancelInstall: () => host.cancelInstall(),
    install: () => host.install(),
    reload: () => host.reload(),
    generate: (prompt) => host.generate(prompt),
  };
}
