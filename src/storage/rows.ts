/**
 * The shapes Veil keeps in IndexedDB, one interface per table row. Every ε here is an integer number of
 * units of 2^-20 (src/core/epsilon.ts), so ledgers add and compare exactly.
 */
import type { Importance, Sharing } from '../core/profile';
import type { Settings } from '../settings/settings';
import type { ReleaseRecord } from '../release/record';
import type { MemoryFile } from '../memview/types';

/** One profile attribute `(entity, field, value, sharing)`; primary key `[entity+field]`. */
export interface StoredAttribute {
  entity: string;
  field: string;
  value: string;
  sharing: Sharing;
  /** The person's precision choice for a withheld fact (absent: normal). */
  importance?: Importance;
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

export type StoredMeta = StoredProfileMeta | StoredBudgetMeta | StoredModelChoice | StoredGeneratorChoice | StoredRevision;

/** The language model private compose maps with, if the person installed one and uses it (null: none). */
export interface StoredGeneratorChoice {
  id: 'generator';
  active: string | null;
}

/**
 * One attribute's privacy ledger in one budget period (schema v2). Primary key `[period+key]`, `key` being
 * `attributeKey` (`entity.field`) for a profile fact, or `memory:<id>` for a protected memory attribute
 * (schema v6: `namespace: 'memory'`, `entity` empty, `field` the attribute's name when last charged).
 * Rows are never deleted: what was released stays released, and the history of a past period is part of
 * the person's record.
 */
export interface StoredLedger {
  period: number;
  key: string;
  namespace?: 'memory';
  entity: string;
  field: string;
  /** ε spent on fresh releases that read this attribute, in units. */
  spent: number;
  /** This attribute's own cap in units, or null to follow the `attributeCap` setting. */
  cap: number | null;
  updatedAt: number;
}

/** One release shown to the person (schema v2; v4 added site, conversation, revision, origins). */
export type StoredRelease = ReleaseRecord;

/** Which embedding model releases use (schema v4): the bundled one unless the person installed another. */
export interface StoredModelChoice {
  id: 'model';
  active: string;
}

/** A profile-and-settings revision, bumped by every change to either (storage/revision.ts). */
export interface StoredRevision {
  id: 'revision';
  value: number;
}

/**
 * One file of an embedding model the person downloaded (schema v4), primary key `[modelId+file]`, e.g.
 * `Xenova/all-MiniLM-L6-v2` + `onnx/model_quantized.onnx`. Public model data, not personal.
 */
export interface StoredModelFile {
  modelId: string;
  file: string;
  bytes: Uint8Array;
  storedAt: number;
}

/**
 * Candidate embeddings computed on the device for a downloaded model (schema v4), primary key `modelId`:
 * `header` and `body` as src/scoring/candidate-embeddings.ts encodes them. Public data only.
 */
export interface StoredCandidateEmbeddings {
  modelId: string;
  header: string;
  body: Uint8Array;
  storedAt: number;
}

/** The person's memories, protected attributes and own views (schema v6): one row, id `current`. */
export interface StoredMemory extends MemoryFile {
  id: 'current';
  updatedAt: number;
  /**
   * Bumped when the memories' texts or topics, or the person's own views, change (absent: 0), not on a
   * reorder, a cap or a group: a release's views are reused only under the content they were drawn from.
   */
  contentRevision?: number;
  /** Written by earlier versions (a timestamp in place of `contentRevision`); ignored. */
  changedAt?: number;
  /** Bumped by every write (absent: 0), so a page saving over an edit it never saw can be refused. */
  revision?: number;
}

/**
 * A conversation's CROSS-MAP codebook (schema v5), key `[site+conversation]`. It holds original prompt
 * spans, so it never leaves the extension's storage: not in an export, not in a message to a page.
 */
export interface StoredCodebook {
  site: string;
  conversation: string;
  codebook: import('../crossmap/codebook').CodebookState;
  createdAt: number;
  updatedAt: number;
}
