/**
 * The persisted form of a PrivacyLedger: a plain JSON object of integer units of 2^-20 ε, which a store
 * saves as is (the extension's Dexie store keeps one row per attribute: `{ spent, cap }` with `cap: null`
 * meaning "the attributeCap setting").
 *
 * ```json
 * { "version": 1, "attributeCap": 33554432,
 *   "total": { "spent": 2796202, "cap": 268435456 },
 *   "attributes": { "self.work": { "spent": 2796202, "cap": null } } }
 * ```
 *
 * - `attributeCap`: the default cap of an attribute whose own `cap` is null.
 * - `total.spent`: Σ of every fresh charge in this budget period; `total.cap`: its cap.
 * - `attributes[key].spent`: ε charged to `entity.field` by fresh releases; `.cap`: its own cap or null.
 */
import { z } from 'zod';

const units = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const ledgerStateSchema = z.strictObject({
  version: z.literal(1),
  attributeCap: units,
  total: z.strictObject({ spent: units, cap: units }),
  attributes: z.record(z.string().min(1), z.strictObject({ spent: units, cap: units.nullable() })),
});

export type LedgerState = z.infer<typeof ledgerStateSchema>;
