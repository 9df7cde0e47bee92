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
 */
import type { RandomSource } from '../core/contracts';
import { epsilonToUnits, unitsToEpsilon } from '../core/epsilon';
import type { Profile } from '../core/profile';
import type { Settings } from '../settings/settings';
import { cryptoRandomSource } from '../dp/exact/random';
import { PrivacyLedger } from '../ledger/ledger';
import type { ReleasePreview, ReleaseResponse } from '../messaging/contract';
import type { ModelHost } from '../model-host/host';
import type { ReleasePlan } from '../planning/plan';
import { blockCharges, releaseProfile } from '../release/release';
import { outgoingText, publicDraft, type PublicDraft } from './outgoing';
import { planProfile, prepareRelease, releaseMarginals, type PreparedRelease } from '../release/prepare';
import { publicView } from '../planning/public-view';
import { relevantKeys } from '../planning/relevance';
import { hintedSentences } from '../crossmap/topics';
import type { ReleaseOutcome, ReleaseRecord } from '../release/record';
import type { VeilDatabase } from '../storage/db';
import { Refusal } from '../storage/errors';
import { readLedgerState, withPrivacyLedger, type LedgerContext, type RecordRelease } from '../storage/ledger-store';
import { readProfile } from '../storage/profile-store';
import { readRevision } from '../storage/revision';
import { readSettings } from '../storage/settings-store';
import { RandomBits } from '../dp/exact/bits';
import { memoryLedgerKey } from '../ledger/keys';
import type { Slot } from '../memview/slots';
import { memviewTurn, type SlotRelease } from '../memview/turn';
import { toBits } from '../release/release';
import { hostEmbedder, hostScorer } from './host-scoring';
import { carriedKey, figuresOf, instructionOf, namesOf, previewAttributes, recordOf, remainingOf, responseOf, viewInfos, withoutId } from './release-records';

export interface ReleaseRequest {
  prompt: string;
  /** A chat site, or `veil` for one of Veil's own pages. */
  site: string;
  conversation: string;
  fresh?: boolean;
  /** Withheld facts (keys) the person added to this release on top of what the message needs. */
  include?: readonly string[];
}

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

interface Inputs {
  profile: Profile;
  settings: Settings;
  revision: number;
}

/** A plan with its scores, and the inputs it was made from. */
type Planned = Inputs & { prepared: PreparedRelease; carried: string };

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

  async function readInputs(): Promise<Inputs> {
    return db.transaction('r', db.attributes, db.meta, db.settings, async () => ({
      profile: await readProfile(db),
      settings: await readSettings(db),
      revision: await readRevision(db),
    }));
  }

  const scorerFor = (profile: Profile, plan: ReleasePlan) => hostScorer(model, profile, plan);
  const embedder = hostEmbedder(model);

  /**
   * The last plan with its scores, for the revision it was made at. A fresh release at the same revision
   * only draws again from it: the plan and the scores are deterministic functions of the profile, the
   * settings and the model, which the revision covers (a model switch bumps it too). Kept in this
   * process's memory only, like the model host's score cache.
   */
  let cached: Planned | undefined;
  /** The facts the last message read needs (a draft read ahead is the message sent, most often). */
  let lastCarry: { revision: number; prompt: string; keys: string[] } | undefined;

  /**
   * The message's vector, its sentences' in the same model call: the review's topic hints read them next,
   * from the host's cache (one call instead of two before the panel can show). A draft read ahead
   * (`prepare`) is in that cache already.
   */
  async function encodeMessage(prompt: string): Promise<number[]> {
    return (await model.encode([prompt, ...hintedSentences(prompt).map((s) => s.text)])).vectors[0]!;
  }

  /**
   * The facts a release for `request` carries: what its message needs (public rule: the sentence encoder's
   * view of the message, never a value) and what the person added. No withheld fact: no model call.
   */
  async function carryOf(inputs: Inputs, request: ReleaseRequest): Promise<Set<string>> {
    if (lastCarry?.revision !== inputs.revision || lastCarry.prompt !== request.prompt) {
      const view = publicView(inputs.profile);
      const vector = view.some((a) => a.sharing === 'withheld') ? await encodeMessage(request.prompt) : undefined;
      lastCarry = { revision: inputs.revision, prompt: request.prompt, keys: [...relevantKeys(view, request.prompt, vector)] };
    }
    const carry = new Set(lastCarry.keys);
    for (const key of request.include ?? []) carry.add(key);
    return carry;
  }

  async function prepared(inputs: Inputs, carry?: ReadonlySet<string>): Promise<Planned> {
    const { profile, settings } = inputs;
    const options = {
      mechanism: settings.mechanism,
      variant: settings.variant,
      epsilonUnits: epsilonToUnits(settings.epsilon),
      embedder,
      ...(carry ? { carry } : {}),
    };
    // Plan first (public), then embed only the values the plan privatizes: a profile with nothing to
    // privatize needs no model at all.
    const plan = await planProfile(profile, options);
    const prepared = await prepareRelease(profile, { ...options, plan, scorer: await scorerFor(profile, plan) });
    return { ...inputs, prepared, carried: carriedKey(carry) };
  }

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
  function reuseIn(request: ReleaseRequest, earlier: ReleaseRecord, inputs: Inputs, ledger: PrivacyLedger, record: RecordRelease, context: LedgerContext, bits: RandomBits) {
    const { profile, settings } = inputs;
    const { views, units } = turnViews(request.prompt, ledger, context, settings, bits);
    const draft = publicDraft(earlier.attributes, earlier.format, views, profile);
    const text = outgoingText(draft, instructionOf(request, profile), settings.suppressed);
    const spent = { ...Object.fromEntries(Object.keys(earlier.spent).map((k) => [k, 0])), ...units };
    record({ ...withoutId(earlier), createdAt: now(), spent, kind: 'reused', reusedFrom: earlier.id!, outcome: 'shown', views, memoryRevision: context.memoryRevision, text });
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
    const keys = [...blockCharges(plan.prepared.plan).flat().map((c) => c.key), ...Object.keys(units)];
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
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; ) {
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
          { now: now(), conversation: request, needsReusable: (ledger) => plan !== undefined && ledger.decide(blockCharges(plan.prepared.plan)).some((d) => !d.fresh) },
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
