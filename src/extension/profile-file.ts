/**
 * The profile file (DESIGN.md format) as text: what export writes and import reads. Export is stable
 * (two-space JSON, attributes in profile order, trailing newline), so export → import → export gives the
 * same bytes.
 */
import type { Profile } from '../core/profile';
import { ProfileError } from '../core/profile';

export function serializeProfile(profile: Profile): string {
  const file: Profile = { version: 1, ...(profile.instruction !== undefined ? { instruction: profile.instruction } : {}), attributes: profile.attributes };
  return `${JSON.stringify(file, null, 2)}\n`;
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
