/**
 * The memory editor's edits, as changes to the stored memories: each is applied to the memories as they
 * are when its turn to be saved comes (./use-memory-saves.ts), so two quick edits both count.
 *
 * ```ts
 * void save(withMemories((memories) => [...memories, { id: newId('m'), slot, text }]), 'Added a memory.');
 * ```
 */
import type { Memory, MemoryFile, ProtectedAttribute } from '../../../memview/types';

/** An edit, applied to the memories as they are when its turn to be saved comes. */
export type Change = (current: MemoryFile) => MemoryFile;

/** Saves a change in turn: `done` is the status line after it, `previous` offers to undo it; true once stored. */
export type Save = (change: Change, done: string, previous?: { label: string }, confirmed?: boolean) => Promise<boolean>;

/** A new id: lower-case letters and digits, never shown to anyone. */
export function newId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `${prefix}${[...bytes].map((b) => (b % 36).toString(36)).join('')}`;
}

export const withMemories =
  (change: (memories: Memory[]) => Memory[]): Change =>
  (f) => ({ ...f, memories: change(f.memories) });
export const withAttributes =
  (change: (attributes: ProtectedAttribute[]) => ProtectedAttribute[]): Change =>
  (f) => ({ ...f, protected: change(f.protected) });
