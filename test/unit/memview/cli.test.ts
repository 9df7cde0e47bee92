/** `veil memview` (issue 11). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run as memview } from '../../../src/cli/memview';

const dir = mkdtempSync(join(tmpdir(), 'veil-memview-'));
const STORE = 'test/fixtures/memview/store.json';
const QUERIES = 'test/fixtures/memview/queries.jsonl';

/** One turn of `veil memview`'s output, as far as these tests read it. */
type Turn = { views: { kind: string; charged?: Record<string, number> }[]; ledgers: Record<string, { spent: number; cap: number }>; added: string };

async function run(args: Record<string, string>): Promise<Turn[]> {
  const out: string[] = [];
  await memview(new Map(Object.entries(args)), (l) => out.push(l));
  return out.map((l) => JSON.parse(l) as Turn);
}

describe('veil memview', () => {
  it('prints views, charges, fallbacks and ledgers per turn, reproducibly with --seed', async () => {
    const turns = await run({ store: STORE, queries: QUERIES, mode: 'online', seed: '1' });
    expect(await run({ store: STORE, queries: QUERIES, mode: 'online', seed: '1' })).toEqual(turns);
    expect(turns).toHaveLength(5);
    expect(turns[0]).toMatchObject({ turn: 1, query: 'Suggest some dinner recipes', views: [{ slot: 'food', kind: 'selected' }] });
    // ε = B/K = 2/2 (K defaults to the extension's 2), charged to both groups the food slot meets.
    expect(turns[0]!.views[0]!.charged).toEqual({ diabetes: 1, debt: 1 });
    // --K 3: 2/3 rounded down to 2^-20.
    const third = Math.floor(2 ** 21 / 3) / 2 ** 20;
    expect((await run({ store: STORE, queries: QUERIES, mode: 'online', K: '3', seed: '1' }))[0]!.views[0]!.charged).toEqual({ diabetes: third, debt: third });
    // Ledgers never pass their caps; once they would, the generic view comes back for free.
    for (const t of turns) for (const l of Object.values(t.ledgers) as { spent: number; cap: number }[]) expect(l.spent).toBeLessThanOrEqual(l.cap);
    expect(turns[3]!.views.filter((v) => v.kind === 'fallback').length).toBeGreaterThan(0);
    expect(turns[3]!.added).toBe('');
    // No memory text in the output.
    expect(JSON.stringify(turns)).not.toMatch(/diagnosed|14k|credit card debt/i);
  });

  it('the preallocated mode spreads each cap over the selections the queries will make', async () => {
    const turns = await run({ store: STORE, queries: QUERIES, mode: 'pre', seed: '2' });
    const charged = turns.flatMap((t) => t.views.filter((v) => v.kind === 'selected'));
    expect(turns.flatMap((t) => t.views).filter((v) => v.kind === 'fallback')).toEqual([]);
    const last = turns.at(-1)!.ledgers as Record<string, { spent: number; cap: number }>;
    expect(last.diabetes!.spent).toBeLessThanOrEqual(2);
    expect(last.debt!.spent).toBeGreaterThan(1.99); // debt, read most often, uses its whole cap; diabetes shares selections at debt's ε
    expect(charged.length).toBeGreaterThan(3);
  });

  it('refuses a bad store or query file with a message naming the place', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ memories: [{ id: 'a', slot: 'garden', text: 'x' }], protected: [] }));
    await expect(run({ store: bad, queries: QUERIES, mode: 'online' })).rejects.toThrow(/memories\[0\]\.slot: must be one of health/);
    const orphan = join(dir, 'orphan.json');
    writeFileSync(orphan, JSON.stringify({ memories: [], protected: [{ id: 'd', name: 'd', cap: 1, members: ['zz'] }] }));
    await expect(run({ store: orphan, queries: QUERIES, mode: 'online' })).rejects.toThrow(/protected\[0\]\.members\[0\]: names no memory/);
    const queries = join(dir, 'q.jsonl');
    writeFileSync(queries, '"fine"\n{"q": 1}\n');
    await expect(run({ store: STORE, queries, mode: 'online' })).rejects.toThrow(/q\.jsonl:2: expected a string/);
    await expect(run({ store: STORE, queries: QUERIES, mode: 'sideways' })).rejects.toThrow(/--mode/);
    await expect(run({ store: STORE, queries: QUERIES, mode: 'online', variant: 'other' })).rejects.toThrow(/--variant/);
    expect(await run({ store: STORE, queries: QUERIES, mode: 'online', variant: 'paper', seed: '3' })).toHaveLength(5);
  });

  it('says in words what is wrong: a profile given as the store, an empty or missing key, an empty query file, K out of range (issue 23)', async () => {
    await expect(run({ store: 'test/fixtures/profiles/table1.json', queries: QUERIES, mode: 'online' })).rejects.toThrow(
      'test/fixtures/profiles/table1.json: has no "memories" (this looks like a profile file; --store takes a memory file { "memories": [...], "protected": [...] })',
    );
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '');
    await expect(run({ store: empty, queries: QUERIES, mode: 'online' })).rejects.toThrow(`${empty} is empty`);
    await expect(run({ store: STORE, queries: empty, mode: 'online' })).rejects.toThrow(`${empty} is empty: no queries`);
    const noCap = join(dir, 'nocap.json');
    writeFileSync(noCap, JSON.stringify({ memories: [], protected: [{ id: 'd', name: 'd', members: [] }] }));
    await expect(run({ store: noCap, queries: QUERIES, mode: 'online' })).rejects.toThrow(`${noCap}: protected[0] has no "cap"`);
    const cap = join(dir, 'cap.json');
    writeFileSync(cap, JSON.stringify({ memories: [], protected: [{ id: 'd', name: 'd', cap: 'two', members: [] }] }));
    await expect(run({ store: cap, queries: QUERIES, mode: 'online' })).rejects.toThrow(`${cap}: protected[0].cap: must be a number, not text`);
    await expect(run({ store: STORE, queries: QUERIES, mode: 'online', K: '-3' })).rejects.toThrow('--K must be a whole number from 1 to 1000, not -3');
    await expect(run({ store: STORE, queries: QUERIES, mode: 'online', K: '1001' })).rejects.toThrow(
      '--K 1001 is too large: it must be a whole number from 1 to 1000',
    );
  });
});
