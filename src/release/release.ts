/**
 * releaseProfile: the fast, synchronous half of a Profile-DP release (after `prepareRelease`).
 *
 * 1. Per block (per attribute for DP-SLOT), BEFORE sampling, the ledger decides fresh or fallback. A
 *    fallback block takes the most recent reusable release of each member (free: post-processing), else
 *    the suppression symbol, and says why.
 * 2. Fresh blocks are sampled exactly (exact exponential mechanism, DP-SLOT / DP-BLOCK weights).
 * 3. The ledger is charged every original withheld attribute's ε_i of the fresh blocks — before the
 *    release is returned, i.e. before anyone sees it.
 * 4. The release is rendered: Compose(instruction, released profile).
 *
 * Guarantee: pure ε-Profile-DP for the fresh part (Σ ε_i ≤ ε, scores in [0,1], public plan, fresh
 * randomness from `crypto.getRandomValues`); reused and suppressed values add nothing. With a ledger,
 * no attribute's spend and not the total ever passes its cap. The ledger is a required argument: only a
 * caller that accounts for the spend itself (the CLI, evaluation) passes `'unaccounted'`, and then every
 * block is fresh and nothing is recorded.
 *
 * ```ts
 * const release = releaseProfile(prepared, { random: cryptoRandomSource(), format: 'structured', ledger });
 * releaseProfile(prepared, { random, format: 'structured', ledger: 'unaccounted' }); // CLI only
 * release.text; // what the review panel shows
 * ```
 */
import type { Category, RandomSource } from '../core/contracts';
import { unitsToEpsilon } from '../core/epsilon';
import type { Profile, Sharing } from '../core/profile';
import type { Mechanism, ReleaseFormat, SuppressedChoice } from '../core/choices';
import { RandomBits } from '../dp/exact/bits';
import type { BlockDecision, CapPassed, Charge, PrivacyLedger } from '../ledger/ledger';
import type { ReleasePlan } from '../planning/plan';
import { sampleBlock, type PreparedRelease } from './prepare';
import { renderRelease, SUPPRESSED_VALUE } from './render';

export interface ReleaseOptions {
  /** `cryptoRandomSource()` for real releases; a seeded source only for tests and evaluation. */
  readonly random: RandomSource | RandomBits;
  readonly format: ReleaseFormat;
  /** Leave suppressed facts out of the text (`omit`) or send them as `[withheld]` (`mark`, the paper's). */
  readonly suppressed?: SuppressedChoice;
  /** Overrides the profile's instruction. */
  readonly instruction?: string;
  /** The person's ledger, charged before the release is returned; `'unaccounted'` only for the CLI and evaluation. */
  readonly ledger: PrivacyLedger | 'unaccounted';
  /** The most recent reusable release of each attribute key (used by fallback blocks only). */
  readonly reusable?: ReadonlyMap<string, Category>;
}

export interface ReleasedAttribute {
  readonly entity: string;
  readonly field: string;
  readonly sharing: Sharing;
  readonly release: 'kept' | 'privatized' | 'suppressed';
  /** The released value: the shared original, a category label, or the suppression symbol. */
  readonly value: string;
  readonly code?: string;
  /** Why, when it is not the plain case (closure, no domain, fallback). */
  readonly reason?: string;
  /**
   * For an attribute the mechanism released (a withheld one, or a shared one privatized by closure): a
   * fresh draw, or the fallback (an earlier release reused, or suppressed) because a cap would be passed.
   */
  readonly origin?: 'fresh' | 'fallback-reuse' | 'fallback-suppressed';
  /**
   * For a fallback, the cap a fresh draw would have passed (units; in DP-BLOCK possibly another fact of
   * the same block): `reason` as figures, from which the review says it in words.
   */
  readonly passed?: CapPassed;
  /** For a shared fact privatized (or suppressed) by closure: the withheld fact it could give away. */
  readonly closure?: { readonly entity: string; readonly field: string };
}

/**
 * How a release came about, as a whole: every privatized part drawn fresh (or nothing to privatize), some
 * parts fresh and some by fallback, or every privatized part by fallback. (`reused`: a whole earlier
 * release used again for the same conversation, written by the release service.)
 */
export type ReleaseKind = 'fresh' | 'partly-fallback' | 'fallback' | 'reused';

export interface ProfileRelease {
  readonly mechanism: Mechanism;
  readonly epsilon: number;
  /** ε charged by this release (0 for reused parts). */
  readonly spent: { readonly total: number; readonly perAttribute: Readonly<Record<string, number>> };
  readonly attributes: readonly ReleasedAttribute[];
  readonly text: string;
  /** The same figures in exact units of 2^-20, for stores. */
  readonly units: { readonly epsilon: number; readonly total: number; readonly perAttribute: Readonly<Record<string, number>> };
  readonly kind: Exclude<ReleaseKind, 'reused'>;
}

export function toBits(random: RandomSource | RandomBits): RandomBits {
  return random instanceof RandomBits ? random : new RandomBits(random);
}

/**
 * What a fresh draw of each plan block would cost, from the plan alone (no scores): for deciding ahead,
 * before anything is prepared (the preview, whether a fallback needs an earlier release). It is what the
 * block mechanisms' privacy maps come to (test/unit/release/release.test.ts checks they agree); a release
 * charges the prepared mechanisms' own (`PreparedRelease.charges`).
 */
export function blockCharges(plan: ReleasePlan): Charge[][] {
  return plan.blocks.map((block) =>
    block.members
      .map((m) => plan.attributes[m]!)
      .filter((a) => a.charged)
      .map((a) => ({ key: a.key, units: a.epsilonUnits })),
  );
}

/**
 * Compose(q, R): the instruction followed by the released attributes, naming entities as the profile allows
 * (a name appears only if the person shared it). Also used to put an earlier release under a new prompt.
 */
export function composeRelease(
  attributes: readonly ReleasedAttribute[],
  profile: Profile,
  instruction: string | undefined,
  format: ReleaseFormat,
  suppressed: SuppressedChoice = 'mark',
): string {
  const shown = suppressed === 'omit' ? attributes.filter((a) => a.release !== 'suppressed') : attributes;
  return renderRelease(shown, instruction, format, namedEntities(profile));
}

/** The entities the person named by a shared name (the text may call them by it): public, a shared value. */
export function namedEntities(profile: Profile): Set<string> {
  return new Set(profile.attributes.filter((a) => a.sharing === 'shared' && a.field === 'name' && a.value.trim() === a.entity.trim()).map((a) => a.entity));
}

export function releaseProfile(prepared: PreparedRelease, options: ReleaseOptions): ProfileRelease {
  const { plan, profile } = prepared;
  const bits = toBits(options.random);
  const charges = prepared.charges;
  const ledger = options.ledger === 'unaccounted' ? undefined : options.ledger;
  const decisions: BlockDecision[] = ledger ? ledger.decide(charges) : charges.map(() => ({ fresh: true }));

  // Sample fresh blocks; resolve fallback blocks. Decisions were made above, before any sampling.
  const released = new Map<number, { category?: Category; reason?: string; passed?: CapPassed }>();
  plan.blocks.forEach((block, b) => {
    const decision = decisions[b]!;
    if (decision.fresh) {
      const categories = sampleBlock(prepared, b, bits);
      block.members.forEach((m, i) => released.set(m, { category: categories[i]! }));
      return;
    }
    for (const m of block.members) {
      const a = plan.attributes[m]!;
      const earlier = options.reusable?.get(a.key);
      const category = earlier && a.domain!.categories.find((c) => c.code === earlier.code);
      const passed = decision.passed;
      released.set(
        m,
        category
          ? { category, reason: `fallback: ${decision.reason}; reused an earlier release`, passed }
          : { reason: `fallback: ${decision.reason}; no earlier release to reuse`, passed },
      );
    }
  });

  const fresh = charges.flatMap((c, b) => (decisions[b]!.fresh ? c : []));
  ledger?.charge(fresh);

  const perAttributeUnits: Record<string, number> = {};
  for (const a of plan.attributes) if (a.charged) perAttributeUnits[a.key] = 0;
  for (const c of fresh) perAttributeUnits[c.key] = c.units;
  const totalUnits = fresh.reduce((s, c) => s + c.units, 0);

  // Omitted facts (relevance) appear nowhere: not in the attributes, not in the text.
  const attributes = plan.attributes
    .filter((a) => a.treatment !== 'omitted')
    .map((a): ReleasedAttribute => {
      const target = a.closure && plan.attributes.find((t) => t.key === a.closure!.target);
      const base = { entity: a.entity, field: a.field, sharing: a.sharing, ...(target ? { closure: { entity: target.entity, field: target.field } } : {}) };
      const closure = a.closure ? `closure: would reveal ${a.closure.target} (${a.closure.reason})` : undefined;
      if (a.treatment === 'kept') return { ...base, release: 'kept', value: profile.attributes[a.index]!.value };
      if (a.treatment === 'suppressed') {
        return { ...base, release: 'suppressed', value: SUPPRESSED_VALUE, reason: closure ?? 'no public candidate domain for this field' };
      }
      const r = released.get(a.index)!;
      const reason = [closure, r.reason].filter((x) => x !== undefined).join('; ');
      const passed = r.passed ? { passed: r.passed } : {};
      if (!r.category) return { ...base, release: 'suppressed', value: SUPPRESSED_VALUE, reason, origin: 'fallback-suppressed', ...passed };
      const origin = r.reason === undefined ? 'fresh' : 'fallback-reuse';
      return { ...base, release: 'privatized', value: r.category.label, code: r.category.code, ...(reason ? { reason } : {}), origin, ...passed };
    });

  const text = composeRelease(attributes, profile, options.instruction ?? profile.instruction, options.format, options.suppressed);
  const perAttribute = Object.fromEntries(Object.entries(perAttributeUnits).map(([k, u]) => [k, unitsToEpsilon(u)]));
  return {
    mechanism: plan.mechanism,
    epsilon: unitsToEpsilon(plan.epsilonUnits),
    spent: { total: unitsToEpsilon(totalUnits), perAttribute },
    attributes,
    text,
    units: { epsilon: plan.epsilonUnits, total: totalUnits, perAttribute: perAttributeUnits },
    kind: decisions.every((d) => d.fresh) ? 'fresh' : decisions.some((d) => d.fresh) ? 'partly-fallback' : 'fallback',
  };
}
