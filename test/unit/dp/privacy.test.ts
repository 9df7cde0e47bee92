/**
 * Profile-DP on neighbouring profiles (same public context, one or more withheld values changed):
 * - exactly, in log space: every output's probability differs by at most e^ε (per block by at most
 *   e^{Σ ε_i of its changed members}); the plan and the output support are identical;
 * - empirically, from `sample` counts at small ε with an honest margin: Wilson intervals at a family-wise
 *   false-positive rate of ALPHA = 1e-6 (Bonferroni over outputs and directions) must not show a ratio
 *   above e^ε — and the same audit does catch a mechanism that spends 6× its stated ε.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epsilonToUnits, unitsToEpsilon } from '../../../src/core/epsilon';
import { KNOWN_FIELDS, type Attribute } from '../../../src/core/profile';
import { RandomBits } from '../../../src/dp/exact/bits';
import { seededRandomSource } from '../../../src/dp/exact/random';
import { prepareRelease, type PreparedRelease } from '../../../src/release/prepare';
import { sampleCounts } from '../../../src/release/sample';
import { hashScorer, profileOf, shared, tableScorer, withheld } from './fakes';
import { ALPHA, normalUpperQuantile, wilsonInterval } from './stats';

const publicPlan = (p: PreparedRelease) => JSON.stringify(p.plan, (_k, v: unknown) => (v instanceof Uint32Array ? Array.from(v) : v));

/** Max over outputs of |log p(o) - log p'(o)|, per block, exact PMFs in float64 log space. */
function blockLogRatios(a: PreparedRelease, b: PreparedRelease): number[] {
  return a.draws.map((draw, i) => {
    const la = draw.logPmf();
    const lb = b.draws[i]!.logPmf();
    return Math.max(...la.map((x, y) => Math.abs(x - lb[y]!)));
  });
}

const fieldArb = fc.constantFrom(...KNOWN_FIELDS, 'health');
const profileArb = fc
  .uniqueArray(
    fc.record({
      field: fieldArb,
      entity: fc.constantFrom('self', 'my partner'),
      sharing: fc.constantFrom('shared' as const, 'withheld' as const),
      value: fc.string({ minLength: 1, maxLength: 8 }).map((s) => `v${s}`),
    }),
    {
      minLength: 1,
      maxLength: 10,
      selector: (r) => `${r.entity}.${r.field}`,
    },
  )
  .filter((rows) => rows.some((r) => r.sharing === 'withheld'));

describe('neighbouring profiles, exact', () => {
  it('same plan, same support, and every output within e^ε (per block within e^{Σ changed ε_i})', async () => {
    await fc.assert(
      fc.asyncProperty(
        profileArb,
        fc.constantFrom(2, 8, 64, 8192),
        fc.constantFrom('slot' as const, 'block' as const),
        fc.constantFrom('paper' as const, 'veil' as const),
        fc.integer(),
        async (rows, epsilon, mechanism, variant, salt) => {
          const u = profileOf(rows as Attribute[]);
          // Change one or more withheld values (never a shared one: those are public context).
          const neighbour = profileOf(
            rows.map((r, i) =>
              r.sharing === 'withheld' && (i === rows.findIndex((x) => x.sharing === 'withheld') || salt % (i + 2) === 0)
                ? { ...r, value: `${r.value}~${salt}` }
                : r,
            ) as Attribute[],
          );
          const units = epsilonToUnits(epsilon);
          const a = await prepareRelease(u, { mechanism, epsilonUnits: units, scorer: hashScorer, variant });
          const b = await prepareRelease(neighbour, { mechanism, epsilonUnits: units, scorer: hashScorer, variant });
          expect(publicPlan(b)).toBe(publicPlan(a));
          // Planning ignores the instruction too, so a release stays reusable across requests.
          const other = await prepareRelease({ ...u, instruction: `another request ${salt}` }, { mechanism, epsilonUnits: units, scorer: hashScorer, variant });
          expect(publicPlan(other)).toBe(publicPlan(a));
          expect(b.draws.map((d) => d.logWeights.length)).toEqual(a.draws.map((d) => d.logWeights.length));
          const ratios = blockLogRatios(a, b);
          const tolerance = 1e-9 * Math.max(1, epsilon);
          a.plan.blocks.forEach((block, i) => {
            const changed = block.members.filter((m) => rows[m]!.sharing === 'withheld' && u.attributes[m]!.value !== neighbour.attributes[m]!.value);
            const bound = unitsToEpsilon(changed.reduce((s, m) => s + a.plan.attributes[m]!.epsilonUnits, 0));
            expect(ratios[i]!).toBeLessThanOrEqual(bound + tolerance);
          });
          expect(ratios.reduce((s, r) => s + r, 0)).toBeLessThanOrEqual(epsilon + tolerance);
        },
      ),
      { numRuns: 160 },
    );
  });

  it('at ε = 8192 the log ratio is computed exactly and finitely (e^8192 overflows float64)', async () => {
    // u puts score 1 on category 0 only; u' puts 1 on the other 17. The worst output is category 0:
    // log p_u(0) ≈ 0 and log p_u'(0) = -ε/2 - ln 17, so the ratio is ε/2 + ln 17 (≤ ε, as proven).
    const top = [1, ...new Array<number>(17).fill(0)];
    const other = [0, ...new Array<number>(17).fill(1)];
    const scorer = tableScorer({ 'location:A': top, 'location:B': other });
    const units = epsilonToUnits(8192);
    const a = await prepareRelease(profileOf([withheld('location', 'A')]), { mechanism: 'slot', epsilonUnits: units, scorer });
    const b = await prepareRelease(profileOf([withheld('location', 'B')]), { mechanism: 'slot', epsilonUnits: units, scorer });
    const [ratio] = blockLogRatios(a, b);
    expect(Math.exp(8192)).toBe(Infinity);
    expect(ratio).toBeCloseTo(4096 + Math.log(17), 6);
    expect(ratio).toBeLessThanOrEqual(8192);
  });
});

/** Does the empirical audit find an output o with Pr_u[o] > e^ε Pr_u'[o] beyond its statistical margin? */
function auditViolations(countsA: Map<string, number>, countsB: Map<string, number>, n: number, epsilon: number): string[] {
  const keys = [...new Set([...countsA.keys(), ...countsB.keys()])];
  const z = normalUpperQuantile(ALPHA / (4 * keys.length)); // two one-sided bounds × two directions
  const violations: string[] = [];
  for (const key of keys) {
    const pa = wilsonInterval(countsA.get(key) ?? 0, n, z);
    const pb = wilsonInterval(countsB.get(key) ?? 0, n, z);
    if (pa.lower > Math.exp(epsilon) * pb.upper || pb.lower > Math.exp(epsilon) * pa.upper) violations.push(key);
  }
  return violations;
}

describe('neighbouring profiles, from sample counts (audit at small ε)', () => {
  // Adversarial scores: the neighbours put all their score on different categories.
  const scorer = tableScorer({
    'age:u': [1, 0, 0, 0, 0, 0, 0, 0],
    "age:u'": [0, 0, 0, 0, 0, 0, 0, 1],
    'marital_status:u': [1, 0, 0, 0, 0, 0],
    "marital_status:u'": [0, 0, 0, 0, 1, 0],
  });
  const profile = (v: string): Attribute[] => [withheld('age', v), withheld('marital_status', v), shared('languages', 'French')];
  const n = 200_000;

  it.each([
    ['slot', 'paper'],
    ['block', 'paper'],
    ['slot', 'veil'],
    ['block', 'veil'],
  ] as const)('%s (%s variant) at ε = 1: no output ratio beyond e^ε (200,000 draws each)', async (mechanism, variant) => {
    const units = epsilonToUnits(1);
    const a = await prepareRelease(profileOf(profile('u')), { mechanism, epsilonUnits: units, scorer, variant });
    const b = await prepareRelease(profileOf(profile("u'")), { mechanism, epsilonUnits: units, scorer, variant });
    const countsA = sampleCounts(a, n, new RandomBits(seededRandomSource(11)));
    const countsB = sampleCounts(b, n, new RandomBits(seededRandomSource(12)));
    expect(countsA.size).toBeGreaterThan(10);
    expect(auditViolations(countsA, countsB, n, 1)).toEqual([]);
  });

  it.each(['paper', 'veil'] as const)('the audit has power (%s variant): a mechanism spending 6ε while claiming ε is caught', async (variant) => {
    const units = epsilonToUnits(6);
    const a = await prepareRelease(profileOf(profile('u')), { mechanism: 'slot', epsilonUnits: units, scorer, variant });
    const b = await prepareRelease(profileOf(profile("u'")), { mechanism: 'slot', epsilonUnits: units, scorer, variant });
    const countsA = sampleCounts(a, n, new RandomBits(seededRandomSource(13)));
    const countsB = sampleCounts(b, n, new RandomBits(seededRandomSource(14)));
    expect(auditViolations(countsA, countsB, n, 1).length).toBeGreaterThan(0);
  });
});
