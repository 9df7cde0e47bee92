/**
 * A mechanism made ready to draw: the exact log-weights of every outcome of a finite support, its sampler,
 * and its privacy map (what each member's term costs). DP-SLOT (`slot/`), DP-BLOCK (`block/`) and
 * DP-MemView's selection (`memview-selection/`) each return one, so whoever releases a draw charges the
 * ledger from the same object that samples it, never from a figure computed apart.
 *
 * ```ts
 * const draw = dpSlot({ epsilonUnits, scoreUnits });
 * const [y] = draw.sample(bits);  // one fresh draw, exactly Pr[y] ∝ exp(L_y)
 * draw.costs;                     // [ε_i]: charged for a withheld value
 * ```
 *
 * Outcomes of a joint support are numbered in mixed radix over the members' candidate counts, the last
 * member varying fastest (a one-member draw: outcome = candidate index).
 */
import type { EpsilonUnits } from '../core/epsilon';
import type { RandomBits } from './exact/bits';
import { exactLogPmf, sampleExponential } from './exponential/sampler';

export interface Draw {
  /** Integer log-weights of every outcome over `denominator`. Private: they are computed from the values. */
  readonly logWeights: ArrayLike<number>;
  readonly denominator: number;
  /** Candidates per member; one entry for a slot. */
  readonly sizes: readonly number[];
  /** ε (units of 2^-20) each member's term costs, in member order: the privacy map. */
  readonly costs: readonly EpsilonUnits[];
  /** One fresh draw: the outcome's number (mixed radix over `sizes`). */
  sampleOutcome(bits: RandomBits): number;
  /** One fresh draw: the candidate index of each member. */
  sample(bits: RandomBits): number[];
  /** The exact natural-log probability of every outcome (audits and tests; the sampler does not use it). */
  logPmf(): number[];
}

export function drawOf(logWeights: ArrayLike<number>, denominator: number, sizes: readonly number[], costs: readonly EpsilonUnits[]): Draw {
  if (supportSize(sizes) !== logWeights.length) throw new RangeError(`${logWeights.length} log-weights for a support of ${supportSize(sizes)}`);
  if (costs.length !== sizes.length) throw new RangeError(`${costs.length} costs for ${sizes.length} members`);
  const sampleOutcome = (bits: RandomBits) => sampleExponential(logWeights, bits, denominator);
  return {
    logWeights,
    denominator,
    sizes,
    costs,
    sampleOutcome,
    sample: (bits) => decodeCell(sampleOutcome(bits), sizes),
    logPmf: () => exactLogPmf(logWeights, denominator),
  };
}

export function supportSize(sizes: readonly number[]): number {
  return sizes.reduce((a, b) => a * b, 1);
}

/** The candidate index of every member for outcome number `cell`. */
export function decodeCell(cell: number, sizes: readonly number[]): number[] {
  const out = new Array<number>(sizes.length);
  for (let m = sizes.length - 1; m >= 0; m--) {
    const size = sizes[m]!;
    out[m] = cell % size;
    cell = Math.floor(cell / size);
  }
  return out;
}

/** Advance `index` (one candidate index per member) to the next outcome in mixed radix, last member fastest. */
export function nextCell(index: number[], sizes: readonly number[]): void {
  for (let m = sizes.length - 1; m >= 0; m--) {
    if (++index[m]! < sizes[m]!) return;
    index[m] = 0;
  }
}
