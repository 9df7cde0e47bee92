/**
 * The one record of a release that was shown: what the release service stores (IndexedDB), what the
 * options page lists, and what `release.outcome` updates. Public values only: every `attributes[].value` is
 * a kept shared value, a category label or the suppression symbol, never a withheld original.
 *
 * ```ts
 * { id: 7, createdAt: 1764640000000, period: 1, site: 'chatgpt', conversation: 'c/68f…', revision: 12,
 *   mechanism: 'block', format: 'structured', epsilon: 8388608, spent: { 'self.age': 2796202 },
 *   kind: 'partly-fallback', outcome: 'sent', attributes: [ … ], text: 'Plan my week.\n\nAbout me: …' }
 * ```
 */
import type { Mechanism, ReleaseFormat } from '../core/choices';
import type { ReleasedAttribute, ReleaseKind } from './release';
import type { SlotRelease } from '../memview/turn';

export type ReleaseOutcome = 'shown' | 'sent' | 'edited' | 'cancelled';

export interface ReleaseRecord {
  id?: number;
  createdAt: number;
  /** The budget period it was charged in. */
  period: number;
  /** Where it was asked for: a chat site, or `veil` for one of Veil's own pages. */
  site: string;
  /** The conversation it belongs to (the caller's key); releases are reused within one conversation only. */
  conversation: string;
  /** The profile-and-settings revision it was planned and charged at (storage/revision.ts). */
  revision: number;
  mechanism: Mechanism;
  format: ReleaseFormat;
  /** The per-release ε, in units of 2^-20. */
  epsilon: number;
  /** ε charged per attribute key by THIS record, in units (all 0 for a reused release). */
  spent: Record<string, number>;
  /**
   * `fresh`, `partly-fallback` or `fallback` for a release drawn now (per attribute: `attributes[].origin`);
   * `reused` when an earlier release of the same conversation was used again (free), see `reusedFrom`.
   */
  kind: ReleaseKind;
  reusedFrom?: number;
  /** `shown` until the caller reports what the person did. A cancelled release stays charged: it was shown. */
  outcome: ReleaseOutcome;
  attributes: ReleasedAttribute[];
  /**
   * DP-MemView (schema v6): the view each slot the prompt activated released, public values only. Their
   * charges are in `spent` under `memory:<id>` keys. Absent on releases made before memories existed.
   */
  views?: SlotRelease[];
  /** The memories' content revision the views were drawn under (storage/rows.ts `contentRevision`). */
  memoryRevision?: number;
  /** The composed text: the prompt, the released profile, then the answer preferences of `views`. */
  text: string;
}
