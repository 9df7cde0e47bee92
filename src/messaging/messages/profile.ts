/** The profile, memories, settings, budget and releases: messages of Veil's own pages (../contract.ts). */
import { z } from 'zod';
import type { BudgetOverview } from '../../core/budget-view';
import { attributeSchema, type Profile } from '../../core/profile';
import { SITES, settingsSchema, type Mechanism, type Settings, type SuppressedChoice } from '../../settings/settings';
import type { ReleaseRecord } from '../../release/record';
import type { Variant } from '../../dp/utility';
import type { ReleasedAttribute, ReleaseKind } from '../../release/release';
import type { MemoryFile } from '../../memview/types';
import { attributeId, conversationKey, message, none, PAGES, units } from './spec';

/** An exported profile file: the text to save and a suggested file name. */
export interface ExportedProfile {
  filename: string;
  text: string;
}

/** ε figures of a release, as numbers of ε (not units), per attribute key `entity.field`. */
export interface EpsilonFigures {
  total: number;
  perAttribute: Record<string, number>;
}

/**
 * The memories page's data: the person's memories, protected attributes and own views, with each
 * attribute's ledger this budget period (units of 2^-20). Sent to Veil's own pages only.
 */
export interface MemoryOverview {
  memory: MemoryFile;
  /** The stored memories' write counter: pass it back as `memory.put`'s `basis`. */
  revision: number;
  /** Units the total cap has left this period (profile and memory charges share it); absent if unreadable. */
  totalLeft?: number;
  spent: Record<string, number>;
  mode: 'online' | 'pre';
  k: number;
  /** The settings' variant, which memory views follow too. */
  variant: Variant;
}

/** One slot's view in a release (DP-MemView): public values only, never a memory's text. */
export interface ReleaseViewInfo {
  slot: string;
  code: string;
  /** What the send carries for it ('' for the generic view: nothing). */
  text: string;
  kind: 'selected' | 'fallback' | 'generic' | 'unprotected' | 'reused' | 'stated';
  /** The protected attributes charged (selected) or whose cap stopped it (fallback), by name. */
  attributes: string[];
  /** ε charged to each of them (0 unless selected). */
  epsilon: number;
}

/** What `release.create` returns: everything the review panel shows, public values only. */
export interface ReleaseResponse {
  /** The stored record (`release.outcome` reports against it). */
  releaseId: number;
  mechanism: Mechanism;
  /** The per-release ε setting it was made at. */
  epsilon: number;
  attributes: ReleasedAttribute[];
  /** The prompt followed by the released profile and the answer preferences: exactly what would be sent. */
  text: string;
  /** The views of the slots the prompt activated, in order (empty without memories). */
  views: ReleaseViewInfo[];
  /** ε charged by this release (0 for a reused profile; views may still be charged, per `memory:<id>` key). */
  charged: EpsilonFigures;
  /** ε left under the caps after it: the total and each withheld attribute this release read. */
  remaining: EpsilonFigures;
  kind: ReleaseKind;
  /** True when an earlier release of this conversation was used again, for free. */
  reused: boolean;
  /** True when at least one fact took the fallback (reuse or suppression) because a cap would be passed. */
  fallback: boolean;
}

/** One fact in a preview: what the next release would do with it. Planned, never sampled: free. */
export interface PreviewAttribute {
  entity: string;
  field: string;
  sharing: 'shared' | 'withheld';
  /** `omitted`: not carried, as the message does not need it (only in a preview for a message). */
  treatment: 'kept' | 'privatized' | 'suppressed' | 'omitted';
  /** For privatized facts: the public categories it would be released as one of. */
  categories?: string[];
  /** ε this fact's ledger would be charged (0 for kept, suppressed, or shared facts privatized by closure). */
  epsilon: number;
  /** A shared fact privatized because it would give away this withheld one (closure; not part of the DP guarantee). */
  closure?: { entity: string; field: string };
  /** A cap would be passed: the fact would take the fallback (its last release again, or [withheld]), free. */
  overCap?: boolean;
  /** For a privatized fact: how a fresh release would come out, exactly (shown in extension pages only). */
  outcome?: PreviewOutcome;
}

/** Exact probabilities of a privatized fact's released category (they sum to 1). */
export interface PreviewOutcome {
  /** The category Veil reads the value as (the one it scores highest). */
  reading: string;
  /** Probability that the release names the reading. */
  right: number;
  /** Probability that it says "Unspecified" (0 when the reading is Unspecified itself). */
  unspecified: number;
  /** Probability that it names another category. */
  wrong: number;
}

export interface ReleasePreview {
  mechanism: Mechanism;
  variant: Variant;
  /** `needed`: each release carries only the withheld facts its message needs; this preview shows all. */
  facts: 'needed' | 'all';
  /** Why the outcome numbers are missing (the model could not score the values). */
  outcomesError?: string;
  epsilon: number;
  /** Whether suppressed facts are left out of the text or sent as [withheld]. */
  suppressed: SuppressedChoice;
  attributes: PreviewAttribute[];
  /** ε the next fresh release would charge in all. */
  total: number;
}

export const profileMessages = {
  'profile.get': message<Profile>()(none, PAGES),
  'profile.putAttribute': message<Profile>()(
    z
      .strictObject({
        attribute: attributeSchema,
        previous: attributeId.optional(),
        /** Where a new attribute goes in profile order (undo of a removal); last when absent. */
        index: z.number().int().min(0).max(500).optional(),
      })
      .refine((r) => r.previous === undefined || r.index === undefined, 'index is only for a new attribute'),
    PAGES,
  ),
  'profile.removeAttribute': message<Profile>()(attributeId, PAGES),
  /** The file's text; parsed and validated in the background, the stored profile replaced only if valid. */
  'profile.import': message<Profile>()(z.strictObject({ text: z.string().max(2_000_000, 'file is larger than 2 MB') }), PAGES),
  'profile.export': message<ExportedProfile>()(none, PAGES),
  /** The memories, protected attributes and own views, with their ledgers (DP-MemView). */
  'memory.get': message<MemoryOverview>()(none, PAGES),
  /**
   * Replace them all (validated in the background; nothing changes if invalid). Raising a protected
   * attribute's cap needs `confirmed`: what was already released stays released. With `basis` (the
   * `revision` the page read), a write made since, elsewhere, refuses it instead of being overwritten.
   */
  'memory.put': message<MemoryOverview>()(
    z.strictObject({ memory: z.unknown(), confirmed: z.boolean().optional(), basis: z.number().int().min(0).optional() }),
    PAGES,
  ),
  'settings.get': message<Settings>()(none, PAGES),
  'settings.update': message<Settings>()(
    z.strictObject({ patch: settingsSchema.omit({ genericSites: true }).partial(), confirmed: z.boolean().optional() }),
    PAGES,
  ),
  'budget.get': message<BudgetOverview>()(none, PAGES),
  'budget.setCap': message<BudgetOverview>()(z.strictObject({ key: z.string().min(1), cap: units.nullable(), confirmed: z.boolean() }), PAGES),
  'budget.newPeriod': message<BudgetOverview>()(z.strictObject({ confirmed: z.literal(true, { error: 'needs your confirmation' }) }), PAGES),
  'releases.list': message<ReleaseRecord[]>()(z.strictObject({ limit: z.number().int().min(1).max(1000).optional() }), PAGES),
  /**
   * Make (or, by default, reuse within the conversation) a release for `prompt`, for the site the page names
   * (`veil` for Veil's own trials). Veil's pages only: a send on a chat site goes through `review.begin`,
   * so a content script never holds a release the person has not reviewed, nor its accounting.
   */
  'release.create': message<ReleaseResponse>()(
    z.strictObject({
      prompt: z.string().max(100_000, 'the prompt is longer than 100,000 characters'),
      conversation: conversationKey,
      fresh: z.boolean().optional(),
      site: z.enum([...SITES, 'veil']).optional(),
    }),
    PAGES,
  ),
  /** What the person did with a shown release. Shown → sent, edited or cancelled, once. */
  'release.outcome': message<ReleaseRecord>()(z.strictObject({ releaseId: z.number().int().min(1), outcome: z.enum(['sent', 'edited', 'cancelled']) }), PAGES),
  /** What the next fresh release would do with each fact, and its cost. Plans only: spends nothing. */
  'release.preview': message<ReleasePreview>()(none, PAGES),
} as const;
