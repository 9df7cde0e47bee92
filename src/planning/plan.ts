/**
 * The public release plan of DP-SLOT or DP-BLOCK: which attributes are kept, privatized or suppressed,
 * each privatized attribute's budget ε_i, which ones are charged, and the blocks sampled jointly.
 *
 * Everything here is a function of the public view (entities, fields, sharing labels), the public domains
 * and the mechanism settings — never of a value — so neighbouring profiles get the identical plan and the
 * same output support (the premise of Profile-DP's proof). Planning reads the instruction only through
 * `carry` (relevance); without it a release stays reusable across requests.
 *
 * - DP-SLOT: I = withheld attributes whose field has a domain; each is its own block, no prior.
 *   Shared attributes are kept verbatim; withheld ones without a domain are suppressed.
 * - DP-BLOCK: P+ = policyClosure(P); I+ = members of P+ with a domain; members of P+ without one are
 *   suppressed; I+ is grouped into blocks (publicGrouping) with the compatibility prior J_b and γ.
 * - Relevance (optional, `carry`): withheld facts the message does not need are omitted before all of
 *   this; closure still sees them.
 * - Allocation: ε_i = ⌊ε · w_i / Σ w⌋ in units of 2^-20 over I (SLOT) or I+ (BLOCK), rounded down so
 *   Σ ε_i ≤ ε exactly; w_i = 2, or 1 / 4 for a withheld fact the person marked low / high precision (a
 *   public choice). With every fact normal this is the paper's uniform ⌊ε / |I|⌋.
 * - Charged: original withheld attributes in I / I+ (each its own ε_i). Closure-privatized shared fields
 *   take a share of ε but are not charged: their value is public side information (DESIGN.md).
 *
 * ```ts
 * const plan = planRelease(publicView(profile), { mechanism: 'block', epsilonUnits: epsilonToUnits(8), domainOf: candidateDomain, topics });
 * ```
 */
import type { CandidateDomain } from '../core/contracts';
import { asEpsilonUnits, splitWeighted, UNITS_PER_EPSILON, type EpsilonUnits } from '../core/epsilon';
import { attributeKey, type KnownField, type Sharing } from '../core/profile';
import type { Mechanism } from '../core/choices';
import { policyClosure, type ClosureReason } from './closure';
import { compatibilityPrior } from './compatibility';
import { fieldTopicByName } from './field-topics';
import { publicGrouping } from './grouping';
import type { PublicAttribute } from './public-view';
import { MAX_EPSILON, MAX_GAMMA } from '../dp/exact/scale';

/** Parts of ε per precision choice: a `high` fact gets twice a normal one's share, a `low` one half. */
export const IMPORTANCE_WEIGHT = { low: 1, normal: 2, high: 4 } as const;

/** γ of the paper, in units of 2^-20. */
export const PAPER_GAMMA_UNITS = 2 * UNITS_PER_EPSILON;

/** `omitted`: a withheld fact this release does not carry (relevance, src/planning/relevance.ts): not sampled, not charged, not in the text. */
export type FactTreatment = 'kept' | 'privatized' | 'suppressed' | 'omitted';

export interface PlannedAttribute {
  readonly index: number;
  readonly entity: string;
  readonly field: string;
  /** `entity.field`. */
  readonly key: string;
  readonly sharing: Sharing;
  readonly treatment: FactTreatment;
  /** ε_i in units of 2^-20; 0 unless privatized. */
  readonly epsilonUnits: EpsilonUnits;
  /** Charged to this attribute's ledger on a fresh release: original withheld and privatized. */
  readonly charged: boolean;
  /** Set when policy closure privatized (or suppressed) this shared attribute. */
  readonly closure?: ClosureReason;
  /** The public candidate domain (privatized attributes only). */
  readonly domain?: CandidateDomain;
  /** Index into `blocks` (privatized attributes only). */
  readonly block?: number;
}

export interface PlannedBlock {
  /** Profile indexes of the members, in the block's (public) member order. */
  readonly members: readonly number[];
  /** |C_f| of each member. */
  readonly sizes: readonly number[];
  /** J_b per cell in units of 2^-16, or undefined (no prior / DP-SLOT). */
  readonly prior?: Uint32Array;
}

/** The ε of an attribute that is not privatized. */
const NONE = asEpsilonUnits(0);

export interface ReleasePlan {
  readonly mechanism: Mechanism;
  /** The per-release ε in units of 2^-20. */
  readonly epsilonUnits: number;
  /** γ in units of 2^-20 (0 for DP-SLOT). */
  readonly gammaUnits: number;
  /** One entry per profile attribute, in profile order. */
  readonly attributes: readonly PlannedAttribute[];
  readonly blocks: readonly PlannedBlock[];
}

export interface PlanOptions {
  readonly mechanism: Mechanism;
  readonly epsilonUnits: number;
  readonly domainOf: (field: string) => CandidateDomain | undefined;
  /** Topics of custom fields (resolveFieldTopics); name rules when absent. */
  readonly topics?: ReadonlyMap<string, KnownField | undefined>;
  /** γ for DP-BLOCK in units of 2^-20; the paper's 2 by default. */
  readonly gammaUnits?: number;
  /**
   * The withheld facts (keys) this release carries (src/planning/relevance.ts; public: from the message and
   * field names). The others are omitted; ε is split among the rest. Every withheld fact when absent.
   */
  readonly carry?: ReadonlySet<string>;
}

export class PlanError extends Error {
  override name = 'PlanError';
}

export function planRelease(view: readonly PublicAttribute[], options: PlanOptions): ReleasePlan {
  const { mechanism, epsilonUnits, domainOf } = options;
  if (!Number.isSafeInteger(epsilonUnits) || epsilonUnits <= 0) throw new PlanError('ε must be a positive number of units');
  if (epsilonUnits > MAX_EPSILON * UNITS_PER_EPSILON) throw new PlanError(`ε must be at most ${MAX_EPSILON}`);
  const gammaUnits = mechanism === 'block' ? (options.gammaUnits ?? PAPER_GAMMA_UNITS) : 0;
  if (!Number.isSafeInteger(gammaUnits) || gammaUnits < 0 || gammaUnits > MAX_GAMMA * UNITS_PER_EPSILON) {
    throw new PlanError(`γ must be between 0 and ${MAX_GAMMA}`);
  }

  // P+ (DP-BLOCK: closure; DP-SLOT: P itself).
  let closure = new Map<number, ClosureReason>();
  if (mechanism === 'block') {
    const topics = new Map(view.map((a) => [a.field, options.topics?.has(a.field) ? options.topics.get(a.field) : fieldTopicByName(a.field)]));
    closure = policyClosure(view, topics);
  }
  // Closure looks at every fact, carried or not: a shared fact that would give away an omitted withheld
  // one is still privatized.
  const omitted = (a: PublicAttribute): boolean => a.sharing === 'withheld' && options.carry !== undefined && !options.carry.has(attributeKey(a));
  const inPlus = (a: PublicAttribute): boolean => (a.sharing === 'withheld' && !omitted(a)) || closure.has(a.index);
  const supported = view.filter((a) => inPlus(a) && domainOf(a.field) !== undefined);
  // The person's public precision choice weighs each withheld fact's share (low 1, normal 2, high 4).
  const shares = splitWeighted(
    epsilonUnits,
    supported.map((a) => IMPORTANCE_WEIGHT[a.sharing === 'withheld' ? (a.importance ?? 'normal') : 'normal']),
  );
  const share = new Map(supported.map((a, i) => [a.index, shares[i]!]));

  // Blocks.
  const groups: number[][] =
    mechanism === 'block'
      ? publicGrouping(supported.map((a) => ({ index: a.index, entity: a.entity, field: a.field, size: domainOf(a.field)!.categories.length })))
      : supported.map((a) => [a.index]);
  const blockOf = new Map<number, number>();
  const blocks: PlannedBlock[] = groups.map((members, b) => {
    members.forEach((m) => blockOf.set(m, b));
    const domains = members.map((m) => domainOf(view[m]!.field)!);
    const prior =
      mechanism === 'block' && gammaUnits > 0
        ? compatibilityPrior(
            members.map((m) => view[m]!.field),
            domains,
          )
        : undefined;
    return { members, sizes: domains.map((d) => d.categories.length), ...(prior ? { prior } : {}) };
  });

  const attributes = view.map((a): PlannedAttribute => {
    const key = attributeKey(a);
    const base = { index: a.index, entity: a.entity, field: a.field, key, sharing: a.sharing };
    const because = closure.get(a.index);
    const closed = because ? { closure: because } : {};
    if (omitted(a)) return { ...base, treatment: 'omitted', epsilonUnits: NONE, charged: false };
    if (!inPlus(a)) return { ...base, treatment: 'kept', epsilonUnits: NONE, charged: false };
    const units = share.get(a.index);
    if (units === undefined) return { ...base, ...closed, treatment: 'suppressed', epsilonUnits: NONE, charged: false };
    return {
      ...base,
      ...closed,
      treatment: 'privatized',
      epsilonUnits: units,
      charged: a.sharing === 'withheld',
      domain: domainOf(a.field)!,
      block: blockOf.get(a.index)!,
    };
  });
  return { mechanism, epsilonUnits, gammaUnits, attributes, blocks };
}
