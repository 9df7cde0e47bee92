/**
 * The paper's running example (Figure 2) as stores: type 2 diabetes `d` with I_d = {h1, h2, f1}, debt `b`
 * with I_b = {f1, n1, n2}; f1 belongs to both groups. `neighbourD` differs from `store` only inside I_d
 * (f1 keeps its debt evidence, as PairedMem keeps non-target evidence at overlapping positions);
 * `neighbourB` only inside I_b.
 */
import { epsilonToUnits } from '../../../src/core/epsilon';
import { RandomBits } from '../../../src/dp/exact/bits';
import { seededRandomSource } from '../../../src/dp/exact/random';
import { PrivacyLedger } from '../../../src/ledger/ledger';
import type { MemoryFile } from '../../../src/memview/types';
import { withMemoryCaps } from '../../../src/memview/turn';

export const store: MemoryFile = {
  memories: [
    { id: 'h1', slot: 'health', text: 'Diagnosed with type 2 diabetes in March' },
    { id: 'h2', slot: 'health', text: 'Checking my blood sugar every morning' },
    { id: 'h3', slot: 'health', text: 'Training for a half marathon in spring' },
    { id: 'f1', slot: 'food', text: 'Low-carb meals now, and cheap ones since the credit card debt' },
    { id: 'f2', slot: 'food', text: 'I like spicy food' },
    { id: 'n1', slot: 'finance', text: 'Paying off 14k of credit card debt' },
    { id: 'n2', slot: 'finance', text: 'Three minimum payments a month' },
    { id: 'w1', slot: 'work', text: 'Nurse on late shifts' },
  ],
  protected: [
    { id: 'd', name: 'type 2 diabetes', cap: 2, members: ['h1', 'h2', 'f1'] },
    { id: 'b', name: 'debt', cap: 2, members: ['f1', 'n1', 'n2'] },
  ],
  views: [],
};

function replace(base: MemoryFile, texts: Record<string, string>): MemoryFile {
  return { ...base, memories: base.memories.map((m) => (texts[m.id] !== undefined ? { ...m, text: texts[m.id]! } : m)) };
}

export const neighbourD = replace(store, {
  h1: 'Had a routine check-up in March',
  h2: 'Checking my step count every morning',
  f1: 'Home-cooked meals now, and cheap ones since the credit card debt',
});

export const neighbourB = replace(store, {
  f1: 'Low-carb meals now, and quick ones since the new job',
  n1: 'Paying into a pension each month',
  n2: 'Three streaming subscriptions a month',
});

/** A ledger with every attribute's cap from its definition and a large total cap. */
export function freshLedger(s: MemoryFile = store, totalCap = 256): PrivacyLedger {
  return PrivacyLedger.fromState(
    withMemoryCaps({ version: 1, attributeCap: epsilonToUnits(32), total: { spent: 0, cap: epsilonToUnits(totalCap) }, attributes: {} }, s.protected),
  );
}

export function bitsOf(seed: number): RandomBits {
  return new RandomBits(seededRandomSource(seed));
}

/** Messages that reach the health, food and finance slots in turn. */
export const QUERIES = [
  'Suggest some dinner recipes for this week',
  'What snacks should I pack for my morning workout?',
  'How should I budget for groceries?',
  'Plan a cheap dinner menu',
  'Any tips for more energy at the gym?',
  'Ideas for a cheap birthday gift',
];
