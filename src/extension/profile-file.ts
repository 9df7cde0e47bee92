/**
 * The profile file (DESIGN.md format) as text: what export writes and import reads. Export is stable
 * (two-space JSON, attributes in profile order, trailing newline), so export → import → export gives the
 * same bytes.
 */
import type { Profile } from '../core/profile';
import { ProfileError } from '../core/profile';
import { MemoryError, parseMemoryFile, type MemoryFile } from '../memview/types';

/**
 * The file: the profile, and (when the person keeps any) their memories under `memory` — a key older
 * versions of Veil ignore (unknown top-level keys are), so a newer file still imports there.
 */
export function serializeProfile(profile: Profile, memory?: MemoryFile): string {
  const hasMemory = memory !== undefined && (memory.memories.length > 0 || memory.protected.length > 0 || memory.views.length > 0);
  const file = {
    version: 1,
    ...(profile.instruction !== undefined ? { instruction: profile.instruction } : {}),
    attributes: profile.attributes,
    ...(hasMemory ? { memory } : {}),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * The `memory` part of a parsed file: undefined when the file has none (a file from before memories, or
 * from someone who keeps none: the stored memories are then left as they are). Invalid → ProfileError.
 */
export function memoryOfFile(file: unknown): MemoryFile | undefined {
  const raw = (file as { memory?: unknown } | null)?.memory;
  if (raw === undefined) return undefined;
  try {
    return parseMemoryFile(raw);
  } catch (error) {
    // "memory.memories[0].id: …", or `memory has no "protected"` for a key missing from the memory part itself.
    if (error instanceof MemoryError) throw new ProfileError(`memory${error.message.startsWith('has no ') ? ' ' : '.'}${error.message}`);
    throw error;
  }
}

/** JSON text → unknown value, with an error a person can act on. Validation is `parseProfile`'s job. */
export function parseProfileFile(text: string): unknown {
  if (text.trim() === '') throw new ProfileError('the file is empty');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof SyntaxError ? error.message : String(error);
    throw new ProfileError(`the file is not valid JSON (${detail})`);
  }
}

/** `veil-profile-2026-11-30.json` */
export function profileFileName(date: Date): string {
  return `veil-profile-${date.toISOString().slice(0, 10)}.json`;
}
