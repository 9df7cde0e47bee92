/** Fake scorers with known scores, for exact-distribution and property tests. */
import type { Scorer } from '../../../src/core/contracts';
import type { Attribute, Profile } from '../../../src/core/profile';
import { candidateDomain } from '../../../src/domains/index';

/** FNV-1a of a string, in [0, 1). */
export function hashUnit(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 2 ** 32;
}

/** A deterministic scorer: s(v, y) = hash(field, value, code) — a function of (v, y) only, as the proof needs. */
export const hashScorer: Scorer = {
  async score(field, value) {
    const domain = candidateDomain(field);
    if (!domain) throw new Error(`no domain for ${field}`);
    return domain.categories.map((c) => hashUnit(`${field}\u0000${value}\u0000${c.code}`));
  },
};

/** Scores from a table keyed `field:value`; unknown keys fall back to the hash scorer. */
export function tableScorer(table: Readonly<Record<string, readonly number[]>>): Scorer {
  return {
    async score(field, value) {
      return [...(table[`${field}:${value}`] ?? (await hashScorer.score(field, value)))];
    },
  };
}

export function profileOf(attributes: Attribute[], instruction?: string): Profile {
  return { version: 1, ...(instruction ? { instruction } : {}), attributes };
}

export const withheld = (field: string, value: string, entity = 'self'): Attribute => ({ entity, field, value, sharing: 'withheld' });
export const shared = (field: string, value: string, entity = 'self'): Attribute => ({ entity, field, value, sharing: 'shared' });
