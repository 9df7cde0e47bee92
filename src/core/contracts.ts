/**
 * The small interfaces that join the privacy core's parts. Each is implemented once in `src/` and
 * replaced by a fake in tests. No browser API here.
 */

/** Turns texts into unit-norm vectors. Implemented over transformers.js feature extraction. */
export interface Embedder {
  /** Stable id of the model (e.g. "veil-glove-100d"); cached candidate embeddings are keyed by it. */
  readonly id: string;
  readonly dimension: number;
  /** One unit-norm vector per text (a text with no known token gives the zero vector). */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** One public category of a candidate domain. */
export interface Category {
  /** Stable code from DESIGN.md "Domains" (e.g. "2", "155", "roa", "unspecified"). */
  readonly code: string;
  /** Human label used in release text (e.g. "Professionals"). */
  readonly label: string;
}

/** The public, finite, fixed candidate set `C_f` of a field. Always contains `unspecified`. */
export interface CandidateDomain {
  readonly field: string;
  readonly categories: readonly Category[];
}

/**
 * Scores `s_f(v, y) ∈ [0,1]` of a value against every category of its field's domain, in the
 * domain's category order. Deterministic: a function of (field, value) and public data only.
 */
export interface Scorer {
  score(field: string, value: string): Promise<number[]>;
}

/** Uniform random bits. `crypto.getRandomValues` in use; a seeded source only for tests and evaluation. */
export interface RandomSource {
  /** Fill `bytes` with uniform random bytes. */
  fill(bytes: Uint8Array): void;
}
