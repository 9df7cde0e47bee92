import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/settings/settings';
import { MEASURED_CAPS, MEASURED_K, MEASURED_MEMVIEW, measuredSource } from '../../../src/ui/measured-memview';

describe('the memory preference rates the Memories section quotes', () => {
  it('are measured at the default K', () => {
    expect(MEASURED_K).toBe(DEFAULT_SETTINGS.memoryK);
  });

  it('are what eval/memview/results.json says (holdout, T = 16, default K), rounded', () => {
    const results = JSON.parse(readFileSync('eval/memview/results.json', 'utf8')) as {
      results: { holdout: { '16': Record<string, { supportedShare: number; misleadingShare: number; auc: number }> } };
    };
    for (const variant of ['veil', 'paper'] as const) {
      for (const cap of MEASURED_CAPS) {
        const f = results.results.holdout['16'][measuredSource(variant, cap)]!;
        const backed = Math.round(100 * f.supportedShare);
        const misleading = Math.round(100 * f.misleadingShare);
        expect(MEASURED_MEMVIEW[variant][cap]).toEqual({ backed, misleading, nothing: 100 - backed - misleading, auc: Math.round(100 * f.auc) / 100 });
      }
    }
  });
});
