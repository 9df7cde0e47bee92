/**
 * The marks of a protected message as Veil's pages show them (issue 18): each span found in what the person
 * typed, with its kind in words, the treatment applied and what each choice would write, placed where it
 * sits in the text that is sent; and in one line what the site learns. One wording for the review panel and
 * the private compose box alike.
 */
import { wordPattern } from '../crossmap/recover';
import type { Protected, Treatment } from '../crossmap';
import { kindLabel } from '../core/span-kinds';
import { isSpecialKind, type SpanKind } from '../crossmap/types';
import type { ReviewMark } from '../messaging/contract';

/**
 * The marks of `guarded`, placed in a text where the protected message starts at `offset` (the review puts
 * the message first, then the release; the compose box sends the message alone: offset 0).
 */
export function placedMarks(guarded: Protected, offset = 0, labels: Partial<Record<SpanKind, string>> = {}): ReviewMark[] {
  const placed = new Map(guarded.placed.map((p) => [p.id, p]));
  // Spans kept as typed have no placement of their own: they sit where the text around them puts them.
  let shift = 0;
  return guarded.marks.map((m) => {
    const at = placed.get(m.id);
    const start = at ? at.start : m.start + shift;
    const end = at ? at.end : m.end + shift;
    shift = end - m.end;
    return {
      id: m.id,
      kind: m.kind,
      kindLabel: kindLabel(m.kind, labels),
      special: isSpecialKind(m.kind),
      original: m.text,
      treatment: m.treatment,
      substitute: m.substitute,
      generalization: m.generalization,
      start: offset + start,
      end: offset + end,
    };
  });
}

/** In one line, what the site learns of the message (counts and public categories only). */
export function learns(guarded: Protected): string {
  const count = (t: Treatment) => guarded.marks.filter((m) => m.treatment === t).length;
  const [replaced, generalized, kept] = [count('replace'), count('generalize'), count('keep')];
  const read = readLine(guarded.language);
  if (guarded.marks.length === 0) return `${read}Veil found nothing to replace in your message: the site gets it as you typed it.`;
  const parts = [
    replaced > 0 ? `${replaced} ${replaced === 1 ? 'detail' : 'details'} replaced by stand-ins` : '',
    generalized > 0 ? `${generalized} ${generalized === 1 ? 'matter' : 'matters'} only by ${generalized === 1 ? 'its' : 'their'} kind` : '',
    kept > 0 ? `${kept} as you typed ${kept === 1 ? 'it' : 'them'}` : '',
  ].filter(Boolean);
  return `${read}The site gets your message with ${parts.join(', ')}. Anything Veil did not mark goes as typed.`;
}

/** Which language the tagger read the message in, and what it cannot find in a language it does not read. */
export function readLine(language: Protected['language']): string {
  if (language.read) return `Read as ${language.name}. `;
  const which = language.code === 'und' ? 'a language Veil does not read' : language.name;
  return `This message looks like ${which}: Veil reads English, German, French, Spanish, Portuguese and Italian, so here it found only e-mail addresses, phone, card and ID numbers, dates and amounts, not names, places or health and other personal matters. `;
}

/**
 * One choice for one entity: the person's choice for the span `mark` (`${start}-${end}`) holds for every place
 * the message writes the same words (any case), as the review lists them once.
 */
export function sameWords(prompt: string, mark: string, treatment: Treatment): Record<string, Treatment> {
  const [start, end] = mark.split('-').map(Number) as [number, number];
  const words = prompt.slice(start, end);
  const out: Record<string, Treatment> = { [mark]: treatment };
  if (!/\p{L}/u.test(words)) return out;
  for (const m of prompt.matchAll(new RegExp(wordPattern(words).source, 'giu'))) out[`${m.index}-${m.index + m[0].length}`] = treatment;
  return out;
}
