/**
 * Veil's selection rule (issue 22): the public router's few candidates per slot, the public base weight on
 * the generic view, and the preferences a person states outright. The guarantee is the paper's: the
 * neighbour audit below enumerates every transcript, as audit.test.ts does for the paper's rule.
 */
import { describe, expect, it } from 'vitest';
import { memoryLedgerKey } from '../../../src/ledger/keys';
import { maxPrivacyLoss, type RunOptions } from '../../../src/memview/audit';
import { candidateViews, focusedCandidates } from '../../../src/memview/router';
import { genericBase, memviewTurn, plannedCharges, policyCandidates, VEIL_RULE } from '../../../src/memview/turn';
import { MemoryError, parseMemoryFile, type MemoryFile } from '../../../src/memview/types';
import { slotVocabulary } from '../../../src/memview/vocabulary';
import { bitsOf, freshLedger, neighbourD, store } from './fixtures';

const food = slotVocabulary('food').views;
const veil = { mode: 'online', k: 3, variant: 'veil' } as const;

describe("the public router's candidates (Veil's rule)", () => {
  it('keeps the generic view first and at most `limit` others, in the vocabulary order', () => {
    for (const q of ['Suggest some dinner recipes for this week', 'Plan a cheap dinner menu', 'Quick lunch ideas for a busy week']) {
      for (const limit of [1, 2, 3]) {
        const views = focusedCandidates(food, q, limit);
        expect(views[0]!.code).toBe('general');
        expect(views.length).toBe(Math.min(limit, candidateViews(food, q).length - 1) + 1);
        const order = views.map((v) => food.indexOf(v));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }
    }
  });

  it('prefers the views whose topics the message names most', () => {
    // "cheap" is a topic of the budget view only, so it names that view twice.
    expect(focusedCandidates(food, 'Plan a cheap dinner menu', 1).map((v) => v.code)).toEqual(['general', 'budget-meals']);
  });

  it('lets the message break a tie, so no view of the vocabulary is favoured across messages', () => {
    const dishes = ['dinner', 'lunch', 'breakfast', 'snack', 'dessert', 'recipe', 'menu', 'dish'];
    const counts = new Map<string, number>();
    let n = 0;
    for (const a of dishes)
      for (const b of ['ideas', 'suggestions', 'for tonight', 'for my friends', 'please', 'to try', 'for two', 'that are new']) {
        const q = `Some ${a} ${b}`;
        // A message naming exactly one meal word: every food view that lists only meal words ties.
        const [, only] = focusedCandidates(food, q, 1);
        counts.set(only!.code, (counts.get(only!.code) ?? 0) + 1);
        n++;
      }
    expect(counts.size).toBeGreaterThanOrEqual(5);
    for (const c of counts.values()) expect(c / n).toBeLessThan(0.4);
  });

  it('is what the veil policy releases from, and the paper policy keeps every candidate', () => {
    const q = 'Suggest some dinner recipes for this week';
    expect(policyCandidates(food, q, veil)).toEqual(focusedCandidates(food, q, VEIL_RULE.candidates));
    expect(policyCandidates(food, q, { mode: 'online', k: 3 })).toEqual(candidateViews(food, q));
  });

  it('puts a public base weight w·(n − 1) on the generic view only', () => {
    const d = 1 << 20;
    expect(genericBase(4, d, 3)[0]).toBe(Math.round(Math.log(9) * d));
    expect(genericBase(4, d, 3).slice(1)).toEqual([0, 0, 0]);
    expect(genericBase(2, d)).toEqual([0, 0]);
  });
});

describe("Veil's rule keeps the guarantee", () => {
  const queries = ['Plan a cheap dinner menu', 'What snacks should I pack for my morning workout?', 'Any tips to save money on groceries?'];
  for (const rule of [{}, { genericWeight: 16, candidates: 1 }, { genericWeight: 1, candidates: 2 }]) {
    it(`every transcript within e^{B_a} between neighbours (rule ${JSON.stringify(rule)})`, () => {
      const a: RunOptions = { store, policy: { ...veil, rule }, ledger: () => freshLedger(store) };
      const loss = maxPrivacyLoss(queries, a, { ...a, store: neighbourD, ledger: () => freshLedger(neighbourD) });
      expect(loss).toBeGreaterThan(0.01);
      expect(loss).toBeLessThanOrEqual(2 + 1e-9);
    });
  }
});

describe('a preference the person states outright', () => {
  const stated: MemoryFile = { ...store, stated: [{ slot: 'food', code: 'vegetarian' }] };
  /** The same store, but whatever reads a memory's text throws. */
  const sealed: MemoryFile = {
    ...stated,
    memories: stated.memories.map((m) => ({
      id: m.id,
      slot: m.slot,
      get text(): string {
        throw new Error(`memory ${m.id} was read`);
      },
    })),
  };

  it('is sent as theirs when the message asks for it: no memory read, nothing charged', () => {
    const ledger = freshLedger(stated);
    const food = memviewTurn('Suggest some dinner recipes', { store: sealed, policy: veil, ledger, bits: bitsOf(1) }).find((r) => r.slot === 'food')!;
    expect(food).toEqual({ slot: 'food', view: { code: 'vegetarian', text: 'keep meals vegetarian' }, kind: 'stated', attributes: [], epsilonUnits: 0 });
    expect(ledger.spent(memoryLedgerKey('d'))).toBe(0);
    expect(ledger.spent(memoryLedgerKey('b'))).toBe(0);
  });

  it('leaves the other slots, and a message that does not ask for it, to the mechanism', () => {
    const turn = memviewTurn('Plan a cheap dinner menu and what it will cost', { store: stated, policy: veil, ledger: freshLedger(stated), bits: bitsOf(2) });
    expect(turn.find((r) => r.slot === 'food')!.kind).toBe('stated');
    expect(turn.find((r) => r.slot === 'finance')!.kind).not.toBe('stated');
    const health = memviewTurn('What workout should I do this week?', {
      store: { ...store, stated: [{ slot: 'health', code: 'heart-healthy' }] },
      policy: veil,
      ledger: freshLedger(),
      bits: bitsOf(3),
    });
    expect(health.find((r) => r.slot === 'health')!.view.code).toBe('heart-healthy');
  });

  it('is not planned as a charge in the preallocated mode', () => {
    const q = ['Suggest some dinner recipes', 'Plan a cheap dinner menu'];
    expect(plannedCharges(q, stated).get('d')).toBeLessThan(plannedCharges(q, store).get('d')!);
  });

  it('names a view of its slot, one per slot', () => {
    const file = { memories: [], protected: [], views: [] };
    expect(parseMemoryFile({ ...file, stated: [{ slot: 'food', code: 'vegetarian' }] }).stated).toEqual([{ slot: 'food', code: 'vegetarian' }]);
    expect(() => parseMemoryFile({ ...file, stated: [{ slot: 'food', code: 'no-such' }] })).toThrow(MemoryError);
    expect(() => parseMemoryFile({ ...file, stated: [{ slot: 'food', code: 'general' }] })).toThrow(/names no food preference/);
    expect(() =>
      parseMemoryFile({
        ...file,
        stated: [
          { slot: 'food', code: 'quick' },
          { slot: 'food', code: 'vegetarian' },
        ],
      }),
    ).toThrow(/one stated preference per topic/);
    const custom = { slot: 'food', code: 'custom-spicy', text: 'keep it spicy', topics: ['dinner'], evidence: ['spicy'] };
    expect(parseMemoryFile({ ...file, views: [custom], stated: [{ slot: 'food', code: 'custom-spicy' }] }).stated).toHaveLength(1);
  });
});
