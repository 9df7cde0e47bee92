import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asEpsilonUnits, epsilonToUnits } from '../../../src/core/epsilon';
import { LedgerError, PrivacyLedger } from '../../../src/ledger/ledger';

const E = epsilonToUnits(1);

describe('PrivacyLedger', () => {
  it('charges each attribute its own ε_i and the total their sum', () => {
    const ledger = PrivacyLedger.create({ attributeCap: 32 * E, totalCap: 256 * E });
    ledger.charge([
      { key: 'self.work', units: epsilonToUnits(4) },
      { key: 'self.education', units: epsilonToUnits(4) },
    ]);
    expect(ledger.spent('self.work')).toBe(4 * E);
    expect(ledger.totalSpent).toBe(8 * E);
    expect(ledger.toState()).toEqual({
      version: 1,
      attributeCap: 32 * E,
      total: { spent: 8 * E, cap: 256 * E },
      attributes: { 'self.work': { spent: 4 * E, cap: null }, 'self.education': { spent: 4 * E, cap: null } },
    });
  });
  it('decides per block before sampling, with the reason, and later blocks see earlier fresh ones', () => {
    const ledger = PrivacyLedger.create({ attributeCap: 10 * E, totalCap: 12 * E });
    ledger.charge([{ key: 'a', units: epsilonToUnits(8) }]);
    const decisions = ledger.decide([
      [{ key: 'a', units: epsilonToUnits(3) }],
      [{ key: 'b', units: epsilonToUnits(3) }],
      [{ key: 'c', units: epsilonToUnits(3) }],
      [],
    ]);
    expect(decisions[0]).toEqual({
      fresh: false,
      reason: 'a would pass its cap (spent 8 + 3 > 10)',
      passed: { cap: 'attribute', key: 'a', spent: 8 * E, units: epsilonToUnits(3), limit: 10 * E },
    });
    expect(decisions[1]).toEqual({ fresh: true });
    expect(decisions[2]).toEqual({
      fresh: false,
      reason: expect.stringMatching(/total budget would pass its cap \(spent 11 \+ 3 > 12\)/),
      passed: { cap: 'total', spent: 11 * E, units: epsilonToUnits(3), limit: 12 * E },
    });
    expect(decisions[3]).toEqual({ fresh: true }); // nothing to charge (closure-only block)
    expect(ledger.totalSpent).toBe(8 * E); // deciding changes nothing
  });
  it('decide agrees with charge when one key appears twice, in a block or across blocks', () => {
    const ledger = PrivacyLedger.create({ attributeCap: 5 * E, totalCap: 100 * E });
    expect(
      ledger.decide([
        [
          { key: 'a', units: epsilonToUnits(3) },
          { key: 'a', units: epsilonToUnits(3) },
        ],
      ])[0],
    ).toMatchObject({ fresh: false });
    const [first, second] = ledger.decide([[{ key: 'a', units: epsilonToUnits(3) }], [{ key: 'a', units: epsilonToUnits(3) }]]);
    expect(first).toEqual({ fresh: true });
    expect(second).toMatchObject({ fresh: false, reason: 'a would pass its cap (spent 3 + 3 > 5)', passed: { cap: 'attribute', spent: 3 * E } });
    expect(() =>
      ledger.charge([
        { key: 'a', units: epsilonToUnits(3) },
        { key: 'a', units: epsilonToUnits(3) },
      ]),
    ).toThrow(LedgerError);
  });
  it('refuses a charge that would pass a cap, all or nothing', () => {
    const ledger = PrivacyLedger.create({ attributeCap: 5 * E, totalCap: 100 * E });
    expect(() =>
      ledger.charge([
        { key: 'a', units: epsilonToUnits(2) },
        { key: 'b', units: epsilonToUnits(6) },
      ]),
    ).toThrow(LedgerError);
    expect(ledger.totalSpent).toBe(0);
    expect(ledger.spent('a')).toBe(0);
  });
  it('own caps survive a round trip through stored state', () => {
    const ledger = PrivacyLedger.fromState({
      version: 1,
      attributeCap: 5 * E,
      total: { spent: 0, cap: 100 * E },
      attributes: { a: { spent: 0, cap: 50 * E } },
    });
    ledger.charge([{ key: 'a', units: epsilonToUnits(44) }]);
    const copy = PrivacyLedger.fromState(JSON.parse(JSON.stringify(ledger.toState())));
    expect(copy.cap('a')).toBe(50 * E);
    expect(copy.cap('b')).toBe(5 * E);
    expect(copy.spent('a')).toBe(44 * E);
  });
  it('refuses invalid stored state, and treats a stored over-spend as exhausted', () => {
    expect(() => PrivacyLedger.fromState({ version: 1 })).toThrow(/invalid ledger state/);
    expect(() => PrivacyLedger.fromState({ version: 1, attributeCap: 1.5, total: { spent: 0, cap: 1 }, attributes: {} })).toThrow(/attributeCap/);
    const over = PrivacyLedger.fromState({ version: 1, attributeCap: E, total: { spent: 2 * E, cap: 9 * E }, attributes: { a: { spent: 2 * E, cap: null } } });
    expect(over.decide([[{ key: 'a', units: asEpsilonUnits(0) }]])[0]!.fresh).toBe(false);
  });

  it('property: under any request sequence no cap is ever passed, and fallback happens exactly when a cap would be', () => {
    const keys = ['a', 'b', 'c', 'd'];
    const charge = fc.record({ key: fc.constantFrom(...keys), units: fc.integer({ min: 0, max: 6 * E }).map(asEpsilonUnits) });
    const block = fc.uniqueArray(charge, { maxLength: 3, selector: (c) => c.key });
    const request = fc.array(block, { maxLength: 4 }).filter((blocks) => new Set(blocks.flat().map((c) => c.key)).size === blocks.flat().length);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 * E }),
        fc.integer({ min: 0, max: 40 * E }),
        fc.array(request, { maxLength: 25 }),
        (attributeCap, totalCap, requests) => {
          const ledger = PrivacyLedger.create({ attributeCap, totalCap });
          const model = new Map<string, number>();
          let modelTotal = 0;
          for (const blocks of requests) {
            const decisions = ledger.decide(blocks);
            let pending = 0;
            blocks.forEach((charges, i) => {
              const sum = charges.reduce((s, c) => s + c.units, 0);
              const mustFallBack = charges.some((c) => (model.get(c.key) ?? 0) + c.units > attributeCap) || modelTotal + pending + sum > totalCap;
              expect(decisions[i]!.fresh).toBe(!mustFallBack);
              if (!mustFallBack) pending += sum;
            });
            const fresh = blocks.flatMap((c, i) => (decisions[i]!.fresh ? c : []));
            ledger.charge(fresh);
            for (const c of fresh) model.set(c.key, (model.get(c.key) ?? 0) + c.units);
            modelTotal += pending;
            for (const key of keys) {
              expect(ledger.spent(key)).toBe(model.get(key) ?? 0);
              expect(ledger.spent(key)).toBeLessThanOrEqual(ledger.cap(key));
            }
            expect(ledger.totalSpent).toBe(modelTotal);
            expect(ledger.totalSpent).toBeLessThanOrEqual(totalCap);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
