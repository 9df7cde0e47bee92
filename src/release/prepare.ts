/**
 * The slow, asynchronous half of a release: plan from the public view, then score the privatized values
 * (embedding) and build every block's exact log-weights. The fast half (ledger decision, sampling,
 * charging, rendering) is `releaseProfile`, synchronous so a store can run it inside one transaction.
 *
 * ```ts
 * const prepared = await prepareRelease(profile, { mechanism: 'block', epsilonUnits: epsilonToUnits(8), scorer });
 * const release = releaseProfile(prepared, { random: cryptoRandomSource(), format: 'structured', ledger });
 * ```
 *
 * A PreparedRelease holds withheld values and their scores: it stays in the background / CLI process and
 * is never sent to a page.
 */
import type { CandidateDomain, Category, Embedder, Scorer } from '../core/contracts';
import type { Profile } from '../core/profile';
import type { Mechanism } from '../core/choices';
import { candidateDomain } from '../domains/index';
import type { RandomBits } from '../dp/exact/bits';
import { dpBlock } from '../dp/block/dp-block';
import { decodeCell, type Draw } from '../dp/draw';
import { dpSlot } from '../dp/slot/dp-slot';
import type { Charge } from '../ledger/ledger';
import { resolveFieldTopics } from '../planning/field-topics';
import { planRelease, type ReleasePlan } from '../planning/plan';
import { publicView } from '../planning/public-view';
import { quantizeUnit, ScoreError, type ScoreUnits } from '../dp/exact/scale';
import { baseLogUnits, utilityScores, type UtilityParameters, type Variant } from '../dp/utility';

export interface PrepareOptions {
  readonly mechanism: Mechanism;
  /** The per-release ε in units of 2^-20. */
  readonly epsilonUnits: number;
  readonly scorer: Scorer;
  /** Public domains; DESIGN.md's by default. */
  readonly domainOf?: (field: string) => CandidateDomain | undefined;
  /** When given, custom field names are also matched to known fields by embedding similarity. */
  readonly embedder?: Embedder;
  /** γ in units of 2^-20 (DP-BLOCK); the paper's 2 by default. */
  readonly gammaUnits?: number;
  /** The plan `planProfile` made with these same options, when the caller already has it. */
  readonly plan?: ReleasePlan;
  /** The withheld facts this release carries (src/planning/relevance.ts); all when absent. */
  readonly carry?: ReadonlySet<string>;
  /** `veil`: full-range scores and a base measure on `unspecified` (src/dp/utility.ts); `paper` by default. */
  readonly variant?: Variant;
  /** The `veil` variant's constants (evaluation tunes them); VEIL_UTILITY by default. */
  readonly utility?: UtilityParameters;
}

export interface PreparedRelease {
  readonly profile: Profile;
  readonly plan: ReleasePlan;
  /**
   * Per plan block, its mechanism ready to draw: DP-SLOT's for a slot release (each block one attribute),
   * DP-BLOCK's for a block release. Private (the weights are computed from the values).
   */
  readonly draws: readonly Draw[];
  /** The scorer's (paper's) scores of each privatized attribute, by plan index. Private. */
  readonly scores: ReadonlyMap<number, readonly number[]>;
  /**
   * What a fresh draw of each block costs, per plan block: its withheld members' keys with the ε of their
   * terms, from the draw's own privacy map (`Draw.costs`). The ledger is charged these, and only these.
   */
  readonly charges: readonly (readonly Charge[])[];
}

/**
 * The public plan of a profile's next release (closure, grouping, allocation), from its public view only:
 * what a preview shows, and the first step of `prepareRelease`.
 */
export async function planProfile(profile: Profile, options: Omit<PrepareOptions, 'scorer'>): Promise<ReleasePlan> {
  const view = publicView(profile);
  const topics = options.mechanism === 'block' ? await resolveFieldTopics([...new Set(view.map((a) => a.field))], options.embedder) : undefined;
  return planRelease(view, {
    mechanism: options.mechanism,
    epsilonUnits: options.epsilonUnits,
    domainOf: options.domainOf ?? candidateDomain,
    ...(topics ? { topics } : {}),
    ...(options.gammaUnits !== undefined ? { gammaUnits: options.gammaUnits } : {}),
    ...(options.carry ? { carry: options.carry } : {}),
  });
}

export async function prepareRelease(profile: Profile, options: PrepareOptions): Promise<PreparedRelease> {
  const plan = options.plan ?? (await planProfile(profile, options));
  const veil = options.variant === 'veil';
  const scoreUnits = new Map<number, ScoreUnits[]>();
  const rawScores = new Map<number, number[]>();
  for (const a of plan.attributes) {
    if (a.treatment !== 'privatized') continue;
    const scores = await options.scorer.score(a.field, profile.attributes[a.index]!.value);
    const codes = a.domain!.categories.map((c) => c.code);
    if (scores.length !== codes.length) {
      throw new ScoreError(`scorer returned ${scores.length} scores for ${a.key}, its domain has ${codes.length} categories`);
    }
    rawScores.set(a.index, scores);
    scoreUnits.set(a.index, (veil ? utilityScores(scores, codes, options.utility) : scores).map(quantizeUnit));
  }
  const draws = plan.blocks.map((block) => {
    const terms = block.members.map((m) => {
      const a = plan.attributes[m]!;
      return {
        epsilonUnits: a.epsilonUnits,
        scoreUnits: scoreUnits.get(m)!,
        ...(veil
          ? {
              baseUnits: baseLogUnits(
                a.domain!.categories.map((c) => c.code),
                options.utility,
              ),
            }
          : {}),
      };
    });
    return plan.mechanism === 'slot' ? dpSlot(oneTerm(terms)) : dpBlock(terms, block.prior, plan.gammaUnits);
  });
  // Charged: the members whose value is withheld (a shared member privatized by closure is public side information).
  const charges = plan.blocks.map((block, b) =>
    block.members.flatMap((m, i) => (plan.attributes[m]!.charged ? [{ key: plan.attributes[m]!.key, units: draws[b]!.costs[i]! }] : [])),
  );
  return { profile, plan, draws, scores: rawScores, charges };
}

/** A slot plan's block is one attribute (src/planning/plan.ts). */
function oneTerm<T>(terms: readonly T[]): T {
  if (terms.length !== 1) throw new RangeError(`a DP-SLOT block has one attribute, not ${terms.length}`);
  return terms[0]!;
}

/**
 * One fresh draw of block `b`: the released category of each member, in member order. Exactly
 * Pr[y_b] ∝ exp(L_b(u, y_b)) over the block's Cartesian support (the exact sampler; a slot's is its one attribute's).
 */
export function sampleBlock(prepared: PreparedRelease, b: number, bits: RandomBits): Category[] {
  const block = prepared.plan.blocks[b]!;
  const indices = prepared.draws[b]!.sample(bits);
  return block.members.map((m, i) => prepared.plan.attributes[m]!.domain!.categories[indices[i]!]!);
}

/**
 * The exact distribution of each privatized attribute's released category (its marginal over its block),
 * from a prepared release: what `sampleBlock` draws, without drawing. Per plan attribute index, the
 * probability of each category of its domain, in domain order. Private (it is computed from the value).
 */
export function releaseMarginals(prepared: PreparedRelease): Map<number, number[]> {
  const out = new Map<number, number[]>();
  prepared.plan.blocks.forEach((block, b) => {
    const pmf = prepared.draws[b]!.logPmf().map(Math.exp);
    const marginals = block.sizes.map((size) => new Array<number>(size).fill(0));
    pmf.forEach((p, cell) => decodeCell(cell, block.sizes).forEach((y, m) => (marginals[m]![y]! += p)));
    block.members.forEach((m, i) => out.set(m, marginals[i]!));
  });
  return out;
}
