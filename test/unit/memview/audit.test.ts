/**
 * Neighbour audits of DP-MemView, and the paper's four counterexamples (Appendix B.5) built as test-only
 * variants of the same turn, each caught by the audits.
 *
 * - Exact audit: every transcript one store can release is enumerated with its exact probability and
 *   replayed under the neighbour; the largest |log-ratio| must stay ≤ B_a (floating-point slack 1e-9).
 * - Sample-count audit: transcripts drawn from each store, counted by the number of target views
 *   released; a ratio is flagged only when Wilson bounds at a family-wise false-positive rate of 1e-6
 *   prove it above e^{B_a}. Its power is checked: on each counterexample the exact probabilities say how
 *   far above e^{B_a} the ratio is, and the audit must flag it.
 */
import { describe, expect, it } from 'vitest';
import { epsilonToUnits } from '../../../src/core/epsilon';
import { PrivacyLedger } from '../../../src/ledger/ledger';
import { enumerateTranscripts, maxPrivacyLoss, runTranscript, transcriptLogProbability, type RunOptions, type Transcript } from '../../../src/memview/audit';
import { DP_MEMVIEW, withMemoryCaps, type Mechanics } from '../../../src/memview/turn';
import type { MemoryFile } from '../../../src/memview/types';
import type { View } from '../../../src/memview/vocabulary';
import { ALPHA, normalUpperQuantile, wilsonInterval } from '../dp/stats';
import { bitsOf, freshLedger, neighbourB, neighbourD, store } from './fixtures';

const SLACK = 1e-9;

/** The paper's binary construction: each slot's generic view and one target view v1. */
const binary = (evidence: string[]): View[] => [
  { code: 'general', text: '', topics: [], evidence: [] },
  { code: 'v1', text: 'v1', topics: ['dinner', 'money'], evidence },
];
const BINARY: Mechanics = { ...DP_MEMVIEW, vocabulary: () => binary(['debt']) };

/** f1 (food) is in both groups, n1 (finance) in b's only. M has the evidence; M′_b does not. */
const small = (f1: string, n1: string, capD: number, capB: number): MemoryFile => ({
  memories: [
    { id: 'f1', slot: 'food', text: f1 },
    { id: 'n1', slot: 'finance', text: n1 },
  ],
  protected: [
    { id: 'd', name: 'd', cap: capD, members: ['f1'] },
    { id: 'b', name: 'b', cap: capB, members: ['f1', 'n1'] },
  ],
  views: [],
});

function options(s: MemoryFile, mechanics: Mechanics, uncapped = false, k = 3): RunOptions {
  const ledger = () =>
    uncapped
      ? PrivacyLedger.create({ attributeCap: epsilonToUnits(1e6), totalCap: epsilonToUnits(1e6) })
      : PrivacyLedger.fromState(withMemoryCaps({ version: 1, attributeCap: 0, total: { spent: 0, cap: epsilonToUnits(1e6) }, attributes: {} }, s.protected));
  return { store: s, policy: { mode: 'online', k }, ledger, mechanics };
}

const targets = (t: Transcript) => t.flat().filter((r) => r.view.code === 'v1').length;

/** Flags when some event {targets ≥ k} is proven more than e^B likelier under one store. */
function sampleAudit(queries: string[], a: RunOptions, b: RunOptions, bound: number, n: number): { flagged: boolean; best: number } {
  const count = (o: RunOptions, seed: number) => {
    const bits = bitsOf(seed);
    const hist = new Array<number>(queries.length * 2 + 1).fill(0);
    for (let i = 0; i < n; i++) hist[targets(runTranscript(queries, { ...o, bits }))]!++;
    return hist;
  };
  const ha = count(a, 11);
  const hb = count(b, 12);
  const events = ha.length;
  const z = normalUpperQuantile(ALPHA / (4 * events));
  let best = 0;
  let flagged = false;
  for (let k = 0; k < events; k++) {
    const ka = ha.slice(k).reduce((s, x) => s + x, 0);
    const kb = hb.slice(k).reduce((s, x) => s + x, 0);
    const [wa, wb] = [wilsonInterval(ka, n, z), wilsonInterval(kb, n, z)];
    for (const [lo, hi] of [
      [wa.lower, wb.upper],
      [wb.lower, wa.upper],
    ] as const) {
      if (hi > 0) best = Math.max(best, Math.log(lo / hi));
      if (lo > Math.exp(bound) * hi) flagged = true;
    }
  }
  return { flagged, best };
}

describe('neighbour audit: stores differing only inside I_a, adaptive queries', () => {
  const queries = [
    'Suggest dinner recipes',
    'Any tips for more energy?',
    'Suggest dinner recipes',
    'Any tips for more energy?',
    'Suggest dinner recipes',
    'Any tips for more energy?',
  ];

  it('the exact privacy loss of every transcript stays within B_a, and the ledger accounts for it', () => {
    for (const [neighbour, attribute] of [
      [neighbourD, 'd'],
      [neighbourB, 'b'],
    ] as const) {
      const a: RunOptions = { store, policy: { mode: 'online', k: 3 }, ledger: () => freshLedger(store) };
      const b: RunOptions = { ...a, store: neighbour, ledger: () => freshLedger(neighbour) };
      const cap = store.protected.find((x) => x.id === attribute)!.cap;
      const all = enumerateTranscripts(queries, a);
      expect(all.length).toBeGreaterThan(50);
      // Probabilities sum to 1: the enumeration is complete.
      expect(all.reduce((s, t) => s + Math.exp(t.logP), 0)).toBeCloseTo(1, 9);
      const loss = maxPrivacyLoss(queries, a, b);
      expect(loss).toBeGreaterThan(0.05); // the memories do change the views…
      expect(loss).toBeLessThanOrEqual(cap + SLACK); // …never by more than e^{B_a}
    }
  });

  it("the same holds for Veil's variant (a public base weight on the generic view)", () => {
    const a: RunOptions = { store, policy: { mode: 'online', k: 3, variant: 'veil' }, ledger: () => freshLedger(store) };
    const loss = maxPrivacyLoss(queries, a, { ...a, store: neighbourD, ledger: () => freshLedger(neighbourD) });
    expect(loss).toBeGreaterThan(0.05);
    expect(loss).toBeLessThanOrEqual(2 + SLACK);
  });

  it('the same holds in the preallocated mode, whose ε comes from the planned charges', () => {
    const a: RunOptions = {
      store,
      policy: { mode: 'pre', k: 3 },
      ledger: () => freshLedger(store),
      planned: new Map([
        ['d', 2],
        ['b', 4],
      ]),
    };
    expect(maxPrivacyLoss(queries, a, { ...a, store: neighbourD, ledger: () => freshLedger(neighbourD) })).toBeLessThanOrEqual(2 + SLACK);
  });

  it('a transcript one store cannot release has probability 0 under it', () => {
    const a: RunOptions = { store, policy: { mode: 'online', k: 3 }, ledger: () => freshLedger(store) };
    const t = runTranscript(queries, { ...a, bits: bitsOf(1) });
    const broken = t.map((turn) => turn.map((r) => ({ ...r, view: { code: 'no-such-view', text: '' } })));
    expect(transcriptLogProbability(queries, broken, a)).toBe(-Infinity);
    expect(transcriptLogProbability(queries, t, a)).toBeLessThan(0);
  });
});

describe("the paper's counterexamples are caught", () => {
  const M = small('in debt', 'in debt', 8, 2);
  const Mb = small('fine', 'fine', 8, 2);

  it('C2 IncompleteCharge: charging only one of two affected attributes lets b lose more than B_b', () => {
    const incomplete: Mechanics = { ...BINARY, chargeSet: (read, attributes) => attributes.filter((a) => a.members.some((m) => read.includes(m))).slice(0, 1) };
    const q = ['Suggest dinner recipes', 'Suggest dinner recipes', 'Suggest dinner recipes'];
    expect(maxPrivacyLoss(q, options(M, BINARY), options(Mb, BINARY))).toBeLessThanOrEqual(2 + SLACK);
    const loss = maxPrivacyLoss(q, options(M, incomplete), options(Mb, incomplete));
    expect(loss).toBeGreaterThan(3); // 3 × 1.078 (ε = 8/3 each, none charged to b)
    // Power: Pr[3 target views] is 0.625 under M and 0.0246 under M′_b (ratio 25 > e^2), so 5,000 draws
    // a side prove the ratio above e^2 even at the audit's 1e-6 false-positive rate.
    expect(sampleAudit(q, options(M, incomplete), options(Mb, incomplete), 2, 5_000).flagged).toBe(true);
    expect(sampleAudit(q, options(M, BINARY), options(Mb, BINARY), 2, 5_000).flagged).toBe(false);
  });

  it('C3 CappedArgmax: the best view taken deterministically has no finite bound', () => {
    const argmax: Mechanics = {
      ...BINARY,
      select: (_m, u) => u.indexOf(Math.max(...u)),
      logPmf: (_m, u) => u.map((x, i) => (i === u.indexOf(Math.max(...u)) ? 0 : -Infinity)),
    };
    const q = ['Suggest dinner recipes'];
    expect(maxPrivacyLoss(q, options(M, argmax), options(Mb, argmax))).toBe(Infinity);
    expect(sampleAudit(q, options(M, argmax), options(Mb, argmax), 2, 2_000).flagged).toBe(true);
  });

  it('C5 NoCap: valid, fully charged selections without the cap pass B_a', () => {
    // B_b = 1 and K = 1: one selection of ε = 1 fits the cap; NoCap makes six.
    const [M1, Mb1] = [small('in debt', 'in debt', 8, 1), small('fine', 'fine', 8, 1)];
    const noCap: Mechanics = { ...BINARY, capCheck: false };
    const q = new Array<string>(6).fill('How should I plan my money?');
    expect(maxPrivacyLoss(q, options(M1, BINARY, false, 1), options(Mb1, BINARY, false, 1))).toBeLessThanOrEqual(1 + SLACK);
    const loss = maxPrivacyLoss(q, options(M1, noCap, true, 1), options(Mb1, noCap, true, 1));
    expect(loss).toBeGreaterThan(2.7); // 6 × 0.459
    // Power: Pr[6 target views] is 0.083 under M, 0.0053 under M′_b (ratio 15.7 > e^1).
    expect(sampleAudit(q, options(M1, noCap, true, 1), options(Mb1, noCap, true, 1), 1, 5_000).flagged).toBe(true);
    expect(sampleAudit(q, options(M1, BINARY, false, 1), options(Mb1, BINARY, false, 1), 1, 5_000).flagged).toBe(false);
  });

  it('C1 one-sided support: a view only one store can offer has no finite bound', () => {
    const oneSided: Mechanics = {
      ...BINARY,
      vocabulary: (slot, s) => (s.memories.some((m) => m.text.includes('debt')) ? binary(['debt']) : binary(['debt']).slice(0, 1)),
    };
    const q = ['Suggest dinner recipes'];
    expect(maxPrivacyLoss(q, options(M, oneSided), options(Mb, oneSided))).toBe(Infinity);
    expect(sampleAudit(q, options(M, oneSided), options(Mb, oneSided), 2, 2_000).flagged).toBe(true);
  });
});
