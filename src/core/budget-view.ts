/**
 * What the budget chart shows (the `budget.*` messages): the current period's ledgers as a person reads
 * them. A view computed by storage, not a stored row, so a storage layout change is not a protocol change.
 * Every ε is in integer units of 2^-20 (src/core/epsilon.ts).
 */

export interface LedgerView {
  key: string;
  entity: string;
  field: string;
  /** Units of 2^-20 ε. */
  spent: number;
  cap: number;
  /** False when the person set this attribute's own cap. */
  capIsDefault: boolean;
  /** Whether the attribute is withheld in the profile now (a ledger outlives a removed or shared attribute). */
  withheld: boolean;
  /**
   * A protected memory attribute (DP-MemView): `field` is its name, `entity` empty, and its cap B_a is
   * changed with the attribute in Memories. `withheld` then says whether it is still protected.
   */
  memory?: true;
}

export interface BudgetOverview {
  period: number;
  startedAt: number;
  /** Units. */
  totalSpent: number;
  totalCap: number;
  ledgers: LedgerView[];
}
