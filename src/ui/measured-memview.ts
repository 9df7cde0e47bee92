/**
 * Measured, not promised: what a privately picked memory preference turns out to be, on the holdout half
 * of `npm run eval:memview` (eval/memview/results.json, T = 16, K = MEASURED_K, the default), per variant
 * and cap B_a (`veil`: Veil's rule, src/memview/turn.ts VEIL_RULE; `paper`: the paper's selection): of the
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

/** The caps measured; the Memories section offers them all, 8 the largest. */
export const MEASURED_CAPS = [1, 2, 4, 8] as const;
/** K of the measured rows: the default memoryK (test/unit/ui/measured-memview.test.ts checks it is). */
export const MEASURED_K = 2;
/** A new protected attribute's cap in the Memories section. */
export const DEFAULT_MEMORY_CAP = 2;

export const MEASURED_MEMVIEW: Readonly<Record<Variant, Readonly<Record<(typeof MEASURED_CAPS)[number], MemoryRates>>>> = {
  veil: {
    1: { backed: 1, misleading: 9, nothing: 90, auc: 0.51 },
    2: { backed: 2, misleading: 7, nothing: 91, auc: 0.53 },
    4: { backed: 2, misleading: 6, nothing: 92, auc: 0.54 },
    8: { backed: 5, misleading: 4, nothing: 91, auc: 0.65 },
  },
  paper: {
    1: { backed: 9, misleading: 72, nothing: 19, auc: 0.52 },
    2: { backed: 11, misleading: 69, nothing: 20, auc: 0.59 },
    4: { backed: 13, misleading: 63, nothing: 24, auc: 0.67 },
    8: { backed: 21, misleading: 49, nothing: 30, auc: 0.82 },
  },
};

/** The key of eval/memview/results.json a row comes from. */
export function measuredSource(variant: Variant, cap: number): string {
  return variant === 'veil' ? `on-veil-B${cap}-K${MEASURED_K}` : `on-B${cap}-K${MEASURED_K}`;
}
