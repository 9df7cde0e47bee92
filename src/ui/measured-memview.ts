/**
 * Measured, not promised: what a privately picked memory preference turns out to be, on the holdout half
 * of `npm run eval:memview` (eval/memview/results.json, T = 16, K = 3), per variant and cap B_a: of the
 * slot releases that drew a view, the share that added a preference the store's memories support
 * (backed), one they do not support (misleading), and nothing; and how well the optimal auditor tells a
 * store with the attribute from one without it (AUC, 0.5 = chance). The test
 * test/unit/ui/measured-memview.test.ts fails when the evaluation's figures move; copy them from there.
 */
import type { Variant } from '../dp/utility';

export interface MemoryRates {
  backed: number;
  misleading: number;
  nothing: number;
  auc: number;
}

/** The caps measured (K = 3). */
export const MEASURED_CAPS = [1, 2, 4, 8] as const;

export const MEASURED_MEMVIEW: Readonly<Record<Variant, Readonly<Record<(typeof MEASURED_CAPS)[number], MemoryRates>>>> = {
  veil: {
    1: { backed: 5, misleading: 43, nothing: 52, auc: 0.53 },
    2: { backed: 6, misleading: 42, nothing: 52, auc: 0.56 },
    4: { backed: 7, misleading: 38, nothing: 55, auc: 0.64 },
    8: { backed: 11, misleading: 30, nothing: 59, auc: 0.75 },
  },
  paper: {
    1: { backed: 9, misleading: 72, nothing: 19, auc: 0.53 },
    2: { backed: 10, misleading: 70, nothing: 20, auc: 0.56 },
    4: { backed: 12, misleading: 66, nothing: 22, auc: 0.63 },
    8: { backed: 16, misleading: 58, nothing: 26, auc: 0.77 },
  },
};

/** The key of eval/memview/results.json a row comes from. */
export function measuredSource(variant: Variant, cap: number): string {
  return variant === 'veil' ? `on-veil-B${cap}-K3` : `on-B${cap}-K3`;
}
