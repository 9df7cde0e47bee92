/**
 * The model host as the release's scorer and embedder (src/model-host/host.ts): the values a plan
 * privatizes scored by one model in one call (the host caches them), and public field names embedded for
 * matching custom fields to known ones (planning reads only `embed`).
 */
import type { Embedder, Scorer } from '../core/contracts';
import type { Profile } from '../core/profile';
import type { ModelHost } from '../model-host/host';
import type { ReleasePlan } from '../planning/plan';

/** Scores of every value the plan privatizes, by one model in one call. */
export async function hostScorer(model: ModelHost, profile: Profile, plan: ReleasePlan): Promise<Scorer> {
  const items = plan.attributes.filter((a) => a.treatment === 'privatized').map((a) => ({ field: a.field, value: profile.attributes[a.index]!.value }));
  const { scores } = items.length > 0 ? await model.score(items) : { scores: [] };
  const byValue = new Map(items.map((item, i) => [`${item.field}\u0000${item.value}`, scores[i]!]));
  return {
    score: async (field, value) => {
      const s = byValue.get(`${field}\u0000${value}`);
      if (!s) throw new Error(`no score for a ${field} value`);
      return s;
    },
  };
}

/** The model host's embedder (public names only). */
export function hostEmbedder(model: ModelHost): Embedder {
  return {
    id: 'model-host',
    dimension: 0,
    embed: async (texts) => (await model.embed(texts)).vectors.map((v) => Float32Array.from(v)),
  };
}
