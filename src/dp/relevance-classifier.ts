/**
 * The learned half of the relevance rule (./relevance.ts): for each known field, a logistic regression on
 * the message's sentence vector (the bundled encoder, src/embedding/bundled.ts ENCODER_MODEL_ID) and one
 * more input, whether the field's cue words occur in the message. Trained at build time on public
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
}

export const RELEVANCE_CLASSIFIER = weights as RelevanceClassifier;

/** The probability that each known field is needed, from the message's vector and its cue-word hits. */
export function fieldNeeds(
  vector: ArrayLike<number>,
  cues: Partial<Record<KnownField, boolean>>,
  classifier: RelevanceClassifier = RELEVANCE_CLASSIFIER,
): Record<KnownField, number> {
  if (vector.length !== classifier.dimension) throw new Error(`the relevance classifier expects ${classifier.dimension}-d vectors of ${classifier.model}, not ${vector.length}-d`);
  const out = {} as Record<KnownField, number>;
  for (const field of KNOWN_FIELDS) {
    const f = classifier.fields[field];
    let z = f.bias + (cues[field] ? f.cue : 0);
    for (let i = 0; i < vector.length; i++) z += f.weights[i]! * vector[i]!;
    out[field] = sigmoid(z);
  }
  return out;
}
