/**
 * Loads a `Scorer` for any transformers.js feature-extraction model, wherever its files live: the bundled
 * model with its precomputed candidate embeddings, or a model the person downloaded, whose candidate
 * embeddings are computed here from the public descriptions (DESIGN.md: "A stronger model changes the
 * embedding space") and handed back for the caller to cache (e.g. in IndexedDB, encoded with
 * `encodeCandidateEmbeddings`).
 *
 * ```ts
 * const { scorer, computed, candidates } = await loadScorer({
 *   modelId: 'veil-glove-100d',
 *   modelBase: chrome.runtime.getURL('models/'),
 *   readFile: async (path) => { const r = await fetch(chrome.runtime.getURL(`models/${path}`)); return r.ok ? new Uint8Array(await r.arrayBuffer()) : undefined; },
 * });
 * ```
 *
 * No browser API here: file access comes in as `readFile`.
 */
import type { Scorer } from '../core/contracts';
import {
  candidateShapeProblem,
  decodeCandidateEmbeddings,
  embedCandidates,
  type CandidateEmbeddings,
  type CandidateHeader,
} from '../scoring/candidate-embeddings';
import { createScorer } from '../scoring/scorer';
import { TransformersEmbedder, type LoadOptions } from './transformers-embedder';

export interface ScorerSource extends Omit<LoadOptions, 'localModelPath'> {
  modelId: string;
  /** Folder or URL prefix (ending in "/") that holds `<modelId>/`. */
  modelBase: string;
  /** Bytes of a file under `modelBase` (path like "veil-glove-100d/candidates.bin"), or undefined if absent. */
  readFile(path: string): Promise<Uint8Array | undefined>;
  /** Candidate embeddings cached earlier; used when they belong to `modelId`. */
  cached?: CandidateEmbeddings;
  /** Progress of computing candidate embeddings (fields done / total). */
  candidateProgress?: (done: number, total: number) => void;
}

export interface LoadedScorer {
  scorer: Scorer;
  embedder: TransformersEmbedder;
  candidates: CandidateEmbeddings;
  /** True when the candidate embeddings were computed now (cache them). */
  computed: boolean;
}

export async function loadScorer(source: ScorerSource): Promise<LoadedScorer> {
  const { modelId, modelBase, readFile: _readFile, cached: _cached, candidateProgress: _progress, ...options } = source;
  const embedder = await TransformersEmbedder.load(modelId, { ...options, localModelPath: modelBase });
  try {
    const { candidates, computed } = await candidatesFor(embedder, source);
    return { scorer: createScorer(embedder, candidates), embedder, candidates, computed };
  } catch (error) {
    // A failed or cancelled computation must not leave a model session behind.
    await embedder.dispose();
    throw error;
  }
}

async function candidatesFor(embedder: TransformersEmbedder, source: ScorerSource): Promise<{ candidates: CandidateEmbeddings; computed: boolean }> {
  const { modelId, readFile, cached, candidateProgress } = source;
  // A cache that no longer fits the domains (written by another version, or damaged) is recomputed.
  let candidates = cached?.modelId === modelId && cached.dimension === embedder.dimension && !candidateShapeProblem(cached) ? cached : undefined;
  let computed = false;
  if (!candidates) {
    const [header, body] = await Promise.all([readFile(`${modelId}/candidates.json`), readFile(`${modelId}/candidates.bin`)]);
    if (header && body) {
      try {
        candidates = decodeCandidateEmbeddings(JSON.parse(new TextDecoder().decode(header)) as CandidateHeader, body);
      } catch (error) {
        // The shipped files are part of the install: a damaged one is a broken install, said plainly.
        throw new Error(
          `${modelId}/candidates.json + .bin cannot be read (${error instanceof Error ? error.message : String(error)}); reinstall Veil or run npm run build:model`,
        );
      }
    }
  }
  if (!candidates) {
    // The descriptions (≈1.4 MB of titles) are only loaded on this path.
    const { categoryDescriptions } = await import('../domains/descriptions');
    candidates = await embedCandidates(embedder, categoryDescriptions, candidateProgress);
    computed = true;
  }
  return { candidates, computed };
}
