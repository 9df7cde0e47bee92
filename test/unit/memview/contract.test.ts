/**
 * The DP-MemView interface contract (paper §"End-to-end transcript privacy", C1–C6), one test each, on
 * the paper's running example (fixtures.ts). Distribution tests run at a false-positive rate of 1e-6.
 */
import { describe, expect, it } from 'vitest';
import { epsilonToUnits } from '../../../src/core/epsilon';
import { memoryLedgerKey } from '../../../src/ledger/keys';
import { answerPreferences } from '../../../src/memview/render';
import { activeSlots, candidateViews } from '../../../src/memview/router';
import { SLOTS } from '../../../src/memview/slots';
import { DP_MEMVIEW, memviewTurn, plannedCharges, policyCandidates, slotViews, VEIL_RULE, type Mechanics, type SlotRelease } from '../../../src/memview/turn';
import type { MemoryFile } from '../../../src/memview/types';
import { slotVocabulary } from '../../../src/memview/vocabulary';
import { ALPHA, chiSquareTest } from '../dp/stats';
import { bitsOf, freshLedger, neighbourB, neighbourD, QUERIES, store } from './fixtures';

const online = { mode: 'online', k: 3 } as const;

/** The store with every memory's text given by `read` at each access (same layout). */
function withTexts(s: MemoryFile, read: (id: string) => string): MemoryFile {
  return {
    ...s,
    memories: s.memories.map((m) => ({
      id: m.id,
      slot: m.slot,
      get text(): string {
        return read(m.id);
      },
    })),
  };
}

/** The store with every memory's text unreadable: whatever reads it throws. */
const sealed = (s: MemoryFile) =>
  withTexts(s, (id) => {
    throw new Error(`memory ${id} was read`);
  });

/** The store with every memory's text a new random string at each read. */
const chaotic = (s: MemoryFile) => withTexts(s, () => `${Math.random()} debt diabetes pregnant laid off`.slice(0, 10 + Math.floor(Math.random() * 30)));

/** What an observer and the ledger see of a release besides the view itself. */
function control(r: SlotRelease) {
  return { slot: r.slot, kind: r.kind, attributes: r.attributes, epsilonUnits: r.epsilonUnits };
}

describe('DP-MemView interface contract', () => {
  it('C1: every vocabulary, generic view included, is the same under adjacent stores and never reads a memory', () => {
    for (const slot of SLOTS) {
      const views = DP_MEMVIEW.vocabulary(slot, sealed(store));
      expect(views).toEqual(DP_MEMVIEW.vocabulary(slot, neighbourD));
      expect(views).toEqual(DP_MEMVIEW.vocabulary(slot, neighbourB));
      expect(views[0]).toMatchObject({ code: 'general', text: '' });
      // Candidates depend on the message only.
      for (const q of QUERIES) expect(candidateViews(views, q)[0]!.code).toBe('general');
    }
    // A person's own view joins the vocabulary of its slot for every store alike.
    const custom = { slot: 'food' as const, code: 'custom-spicy', text: 'keep it spicy', topics: ['dinner'], evidence: ['spicy'] };
    expect(slotViews('food', [custom]).at(-1)).toEqual(custom);
    expect(slotViews('food', [custom]).slice(0, -1)).toEqual(slotVocabulary('food').views);
  });

  it('C2: every read is charged to every attribute whose group it meets, and the ledgers add up', () => {
    const ledger = freshLedger(store, 1000);
    const spent = new Map<string, number>();
    const ids = (slot: string) => store.memories.filter((m) => m.slot === slot).map((m) => m.id);
    for (let round = 0; round < 3; round++) {
      for (const q of QUERIES) {
        for (const r of memviewTurn(q, { store, policy: { mode: 'online', k: 40 }, ledger, bits: bitsOf(round) })) {
          const affected = store.protected.filter((a) => a.members.some((m) => ids(r.slot).includes(m))).map((a) => a.id);
          if (r.kind === 'selected' || r.kind === 'fallback') expect(r.attributes.sort()).toEqual(affected.sort());
          if (r.kind === 'unprotected') expect(affected).toEqual([]);
          for (const a of r.kind === 'selected' ? r.attributes : []) spent.set(a, (spent.get(a) ?? 0) + r.epsilonUnits);
        }
      }
    }
    expect(spent.get('d')).toBeGreaterThan(0);
    for (const a of store.protected) expect(ledger.spent(memoryLedgerKey(a.id))).toBe(spent.get(a.id) ?? 0);
  });

  it('C3: a charged view is drawn by Eq. (7) exactly; what leaves holds no memory text', () => {
    // The expected distribution from the paper's formula in floating point, independently of the code.
    const q = 'Plan a cheap dinner menu';
    const views = candidateViews(slotVocabulary('food').views, q);
    const texts = store.memories.filter((m) => m.slot === 'food').map((m) => m.text.toLowerCase());
    const supported = (code: string, evidence: readonly string[]) => texts.filter((t) => evidence.some((e) => new RegExp(`\\b${e}`).test(t))).length;
    const specific = views.slice(1).map((v) => supported(v.code, v.evidence));
    const unsupported = texts.filter((t) => !views.slice(1).some((v) => v.evidence.some((e) => new RegExp(`\\b${e}`).test(t)))).length;
    // c of the generic view: 1 only when no memory read supports any other candidate.
    const u = views.map((v, i) => {
      const count = i === 0 ? unsupported : specific[i - 1]!;
      const c = i === 0 ? (unsupported === texts.length ? 1 : 0) : count > 0 ? 1 : 0;
      return 0.4 * (i === 0 ? 0.5 : 1) + 0.4 * c + 0.2 * (count / texts.length);
    });
    const epsilon = Math.floor(epsilonToUnits(2) / 3) / 2 ** 20;
    const w = u.map((x) => Math.exp((epsilon * x) / (2 * 0.6)));
    const z = w.reduce((a, b) => a + b, 0);
    const expected = w.map((x) => x / z);

    const n = 20_000;
    const counts = new Array<number>(views.length).fill(0);
    const bits = bitsOf(7);
    for (let i = 0; i < n; i++) {
      const ledger = freshLedger(store);
      const food = memviewTurn(q, { store, policy: online, ledger, bits }).find((r) => r.slot === 'food')!;
      expect(food.kind).toBe('selected');
      counts[views.findIndex((v) => v.code === food.view.code)]!++;
    }
    expect(chiSquareTest(counts, expected).pValue).toBeGreaterThan(ALPHA);

    // Veil's rule: the router's few candidates (a public function of the message), the same weights over
    // them, and a public base w·(n − 1) on the generic view.
    const focused = policyCandidates(slotVocabulary('food').views, q, { ...online, variant: 'veil' });
    const kept = focused.map((v) => views.indexOf(v));
    const veil = kept.map((j, i) => (i === 0 ? w[j]! * VEIL_RULE.genericWeight * (focused.length - 1) : w[j]!));
    const zv = veil.reduce((a, b) => a + b, 0);
    const veilCounts = new Array<number>(focused.length).fill(0);
    for (let i = 0; i < n; i++) {
      const food = memviewTurn(q, { store, policy: { ...online, variant: 'veil' }, ledger: freshLedger(store), bits }).find((r) => r.slot === 'food')!;
      veilCounts[focused.findIndex((v) => v.code === food.view.code)]!++;
    }
    expect(
      chiSquareTest(
        veilCounts,
        veil.map((x) => x / zv),
      ).pValue,
    ).toBeGreaterThan(ALPHA);

    // Only public values leave: the slot, a vocabulary view, the control and the charged attribute ids.
    const phrases = store.memories.map((m) => m.text.toLowerCase());
    for (const r of memviewTurn('Suggest some dinner recipes for this week', { store, policy: online, ledger: freshLedger(), bits })) {
      expect(Object.keys(r).sort()).toEqual(['attributes', 'epsilonUnits', 'kind', 'slot', 'view']);
      expect(slotVocabulary(r.slot).views.map((v) => v.text)).toContain(r.view.text);
      for (const p of phrases) expect(JSON.stringify(r).toLowerCase()).not.toContain(p);
    }
  });

  it('C4: slots, order, read and charge sets and ε are the same under adjacent stores and use no memory', () => {
    for (const q of QUERIES) expect(activeSlots(q)).toEqual([...activeSlots(q)].sort((a, b) => SLOTS.indexOf(a) - SLOTS.indexOf(b)));
    // The preallocated plan reads the layout and groups only.
    expect(plannedCharges(QUERIES, sealed(store))).toEqual(plannedCharges(QUERIES, neighbourD));
    // Same prefix (same ledger state, same released history) → same controls, whatever the store: even
    // one whose memories read as different random text every time they are read.
    for (const neighbour of [neighbourD, neighbourB, chaotic(store)]) {
      for (let seed = 0; seed < 20; seed++) {
        const a = freshLedger(store);
        const b = freshLedger(neighbour);
        for (const q of QUERIES) {
          const ra = memviewTurn(q, { store, policy: online, ledger: a, bits: bitsOf(seed) });
          const rb = memviewTurn(q, { store: neighbour, policy: online, ledger: b, bits: bitsOf(seed + 1000) });
          expect(rb.map(control)).toEqual(ra.map(control));
          expect(b.toState()).toEqual(a.toState());
        }
      }
    }
  });

  it('C5: the cap check, the generic fallback and the ledger update run on every path: L_a ≤ B_a', () => {
    for (const mode of ['online', 'pre'] as const) {
      for (let seed = 0; seed < 30; seed++) {
        const ledger = freshLedger(store);
        const planned = plannedCharges(QUERIES, store);
        let fallbacks = 0;
        for (let turn = 0; turn < 4; turn++) {
          for (const q of QUERIES) {
            const before = ledger.toState();
            for (const r of memviewTurn(q, { store, policy: { mode, k: 3 }, ledger, bits: bitsOf(seed * 10 + turn), planned })) {
              if (r.kind === 'fallback') {
                fallbacks++;
                expect(r.view.code).toBe('general');
                expect(r.epsilonUnits).toBe(0);
              }
            }
            for (const a of store.protected) {
              const key = memoryLedgerKey(a.id);
              expect(ledger.spent(key)).toBeLessThanOrEqual(epsilonToUnits(a.cap));
              expect(ledger.spent(key)).toBeGreaterThanOrEqual(before.attributes[key]!.spent);
            }
          }
        }
        expect(fallbacks).toBeGreaterThan(0); // 24 turns reach past every cap
      }
    }
  });

  it('C6: what leaves is a function of the released views alone: same views, same release, byte for byte', () => {
    // Force the same selection under M and M′ (the first specific candidate, else the generic view):
    // with equal views nothing else in the release, and so in the text added, may differ.
    const forced: Mechanics = { ...DP_MEMVIEW, select: (_m, u) => Math.min(1, u.length - 1) };
    for (const neighbour of [neighbourD, neighbourB]) {
      const [la, lb] = [freshLedger(store), freshLedger(neighbour)];
      for (const q of QUERIES) {
        const a = memviewTurn(q, { store, policy: online, ledger: la, bits: bitsOf(3), mechanics: forced });
        const b = memviewTurn(q, { store: neighbour, policy: online, ledger: lb, bits: bitsOf(4), mechanics: forced });
        expect(b).toEqual(a);
        expect(answerPreferences(b)).toBe(answerPreferences(a));
        for (const m of [...store.memories, ...neighbour.memories]) expect(answerPreferences(a)).not.toContain(m.text);
      }
    }
    expect(answerPreferences([{ view: { code: 'general', text: '' } }])).toBe('');
    expect(answerPreferences([{ view: { code: 'quick', text: 'prefer quick meals' } }, { view: { code: 'low-sugar', text: 'favour low-sugar meals' } }])).toBe(
      'Answer preferences: prefer quick meals; favour low-sugar meals.',
    );
  });
});
