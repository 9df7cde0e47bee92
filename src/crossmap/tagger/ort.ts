/**
 * The tagger model over ONNX Runtime (onnxruntime-web in the model host, onnxruntime-node in Node), apart from
 * ./tagger.ts so the model host does not bundle what reads the model's output (its word lists among it).
 */
import type { TagModel } from './tagger';

/** The part of an ONNX Runtime module (onnxruntime-web in a browser, onnxruntime-node in Node) the tagger uses. */
export interface OrtLike {
  Tensor: new (type: 'int64', data: BigInt64Array, dims: readonly number[]) => unknown;
  InferenceSession: { create(bytes: Uint8Array, options?: object): Promise<OrtSession> };
}
interface OrtSession {
  run(feeds: Record<string, unknown>): Promise<Record<string, { data: unknown }>>;
  release?(): Promise<void>;
}

/** The tagger model over an ONNX Runtime session made from the model file's bytes (each token's feature ids in a row: ./features.ts `FEATURE_SLOTS`). */
export async function ortTagModel(ort: OrtLike, bytes: Uint8Array, options: object = {}): Promise<TagModel & { release(): Promise<void> }> {
  const session = await ort.InferenceSession.create(bytes, options);
  const run = async (ids: Int32Array, tokens: number) => {
    const input = new ort.Tensor(
      'int64',
      BigInt64Array.from(ids, (v) => BigInt(v)),
      [1, tokens, ids.length / tokens],
    );
    const out = await session.run({ ids: input });
    const probs = out.probs?.data;
    const general = out.general?.data;
    if (!(probs instanceof Float32Array) || !(general instanceof Float32Array)) throw new Error('the tagger model gave no probabilities');
    return { probs, general: general[0]! };
  };
  return Object.assign(run, { release: async () => session.release?.() });
}
