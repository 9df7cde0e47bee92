/**
 * The trainer behind data/topic-classifier.json (scripts/build-topic-classifier.ts) and
 * data/relevance-classifier.json (scripts/build-relevance-classifier.ts): binary logistic regression with
 * an L2 penalty on the weights (not the bias), optionally with the classes weighted to equal total mass,
 * minimised by full-batch gradient descent with Nesterov momentum from zero. Deterministic: no random
 * start, no shuffling, so the same data gives the same numbers bit for bit. Not used at run time.
 *
 * ```ts
 * const { weights, bias } = trainLogistic([[1, 0], [0, 1]], [true, false], { lambda: 1e-3 });
 * ```
 */
import { sigmoid } from '../../src/core/logistic';

export interface LogisticOptions {
  /** L2 strength: the loss is mean weighted log-loss + λ/2 · ‖w‖². */
  readonly lambda: number;
  readonly iterations?: number;
  /** Step size; features of length ≤ 1 bound the log-loss curvature by 1/4, so 1/(1/4 + λ) is safe. */
  readonly step?: number;
  /** Weight the two classes to equal total mass (true by default), or every row alike. */
  readonly balanced?: boolean;
}

export interface LogisticModel {
  readonly weights: Float64Array;
  readonly bias: number;
}

export function trainLogistic(x: readonly ArrayLike<number>[], y: readonly boolean[], options: LogisticOptions): LogisticModel {
  if (x.length !== y.length || x.length === 0) throw new Error('trainLogistic: needs as many labels as rows, at least one');
  const n = x.length;
  const d = x[0]!.length;
  const positives = y.filter(Boolean).length;
  if (positives === 0 || positives === n) throw new Error('trainLogistic: needs both classes');
  // Each class carries half the total weight, so a rare topic is not drowned by the rest.
  const balanced = options.balanced ?? true;
  const weightOf = (label: boolean) => (balanced ? (label ? n / (2 * positives) : n / (2 * (n - positives))) / n : 1 / n);
  const sampleWeight = y.map(weightOf);
  const lambda = options.lambda;
  const step = options.step ?? 1 / (0.25 + lambda);
  const iterations = options.iterations ?? 400;

  const w = new Float64Array(d);
  let b = 0;
  const wPrev = new Float64Array(d);
  let bPrev = 0;
  const look = new Float64Array(d);
  const grad = new Float64Array(d);
  for (let t = 1; t <= iterations; t++) {
    const momentum = (t - 1) / (t + 2);
    for (let j = 0; j < d; j++) look[j] = w[j]! + momentum * (w[j]! - wPrev[j]!);
    const lookB = b + momentum * (b - bPrev);
    grad.fill(0);
    let gradB = 0;
    for (let i = 0; i < n; i++) {
      const row = x[i]!;
      let z = lookB;
      for (let j = 0; j < d; j++) z += look[j]! * row[j]!;
      const r = sampleWeight[i]! * (sigmoid(z) - (y[i] ? 1 : 0));
      gradB += r;
      for (let j = 0; j < d; j++) grad[j]! += r * row[j]!;
    }
    wPrev.set(w);
    bPrev = b;
    for (let j = 0; j < d; j++) w[j] = look[j]! - step * (grad[j]! + lambda * look[j]!);
    b = lookB - step * gradB;
  }
  return { weights: w, bias: b };
}

/** σ(w·x + b) of a trained model. */
export function predictLogistic(model: LogisticModel, row: ArrayLike<number>): number {
  let z = model.bias;
  for (let j = 0; j < row.length; j++) z += model.weights[j]! * row[j]!;
  return sigmoid(z);
}
