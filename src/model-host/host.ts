/**
 * The model host: the one place the embedding model runs (Chrome: an offscreen document; Firefox: the
 * background page; Node tests: in-process). The background's release service talks to it through this
 * interface only, so it never imports the model runtime. Values come in, scores go out; nothing here
 * is sent anywhere.
 *
 * ```ts
 * const { model, scores } = await host.score([{ field: 'occupation', value: 'Pediatric nurse' }]);
 * ```
 */
import type { ModelStatus } from '../core/model-status';
import type { ModelInstall } from '../messaging/contract';

export interface ScoreItem {
  field: string;
  value: string;
}

export interface ModelHost {
  /** Where the model stands; starts loading it if nothing has yet. */
  status(): Promise<ModelStatus>;
  /** Scores of each item against its field's domain, with the id of the model that made them. */
  score(items: readonly ScoreItem[]): Promise<{ model: string; scores: number[][] }>;
  /** Unit-norm (or zero) vectors of public texts (field names and their descriptions). */
  embed(texts: readonly string[]): Promise<{ model: string; dimension: number; vectors: number[][] }>;
  /**
   * Unit-norm vectors of messages by the bundled sentence encoder (src/embedding/bundled.ts
   * ENCODER_MODEL_ID), whichever model scores: what a message is about (relevance, topics). Loaded with
   * the scoring model; a release waits for both.
   */
  encode(texts: readonly string[]): Promise<{ model: string; dimension: number; vectors: number[][] }>;
  /**
   * The message tagger (src/crossmap/tagger): for one message's token features (`FEATURE_SLOTS` ids per token,
   * made by the caller), the probability of each label per token, `tokens × LABELS.length`, row-major. Loaded
   * with the other bundled models; a failed load fails the call, and the send waits or is refused.
   */
  tag(ids: readonly number[], tokens: number): Promise<{ model: string; probs: number[]; general: number }>;
  /** The language of a message (src/crossmap/language.ts), which decides whether the tagger reads it. */
  language(text: string): Promise<{ code: string; name: string; read: boolean }>;
  /** Download `model` from the catalog (src/model-host/catalog.ts) and switch to it; progress via `install()`. */
  startInstall(model: string, source?: string): Promise<ModelInstall>;
  cancelInstall(): Promise<ModelInstall | null>;
  /** The latest download, running or ended. */
  install(): Promise<ModelInstall | null>;
  /** Load the model stored as active (after `model.use` changed it). */
  reload(): Promise<ModelStatus>;
  /** Private compose: the installed language model's continuation of `prompt` (refused when none is in use). */
  generate(prompt: string): Promise<string>;
}
