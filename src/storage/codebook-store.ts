/**
 * CROSS-MAP codebooks, one per conversation (issue 10): read (checked: a damaged row is a Refusal, never
 * a half-read dictionary that would let a span go out unmapped), saved after each mapped prompt, edited by
 * the person (a substitute they prefer), and deleted with the conversation.
 */
import { z } from 'zod';
import type { CodebookState } from '../crossmap/codebook';
import { lookupKey } from '../crossmap/codebook';
import { SPAN_KINDS } from '../crossmap/types';
import { firstIssue } from '../core/zod-issue';
import type { VeilDatabase } from './db';
import { Refusal } from './errors';
import type { StoredCodebook } from './rows';

const codebookSchema = z.object({
  theme: z.string().min(1),
  entries: z.array(z.object({ original: z.string().min(1), substitute: z.string().min(1), kind: z.enum(SPAN_KINDS), scope: z.literal('compose').optional() })),
  /** The conversation's secret its substitutes are drawn from (src/crossmap/derive.ts); older codebooks have none. */
  secret: z
    .string()
    .regex(/^[0-9a-f]{16,256}$/, 'must be hex')
    .optional(),
  /** Originals the conversation sent only by their kind (src/crossmap/codebook.ts); older codebooks have none. */
  generalized: z.array(z.object({ original: z.string().min(1), kind: z.enum(SPAN_KINDS) })).optional(),
});

const rowSchema = z.object({
  site: z.string(),
  conversation: z.string(),
  codebook: codebookSchema,
  createdAt: z.number().finite(),
  updatedAt: z.number().finite(),
});

function checked(row: unknown): StoredCodebook {
  const parsed = rowSchema.safeParse(row);
  if (!parsed.success) throw new Refusal(`a stored CROSS-MAP codebook is damaged (${firstIssue(parsed.error)})`);
  return parsed.data;
}

export async function readCodebook(db: VeilDatabase, site: string, conversation: string): Promise<CodebookState | undefined> {
  const row = await db.codebooks.get([site, conversation]);
  return row === undefined ? undefined : checked(row).codebook;
}

export async function saveCodebook(db: VeilDatabase, site: string, conversation: string, codebook: CodebookState, now = Date.now()): Promise<void> {
  const valid = codebookSchema.parse(codebook);
  await db.transaction('rw', db.codebooks, async () => {
    const old = await db.codebooks.get([site, conversation]);
    await db.codebooks.put({ site, conversation, codebook: valid, createdAt: old?.createdAt ?? now, updatedAt: now });
  });
}

/** Every conversation's codebook, newest first. */
export async function listCodebooks(db: VeilDatabase): Promise<StoredCodebook[]> {
  return (await db.codebooks.orderBy('updatedAt').reverse().toArray()).map(checked);
}

/**
 * The person's own substitute for one original. Refused when it is empty, is the original itself, or is
 * another pair's substitute: each would make the answer unrecoverable or leak the original.
 */
export async function editSubstitute(db: VeilDatabase, site: string, conversation: string, original: string, substitute: string): Promise<CodebookState> {
  return db.transaction('rw', db.codebooks, async () => {
    const codebook = await readCodebook(db, site, conversation);
    if (!codebook) throw new Refusal('this conversation has no CROSS-MAP codebook');
    const next = substitute.trim();
    const key = lookupKey(original);
    if (!codebook.entries.some((e) => lookupKey(e.original) === key)) throw new Refusal(`"${original}" is not in this conversation's codebook`);
    if (!next) throw new Refusal('a substitute cannot be empty');
    if (lookupKey(next) === key) throw new Refusal('a substitute cannot be the original itself');
    if (
      codebook.entries.some((e) => lookupKey(e.original) !== key && (lookupKey(e.substitute) === lookupKey(next) || lookupKey(e.original) === lookupKey(next)))
    ) {
      throw new Refusal(`"${next}" already stands for something else in this conversation`);
    }
    const edited = { ...codebook, entries: codebook.entries.map((e) => (lookupKey(e.original) === key ? { ...e, substitute: next } : e)) };
    await saveCodebook(db, site, conversation, edited);
    return edited;
  });
}

export async function deleteCodebook(db: VeilDatabase, site: string, conversation: string): Promise<void> {
  await db.codebooks.delete([site, conversation]);
}
