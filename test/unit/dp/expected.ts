/**
 * What the mechanisms' tests share: the expected distributions computed in float64 independently of the
 * implementation's integer log-weights, and draws counted from a prepared release.
 */
import { RandomBits } from '../../../src/dp/exact/bits';
import { seededRandomSource } from '../../../src/dp/exact/random';
import type { PreparedRelease } from '../../../src/release/prepare';

/** A score as the mechanisms see it, quantized to 2^-16. */
export const q = (s: number) => Math.round(s * 65536) / 65536;

/** Natural-log weights to probabilities. */
export function normalize(logs: number[]): number[] {
  const max = Math.max(...logs);
  const w = logs.map((l) => Math.exp(l - max));
  const z = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / z);
}

/** n fresh draws of block `block`, counted per outcome. */
export function drawBlock(prepared: PreparedRelease, block: number, n: number, seed: number): number[] {
  const bits = new RandomBits(seededRandomSource(seed));
  const draw = prepared.draws[block]!;
  const counts = new Array<number>(draw.logWeights.length).fill(0);
  for (let i = 0; i < n; i++) counts[draw.sampleOutcome(bits)]!++;
  return counts;
}

/** A fixed seed per ε (ε itself when whole, as before the off-grid cases). */
export const seedOf = (epsilon: number) => (Number.isInteger(epsilon) ? epsilon : Math.round(epsilon * 1000));

/** Scores 0.5 + r/65536 with small r: distinguishable at ε = 8192, where gaps of 2^-16 are 1/16 nats. */
export const near = (rs: number[]) => rs.map((r) => 0.5 + r / 65536);

/** The largest |log p(o) − log p'(o)| over the outcomes of two exact log-PMFs on one support. */
export function maxLogRatio(a: readonly number[], b: readonly number[]): number {
  return Math.max(...a.map((x, o) => Math.abs(x - b[o]!)));
}
