/**
 * Ledger properties with memory attributes in the same ledger as profile facts: on every path, each
 * memory attribute stays within B_a, each profile fact within its cap, and profile and memory charges
 * together within the total cap. Property-based (fast-check): random caps, K, modes, message orders and
 * profile releases in between.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epsilonToUnits } from '../../../src/core/epsilon';
import { memoryIdOfKey, memoryLedgerKey } from '../../../src/ledger/keys';
import { PrivacyLedger } from '../../../src/ledger/ledger';
import { memviewTurn, withMemoryCaps } from '../../../src/memview/turn';
import { bitsOf, QUERIES, store } from './fixtures';

describe('one ledger for profile facts and memory attributes', () => {
  it('keys live in two namespaces that never collide', () => {
    expect(memoryLedgerKey('d')).toBe('memory:d');
    expect(memoryIdOfKey('memory:d')).toBe('d');
    expect(memoryIdOfKey('self.age')).toBeUndefined();
    expect(memoryIdOfKey('memory:x.y')).toBeUndefined(); // a profile key with entity "memory:x"
    expect(() => memoryLedgerKey('Has.Dot')).toThrow();
  });

  it('L_a ≤ B_a for every attribute and Σ ≤ total cap on every path', () => {
    fc.assert(
      fc.property(
        fc.record({
          capD: fc.integer({ min: 1, max: 16 }),
          capB: fc.integer({ min: 1, max: 16 }),
          k: fc.integer({ min: 1, max: 5 }),
          mode: fc.constantFrom('online' as const, 'pre' as const),
          total: fc.integer({ min: 1, max: 24 }),
          steps: fc.array(fc.oneof(fc.integer({ min: 0, max: QUERIES.length - 1 }), fc.constantFrom('profile' as const)), { maxLength: 30 }),
          seed: fc.integer({ min: 0, max: 1e6 }),
        }),
        ({ capD, capB, k, mode, total, steps, seed }) => {
          const s = { ...store, protected: store.protected.map((a) => ({ ...a, cap: a.id === 'd' ? capD : capB, planned: k + 1 })) };
          const ledger = PrivacyLedger.fromState(
            withMemoryCaps({ version: 1, attributeCap: epsilonToUnits(8), total: { spent: 0, cap: epsilonToUnits(total) }, attributes: {} }, s.protected),
          );
          const bits = bitsOf(seed);
          for (const step of steps) {
            if (step === 'profile') {
              // A profile release as the release service makes it: decide first, charge only if fresh.
              const charges = [{ key: 'self.age', units: epsilonToUnits(4) }];
              if (ledger.decide([charges])[0]!.fresh) ledger.charge(charges);
            } else {
              memviewTurn(QUERIES[step]!, { store: s, policy: { mode, k }, ledger, bits });
            }
            expect(ledger.spent(memoryLedgerKey('d'))).toBeLessThanOrEqual(epsilonToUnits(capD));
            expect(ledger.spent(memoryLedgerKey('b'))).toBeLessThanOrEqual(epsilonToUnits(capB));
            expect(ledger.spent('self.age')).toBeLessThanOrEqual(epsilonToUnits(8));
            const sum = Object.values(ledger.toState().attributes).reduce((t, a) => t + a.spent, 0);
            expect(sum).toBe(ledger.totalSpent);
            expect(ledger.totalSpent).toBeLessThanOrEqual(epsilonToUnits(total));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
