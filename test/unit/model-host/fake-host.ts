/**
 * A `ModelHost` over the deterministic fake scorer and embedder, counting its calls. `encode` and `tag` are the
 * real bundled sentence encoder and message tagger (in Node, loaded once per test file): the relevance rule's weights mean
 * something only for its vectors.
 */
import type { ModelStatus } from '../../../src/core/model-status';
import type { ModelInstall } from '../../../src/messaging/contract';
import type { ModelHost, ScoreItem } from '../../../src/model-host/host';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundledEncoder, MODELS_DIR } from '../../../src/embedding/node';
import { TAGGER_FILE, TAGGER_MODEL_ID } from '../../../src/crossmap/tagger/files';
import { openNodeTagger } from '../../../src/crossmap/tagger/node';
import { detectLanguage } from '../../../src/crossmap/language';
import type { TransformersEmbedder } from '../../../src/embedding/transformers-embedder';
import { hashScorer } from '../dp/fakes';
import { hashingEmbedder } from '../scoring/hashing-embedder';

export interface FakeHost extends ModelHost {
  calls: { score: ScoreItem[][]; embed: number; encode: number };
  /** Runs inside `score`, before answering (to change things while a release is being prepared). */
  duringScore?: () => Promise<void>;
  failWith?: Error;
  /** What `generate` answers (a language model's output), or undefined: no language model. */
  generates?: (prompt: string) => Promise<string>;
}

let realEncoder: Promise<TransformersEmbedder> | undefined;
let realTagger: ReturnType<typeof openNodeTagger> | undefined;

export function fakeHost(model = 'fake-model'): FakeHost {
  const embedder = hashingEmbedder(16);
  const host: FakeHost = {
    calls: { score: [], embed: 0, encode: 0 },
    async generate(prompt) {
      if (!host.generates) throw new Error('no language model is in use for private compose');
      return host.generates(prompt);
    },
    async status(): Promise<ModelStatus> {
      return host.failWith ? { state: 'failed', model, error: host.failWith.message } : { state: 'ready', model, backend: 'wasm', reason: 'fake', loadMs: 0 };
    },
    async score(items) {
      if (host.failWith) throw host.failWith;
      host.calls.score.push([...items]);
      await host.duringScore?.();
      return { model, scores: await Promise.all(items.map((i) => hashScorer.score(i.field, i.value))) };
    },
    async embed(texts) {
      if (host.failWith) throw host.failWith;
      host.calls.embed++;
      return { model, dimension: 16, vectors: (await embedder.embed(texts)).map((v) => Array.from(v)) };
    },
    async encode(texts) {
      if (host.failWith) throw host.failWith;
      host.calls.encode++;
      const encoder = await (realEncoder ??= loadBundledEncoder());
      return { model: encoder.id, dimension: encoder.dimension, vectors: (await encoder.embed(texts)).map((v) => Array.from(v)) };
    },
    async tag(ids, tokens) {
      if (host.failWith) throw host.failWith;
      const model = await (realTagger ??= openNodeTagger(new Uint8Array(readFileSync(join(MODELS_DIR, TAGGER_FILE)))));
      const { probs, general } = await model(Int32Array.from(ids), tokens);
      return { model: TAGGER_MODEL_ID, probs: Array.from(probs), general };
    },
    async language(text) {
      return detectLanguage(text);
    },
    async startInstall(): Promise<ModelInstall> {
      throw new Error('not in the fake');
    },
    async cancelInstall() {
      return null;
    },
    async install() {
      return null;
    },
    async reload() {
      return host.status();
    },
  };
  return host;
}
