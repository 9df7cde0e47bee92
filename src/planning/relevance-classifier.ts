/**
 * The learned half of the relevance rule (./relevance.ts): for each known field, a logistic regression on
 * the message's sentence vector (the bundled encoder, src/embedding/bundled.ts ENCODER_MODEL_ID) and one
 * more input, whether the field's cue words occur in the message, averaged with a vote of the labelled
 * messages nearest to it (their vectors ship with the weights, as int8). Trained at build time on public
 * labelled messages only (eval/relevance-train.jsonl and the earlier sets) by
 * scripts/build-relevance-classifier.ts; the weights are public data (data/relevance-classifier.json).
 * It reads the message and nothing else: never a value, so neighbouring profiles get the same plan.
 *
 * ```ts
 * fieldNeeds(vector, { age: true })  // { age: 0.91, gender: 0.07, … } (probabilities the field is needed)
 * ```
 */
import { sigmoid } from '../core/logistic';
import { KNOWN_FIELDS, type KnownField } from '../core/profile';
import weights from '../../data/relevance-classifier.json';

export interface RelevanceClassifier {
  /** The encoder the weights were trained on: vectors of another model mean nothing to them. */
  model: string;
  dimension: number;
  /** A field is carried when its probability is at least this. */
  threshold: number;
  fields: Record<KnownField, { weights: number[]; cue: number; bias: number }>;
  /**
   * The labelled messages: the k most similar (cosine) vote, each by exp(temperature · cosine), and the
   * vote counts `weight`'s complement against the regression's probability.
   */
  neighbours: {
    k: number;
    temperature: number;
    /** The regression's share of the probability (the vote has the rest). */
    weight: number;
    /** Per message: one scale, its int8 vector (base64, messages × dimension bytes) and which fields it needs (bit i: KNOWN_FIELDS[i]). */
    scales: number[];
    vectors: string;
    needs: number[];
  };
}

export const RELEVANCE_CLASSIFIER = weights as unknown as RelevanceClassifier;

const decoded = new WeakMap<RelevanceClassifier, Int8Array>();
function neighbourVectors(classifier: RelevanceClassifier): Int8Array {
  let v = decoded.get(classifier);
  if (!v) {
    // A plain loop: Uint8Array.from with a map function took 50 ms for these 635 k bytes (4 ms so).
    const text = atob(classifier.neighbours.vectors);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    if (bytes.length !== classifier.neighbours.scales.length * classifier.dimension)
      throw new Error('the relevance classifier’s neighbour vectors do not match their count');
    decoded.set(classifier, (v = new Int8Array(bytes.buffer)));
  }
  return v;
}

/**
 * Decode the neighbours and run the vote once, so the first message read after the background starts does
 * not pay for it (measured in a cold service worker: that vote took about 100 ms, 15-60 ms after this).
 */
export function warmRelevance(classifier: RelevanceClassifier = RELEVANCE_CLASSIFIER): void {
  fieldNeeds(new Array<number>(classifier.dimension).fill(0), {}, classifier);
}

/** Each field's share of the vote of the k labelled messages nearest to `vector`. */
export function neighbourVote(vector: ArrayLike<number>, classifier: RelevanceClassifier = RELEVANCE_CLASSIFIER): Record<KnownField, number> {
  const { k, temperature, scales, needs } = classifier.neighbours;
  const q = neighbourVectors(classifier);
  const d = classifier.dimension;
  const sims = scales.map((scale, j) => {
    let dot = 0;
    for (let i = 0; i < d; i++) dot += q[j * d + i]! * vector[i]!;
    return { j, cos: dot * scale };
  });
  sims.sort((a, b) => b.cos - a.cos || a.j - b.j);
  const out = Object.fromEntries(KNOWN_FIELDS.map((f) => [f, 0])) as Record<KnownField, number>;
  let total = 0;
  for (const { j, cos } of sims.slice(0, k)) {
    const w = Math.exp(temperature * cos);
    total += w;
    KNOWN_FIELDS.forEach((f, i) => {
      if (needs[j]! & (1 << i)) out[f] += w;
    });
  }
  for (const f of KNOWN_FIELDS) out[f] = total > 0 ? out[f] / total : 0;
  return out;
}

/** The probability that each known field is needed, from the message's vector and its cue-word hits. */
export function fieldNeeds(
  vector: ArrayLike<number>,
  cues: Partial<Record<KnownField, boolean>>,
  classifier: RelevanceClassifier = RELEVANCE_CLASSIFIER,
): Record<KnownField, number> {
  if (vector.length !== classifier.dimension)
    throw new Error(`the relevance classifier expects ${classifier.dimension}-d vectors of ${classifier.model}, not ${vector.length}-d`);
  const vote = neighbourVote(vector, classifier);
  const { weight } = classifier.neighbours;
  const out = {} as Record<KnownField, number>;
  for (const field of KNOWN_FIELDS) {
    const f = classifier.fields[field];
    let z = f.bias + (cues[field] ? f.cue : 0);
    for (let i = 0; i < vector.length; i++) z += f.weights[i]! * vector[i]!;
    out[field] = weight * sigmoid(z) + (1 - weight) * vote[field];
  }
  return out;
}
