/**
 * DP-SLOT and DP-BLOCK draw exactly the paper's distributions, end to end (plan → scores → sampler), at
 * small and at large ε, on the extension's grid and off it (ε = 0.5, 1, 3: the CLI takes any ε > 0). Each
 * test compares N draws with the exact PMF by Pearson's chi-square (cells with
 * expected count < 5 pooled) and requires p > ALPHA = 1e-6, the false-positive rate of each test.
 * The expected PMF is computed here independently of the implementation's log-weights: from the
 * allocation ε/|I|, the scores quantized to 2^-16, γ = 2 and the public prior J_b, in float64 log space.
 */
import { describe, expect, it } from 'vitest';
import { epsilonToUnits, UNITS_PER_EPSILON } from '../../../src/core/epsilon';
import { decodeCell } from '../../../src/dp/block';
import { RandomBits } from '../../../src/dp/bits';
import { sampleExponential } from '../../../src/dp/exponential';
import { seededRandomSource } from '../../../src/dp/random';
import { prepareRelease, type PreparedRelease } from '../../../src/release/prepare';
import { profileOf, tableScorer, withheld } from './fakes';
import { ALPHA, chiSquareTest } from './stats';

const q = (s: number) => Math.round(s * 65536) / 65536;

function normalize(logs: number[]): number[] {
  const max = Math.max(...logs);
  const w = logs.map((l) => Math.exp(l - max));
  const z = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / z);
}

function drawBlock(prepared: PreparedRelease, block: number, n: number, seed: number): number[] {
  const bits = new RandomBits(seededRandomSource(seed));
  const counts = new Array<number>(prepared.logWeights[block]!.length).fill(0);
  for (let i = 0; i < n; i++) counts[sampleExponential(prepared.logWeights[block]!, bits)]!++;
  return counts;
}

/** A fixed seed per ε (ε itself when whole, as before the off-grid cases). */
const seedOf = (epsilon: number) => (Number.isInteger(epsilon) ? epsilon : Math.round(epsilon * 1000));

/** Scores 0.5 + r/65536 with small r: distinguishable at ε = 8192, where gaps of 2^-16 are 1/16 nats. */
const near = (rs: number[]) => rs.map((r) => 0.5 + r / 65536);

describe('DP-SLOT exact distribution', () => {
  const locationScores = [0.1, 0.9, 0.35, 0.6, 0.2, 0.75, 0.5, 0.45, 0.05, 0.95, 0.3, 0.7, 0.8, 0.15, 0.25, 0.4, 0.55, 0.65];
  it.each([
    ['small ε = 2', 2, locationScores],
    ['large ε = 8192', 8192, near([0, 16, 32, 48, 8, 24, 40, 4, 12, 20, 28, 36, 44, 2, 6, 10, 14, 18])],
    ['off-grid ε = 0.5', 0.5, locationScores],
    ['off-grid ε = 1', 1, locationScores],
    ['off-grid ε = 3', 3, locationScores],
  ])('%s: Pr[y] ∝ exp(ε_i s/2), 200,000 draws', async (_name, epsilon, scores) => {
    const profile = profileOf([withheld('location', 'Lyon'), withheld('age', '41')]);
    const prepared = await prepareRelease(profile, {
      mechanism: 'slot',
      epsilonUnits: epsilonToUnits(epsilon),
      scorer: tableScorer({ 'location:Lyon': scores }),
    });
    const epsI = Math.floor(epsilonToUnits(epsilon) / 2) / UNITS_PER_EPSILON; // uniform allocation over |I| = 2
    expect(prepared.plan.attributes[0]!.epsilonUnits / UNITS_PER_EPSILON).toBe(epsI);
    const expected = normalize(scores.map((s) => (epsI * q(s)) / 2));
    const counts = drawBlock(prepared, 0, 200_000, seedOf(epsilon));
    const result = chiSquareTest(counts, expected);
    expect(result.bins).toBeGreaterThan(5);
    expect(result.pValue).toBeGreaterThan(ALPHA);
    // Power: the same draws reject the PMF of a wrong allocation (ε instead of ε/|I|).
    expect(chiSquareTest(counts, normalize(scores.map((s) => (2 * epsI * q(s)) / 2))).pValue).toBeLessThan(ALPHA);
  });
});

describe('DP-BLOCK exact distribution with the compatibility prior on', () => {
  const occupation = [0.2, 0.7, 0.9, 0.5, 0.3, 0.1, 0.4, 0.6, 0.35, 0.15, 0.45];
  const education = [0.1, 0.2, 0.3, 0.6, 0.5, 0.4, 0.8, 0.9, 0.7, 0.25];
  it.each([
    ['small ε = 2', 2, occupation, education],
    ['large ε = 8192', 8192, near([0, 30, 64, 10, 5, 0, 20, 40, 50, 60, 15]), near([0, 8, 16, 24, 32, 40, 48, 56, 64, 12])],
    ['off-grid ε = 1', 1, occupation, education],
  ])('%s: Pr[y_b] ∝ exp(γJ_b + ½Σ ε_i s_i), 110 cells, 300,000 draws', async (_name, epsilon, occ, edu) => {
    const profile = profileOf([withheld('occupation', 'nurse'), withheld('education', 'BSc nursing')]);
    const prepared = await prepareRelease(profile, {
      mechanism: 'block',
      epsilonUnits: epsilonToUnits(epsilon),
      scorer: tableScorer({ 'occupation:nurse': occ, 'education:BSc nursing': edu }),
    });
    expect(prepared.plan.blocks).toHaveLength(1);
    const block = prepared.plan.blocks[0]!;
    expect(block.sizes).toEqual([11, 10]);
    const prior = block.prior!;
    expect(prior).toBeDefined();
    expect(new Set(prior).size).toBeGreaterThan(1); // the prior is not constant: it is on
    const epsI = Math.floor(epsilonToUnits(epsilon) / 2) / UNITS_PER_EPSILON;
    const logs = Array.from({ length: 110 }, (_, cell) => {
      const [o, e] = decodeCell(cell, [11, 10]);
      return 2 * (prior[cell]! / 65536) + (epsI * q(occ[o!]!)) / 2 + (epsI * q(edu[e!]!)) / 2;
    });
    const counts = drawBlock(prepared, 0, 300_000, seedOf(epsilon) + 1);
    const result = chiSquareTest(counts, normalize(logs));
    expect(result.bins).toBeGreaterThan(10);
    expect(result.pValue).toBeGreaterThan(ALPHA);
    // Power: the same draws reject the PMF without the prior (γ = 0).
    const withoutPrior = logs.map((l, cell) => l - 2 * (prior[cell]! / 65536));
    expect(chiSquareTest(counts, normalize(withoutPrior)).pValue).toBeLessThan(ALPHA);
  });

  it('a three-field block (1,210 cells) at ε = 8 matches its PMF, 300,000 draws', async () => {
    const profile = profileOf([withheld('occupation', 'nurse'), withheld('work', 'ward'), withheld('education', 'BSc')]);
    const prepared = await prepareRelease(profile, { mechanism: 'block', epsilonUnits: epsilonToUnits(8), scorer: tableScorer({
      'occupation:nurse': occupation,
      'work:ward': [...occupation].reverse(),
      'education:BSc': education,
    }) });
    const block = prepared.plan.blocks[0]!;
    expect(block.sizes).toEqual([11, 11, 10]);
    const epsI = Math.floor(epsilonToUnits(8) / 3) / UNITS_PER_EPSILON;
    const work = [...occupation].reverse();
    const logs = Array.from({ length: 1210 }, (_, cell) => {
      const [o, w, e] = decodeCell(cell, [11, 11, 10]);
      return 2 * (block.prior![cell]! / 65536) + (epsI * (q(occupation[o!]!) + q(work[w!]!) + q(education[e!]!))) / 2;
    });
    const result = chiSquareTest(drawBlock(prepared, 0, 300_000, 99), normalize(logs));
    expect(result.bins).toBeGreaterThan(100);
    expect(result.pValue).toBeGreaterThan(ALPHA);
  });
});
