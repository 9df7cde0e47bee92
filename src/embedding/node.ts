/**
 * Node entry point for the CLI, the evaluation and the benchmark: the bundled model and its precomputed
 * candidate embeddings, read from public/models. Not for the extension (it reads files with node:fs).
 *
 * ```ts
 * const scorer = await loadBundledScorer();
 * await scorer.score('location', 'Lyon, France');
 * ```
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Embedder } from '../core/contracts';
import { decodeCandidateEmbeddings, type CandidateEmbeddings, type CandidateHeader } from '../scoring/candidate-embeddings';
import { createScorer } from '../scoring/scorer';
import { BUNDLED_MODEL_ID } from './bundled';
import { TransformersEmbedder } from './transformers-embedder';

/** public/models of this checkout. */
export const MODELS_DIR = resolve(import.meta.dirname, '../../public/models');

export async function readCandidateEmbeddings(modelId: string, dir = MODELS_DIR): Promise<CandidateEmbeddings> {
  const folder = join(dir, modelId);
  const header = JSON.parse(await readFile(join(folder, 'candidates.json'), 'utf8')) as CandidateHeader;
  const body = new Uint8Array(await readFile(join(folder, 'candidates.bin')));
  return decodeCandidateEmbeddings(header, body);
}

export async function loadBundledEmbedder(dir = MODELS_DIR): Promise<TransformersEmbedder> {
  return TransformersEmbedder.load(BUNDLED_MODEL_ID, { localModelPath: dir + '/' });
}

/** The bundled model's scorer, with its embedder for callers that embed directly (the benchmark). */
export async function loadBundledScorer(dir = MODELS_DIR): Promise<ReturnType<typeof createScorer> & { embedder: Embedder }> {
  const [embedder, candidates] = await Promise.all([loadBundledEmbedder(dir), readCandidateEmbeddings(BUNDLED_MODEL_ID, dir)]);
  return Object.assign(createScorer(embedder, candidates), { embedder });
}
