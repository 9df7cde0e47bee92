/**
 * The release service: the one place a release is made, in the background, with the model host, the
 * ledger and storage together. `create` answers `release.create`; `outcome` records what the person did
 * with a shown release; `preview` plans the next release without sampling (free).
 *
 * ```ts
 * const service = createReleaseService({ db, model: hostModel });
 * const r = await service.create({ prompt: 'Plan my week.', site: 'chatgpt', conversation: 'c/68f…' });
 * r.text;        // the prompt followed by the released profile: what would be sent
 * r.charged;     // ε this release cost; r.remaining: what is left under the caps
 * ```
 *
 * The rules it keeps (DESIGN.md):
 * - The profile, settings and their revision are read together; the model runs outside any transaction;
 *   then, inside ONE read-write transaction, the revision is checked again, the ledger decides fresh or
 *   fallback per block, the release is sampled and charged, and its record is written. If the profile or
 *   settings changed meanwhile, that plan is thrown away and made again from the new ones (a plan made
 *   at ε = 8 is never charged at ε = 2). Two tabs asking at once are serialised by the transaction, so
 *   no cap is ever passed.
 * - Every fresh release is charged before it is returned, i.e. before anyone sees it.
 * - By default a release already made for the same site and conversation, at the same revision, is used
 *   again: free (post-processing), because the plan does not depend on the prompt; only the prompt in
 *   front of it changes. `fresh: true` asks for a new draw, which is charged.
 * - What it returns holds public values only (kept shared values, category labels, the suppression
 *   symbol); withheld values and scores stay in this process.
 *
 * Planning (inputs, carried facts, the scored plan) is release-planning.ts; what the charging transaction
 * does (reuse or draw, with the memory views) is release-charging.ts; records and responses, release-records.ts.
 */
import type { RandomSource } from '../core/contracts';
import { epsilonToUnits, unitsToEpsilon } from '../core/epsilon';
import type { Settings } from '../settings/settings';
import { cryptoRandomSource } from '../dp/exact/random';
import { PrivacyLedger } from '../ledger/ledger';
import type { ReleasePreview, ReleaseResponse } from '../messaging/contract';
import type { ModelHost } from '../model-host/host';
import { blockCharges } from '../release/release';
import type { PublicDraft } from './outgoing';
import { planProfile, releaseMarginals } from '../release/prepare';
import type { ReleaseOutcome, ReleaseRecord } from '../release/record';
import type { VeilDatabase } from '../storage/db';
import { Refusal } from '../storage/errors';
import { readLedgerState, withPrivacyLedger } from '../storage/ledger-store';
import { toBits } from '../release/release';
import { carriedKey, previewAttributes, type ReleaseRequest } from './release-records';
import { releaseCharging } from './release-charging';
import { createReleasePlanner, type Inputs, type Planned } from './release-planning';

export interface ReleaseServiceDeps {
  db: VeilDatabase;
  model: ModelHost;
  random?: () => RandomSource;
  now?: () => number;
  /** Test builds only: runs between planning and charging (to change the profile there). */
  beforeCharge?: () => Promise<void>;
}

/** How often a release is planned again when the profile or settings keep changing under it. */
export const MAX_ATTEMPTS = 3;

class StaleInputs extends Error {
  override name = 'StaleInputs';
}

/** A release made for a review: the response, and the public draft its text is composed from (outgoing.ts). */
export interface MadeRelease {
  response: ReleaseResponse;
  /** Public values only: the review composes what leaves from this, never from the profile. */
  draft: PublicDraft;
  /** The settings it was made from. */
  settings: Settings;
}

export interface ReleaseService {
  create(request: ReleaseRequest): Promise<ReleaseResponse>;
  /** `create`, with the public draft its text is composed from, for the review (never the profile). */
  made(request: ReleaseRequest): Promise<MadeRelease>;
  outcome(releaseId: number, outcome: Exclude<ReleaseOutcome, 'shown'>): Promise<ReleaseRecord>;
  preview(): Promise<ReleasePreview>;
  /** Read a draft ahead with the sentence encoder (public: the message only; nothing drawn or charged). */
  prepare(prompt: string): Promise<void>;
}

export function createReleaseService(deps: ReleaseServiceDeps): ReleaseService {
  const { db, model } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? cryptoRandomSource;
  const { readInputs, encodeMessage, carryOf, prepared, embedder } = createReleasePlanner({ db, model });
  const { earlierIn, reuseIn, drawIn } = releaseCharging(now);

  /**
   * The last plan with its scores, for the revision it was made at. A fresh release at the same revision
   * only draws again from it: the plan and the scores are deterministic functions of the profile, the
   * settings and the model, which the revision covers (a model switch bumps it too). Kept in this
   * process's memory only, like the model host's score cache.
   */
  let cached: Planned | undefined;

  async function create(request: ReleaseRequest): Promise<ReleaseResponse> {
    return (await made(request)).response;
  }

  /**
   * A release for `request`, with its public draft (for the review in this process: what leaves is
   * composed from it, outgoing.ts).
   *
   * One read-write transaction decides and charges: it finds this conversation's earlier release (reused
   * for free unless `fresh`), or draws from the plan. The plan made for a draft read ahead is used with the
   * inputs it was made from, without reading them again: the transaction checks their revision, and a
   * stale one costs a round that is not an attempt. Without a plan, the transaction first only looks for an
   * earlier release (a reused one needs no model), and the plan is made when there is none.
   */
  async function made(request: ReleaseRequest): Promise<MadeRelease> {
    let inputs: Inputs | undefined = cached;
    let read = false;
    let needsPlan = request.fresh === true;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS;) {
      if (!inputs) {
        inputs = await readInputs();
        read = true;
      }
      const carry = inputs.settings.facts === 'all' ? undefined : await carryOf(inputs, request);
      const hit = cached && cached.revision === inputs.revision && cached.carried === carriedKey(carry) ? cached : undefined;
      const plan = hit ?? (needsPlan ? (cached = await prepared(inputs, carry)) : undefined);
      await deps.beforeCharge?.();
      const current = inputs;
      const bits = toBits(random());
      try {
        const { value, recordIds } = await withPrivacyLedger(
          db,
          (ledger, record, context) => {
            if (context.revision !== current.revision) throw new StaleInputs('the profile or settings changed');
            const earlier = earlierIn(context, request);
            if (earlier) return reuseIn(request, earlier, current, ledger, record, context, bits);
            return plan ? drawIn(request, plan, ledger, record, context, bits) : undefined;
          },
          {
            now: now(),
            conversation: request,
            needsReusable: (ledger) => plan !== undefined && ledger.decide(blockCharges(plan.prepared.plan)).some((d) => !d.fresh),
          },
        );
        if (value) return { response: value.response(recordIds[0]!), draft: value.draft, settings: current.settings };
        // No earlier release to reuse: a plan is needed (nothing was written).
        needsPlan = true;
      } catch (error) {
        if ((error as { name?: unknown } | null)?.name !== 'StaleInputs') throw error;
        if (cached?.revision === current.revision) cached = undefined;
        inputs = undefined;
        if (read) attempt++;
      }
    }
    throw new Refusal(
      `your profile or settings changed ${MAX_ATTEMPTS} times while Veil was preparing this release, so no release was made and nothing was charged; try again`,
    );
  }

  async function outcome(releaseId: number, next: Exclude<ReleaseOutcome, 'shown'>): Promise<ReleaseRecord> {
    return db.transaction('rw', db.releases, async () => {
      const record = await db.releases.get(releaseId);
      if (!record) throw new Refusal(`there is no release ${releaseId}`);
      if (record.outcome !== 'shown') {
        if (record.outcome === next) return record;
        throw new Refusal(`release ${releaseId} was already ${record.outcome}`);
      }
      await db.releases.update(releaseId, { outcome: next });
      return { ...record, outcome: next };
    });
  }

  async function preview(): Promise<ReleasePreview> {
    const inputs = await readInputs();
    const { profile, settings } = inputs;
    const plan = await planProfile(profile, { mechanism: settings.mechanism, epsilonUnits: epsilonToUnits(settings.epsilon), embedder });
    // How each privatized fact would come out, exactly (the sampler's own distribution; nothing drawn).
    // Needs the model; without it the preview still shows the plan, and says the numbers are missing.
    let marginals: Map<number, number[]> | undefined;
    let scores: ReadonlyMap<number, readonly number[]> | undefined;
    let outcomesError: string | undefined;
    if (plan.attributes.some((a) => a.treatment === 'privatized')) {
      try {
        const ready = cached?.revision === inputs.revision && cached.carried === carriedKey(undefined) ? cached : (cached = await prepared(inputs));
        marginals = releaseMarginals(ready.prepared);
        scores = ready.prepared.scores;
      } catch (error) {
        outcomesError = error instanceof Error ? error.message : String(error);
      }
    }
    const ledger = PrivacyLedger.fromState(await readLedgerState(db));
    const decisions = ledger.decide(blockCharges(plan));
    const attributes = previewAttributes(plan, decisions, marginals, scores);
    return {
      ...(outcomesError ? { outcomesError } : {}),
      variant: settings.variant,
      facts: settings.facts,
      mechanism: plan.mechanism,
      epsilon: unitsToEpsilon(plan.epsilonUnits),
      suppressed: settings.suppressed,
      attributes,
      total: attributes.reduce((s, a) => s + a.epsilon, 0),
    };
  }

  /**
   * A draft read ahead: the message encoded and, for the facts it needs, the plan made and its values
   * scored (all public or already kept in memory: the plan reads no value, and scores are cached by the
   * model host anyway), so the release at the key press only draws and charges. Nothing is drawn or charged
   * here; a release whose inputs changed since plans again, as always.
   */
  async function prepare(prompt: string): Promise<void> {
    await encodeMessage(prompt);
    const inputs = await readInputs();
    const carry = inputs.settings.facts === 'all' ? undefined : await carryOf(inputs, { prompt, conversation: '', site: '' });
    if (cached && cached.revision === inputs.revision && cached.carried === carriedKey(carry)) return;
    cached = await prepared(inputs, carry);
  }

  return { create, made, outcome, preview, prepare };
}
