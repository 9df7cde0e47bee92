/**
 * The person's settings. Reading never invents values: no row means the documented defaults
 * (src/settings/settings.ts), and a damaged row is an error, not a silent reset (fail closed).
 */
import { firstIssue } from '../core/zod-issue';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../settings/settings';
import type { VeilDatabase } from './db';
import { Refusal } from './errors';
import { bumpRevision } from './revision';

export async function readSettings(db: VeilDatabase): Promise<Settings> {
  const row = await db.settings.get('current');
  if (!row) return { ...DEFAULT_SETTINGS, sites: [...DEFAULT_SETTINGS.sites], genericSites: [], alwaysMap: [], messageDefaults: {} };
  const { id: _id, ...stored } = row;
  // Settings stored before a choice existed (`suppressed`, added with schema v4; `variant`, `facts`, `genericSites`, `alwaysMap`, `messageDefaults`, `memoryMode`, `memoryK`) read as its default.
  const older = stored as Partial<Settings>;
  const parsed = settingsSchema.safeParse({
    ...stored,
    suppressed: older.suppressed ?? DEFAULT_SETTINGS.suppressed,
    variant: older.variant ?? DEFAULT_SETTINGS.variant,
    facts: older.facts ?? DEFAULT_SETTINGS.facts,
    genericSites: older.genericSites ?? [],
    alwaysMap: older.alwaysMap ?? [],
    messageDefaults: older.messageDefaults ?? {},
    memoryMode: older.memoryMode ?? DEFAULT_SETTINGS.memoryMode,
    memoryK: older.memoryK ?? DEFAULT_SETTINGS.memoryK,
  });
  if (!parsed.success) {
    throw new Refusal(`stored settings are damaged (${firstIssue(parsed.error)})`);
  }
  return parsed.data;
}

/** True when `next` lets more ε be spent than `current` does. */
export function raisesCaps(current: Settings, next: Settings): boolean {
  return next.attributeCap > current.attributeCap || next.totalCap > current.totalCap;
}

/**
 * Apply `patch`. Raising the attribute cap or the total cap lets more be released about the person, so it
 * needs `confirmed` (the person saw that what was already released stays released); lowering needs nothing.
 */
export async function updateSettings(db: VeilDatabase, patch: Partial<Settings>, confirmed = false): Promise<Settings> {
  return db.transaction('rw', db.settings, db.meta, async () => {
    const current = await readSettings(db);
    const parsed = settingsSchema.safeParse({ ...current, ...patch });
    if (!parsed.success) {
      throw new Refusal(firstIssue(parsed.error));
    }
    const next = parsed.data;
    if (raisesCaps(current, next) && !confirmed) {
      throw new Refusal('raising a cap needs your confirmation that what was already released stays released');
    }
    await db.settings.put({ id: 'current', ...next });
    await bumpRevision(db);
    return next;
  });
}

/** Replace the generic sites (src/sites/generic.ts); only the `site.*` handlers call this. */
export async function setGenericSites(db: VeilDatabase, genericSites: Settings['genericSites']): Promise<Settings> {
  return db.transaction('rw', db.settings, async () => {
    const current = await readSettings(db);
    const parsed = settingsSchema.safeParse({ ...current, genericSites });
    if (!parsed.success) throw new Refusal(`these sites cannot be saved (${firstIssue(parsed.error)})`);
    await db.settings.put({ id: 'current', ...parsed.data });
    return parsed.data;
  });
}
