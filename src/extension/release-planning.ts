/**
 * The release service's planning (release-service.ts decides and charges): the inputs a release is made from,
 * read together; the facts a message carries; and the plan with its values scored by the model host. Nothing
 * here is drawn or charged, and a plan holds the inputs it was made from, so the charging transaction can
 * check their revision.
 *
 * ```ts
 * const planner = createReleasePlanner({ db, model: hostModel });
 * const inputs = await planner.readInputs();
 * const plan = await planner.prepared(inputs, await planner.carryOf(inputs, request));
 * ```
 */
import { epsilonToUnits } from '../core/epsilon';
import type { Profile } from '../core/profile';
import type { Settings } from '../settings/settings';
import type { ModelHost } from '../model-host/host';
import type { ReleasePlan } from '../planning/plan';
import { planProfile, prepareRelease, type PreparedRelease } from '../release/prepare';
import { publicView } from '../planning/public-view';
import { relevantKeys } from '../planning/relevance';
import { hintedSentences } from '../crossmap/topics';
import type { VeilDatabase } from '../storage/db';
import { readProfile } from '../storage/profile-store';
import { readRevision } from '../storage/revision';
import { readSettings } from '../storage/settings-store';
import { hostEmbedder, hostScorer } from './host-scoring';
import { carriedKey, type ReleaseRequest } from './release-records';

export interface Inputs {
  profile: Profile;
  settings: Settings;
  revision: number;
}

/** A plan with its scores, and the inputs it was made from. */
export type Planned = Inputs & { prepared: PreparedRelease; carried: string };

export function createReleasePlanner({ db, model }: { db: VeilDatabase; model: ModelHost }) {
  async function readInputs(): Promise<Inputs> {
    return db.transaction('r', db.attributes, db.meta, db.settings, async () => ({
      profile: await readProfile(db),
      settings: await readSettings(db),
      revision: await readRevision(db),
    }));
  }

  const scorerFor = (profile: Profile, plan: ReleasePlan) => hostScorer(model, profile, plan);
  const embedder = hostEmbedder(model);

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

  return { readInputs, encodeMessage, carryOf, prepared, embedder };
}
