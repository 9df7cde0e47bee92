/**
 * A profile file in and out (the options page's Import and Export): the profile and the memories together,
 * replaced together or not at all (./profile-file.ts reads and writes the file itself).
 */
import { parseProfile, type Profile } from '../core/profile';
import type { ExportedProfile } from '../messaging/contract';
import type { VeilDatabase } from '../storage/db';
import { Refusal } from '../storage/errors';
import { readMemory, writeMemory } from '../storage/memory-store';
import { readProfile, replaceProfile } from '../storage/profile-store';
import { memoryOfFile, parseProfileFile, profileFileName, serializeProfile } from './profile-file';

/** Replace the profile (and the memories, if the file has them) with the file's; a bad file changes nothing. */
export async function importProfile(db: VeilDatabase, text: string, now: number): Promise<Profile> {
  // Parse and validate everything before touching storage: a bad file leaves the profile as it was.
  const file = parseProfileFile(text);
  const profile = parseProfile(file);
  const memory = memoryOfFile(file);
  // One transaction: the profile and the memories are replaced together or not at all. A file that
  // would raise a protected attribute's cap, or protect memories less after spend, is refused: each
  // needs its own confirmation, which the Memories section asks for.
  await db.transaction('rw', [db.attributes, db.ledgers, db.meta, db.settings, db.memory], async () => {
    await replaceProfile(db, profile, now);
    if (!memory) return;
    try {
      await writeMemory(db, memory, { now });
    } catch (error) {
      if (!(error instanceof Refusal) || !/needs your confirmation/.test(error.message)) throw error;
      throw new Refusal(
        `nothing was imported: in this file, ${error.message}; make that change in Veil's settings, Memories, first, then import the file again`,
      );
    }
  });
  return readProfile(db);
}

export async function exportProfile(db: VeilDatabase, now: number): Promise<ExportedProfile> {
  return { filename: profileFileName(new Date(now)), text: serializeProfile(await readProfile(db), await readMemory(db)) };
}
