/**
 * DP-BLOCK's public compatibility prior J_b(y_b) ∈ [0,1] over a block's candidate combinations.
 *
 * J_b is the mean, over the pairs of block members that have a pair rule below, of that rule's grade for
 * the two released codes; a block with no such pair has no prior (J ≡ 0, which equals any constant).
 * Inputs are field names and candidate codes only — public — so J cancels between neighbouring profiles
 * and costs no budget (Profile-DP §4.3, DESIGN.md "Public decisions see only public inputs").
 *
 * Pair rules (symmetric; `unspecified` on either side grades 0.5):
 * - occupation|work × education: 1 if the ISCED level is one an ISCO skill level of the major group
 *   requires (ILO ISCO-08 ↔ ISCED mapping), 0.5 if it is one level from such a level, else 0.
 * - occupation × work: 1 for the same major group, 0.5 for groups sharing a skill level, else 0.
 * - age × marital_status, age × children: the judgement tables in compatibility-tables.ts.
 * - location × nationality: 1 for the same M49 sub-region, else 0.
 *
 * ```ts
 * const prior = compatibilityPrior(['occupation', 'education'], [iscoDomain, iscedDomain]); // 110 cells
 * ```
 */
import type { CandidateDomain } from '../core/contracts';
import { nextCell, supportSize } from '../dp/draw';
import { AGE_CHILDREN, AGE_MARITAL, ISCO_SKILL_LEVELS, SKILL_LEVEL_ISCED } from './compatibility-tables';
import { quantizeUnit } from '../dp/exact/scale';

const UNSPECIFIED = 'unspecified';
const NEUTRAL = 0.5;

type PairGrade = (a: string, b: string) => number;

function iscedLevelsOf(major: string): number[] {
  return (ISCO_SKILL_LEVELS[major] ?? []).flatMap((s) => SKILL_LEVEL_ISCED[s] ?? []);
}

const iscoVsIsced: PairGrade = (major, isced) => {
  const levels = iscedLevelsOf(major);
  const level = Number(isced);
  if (levels.length === 0 || !Number.isInteger(level)) return NEUTRAL;
  const distance = Math.min(...levels.map((l) => Math.abs(l - level)));
  return distance === 0 ? 1 : distance === 1 ? 0.5 : 0;
};

const iscoVsIsco: PairGrade = (a, b) => {
  if (a === b) return 1;
  const sa = ISCO_SKILL_LEVELS[a] ?? [];
  const sb = ISCO_SKILL_LEVELS[b] ?? [];
  return sa.some((s) => sb.includes(s)) ? 0.5 : 0;
};

const table =
  (rows: Readonly<Record<string, Readonly<Record<string, number>>>>): PairGrade =>
  (a, b) =>
    rows[a]?.[b] ?? NEUTRAL;

const sameCode: PairGrade = (a, b) => (a === b ? 1 : 0);

/** Pair rules keyed "fieldA|fieldB"; the grade function takes codes in that field order. */
export const PAIR_RULES: Readonly<Record<string, PairGrade>> = {
  'occupation|education': iscoVsIsced,
  'work|education': iscoVsIsced,
  'occupation|work': iscoVsIsco,
  'age|marital_status': table(AGE_MARITAL),
  'age|children': table(AGE_CHILDREN),
  'location|nationality': sameCode,
};

function pairGrade(fieldA: string, fieldB: string): ((a: string, b: string) => number) | undefined {
  const direct = PAIR_RULES[`${fieldA}|${fieldB}`];
  if (direct) return direct;
  const reverse = PAIR_RULES[`${fieldB}|${fieldA}`];
  return reverse ? (a, b) => reverse(b, a) : undefined;
}

/** Priors are public and fixed per (fields, domains): computed once per combination, shared read-only. */
const cache = new Map<string, Uint32Array | undefined>();

/**
 * J_b for every cell of the block's support (mixed radix, last member fastest), in units of 2^-16, or
 * undefined when no pair of members has a rule. The returned array is shared between calls: read only.
 */
export function compatibilityPrior(fields: readonly string[], domains: readonly CandidateDomain[]): Uint32Array | undefined {
  if (domains.length === 0) return undefined;
  const key = fields.join('|') + '#' + domains.map((d) => `${d.field}:${d.categories.map((c) => c.code).join(',')}`).join(';');
  if (!cache.has(key)) cache.set(key, computePrior(fields, domains));
  return cache.get(key);
}

function computePrior(fields: readonly string[], domains: readonly CandidateDomain[]): Uint32Array | undefined {
  const pairs: { i: number; j: number; grade: (a: string, b: string) => number }[] = [];
  for (let i = 0; i < fields.length; i++) {
    for (let j = i + 1; j < fields.length; j++) {
      const grade = pairGrade(fields[i]!, fields[j]!);
      if (grade) pairs.push({ i, j, grade });
    }
  }
  if (pairs.length === 0) return undefined;
  const codes = domains.map((d) => d.categories.map((c) => c.code));
  const sizes = codes.map((c) => c.length);
  const cells = supportSize(sizes);
  const out = new Uint32Array(cells);
  const index = new Array<number>(sizes.length).fill(0);
  for (let cell = 0; cell < cells; cell++) {
    let sum = 0;
    for (const { i, j, grade } of pairs) {
      const a = codes[i]![index[i]!]!;
      const b = codes[j]![index[j]!]!;
      sum += a === UNSPECIFIED || b === UNSPECIFIED ? NEUTRAL : grade(a, b);
    }
    out[cell] = quantizeUnit(sum / pairs.length);
    nextCell(index, sizes);
  }
  return out;
}
