/**
 * The memory side of Veil (DP-MemView): memories at fixed positions in slots, protected attributes with
 * their caps and groups, and the person's own views. Also the file format (`memory` in a profile file,
 * and the CLI's `--store`), validated with zod.
 *
 * ```json
 * { "memories": [ { "id": "m1", "slot": "health", "text": "Diagnosed with type 2 diabetes in March" } ],
 *   "protected": [ { "id": "diabetes", "name": "type 2 diabetes", "cap": 2, "members": ["m1"] } ],
 *   "views": [] }
 * ```
 *
 * - A memory's position is its id and its place in its slot: the layout (ids, slots, order) is public to
 *   the mechanism, its text is not.
 * - `cap` is B_a in ε; `members` is I_a (memory ids), confirmed by the person; `planned` (optional) is
 *   C_a, the number of charged selections the preallocated mode spreads B_a over.
 * - `stated` (optional): preferences the person states outright, at most one per slot, by view code
 *   (shipped or their own). A message that asks for one carries it as theirs: shared by their choice, no
 *   memory read, no budget (like a profile fact shared as is), and outside the guarantee by that choice.
 */
import { z } from 'zod';
import { problemInWords } from '../core/zod-issue';
import { MEMORY_ID_PATTERN } from '../ledger/keys';
import { SLOTS, type Slot } from './slots';
import { slotVocabulary } from './vocabulary';

const id = z.string().regex(MEMORY_ID_PATTERN, 'must be 1–40 lower-case letters, digits or "-"');
const words = z.array(z.string().trim().min(2, 'a word needs at least 2 characters').max(60)).max(60);

export const memorySchema = z.strictObject({
  id,
  slot: z.enum(SLOTS, { error: `must be one of ${SLOTS.join(', ')}` }),
  text: z.string().trim().min(1, 'must not be empty').max(1000, 'must be at most 1,000 characters'),
});
export type Memory = z.infer<typeof memorySchema>;

export const protectedAttributeSchema = z.strictObject({
  id,
  name: z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters'),
  /** B_a in ε. */
  cap: z.number().finite().positive('must be more than 0').max(64, 'must be at most 64'),
  /** I_a: the memory ids whose text may imply the attribute. */
  members: z.array(id).max(500),
  /** C_a for the preallocated mode (default: K). */
  planned: z.number().int().min(1).max(1000).optional(),
});
export type ProtectedAttribute = z.infer<typeof protectedAttributeSchema>;

export const customViewSchema = z.strictObject({
  slot: z.enum(SLOTS),
  code: z.string().regex(/^custom-[a-z0-9-]{1,40}$/, 'must be "custom-" and lower-case letters, digits or "-"'),
  text: z.string().trim().min(3).max(200),
  topics: words.min(1, 'needs at least one word of a message it answers'),
  evidence: words.min(1, 'needs at least one word of a memory that supports it'),
});
export type CustomView = z.infer<typeof customViewSchema>;

/** A preference the person states outright for a slot: a view of that slot's vocabulary, by code. */
export const statedPreferenceSchema = z.strictObject({
  slot: z.enum(SLOTS),
  code: z.string().min(1).max(60),
});
export type StatedPreference = z.infer<typeof statedPreferenceSchema>;

export const memoryFileSchema = z
  .strictObject({
    memories: z.array(memorySchema).max(500, 'at most 500 memories'),
    protected: z.array(protectedAttributeSchema).max(100, 'at most 100 protected attributes'),
    views: z.array(customViewSchema).max(200).default([]),
    stated: z.array(statedPreferenceSchema).max(SLOTS.length).optional(),
  })
  .superRefine((file, ctx) => {
    const ids = new Set<string>();
    file.memories.forEach((m, i) => {
      if (ids.has(m.id)) ctx.addIssue({ code: 'custom', path: ['memories', i, 'id'], message: `repeats the id ${m.id}` });
      ids.add(m.id);
    });
    const names = new Set<string>();
    file.protected.forEach((a, i) => {
      if (names.has(a.id)) ctx.addIssue({ code: 'custom', path: ['protected', i, 'id'], message: `repeats the id ${a.id}` });
      names.add(a.id);
      a.members.forEach((m, j) => {
        if (!ids.has(m)) ctx.addIssue({ code: 'custom', path: ['protected', i, 'members', j], message: `names no memory (${m})` });
      });
    });
    const codes = new Set<string>();
    file.views.forEach((v, i) => {
      const key = `${v.slot}/${v.code}`;
      if (codes.has(key)) ctx.addIssue({ code: 'custom', path: ['views', i, 'code'], message: `repeats ${key}` });
      codes.add(key);
    });
    const statedSlots = new Set<string>();
    (file.stated ?? []).forEach((p, i) => {
      if (statedSlots.has(p.slot)) ctx.addIssue({ code: 'custom', path: ['stated', i, 'slot'], message: `repeats ${p.slot}: one stated preference per topic` });
      statedSlots.add(p.slot);
      const known = slotVocabulary(p.slot).views.some((v, j) => j > 0 && v.code === p.code) || codes.has(`${p.slot}/${p.code}`);
      if (!known) ctx.addIssue({ code: 'custom', path: ['stated', i, 'code'], message: `names no ${p.slot} preference (${p.code})` });
    });
  });
export type MemoryFile = z.infer<typeof memoryFileSchema>;

export const EMPTY_MEMORY: MemoryFile = Object.freeze({ memories: [], protected: [], views: [] }) as MemoryFile;

export class MemoryError extends Error {
  override name = 'MemoryError';
}

/** Validate untrusted input as a memory file; the error names the place ("protected[1].members[0]: …"). */
export function parseMemoryFile(input: unknown): MemoryFile {
  const parsed = memoryFileSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = (path: readonly PropertyKey[]) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
  const problem = problemInWords(issue, input);
  const key = issue.path.at(-1);
  // A missing key is said of what lacks it: "has no "memories"" (the whole file), "protected[0] has no "cap"".
  if (problem === 'is missing' && typeof key === 'string') {
    const owner = where(issue.path.slice(0, -1));
    throw new MemoryError(`${owner ? `${owner} ` : ''}has no "${key}"`);
  }
  throw new MemoryError(`${where(issue.path) || 'memory'}: ${problem}`);
}

/**
 * Protected attributes that `next` would protect less than `current` does, by name, among those that
 * already spent budget this period (`spent` by attribute id): removed, or a memory that stays left out of
 * its group. Like raising a cap, that needs the person's confirmation: an attribute removed and added
 * again would start a fresh ledger, and a memory left out shapes preferences with no bound. (Before any
 * spend it is as if the attribute had never been there.)
 */
export function loosenedProtection(current: MemoryFile, next: MemoryFile, spent: (id: string) => number): string[] {
  const kept = new Set(next.memories.map((m) => m.id));
  const after = new Map(next.protected.map((a) => [a.id, new Set(a.members)]));
  return current.protected
    .filter((a) => spent(a.id) > 0)
    .filter((a) => {
      const members = after.get(a.id);
      return members === undefined || a.members.some((id) => kept.has(id) && !members.has(id));
    })
    .map((a) => a.name);
}

/** The public layout: each slot's memory ids in order. */
export function layoutOf(memories: readonly Memory[]): Map<Slot, string[]> {
  const layout = new Map<Slot, string[]>(SLOTS.map((s) => [s, []]));
  for (const m of memories) layout.get(m.slot)!.push(m.id);
  return layout;
}
