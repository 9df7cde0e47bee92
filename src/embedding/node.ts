/**
 * Node entry point for the CLI, the evaluation and the benchmark: the bundled model and its precomputed
 * candidate embeddings, read from public/models. Not for the extension (it reads files with node:fs; the
 * extension calls ./load-scorer.ts with a fetch-based `readFile`).
 *
 * ```ts
 * const scorer = await loadBundledScorer();
 * await scorer.score('location', 'Lyon, France');
 * ```
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Embedder } from '../core/contracts';
import { BUNDLED_MODEL_ID, ENCODER_MODEL_ID } from './bundled';
import { loadScorer, type LoadedScorer } from './load-scorer';
import { TransformersEmbedder } from './transformers-embedder';

/** public/models of this checkout. */
export const MODELS_DIR = resolve(import.meta.dirname, '../../public/models');

/** Bytes of a file under `dir`, or undefined if it does not exist. */
export function fileReader(dir: string): (path: string) => Promise<Uint8Array | undefined> {
  return async (path) => {
    try {
      return new Uint8Array(await readFile(join(dir, path)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
}

export async function loadBundledEmbedder(dir = MODELS_DIR): Promise<TransformersEmbedder> {
  return TransformersEmbedder.load(BUNDLED_MODEL_ID, { localModelPath: dir + '/' });
}

/** Any model folder under `dir` (a transformers.js feature-extraction model), candidates computed if absent. */
export async function loadModelScorer(modelId: string, dir = MODELS_DIR): Promise<LoadedScorer> {
  return loadScorer({ modelId, modelBase: dir + '/', readFile: fileReader(dir) });
}

/** The bundled model's scorer, with its embedder for callers that embed directly (the benchmark). */
export async function loadBundledScorer(dir = MODELS_DIR): Promise<LoadedScorer['scorer'] & { embedder: Embedder }> {
  const { scorer, embedder, computed } = await loadModelScorer(BUNDLED_MODEL_ID, dir);
  if (computed) throw new Error(`${dir}/${BUNDLED_MODEL_ID} lacks candidates.json/bin: run npm run build:model`);
  return Object.assign(scorer, { embedder });
}

/** The bundled sentence encoder (public/models/veil-use-lite), for the CLI, evaluations and build scripts. */
export async function loadBundledEncoder(dir = MODELS_DIR): Promise<TransformersEmbedder> {
  return TransformersEmbedder.load(ENCODER_MODEL_ID, { localModelPath: dir + '/' });
}
