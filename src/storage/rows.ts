/**
 * The shapes Veil keeps in IndexedDB, one interface per table row. Every ε here is an integer number of
 * units of 2^-20 (src/core/epsilon.ts), so ledgers add and compare exactly.
 */
import type { Sharing } from '../core/profile';
import type { Settings } from '../core/settings';

/** One profile attribute `(entity, field, value, sharing)`; primary key `[entity+field]`. */
export interface StoredAttribute {
  entity: string;
  field: string;
  value: string;
  sharing: Sharing;
  /** Order in the profile (export keeps it, so export → import → export is byte-identical). */
  position: number;
  updatedAt: number;
}

/** The person's settings: a single row with id `current`. */
export interface StoredSettings extends Settings {
  id: 'current';
}

/** Profile-level data that is not an attribute. */
export interface StoredProfileMeta {
  id: 'profile';
  instruction?: string;
}

/** The current budget period. Ledgers are kept per period; a new period never deletes an old one. */
export interface StoredBudgetMeta {
  id: 'budget';
  period: number;
  startedAt: number;
}

export type StoredMeta = StoredProfileMeta | StoredBudgetMeta;

/**
 * One attribute's privacy ledger in one budget period (schema v2). Primary key `[period+key]`, `key` being
 * `attributeKey` (`entity.field`). Rows are never deleted: what was released stays released, and the
 * history of a past period is part of the person's record.
 */
export interface StoredLedger {
  period: number;
  key: string;
  entity: string;
  field: string;
  /** ε spent on fresh releases that read this attribute, in units. */
  spent: number;
  /** This attribute's own cap in units, or null to follow the `attributeCap` setting. */
  cap: number | null;
  updatedAt: number;
}

/** What happened to one attribute in a release (mirrors the CLI's release output). */
export interface ReleasedAttribute {
  entity: string;
  field: string;
  sharing: Sharing;
  release: 'kept' | 'privatized' | 'suppressed';
  /** The released (public) value; never the withheld original. */
  value: string;
  code?: string;
}

/** One release shown to the person (schema v2). Written by the release flow (later issues). */
export interface StoredRelease {
  id?: number;
  createdAt: number;
  period: number;
  mechanism: Settings['mechanism'];
  format: Settings['format'];
  /** The per-release budget ε, in units. */
  epsilon: number;
  /** ε charged per attribute key, in units (0 for a reused release). */
  spent: Record<string, number>;
  /** `fresh` releases are charged; `reused` ones are post-processing and free. */
  kind: 'fresh' | 'reused';
  /** Every shown fresh release is charged, even if the person cancels it (DESIGN.md). */
  outcome: 'shown' | 'sent' | 'cancelled';
  attributes: ReleasedAttribute[];
  text: string;
}
