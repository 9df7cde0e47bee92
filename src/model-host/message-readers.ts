/**
 * The two models of the model host (./local-host.ts) that read a message outside its queue: the message
 * tagger (its own ONNX session, a few milliseconds a message) and the language identifier. Each is loaded
 * once per process, on first use or warmed after the scoring models; a failed load is tried again on the
 * next call.
 *
 * ```ts
 * const taggerModel = taggerLoader(deps);
 * const { probs } = await (await taggerModel())(Int32Array.from(ids), tokens);
 * const { code } = (await languageLoader()()).detectLanguage('Bonjour');
 * ```
 */
import { TAGGER_FILE } from '../crossmap/tagger/files';
import type { TagModel } from '../crossmap/tagger/tagger';
import { messageOf } from '../core/async-helpers';
import type { LocalHostDeps } from './local-host-deps';

export type LanguageIdentifier = typeof import('../crossmap/language');

/** The tagger, loading it once (again if its file changed); a failed load is tried again on the next call. */
export function taggerLoader(deps: Pick<LocalHostDeps, 'readBundled' | 'openTagger' | 'taggerFile'>): () => Promise<TagModel> {
  /** The message tagger, loaded once per process (with the models, or at the first message tagged); its file. */
  let tagger: { file: string; model: Promise<TagModel & { release(): Promise<void> }> } | undefined;
  return () => {
    const file = deps.taggerFile?.() ?? TAGGER_FILE;
    if (tagger?.file === file) return tagger.model;
    const previous = tagger?.model;
    const model = (async () => {
      await previous?.then((m) => m.release()).catch(() => undefined);
      const bytes = await deps.readBundled(file).catch(() => undefined);
      if (!bytes) throw new Error(`its file ${file} is missing from this installation`);
      return deps.openTagger(bytes);
    })().catch((error: unknown) => {
      if (tagger?.model === model) tagger = undefined;
      throw new Error(
        `Veil's message tagger could not be loaded, so Veil cannot tell what in your message is personal; nothing was sent (${messageOf(error)}). Reload the page to try again.`,
      );
    });
    tagger = { file, model };
    return model;
  };
}

/**
 * The language identifier (src/crossmap/language.ts: eld's tables, about 1 MB of script that takes half a
 * second to evaluate), imported on first use; a failed import is tried again on the next call.
 */
export function languageLoader(): () => Promise<LanguageIdentifier> {
  let identifier: Promise<LanguageIdentifier> | undefined;
  return () => {
    identifier ??= import('../crossmap/language').catch((error: unknown) => {
      identifier = undefined;
      throw new Error(
        `Veil could not load its language identifier, so it cannot tell which language your message is in; nothing was sent (${messageOf(error)})`,
      );
    });
    return identifier;
  };
}
