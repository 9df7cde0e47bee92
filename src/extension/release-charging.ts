/**
 * What the release service (release-service.ts) does inside its one charging transaction: find this
 * conversation's earlier release and use it again for free (`reuseIn`), or draw a fresh release from the plan
 * and charge it (`drawIn`); either way with this prompt's memory views, drawn and charged on the same ledger,
 * and the record written with the text that leaves. Every charge is on the ledger before the response
 * exists, so before anyone sees the release.
 *
 * ```ts
 * const { earlierIn, reuseIn, drawIn } = releaseCharging(Date.now);
 * await withPrivacyLedger(db, (ledger, record, context) => {
 *   const earlier = earlierIn(context, request);
 *   return earlier ? reuseIn(request, earlier, inputs, ledger, record, context, bits) : drawIn(request, plan, ledger, record, context, bits);
 * }, { now: Date.now(), conversation: request });
 * ```
 */
import { unitsToEpsilon } from '../core/epsilon';
import type { Settings } from '../settings/settings';
import type { PrivacyLedger } from '../ledger/ledger';
import type { ReleaseResponse } from '../messaging/contract';
import { blockCharges, releaseProfile } from '../release/release';
import { outgoingText, publicDraft } from './outgoing';
import type { ReleaseRecord } from '../release/record';
import type { LedgerContext, RecordRelease } from '../storage/ledger-store';
import type { RandomBits } from '../dp/exact/bits';
import { memoryLedgerKey } from '../ledger/keys';
import type { Slot } from '../memview/slots';
import { memviewTurn, type SlotRelease } from '../memview/turn';
import { figuresOf, instructionOf, namesOf, recordOf, remainingOf, responseOf, viewInfos, withoutId, type ReleaseRequest } from './release-records';
import type { Inputs, Planned } from './release-planning';

export function releaseCharging(now: () => number) {
  /**
   * This conversation's earlier release at the charging transaction's revision, if any: its profile part
   * is reused for free unless `fresh`.
   */
  function earlierIn(context: LedgerContext, request: ReleaseRequest): ReleaseRecord | undefined {
    if (request.fresh) return undefined;
    return context.conversationReleases.filter((r) => r.revision === context.revision && r.kind !== 'reused').at(-1);
  }

  /**
   * The views this conversation's slots were already released with, drawn from the memories as they are
   * now (read inside the charging transaction, so an edit or a send running alongside is seen): reused for
   * free, also for a fresh release, since a preference that does not fit is left out in the review for
   * free and drawing it again would only spend budget. Views drawn before an edit are not reused.
   */
  function releasedViews(context: LedgerContext): Map<Slot, { code: string; text: string }> {
    const released = new Map<Slot, { code: string; text: string }>();
    for (const row of context.conversationReleases) {
      if (row.memoryRevision !== context.memoryRevision) continue;
      for (const v of row.views ?? []) if (v.kind === 'selected' || v.kind === 'reused') released.set(v.slot, v.view);
    }
    return released;
  }

  /**
   * The views for this prompt (DP-MemView), drawn and charged on the same ledger, inside the same
   * transaction as the profile release, after it: profile and memory charges share the total cap.
   */
  function turnViews(prompt: string, ledger: PrivacyLedger, context: LedgerContext, settings: Settings, bits: RandomBits) {
    const { memory } = context;
    if (memory.memories.length === 0) return { views: [] as SlotRelease[], units: {} as Record<string, number> };
    const released = releasedViews(context);
    // The variant setting covers both: Veil's (a public weight on "nothing added") or the paper's.
    const policy = { mode: settings.memoryMode, k: settings.memoryK, variant: settings.variant };
    const views = memviewTurn(prompt, { store: memory, policy, ledger, bits, released });
    const units: Record<string, number> = {};
    for (const v of views) {
      if (v.kind !== 'selected') continue;
      for (const id of v.attributes) units[memoryLedgerKey(id)] = (units[memoryLedgerKey(id)] ?? 0) + v.epsilonUnits;
    }
    return { views, units };
  }

  /** The earlier release's profile part again, for free, with this prompt and its views: recorded as `reused`. */
  function reuseIn(
    request: ReleaseRequest,
    earlier: ReleaseRecord,
    inputs: Inputs,
    ledger: PrivacyLedger,
    record: RecordRelease,
    context: LedgerContext,
    bits: RandomBits,
  ) {
    const { profile, settings } = inputs;
    const { views, units } = turnViews(request.prompt, ledger, context, settings, bits);
    const draft = publicDraft(earlier.attributes, earlier.format, views, profile);
    const text = outgoingText(draft, instructionOf(request, profile), settings.suppressed);
    const spent = { ...Object.fromEntries(Object.keys(earlier.spent).map((k) => [k, 0])), ...units };
    record({
      ...withoutId(earlier),
      createdAt: now(),
      spent,
      kind: 'reused',
      reusedFrom: earlier.id!,
      outcome: 'shown',
      views,
      memoryRevision: context.memoryRevision,
      text,
    });
    const response = (releaseId: number): ReleaseResponse => ({
      releaseId,
      mechanism: earlier.mechanism,
      epsilon: unitsToEpsilon(earlier.epsilon),
      attributes: earlier.attributes,
      text,
      views: viewInfos(views, namesOf(context.memory)),
      charged: figuresOf(spent),
      remaining: remainingOf(ledger, Object.keys(spent)),
      kind: 'reused',
      reused: true,
      fallback: earlier.attributes.some((a) => a.origin?.startsWith('fallback')),
    });
    return { response, draft };
  }

  /** A fresh draw from the plan, charged on the ledger: recorded, with this prompt's views. */
  function drawIn(request: ReleaseRequest, plan: Planned, ledger: PrivacyLedger, record: RecordRelease, context: LedgerContext, bits: RandomBits) {
    const { settings, revision, profile } = plan;
    const release = releaseProfile(plan.prepared, {
      random: bits,
      format: settings.format,
      suppressed: settings.suppressed,
      ledger,
      reusable: context.reusable,
      ...(request.prompt.trim() !== '' ? { instruction: request.prompt } : {}),
    });
    const { views, units } = turnViews(request.prompt, ledger, context, settings, bits);
    const row = recordOf(release, settings.format, request, revision, now());
    const draft = publicDraft(release.attributes, settings.format, views, profile);
    const text = outgoingText(draft, instructionOf(request, profile), settings.suppressed);
    record({ ...row, spent: { ...row.spent, ...units }, views, memoryRevision: context.memoryRevision, text });
    const keys = [
      ...blockCharges(plan.prepared.plan)
        .flat()
        .map((c) => c.key),
      ...Object.keys(units),
    ];
    const remaining = remainingOf(ledger, keys);
    const names = namesOf(context.memory);
    const response = (releaseId: number): ReleaseResponse => ({
      ...responseOf(release, releaseId, remaining),
      text,
      views: viewInfos(views, names),
      charged: figuresOf({ ...release.units.perAttribute, ...units }),
    });
    return { response, draft };
  }

  return { earlierIn, reuseIn, drawIn };
}
