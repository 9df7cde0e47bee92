import { describe, expect, it } from 'vitest';
import { measure } from '../../../scripts/measured-utility';
import { MEASURED } from '../../../src/ui/measured-utility';

describe('the measured rates the settings quote', () => {
  it('are what the holdout set gives today (regenerate with npx tsx scripts/measured-utility.ts)', async () => {
    const table = await measure();
    expect(MEASURED).toEqual(table);
    for (const rows of Object.values(MEASURED)) {
      for (const row of Object.values(rows)) {
        for (const [right, unspecified, wrong] of Object.values(row)) expect(right + unspecified + wrong).toBeCloseTo(100, 6);
      }
    }
  }, 120_000);
});
