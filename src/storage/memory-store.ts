/**
 * The person's memories (DP-MemView) in IndexedDB: one row holding the memories, the protected attributes
 * and their own views, read with a check and replaced whole, so an edit is all or nothing.
 *
 * ```ts
 * const file = await readMemory(db);                       // EMPTY_MEMORY when none was ever saved
 * await writeMemory(db, next, { confirmed: false });        // refuses to raise a cap without confirmation
 * ```
 *
 * A protected attribute's cap B_a is the person's own limit (DESIGN.md "Caps"): raising it lets more be
 * learned, so it needs their confirmation that what was already released stays released. Its ledger rows
 * stay when the attribute is removed (what was released stays released).
 */
import { epsilonToUnits } from '../core/epsilon';
import { EMPTY_MEMORY, loosenedProtection, MemoryError, parseMemoryFile, type MemoryFile } from '../memview/types';
import { memoryLedgerKey } from '../ledger/keys';
import type { MemoryOverview } from '../messaging/contract';
import type { VeilDatabase } from './db';
import type { StoredLedger, StoredMemory } from './rows';
import { Refusal } from './errors';
import { readBudgetMeta, readLedgerRow, readLedgerRows } from './checked-rows';
import { readSettings } from './settings-store';

/** The stored memory, checked; a damaged row is an error naming what is wrong, never an empty store. */
export async function readMemory(db: VeilDatabase): Promise<MemoryFile> {
  return memoryOfRow(await db.memory.get('current'));
}

/** A counter of the stored row (0 before the first write, and when a damaged row has none). */
const counter = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);

/**
 * The stored memory, checked, with the row's counters, from one read: `revision` (every write) and
 * `contentRevision` (what a release's views were drawn under).
 */
export async function readMemoryWithRevisions(db: VeilDatabase): Promise<{ memory: MemoryFile; revision: number; contentRevision: number }> {
  const row = await db.memory.get('current');
  return { memory: memoryOfRow(row), revision: counter(row?.revision), contentRevision: counter(row?.contentRevision) };
}

function memoryOfRow(row: StoredMemory | undefined): MemoryFile {
  if (row === undefined) return structuredClone(EMPTY_MEMORY);
  const { id: _id, updatedAt: _at, changedAt: _changed, contentRevision: _content, revision: _revision, ...file } = row;
  try {
    return parseMemoryFile(file);
  } catch (error) {
    throw new Refusal(
      `your stored memories are damaged (${error instanceof Error ? error.message : String(error)}); in Veil's settings, Memories, you can start over with none`,
    );
  }
}

/**
 * Attributes of `next` whose cap is above the one they have now: in `current`, or — for one removed and
 * added again under the same id — in its ledger this period (`ledgerCaps`, units), whose spend it keeps.
 */
export function raisedCaps(current: MemoryFile, next: MemoryFile, ledgerCaps: ReadonlyMap<string, number> = new Map()): string[] {
  const before = new Map(current.protected.map((a) => [a.id, epsilonToUnits(a.cap)]));
  return next.protected
    .filter((a) => {
      const was = before.get(a.id) ?? ledgerCaps.get(a.id);
      return was !== undefined && epsilonToUnits(a.cap) > was;
    })
    .map((a) => a.name);
}

function contentOf(file: MemoryFile): string {
  const memories = [...file.memories].sort((a, b) => (a.id < b.id ? -1 : 1)).map((m) => [m.id, m.slot, m.text]);
  return JSON.stringify([memories, file.views]);
}

/**
 * Store `input` as the whole memory. `basis`, when given, is the revision the caller's copy was read at
 * (`MemoryOverview.revision`): if the memories were written since (another Veil page, an import), nothing
 * is saved and the error says so, rather than silently undo that write. A damaged stored row is replaced
 * only when `confirmed` (starting over); caps still cannot rise past their ledgers' this period.
 */
export async function writeMemory(
  db: VeilDatabase,
  input: unknown,
  { confirmed = false, now = Date.now(), basis }: { confirmed?: boolean; now?: number; basis?: number } = {},
): Promise<MemoryFile> {
  let next: MemoryFile;
  try {
    next = parseMemoryFile(input);
  } catch (error) {
    if (error instanceof MemoryError) throw new Refusal(`these memories cannot be saved: ${error.message}`);
    throw error;
  }
  return db.transaction('rw', db.memory, db.meta, db.ledgers, async () => {
    const row = await db.memory.get('current');
    if (basis !== undefined && basis !== counter(row?.revision)) {
      throw new Refusal(
        'your memories changed after this page showed them (in another Veil page, by an import, or by a save still under way), so nothing was saved; they are shown as they are now: make your change again',
      );
    }
    let current: MemoryFile;
    try {
      current = memoryOfRow(row);
    } catch (error) {
      if (!confirmed || !(error instanceof Refusal)) throw error;
      current = structuredClone(EMPTY_MEMORY);
    }
    // This period's ledger of every attribute before and after: caps of `next`, spend of `current`.
    const { period } = await readBudgetMeta(db);
    const ledgers = new Map<string, StoredLedger>();
    for (const id of new Set([...current.protected, ...next.protected].map((a) => a.id))) {
      const ledger = await readLedgerRow(db, period, memoryLedgerKey(id));
      if (ledger) ledgers.set(id, ledger);
    }
    const ledgerCaps = new Map<string, number>();
    for (const [id, ledger] of ledgers) if (ledger.cap !== null) ledgerCaps.set(id, ledger.cap);
    const raised = raisedCaps(current, next, ledgerCaps);
    if (raised.length > 0 && !confirmed) {
      throw new Refusal(`raising the cap of ${raised.join(', ')} needs your confirmation that what was already released stays released`);
    }
    const loosened = loosenedProtection(current, next, (id) => ledgers.get(id)?.spent ?? 0);
    if (loosened.length > 0 && !confirmed) {
      throw new Refusal(
        `removing ${loosened.join(', ')}, or a memory from its group, needs your confirmation: its memories would no longer be limited by its cap, and what was already released stays released`,
      );
    }
    // When what the views are drawn from changed (a memory's text or topic, the person's own views), not
    // on a reorder, a new cap or group: a conversation then stops reusing views drawn before.
    const content = counter(row?.contentRevision);
    const contentRevision = row && contentOf(current) === contentOf(next) ? content : content + 1;
    await db.memory.put({ id: 'current', ...next, updatedAt: now, contentRevision, revision: counter(row?.revision) + 1 });
    return next;
  });
}

/**
 * What the memories page shows: the memory, each protected attribute's spend this budget period, and
 * what the total cap (shared with the profile's facts) has left.
 */
export async function memoryOverview(db: VeilDatabase): Promise<MemoryOverview> {
  return db.transaction('r', db.memory, db.meta, db.ledgers, db.settings, async () => {
    const { memory, revision } = await readMemoryWithRevisions(db);
    const { period } = await readBudgetMeta(db);
    const settings = await readSettings(db);
    const spent: Record<string, number> = {};
    for (const a of memory.protected) spent[a.id] = (await readLedgerRow(db, period, memoryLedgerKey(a.id)))?.spent ?? 0;
    // For the preview only: a damaged ledger row (reported by the budget, and refusing every send) must
    // not also take the memories' editor away.
    const totalSpent = await readLedgerRows(db, period).then(
      (rows) => rows.reduce((sum, row) => sum + row.spent, 0),
      () => undefined,
    );
    const totalLeft = totalSpent === undefined ? undefined : Math.max(0, epsilonToUnits(settings.totalCap) - totalSpent);
    return {
      memory,
      revision,
      spent,
      ...(totalLeft !== undefined ? { totalLeft } : {}),
      mode: settings.memoryMode,
      k: settings.memoryK,
      variant: settings.variant,
    };
  });
}
