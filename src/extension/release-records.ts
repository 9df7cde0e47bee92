/**
 * What a release is asked for (`ReleaseRequest`) and what it becomes outside the sampler (release-service.ts
 * makes it): the stored record, the response the review and the popup read (ε as numbers of ε, from exact
 * units), memory views by name, ε left under the caps, and a fact's exact outcome for the preview. Pure
 * functions, no storage.
 */
import type { Category } from '../core/contracts';
import { UNSPECIFIED } from '../domains/index';
import { unitsToEpsilon } from '../core/epsilon';
import type { Profile } from '../core/profile';
import type { ReleaseFormat } from '../core/choices';
import type { PrivacyLedger } from '../ledger/ledger';
import type { EpsilonFigures, PreviewAttribute, PreviewOutcome, ReleaseResponse, ReleaseViewInfo } from '../messaging/contract';
import type { ProfileRelease } from '../release/release';
import type { ReleaseRecord } from '../release/record';
import type { SlotRelease } from '../memview/turn';
import type { MemoryFile } from '../memview/types';
import type { ReleasePlan } from '../planning/plan';

export interface ReleaseRequest {
  prompt: string;
  /** A chat site, or `veil` for one of Veil's own pages. */
  site: string;
  conversation: string;
  fresh?: boolean;
  /** Withheld facts (keys) the person added to this release on top of what the message needs. */
  include?: readonly string[];
}

/**
 * A fact's exact outcome: its reading (the specific category its value scores highest for, or
 * `unspecified` when that scores highest of all), and the probabilities of the reading, of `unspecified`,
 * and of any other category.
 */
export function outcomeOf(categories: readonly Category[], pmf: readonly number[], scores: readonly number[]): PreviewOutcome {
  const unspecified = categories.findIndex((c) => c.code === UNSPECIFIED);
  const reading = scores.indexOf(Math.max(...scores));
  const right = pmf[reading] ?? 0;
  const abstain = reading === unspecified ? 0 : (pmf[unspecified] ?? 0);
  return { reading: categories[reading]!.label, right, unspecified: abstain, wrong: Math.max(0, 1 - right - abstain) };
}

/** A cache key for a set of carried facts (`*`: every fact). */
export function carriedKey(carry: ReadonlySet<string> | undefined): string {
  return carry ? [...carry].sort().join('\n') : '*';
}

export function instructionOf(request: ReleaseRequest, profile: Profile): string | undefined {
  return request.prompt.trim() !== '' ? request.prompt : profile.instruction;
}

export function withoutId(record: ReleaseRecord): ReleaseRecord {
  const { id: _id, ...rest } = record;
  return rest;
}

export function recordOf(
  release: ProfileRelease,
  format: ReleaseFormat,
  request: ReleaseRequest,
  revision: number,
  createdAt: number,
): Omit<ReleaseRecord, 'id' | 'period'> {
  return {
    createdAt,
    site: request.site,
    conversation: request.conversation,
    revision,
    mechanism: release.mechanism,
    format,
    epsilon: release.units.epsilon,
    spent: { ...release.units.perAttribute },
    kind: release.kind,
    outcome: 'shown',
    attributes: [...release.attributes],
    text: release.text,
  };
}

/** ε left under the caps after this release: the total, and each attribute it read. */
export function remainingOf(ledger: PrivacyLedger, keys: readonly string[]): EpsilonFigures {
  const perAttribute: Record<string, number> = {};
  for (const key of keys) perAttribute[key] = unitsToEpsilon(Math.max(0, ledger.cap(key) - ledger.spent(key)));
  return { total: unitsToEpsilon(Math.max(0, ledger.totalCap - ledger.totalSpent)), perAttribute };
}

export function namesOf(memory: MemoryFile): Map<string, string> {
  return new Map(memory.protected.map((a) => [a.id, a.name]));
}

export function viewInfos(views: readonly SlotRelease[], names: ReadonlyMap<string, string>): ReleaseViewInfo[] {
  return views.map((v) => ({
    slot: v.slot,
    code: v.view.code,
    text: v.view.text,
    kind: v.kind,
    attributes: v.attributes.map((id) => names.get(id) ?? id),
    epsilon: unitsToEpsilon(v.epsilonUnits),
  }));
}

/** ε figures from exact per-key units: the total is their exact sum. */
export function figuresOf(units: Readonly<Record<string, number>>): EpsilonFigures {
  const total = Object.values(units).reduce((a, b) => a + b, 0);
  return { total: unitsToEpsilon(total), perAttribute: Object.fromEntries(Object.entries(units).map(([k, u]) => [k, unitsToEpsilon(u)])) };
}

export function responseOf(release: ProfileRelease, releaseId: number, remaining: EpsilonFigures): Omit<ReleaseResponse, 'views'> {
  return {
    releaseId,
    mechanism: release.mechanism,
    epsilon: release.epsilon,
    attributes: [...release.attributes],
    text: release.text,
    charged: { total: release.spent.total, perAttribute: { ...release.spent.perAttribute } },
    remaining,
    kind: release.kind,
    reused: false,
    fallback: release.kind !== 'fresh',
  };
}

/** What the preview says of each fact of the plan: its treatment, categories, charge, and exact outcome when scored. */
export function previewAttributes(
  plan: ReleasePlan,
  decisions: readonly ({ fresh: boolean } | undefined)[],
  marginals: ReadonlyMap<number, number[]> | undefined,
  scores: ReadonlyMap<number, readonly number[]> | undefined,
): PreviewAttribute[] {
  return plan.attributes.map((a): PreviewAttribute => {
    const decision = a.block !== undefined ? decisions[a.block] : undefined;
    const overCap = decision !== undefined && !decision.fresh;
    const target = a.closure && plan.attributes.find((t) => t.key === a.closure!.target);
    return {
      entity: a.entity,
      field: a.field,
      sharing: a.sharing,
      treatment: a.treatment,
      ...(a.domain ? { categories: a.domain.categories.map((c) => c.label) } : {}),
      epsilon: a.charged && !overCap ? unitsToEpsilon(a.epsilonUnits) : 0,
      ...(target ? { closure: { entity: target.entity, field: target.field } } : {}),
      ...(overCap ? { overCap } : {}),
      ...(a.domain && marginals?.has(a.index) && scores?.has(a.index)
        ? { outcome: outcomeOf(a.domain.categories, marginals.get(a.index)!, scores.get(a.index)!) }
        : {}),
    };
  });
}
