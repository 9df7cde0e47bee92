import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VeilDatabase } from '../../../src/storage/db';
import { SCHEMA_HISTORY, CURRENT_SCHEMA_VERSION } from '../../../src/storage/schema';
import { readProfile } from '../../../src/storage/profile-store';
import { readSettings } from '../../../src/storage/settings-store';
import { readBudget } from '../../../src/storage/budget-store';
import { listReleases } from '../../../src/storage/release-store';
import { readMemory } from '../../../src/storage/memory-store';

interface Frozen {
  schemaVersion: number;
  tables: Record<string, Record<string, unknown>[]>;
}

const dir = join(import.meta.dirname, '../../fixtures/stored');
function frozen(version: number | string): Frozen {
  return JSON.parse(readFileSync(join(dir, `v${version}.json`), 'utf8')) as Frozen;
}

const opened: VeilDatabase[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));

/** Create a database of the fixture's (old) layout, holding exactly the fixture's rows, then close it. */
async function createFrozen(fixture: Frozen): Promise<string> {
  const name = `veil-migrate-${crypto.randomUUID()}`;
  const old = new VeilDatabase(
    name,
    SCHEMA_HISTORY.filter((v) => v.version <= fixture.schemaVersion),
  );
  await old.open();
  expect(old.verno).toBe(fixture.schemaVersion);
  expect(old.tables.map((t) => t.name).sort()).toEqual(Object.keys(fixture.tables).sort());
  await old.transaction('rw', old.tables, async () => {
    for (const [table, rows] of Object.entries(fixture.tables)) await old.table(table).bulkAdd(rows);
  });
  old.close();
  return name;
}

async function openCurrent(name: string): Promise<VeilDatabase> {
  const db = new VeilDatabase(name);
  opened.push(db);
  await db.open();
  expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
  return db;
}

/** Every row of the fixture is still there (with anything later versions added), and no other row. */
async function expectEveryRowKept(db: VeilDatabase, fixture: Frozen): Promise<void> {
  for (const [table, rows] of Object.entries(fixture.tables)) {
    expect(await db.table(table).toArray(), table).toEqual(expect.arrayContaining(rows.map((r) => expect.objectContaining(r))));
    expect(await db.table(table).count(), table).toBe(rows.length);
  }
}

describe('stored data migrates forward', () => {
  it('has a frozen example for every schema version', () => {
    const files = readdirSync(dir)
      .filter((f) => /^v\d+\.json$/.test(f))
      .sort();
    expect(files).toEqual(SCHEMA_HISTORY.map((v) => `v${v.version}.json`).sort());
    for (const v of SCHEMA_HISTORY) expect(frozen(v.version).schemaVersion).toBe(v.version);
  });

  it('v1 → current: profile and settings intact, period 1 opened with a ledger per withheld attribute', async () => {
    const fixture = frozen(1);
    const db = await openCurrent(await createFrozen(fixture));

    const profile = await readProfile(db);
    expect(profile.instruction).toBe('Suggest a weekend plan.');
    expect(profile.attributes).toEqual(fixture.tables.attributes!.map(({ entity, field, value, sharing }) => ({ entity, field, value, sharing })));
    expect(await readSettings(db)).toEqual({
      // `suppressed`, `variant`, `facts`, `genericSites`, `alwaysMap`, `messageDefaults` and the memory settings came later: a v1 row reads as their defaults.
      mechanism: 'slot',
      variant: 'veil',
      facts: 'needed',
      epsilon: 16,
      format: 'freeform',
      suppressed: 'omit',
      sites: ['claude', 'demo'],
      genericSites: [],
      alwaysMap: [],
      messageDefaults: {},
      memoryMode: 'online',
      memoryK: 2,
      attributeCap: 64,
      totalCap: 256,
    });

    const budget = await readBudget(db);
    expect(budget.period).toBe(1);
    expect(budget.totalSpent).toBe(0);
    expect(budget.ledgers.map((l) => [l.key, l.spent, l.cap, l.capIsDefault])).toEqual([
      ['self.age', 0, 64 * 2 ** 20, true],
      ['my child.age', 0, 64 * 2 ** 20, true],
      ['self.location', 0, 64 * 2 ** 20, true],
    ]);
    expect(await db.ledgers.count()).toBe(3);
    expect(await listReleases(db)).toEqual([]);
  });

  it('v2 → current: ledgers of every period, caps and releases intact', async () => {
    const fixture = frozen(2);
    const db = await openCurrent(await createFrozen(fixture));

    expect((await readProfile(db)).attributes.map((a) => `${a.entity}.${a.field}`)).toEqual(['self.gender', 'self.education', 'my partner.occupation']);
    expect(await db.ledgers.toArray()).toEqual(expect.arrayContaining(fixture.tables.ledgers!.map((row) => expect.objectContaining(row))));
    const budget = await readBudget(db);
    expect(budget.period).toBe(2);
    expect(budget.totalSpent).toBe(4194304 + 4194304 + 1048576);
    expect(budget.ledgers).toEqual([
      { key: 'self.gender', entity: 'self', field: 'gender', spent: 4194304, cap: 50331648, capIsDefault: false, withheld: true },
      { key: 'my partner.occupation', entity: 'my partner', field: 'occupation', spent: 4194304, cap: 32 * 2 ** 20, capIsDefault: true, withheld: true },
      // no longer in the profile, but charged this period: still shown, still counted
      { key: 'self.age', entity: 'self', field: 'age', spent: 1048576, cap: 32 * 2 ** 20, capIsDefault: true, withheld: false },
    ]);
    const releases = await listReleases(db);
    // v4 says where a release was made; rows from before were made nowhere that can reuse them.
    expect(releases).toEqual([{ ...fixture.tables.releases![0], site: '', conversation: '', revision: 0 }]);
  });

  it('v6 → current: memories, memory ledgers and views intact, in the budget chart', async () => {
    const fixture = frozen(6);
    const db = await openCurrent(await createFrozen(fixture));
    await expectEveryRowKept(db, fixture);
    const { id: _id, updatedAt: _at, ...memory } = fixture.tables.memory![0] as Record<string, unknown>;
    expect(await readMemory(db)).toEqual(memory);
    const budget = await readBudget(db);
    expect(budget.ledgers.filter((l) => l.memory)).toEqual([
      { key: 'memory:diabetes', entity: '', field: 'type 2 diabetes', spent: 699050, cap: 2 * 2 ** 20, capIsDefault: false, withheld: true, memory: true },
    ]);
  });

  it('v5 → current: everything intact, codebooks included; no memories yet', async () => {
    const fixture = frozen(5);
    const db = await openCurrent(await createFrozen(fixture));
    await expectEveryRowKept(db, fixture);
    expect(await readMemory(db)).toEqual({ memories: [], protected: [], views: [] });
  });

  it('v4 → current: everything intact', async () => {
    const fixture = frozen(4);
    const db = await openCurrent(await createFrozen(fixture));
    await expectEveryRowKept(db, fixture);
  });

  it('v3 → current: everything intact, releases marked as made before sites and conversations', async () => {
    const fixture = frozen(3);
    const db = await openCurrent(await createFrozen(fixture));
    await expectEveryRowKept(db, fixture);
    expect((await readBudget(db)).totalSpent).toBe(2 * 4194304);
    expect(await listReleases(db)).toEqual([expect.objectContaining({ site: '', conversation: '', revision: 0 })]);
  });

  it('v2 with dotted names → current: names lose their dots, ledgers and release charges follow', async () => {
    const fixture = frozen('2-dotted-names');
    const db = await openCurrent(await createFrozen(fixture));

    // "self.age.band" becomes "age band", which is taken, so "age band 2"; nothing is merged or lost.
    expect((await readProfile(db)).attributes).toEqual([
      { entity: 'self', field: 'age band', value: '40s', sharing: 'shared' },
      { entity: 'self', field: 'age band 2', value: '41', sharing: 'withheld' },
      { entity: 'my child', field: 'age', value: '7', sharing: 'withheld' },
      { entity: 'self', field: 'occupation', value: 'Nurse', sharing: 'withheld' },
    ]);
    const ledgers = (await db.ledgers.toArray()).map(({ period, key, entity, field, spent, cap }) => ({ period, key, entity, field, spent, cap }));
    expect(ledgers.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { period: 1, key: 'my child.age', entity: 'my child', field: 'age', spent: 3145728, cap: 8388608 },
      { period: 1, key: 'self.age band 2', entity: 'self', field: 'age band 2', spent: 1048576, cap: null },
      { period: 1, key: 'self.occupation', entity: 'self', field: 'occupation', spent: 2097152, cap: null },
      // "self"."x.y" and "self"."x y" (both removed from the profile) meet: spends add, the lower cap wins.
      { period: 1, key: 'self.x y', entity: 'self', field: 'x y', spent: 2097152, cap: 4194304 },
    ]);
    const budget = await readBudget(db);
    expect(budget.totalSpent).toBe(3145728 + 1048576 + 2097152 + 2097152);
    expect(budget.ledgers.map((l) => [l.key, l.spent, l.withheld])).toEqual([
      ['self.age band 2', 1048576, true],
      ['my child.age', 3145728, true],
      ['self.occupation', 2097152, true],
      ['self.x y', 2097152, false],
    ]);
    const [release] = await listReleases(db);
    expect(release!.spent).toEqual({ 'self.age band 2': 1048576, 'my child.age': 1048576 });
    expect(release!.attributes.map((a) => [a.entity, a.field, a.value])).toEqual([
      ['self', 'age band 2', '35–44'],
      ['my child', 'age', '5–9'],
    ]);
    expect(release!.text).toBe(fixture.tables.releases![0]!.text); // what was sent stays as it was
  });
});
