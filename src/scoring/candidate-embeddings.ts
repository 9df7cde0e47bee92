/**
 * Embeddings of the public category descriptions `T_f(y)`, computed once per model (at build time for the
 * bundled model, on the device for a downloaded one) and stored compactly: int8 rows with one float scale
 * per row. Public data only: nothing here depends on a person's value.
 *
 * ```ts
 * const candidates = await embedCandidates(embedder, categoryDescriptions);
 * const { header, body } = encodeCandidateEmbeddings(candidates);   // candidates.json + candidates.bin
 * decodeCandidateEmbeddings(header, body);                          // the same rows, int8-rounded
 * ```
 */
import type { Embedder } from '../core/contracts';
import { KNOWN_FIELDS, type KnownField } from '../core/profile';
import { candidateDomain } from '../domains';

/** The description rows of one field: category `c` owns rows `offsets[c]` to `offsets[c+1]-1`. */
export interface DescriptionMatrix {
  readonly offsets: readonly number[];
  /** rows × dimension, each row unit-norm or zero. */
  readonly rows: Float32Array;
}

export interface CandidateEmbeddings {
  readonly modelId: string;
  readonly dimension: number;
  readonly fields: Readonly<Record<KnownField, DescriptionMatrix>>;
}

/** Fields that share a description set (and so one matrix): `work` uses the ISCO descriptions of `occupation`. */
const SHARED: Partial<Record<KnownField, KnownField>> = { work: 'occupation' };

/**
 * Why `c` cannot score the current domains, or undefined when it can: every known field needs one row
 * range per category of its domain, in order, inside its rows. Candidate embeddings cached by an older
 * version (another domain) or damaged in storage would otherwise give score vectors that are too short or
 * misaligned with the categories the mechanism samples from.
 */
export function candidateShapeProblem(c: CandidateEmbeddings): string | undefined {
  for (const field of KNOWN_FIELDS) {
    const matrix = c.fields[field];
    const categories = candidateDomain(field)!.categories.length;
    if (!matrix) return `no descriptions for ${field}`;
    const { offsets, rows } = matrix;
    if (offsets.length !== categories + 1) return `${offsets.length - 1} categories for ${field}, its domain has ${categories}`;
    if (offsets[0] !== 0 || offsets.some((o, i) => !Number.isInteger(o) || (i > 0 && o < offsets[i - 1]!))) return `bad row offsets for ${field}`;
    if (rows.length !== offsets.at(-1)! * c.dimension) return `${rows.length} numbers for ${offsets.at(-1)} rows of ${c.dimension} in ${field}`;
    // A truncated or damaged body decodes to NaN rows, which would silently flatten that field's scores.
    if (!rows.every(Number.isFinite)) return `non-finite numbers in the rows of ${field}`;
  }
  return undefined;
}

export type DescriptionSource = (field: KnownField) => string[][];

/** Embed every description of every known field with `embedder`. */
export async function embedCandidates(
  embedder: Embedder,
  descriptions: DescriptionSource,
  progress?: (done: number, total: number) => void,
): Promise<CandidateEmbeddings> {
  const fields = {} as Record<KnownField, DescriptionMatrix>;
  const own = KNOWN_FIELDS.filter((f) => !SHARED[f]);
  for (const [i, field] of own.entries()) {
    const perCategory = descriptions(field);
    const offsets = [0];
    for (const texts of perCategory) offsets.push(offsets.at(-1)! + texts.length);
    const vectors = await embedder.embed(perCategory.flat());
    const rows = new Float32Array(vectors.length * embedder.dimension);
    vectors.forEach((v, r) => rows.set(v, r * embedder.dimension));
    fields[field] = { offsets, rows };
    progress?.(i + 1, own.length);
  }
  for (const [field, source] of Object.entries(SHARED) as [KnownField, KnownField][]) fields[field] = fields[source];
  return { modelId: embedder.id, dimension: embedder.dimension, fields };
}

export interface CandidateHeader {
  format: 'veil-candidates-1';
  modelId: string;
  dimension: number;
  /** Byte offsets into the body: int8 rows, then float32 row scales (4-byte aligned). */
  fields: Record<string, { offsets: number[]; rowsAt: number; scalesAt: number } | { sameAs: string }>;
}

/** Serialise with int8 rows (symmetric, one scale per row): a quarter of the float32 size. */
export function encodeCandidateEmbeddings(c: CandidateEmbeddings): { header: CandidateHeader; body: Uint8Array } {
  const header: CandidateHeader = { format: 'veil-candidates-1', modelId: c.modelId, dimension: c.dimension, fields: {} };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const seen = new Map<DescriptionMatrix, string>();
  for (const field of KNOWN_FIELDS) {
    const matrix = c.fields[field];
    const first = seen.get(matrix);
    if (first) {
      header.fields[field] = { sameAs: first };
      continue;
    }
    seen.set(matrix, field);
    const count = matrix.rows.length / c.dimension;
    const q = new Int8Array(matrix.rows.length);
    const scales = new Float32Array(count);
    for (let r = 0; r < count; r++) {
      let max = 0;
      for (let d = 0; d < c.dimension; d++) max = Math.max(max, Math.abs(matrix.rows[r * c.dimension + d]!));
      const scale = max / 127;
      scales[r] = scale;
      for (let d = 0; d < c.dimension; d++) q[r * c.dimension + d] = scale ? Math.round(matrix.rows[r * c.dimension + d]! / scale) : 0;
    }
    const rowsAt = size;
    const pad = (4 - (q.byteLength % 4)) % 4;
    chunks.push(new Uint8Array(q.buffer), new Uint8Array(pad), new Uint8Array(scales.buffer));
    size += q.byteLength + pad + scales.byteLength;
    header.fields[field] = { offsets: [...matrix.offsets], rowsAt, scalesAt: rowsAt + q.byteLength + pad };
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return { header, body };
}

/** Read what `encodeCandidateEmbeddings` wrote; rows are re-normalised after dequantisation. */
export function decodeCandidateEmbeddings(header: CandidateHeader, body: Uint8Array): CandidateEmbeddings {
  if (header.format !== 'veil-candidates-1') throw new Error(`unknown candidate embedding format ${String(header.format)}`);
  const { dimension } = header;
  const fields = {} as Record<KnownField, DescriptionMatrix>;
  for (const field of KNOWN_FIELDS) {
    const entry = header.fields[field];
    if (!entry) throw new Error(`candidate embeddings lack field ${field}`);
    if ('sameAs' in entry) continue;
    const count = entry.offsets.at(-1)!;
    const end = Math.max(entry.rowsAt + count * dimension, entry.scalesAt + count * 4);
    if (!Number.isSafeInteger(end) || end > body.byteLength) {
      throw new Error(`candidate embeddings are truncated: ${field} needs ${end} bytes, the file has ${body.byteLength}`);
    }
    const q = new Int8Array(body.buffer, body.byteOffset + entry.rowsAt, count * dimension);
    const scales = new Float32Array(body.buffer.slice(body.byteOffset + entry.scalesAt, body.byteOffset + entry.scalesAt + count * 4));
    const rows = new Float32Array(count * dimension);
    for (let r = 0; r < count; r++) {
      let norm = 0;
      for (let d = 0; d < dimension; d++) {
        const x = q[r * dimension + d]! * scales[r]!;
        rows[r * dimension + d] = x;
        norm += x * x;
      }
      const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      for (let d = 0; d < dimension; d++) rows[r * dimension + d]! *= inv;
    }
    fields[field] = { offsets: entry.offsets, rows };
  }
  for (const field of KNOWN_FIELDS) {
    const entry = header.fields[field]!;
    if ('sameAs' in entry) fields[field] = fields[entry.sameAs as KnownField];
  }
  return { modelId: header.modelId, dimension, fields };
}
