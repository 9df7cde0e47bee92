import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEASURED_MEMVIEW, MEASURED_MEMVIEW_SOURCE } from '../../../src/ui/measured-memview';

describe('the memory preference rates the Memories section quotes', () => {
  it('are what eval/memview/results.json says (holdout, T = 16), rounded to whole percents', () => {
    const results = JSON.parse(readFileSync('eval/memview/results.json', 'utf8')) as {
      results: { holdout: { '16': Record<string, { supportedShare: number; misleadingShare: number }> } };
    };
    for (const [variant, key] of Object.entries(MEASURED_MEMVIEW_SOURCE)) {
      const f = results.results.holdout['16'][key]!;
      const backed = Math.round(100 * f.supportedShare);
      const misleading = Math.round(100 * f.misleadingShare);
      expect(MEASURED_MEMVIEW[variant as keyof typeof MEASURED_MEMVIEW]).toEqual({ backed, misleading, nothing: 100 - backed - misleading });
    }
  });
});
