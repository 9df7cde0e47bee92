/**
 * Repeated draws of one prepared release, for privacy audits (`veil sample`): scores are computed once,
 * then only the exact sampler runs. No ledger is involved — this is an evaluation tool, not a release.
 *
 * ```ts
 * sampleCounts(prepared, 10_000, new RandomBits(seededRandomSource(1)));
 * // Map { 'self.education=7|self.occupation=1|self.work=1' => 4120, … }
 * ```
 */
import type { RandomBits } from '../dp/exact/bits';
import { sampleBlock, type PreparedRelease } from './prepare';

/** One draw's key: `entity.field=code` of every privatized attribute, sorted, joined by `|`. */
export function sampleReleaseKey(prepared: PreparedRelease, bits: RandomBits): string {
  const { plan } = prepared;
  const parts: string[] = [];
  plan.blocks.forEach((block, b) => {
    const categories = sampleBlock(prepared, b, bits);
    block.members.forEach((m, i) => parts.push(`${plan.attributes[m]!.key}=${categories[i]!.code}`));
  });
  return parts.sort().join('|');
}

export function sampleCounts(prepared: PreparedRelease, n: number, bits: RandomBits): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const key = sampleReleaseKey(prepared, bits);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
