/**
 * PrivacyLedger: per-attribute and total privacy spend with caps, in exact integer units of 2^-20 ε.
 * A pure, serializable object: a store loads its state, the release flow decides and charges, the store
 * saves `toState()` (inside one transaction, so concurrent tabs never overspend).
 *
 * ```ts
 * const ledger = PrivacyLedger.create({ attributeCap: epsilonToUnits(32), totalCap: epsilonToUnits(256) });
 * const decisions = ledger.decide([[{ key: 'self.work', units: 2796202 }], …]); // before sampling
 * ledger.charge([{ key: 'self.work', units: 2796202 }]);                           // before showing
 * ```
 *
 * Charging rule (DESIGN.md "What a release charges"): every original withheld attribute read by a fresh
 * release is charged its own ε_i; the total is charged Σ ε_i. Reusing an earlier release is post-processing
 * and charges nothing. Fallback is decided per block, before sampling: if any attribute of a block would
 * pass its cap, or the block would pass the total cap, the whole block takes the fallback. Caps are never
 * passed: `charge` refuses (and changes nothing) if one would be.
 *
 * Guarantee: by sequential composition, what all fresh releases in a budget period reveal about attribute
 * a is at most `spent(a)` ≤ `cap(a)` (pure DP), and about the whole profile at most `total.spent`.
 *
 * Caps are the person's settings, changed in the store (`src/storage/budget-store.ts`: raising needs their
 * confirmation that what was released stays released). A cap lowered below what is already spent is kept
 * as chosen and means "no more fresh releases of this fact": `decide` then always falls back.
 */
import { unitsToEpsilon, type EpsilonUnits } from '../core/epsilon';
import { firstIssue } from '../core/zod-issue';
import { ledgerStateSchema, type LedgerState } from './state';

export interface Charge {
  /** `entity.field`. */
  readonly key: string;
  /** ε_i in units of 2^-20. */
  readonly units: EpsilonUnits;
}

/**
 * The cap a fresh block would pass, in units: one attribute's own (`key`), or the total. `spent` is what
 * was spent before (with earlier fresh blocks of the same release), `units` what this block would add.
 */
export type CapPassed =
  | { readonly cap: 'attribute'; readonly key: string; readonly spent: number; readonly units: number; readonly limit: number }
  | { readonly cap: 'total'; readonly spent: number; readonly units: number; readonly limit: number };

/** `reason` is the technical form (logs, tests); `passed` the same as figures, for words a person reads. */
export type BlockDecision = { readonly fresh: true } | { readonly fresh: false; readonly reason: string; readonly passed: CapPassed };

export class LedgerError extends Error {
  override name = 'LedgerError';
}

export class PrivacyLedger {
  private constructor(private state: LedgerState) {}

  static create(caps: { attributeCap: number; totalCap: number }): PrivacyLedger {
    return PrivacyLedger.fromState({ version: 1, attributeCap: caps.attributeCap, total: { spent: 0, cap: caps.totalCap }, attributes: {} });
  }

  /** Validates untrusted stored state. A stored `spent` above its cap is accepted and treated as exhausted. */
  static fromState(state: unknown): PrivacyLedger {
    const parsed = ledgerStateSchema.safeParse(state);
    if (!parsed.success) throw new LedgerError(`invalid ledger state: ${firstIssue(parsed.error)}`);
    return new PrivacyLedger(structuredClone(parsed.data));
  }

  /** A deep copy of the state: plain JSON of integers. */
  toState(): LedgerState {
    return structuredClone(this.state);
  }

  spent(key: string): number {
    return this.state.attributes[key]?.spent ?? 0;
  }

  cap(key: string): number {
    return this.state.attributes[key]?.cap ?? this.state.attributeCap;
  }

  get totalSpent(): number {
    return this.state.total.spent;
  }

  get totalCap(): number {
    return this.state.total.cap;
  }

  /**
   * For each block in order, whether it may be released fresh. Later blocks see the spend of earlier fresh
   * ones (a release is charged as a whole). Does not change the ledger.
   */
  decide(blocks: readonly (readonly Charge[])[]): BlockDecision[] {
    let pendingTotal = 0;
    const pending = new Map<string, number>(); // per key: earlier fresh blocks of this release
    return blocks.map((charges): BlockDecision => {
      const perKey = new Map<string, number>();
      for (const c of charges) perKey.set(c.key, (perKey.get(c.key) ?? 0) + c.units);
      for (const [key, units] of perKey) {
        const spent = this.spent(key) + (pending.get(key) ?? 0);
        if (spent + units > this.cap(key)) {
          const limit = this.cap(key);
          return {
            fresh: false,
            reason: `${key} would pass its cap (spent ${fmt(spent)} + ${fmt(units)} > ${fmt(limit)})`,
            passed: { cap: 'attribute', key, spent, units, limit },
          };
        }
      }
      const sum = charges.reduce((s, c) => s + c.units, 0);
      if (this.state.total.spent + pendingTotal + sum > this.state.total.cap) {
        const spent = this.state.total.spent + pendingTotal;
        const limit = this.state.total.cap;
        return {
          fresh: false,
          reason: `the total budget would pass its cap (spent ${fmt(spent)} + ${fmt(sum)} > ${fmt(limit)})`,
          passed: { cap: 'total', spent, units: sum, limit },
        };
      }
      pendingTotal += sum;
      for (const [key, units] of perKey) pending.set(key, (pending.get(key) ?? 0) + units);
      return { fresh: true };
    });
  }

  /** Charge a fresh release: all or nothing; refuses if any cap would be passed. */
  charge(charges: readonly Charge[]): void {
    const perKey = new Map<string, number>();
    let sum = 0;
    for (const c of charges) {
      if (!Number.isSafeInteger(c.units) || c.units < 0) throw new LedgerError(`charge for ${c.key} must be a non-negative integer of units`);
      perKey.set(c.key, (perKey.get(c.key) ?? 0) + c.units);
      sum += c.units;
    }
    for (const [key, units] of perKey) {
      if (this.spent(key) + units > this.cap(key)) throw new LedgerError(`refused: ${key} would pass its cap`);
    }
    if (this.state.total.spent + sum > this.state.total.cap) throw new LedgerError('refused: the total budget would pass its cap');
    for (const [key, units] of perKey) {
      const entry = this.state.attributes[key] ?? { spent: 0, cap: null };
      this.state.attributes[key] = { ...entry, spent: entry.spent + units };
    }
    this.state.total.spent += sum;
  }
}

function fmt(units: number): string {
  return String(Math.round(unitsToEpsilon(units) * 1e4) / 1e4);
}
