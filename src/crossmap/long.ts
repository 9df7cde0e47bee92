/**
 * Protection with a bounded cost (issue 29): a message is protected in pieces of at most `PIECE` characters,
 * cut at line or sentence ends, with the conversation's codebook carried from piece to piece (so one entity
 * keeps one stand-in across the whole message), and the caller's `pause` between pieces so the background
 * keeps answering other tabs while a long message is protected. The cost is then linear in the message's
 * length; a message longer than `LONGEST` is refused before anything is made or charged.
 *
 * ```ts
 * const sent = await protect(pastedReport, { codebook, random, tag: tagger.tag }); // same result shape as protectMessage
 * ```
 */
import type { Tagging } from './tagging';
import { protectMessage, type Mark, type Protected } from './protect';
import type { ProtectOptions } from './protect-options';
import type { DictionaryEntry } from './types';
import { tooLong } from './too-long';

/** The most characters protected in one go. */
export const PIECE = 4_000;

/** Where to cut `text` into pieces of at most `size` characters: after a line break, else a sentence end, else a space. */
export function pieces(text: string, size = PIECE): string[] {
  const out: string[] = [];
  let from = 0;
  while (text.length - from > size) {
    const window = text.slice(from, from + size);
    const cut = lastMatchEnd(window, /\n+/g) ?? lastMatchEnd(window, /[.!?]\s+/g) ?? lastMatchEnd(window, /\s+/g) ?? size;
    out.push(text.slice(from, from + cut));
    from += cut;
  }
  out.push(text.slice(from));
  return out;
}

function lastMatchEnd(window: string, pattern: RegExp): number | undefined {
  let end: number | undefined;
  // Only cuts in the second half, so no piece is tiny.
  for (const m of window.matchAll(pattern)) if (m.index + m[0].length >= window.length / 2) end = m.index + m[0].length;
  return end;
}

/** What `protect` needs: `protectMessage`'s options, with the tagger that reads each piece instead of its reading. */
export interface ProtectAllOptions extends Omit<ProtectOptions, 'tagging'> {
  /** The message tagger (./tagger/tagger.ts): what it reads in a text. Its failure fails the protection. */
  readonly tag: (text: string) => Promise<Tagging>;
}

/**
 * Message protection, the one entry point the review, the compose box and the command line call: the tagger
 * reads the message, then `protectMessage` protects it, piece by piece for a message of any length up to
 * `LONGEST`, pausing between pieces.
 */
export async function protect(
  text: string,
  options: ProtectAllOptions,
  pause: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
): Promise<Protected> {
  const why = tooLong(text);
  if (why) throw new RangeError(why);
  const parts = pieces(text);
  if (parts.length === 1) return protectMessage(text, { ...options, tagging: await options.tag(text) });
  let codebook = options.codebook;
  const marks: Mark[] = [];
  const placed: Protected['placed'][number][] = [];
  const sent: string[] = [];
  const dictionary = new Map<string, DictionaryEntry>();
  let language: Protected['language'] | undefined;
  let inAt = 0;
  let outAt = 0;
  for (const part of parts) {
    // The person's choices are by mark id, `${start}-${end}` in the whole message: this piece's own ids.
    const choices: Record<string, NonNullable<ProtectOptions['choices']>[string]> = {};
    for (const [id, treatment] of Object.entries(options.choices ?? {})) {
      const [start, end] = id.split('-').map(Number) as [number, number];
      if (start >= inAt && end <= inAt + part.length) choices[`${start - inAt}-${end - inAt}`] = treatment;
    }
    const piece = protectMessage(part, { ...options, codebook, choices, tagging: await options.tag(part) });
    // The first piece's language speaks for the message (a pasted letter's greeting and body agree).
    language ??= piece.language;
    codebook = piece.codebook;
    const shift = (id: string, by: number) =>
      id
        .split('-')
        .map((n) => Number(n) + by)
        .join('-');
    for (const m of piece.marks) marks.push({ ...m, id: shift(m.id, inAt), start: m.start + inAt, end: m.end + inAt });
    for (const p of piece.placed) placed.push({ id: shift(p.id, inAt), start: p.start + outAt, end: p.end + outAt });
    for (const e of piece.dictionary) dictionary.set(`${e.scope ?? ''}\u0000${e.original}\u0000${e.substitute}`, e);
    sent.push(piece.text);
    inAt += part.length;
    outAt += piece.text.length;
    await pause();
  }
  return {
    text: sent.join(''),
    marks,
    placed,
    codebook,
    dictionary: [...dictionary.values()],
    language: language ?? { code: 'und', name: 'unknown', read: false },
  };
}
