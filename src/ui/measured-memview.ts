/**
 * Measured, not promised: what a privately picked memory preference turns out to be, on the holdout half
 * of `npm run eval:memview` (eval/memview/results.json, T = 16, a new protected attribute's default cap 2
 * and the default K = 3), per variant: of the slot releases that drew a view, the share that added a
 * preference the store's memories support, one they do not support (misleading), and nothing. The test
 * test/unit/ui/measured-memview.test.ts fails when the evaluation's figures move; copy them from there.
 */
import type { Variant } from '../dp/utility';

export interface MemoryRates {
  backed: number;
  misleading: number;
  nothing: number;
}

export const MEASURED_MEMVIEW: Readonly<Record<Variant, MemoryRates>> = {
  veil: { backed: 6, misleading: 42, nothing: 52 },
  paper: { backed: 10, misleading: 70, nothing: 20 },
};

/** The keys of eval/memview/results.json these rows come from. */
export const MEASURED_MEMVIEW_SOURCE: Readonly<Record<Variant, string>> = { veil: 'on-veil-B2-K3', paper: 'on-B2-K3' };
