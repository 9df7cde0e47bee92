/**
 * The spans a message protection marks (./protect.ts): the person's shared values and the terms with a given
 * generalization first (kind 'profile'), then what the detector finds in the conversation, neighbours of one
 * special kind joined into one mark, and so are the two ends of a range of dates.
 *
 * ```ts
 * protectSpans('I take Ozempic weekly', { codebook, random, tagging }); // [{ text: 'Ozempic', kind: 'medication', … }]
 * ```
 */
import { valueMatches } from '../core/typed-facts';
import { detectSpans } from './detect';
import { detectInConversation } from './mapper';
import { knownPlace } from './place-country';
import { substitutePools } from './pools';
import type { ProtectOptions } from './protect-options';
import { isSpecialKind, type Span } from './types';

/** The spans of `text`: the `generalize` terms first (kind 'profile'), then everything the detector finds. */
export function protectSpans(text: string, options: ProtectOptions): (Span & { phrase?: string; shared?: true })[] {
  const spans: (Span & { phrase?: string; shared?: true })[] = [];
  const overlaps = (s: Span) => spans.some((t) => t.start < s.end && s.start < t.end);
  for (const value of [...(options.shared ?? [])].sort((a, b) => b.length - a.length)) {
    for (const m of valueMatches(text, value)) {
      const span = { ...m, kind: 'profile' as const, shared: true as const };
      if (!overlaps(span)) spans.push(span);
    }
  }
  for (const { value, phrase } of [...(options.generalize ?? [])].sort((a, b) => b.value.length - a.value.length)) {
    for (const m of valueMatches(text, value)) {
      const span = { ...m, kind: 'profile' as const, phrase };
      if (!overlaps(span)) spans.push(span);
    }
  }
  for (const found of detectInConversation(detectSpans, text, { ...options, codebook: options.codebook }))
    for (const s of lineParts(found).flatMap(placeParts)) if (!overlaps(s)) spans.push(s);
  spans.sort((a, b) => a.start - b.start);
  // Neighbours of one special kind are one thing ("a Ventolin inhaler", "stage 3 pancreatic cancer"): one mark;
  // never across a line break (a list's items are separate facts).
  const merged: (Span & { phrase?: string; shared?: true })[] = [];
  const english = options.tagging.language.code === 'en';
  for (const s of spans) {
    const prev = merged.at(-1);
    const gap = prev ? text.slice(prev.end, s.start) : '';
    if (prev && isSpecialKind(s.kind) && prev.kind === s.kind && prev.phrase === undefined && /^[ \t-]+$/.test(gap)) {
      merged[merged.length - 1] = { start: prev.start, end: s.end, text: text.slice(prev.start, s.end), kind: s.kind, ...(s.form ? { form: s.form } : {}) };
    } else if (
      prev &&
      english &&
      isSpecialKind(s.kind) &&
      isSpecialKind(prev.kind) &&
      prev.phrase === undefined &&
      s.phrase === undefined &&
      /^[ \t]+$/.test(gap)
    ) {
      // In English, neighbours of two special kinds are one matter too ("filing a complaint"): one mark, of the
      // longer one's kind (the tagger's surer reading of the phrase; "betting" beside "apps" read as money
      // trouble). Two categories' phrases side by side had read as nonsense ("I'm involved in a legal matter a
      // criminal-justice matter with the FCC"). The other languages' bracketed labels read side by side
      // ("[Arbeitsproblem] [Geldprobleme]") and say more apart.
      const head = s.end - s.start >= prev.end - prev.start ? s : prev;
      merged[merged.length - 1] = {
        start: prev.start,
        end: s.end,
        text: text.slice(prev.start, s.end),
        kind: head.kind,
        ...(head.form ? { form: head.form } : {}),
        ...(prev.unsure && s.unsure ? { unsure: true as const } : {}),
      };
    } else if (
      prev?.kind === 'place' &&
      prev.phrase === undefined &&
      !prev.shared &&
      NAMED_ON.has(s.kind) &&
      TOWN_ON.test(gap) &&
      /^\p{Lu}\S*$/u.test(s.text)
    ) {
      // One town whose name says what it lies on ("Pfaffenhofen an der Ilm", "Newcastle upon Tyne",
      // "Châlons-en-Champagne" typed with spaces): one place, one stand-in.
      merged[merged.length - 1] = { start: prev.start, end: s.end, text: text.slice(prev.start, s.end), kind: 'place' };
    } else if (
      prev?.kind === 'person' &&
      NAMED_ON.has(s.kind) &&
      !prev.shared &&
      !s.shared &&
      /^(?:\p{Lu}\.?\s*)+$/u.test(prev.text) &&
      /^\.?[ \t]+$/.test(gap) &&
      (s.kind === 'person' || /^\p{Lu}[\p{L}'’-]+$/u.test(s.text))
    ) {
      // A name's initials read apart from it ("Mr. R. Alleyne": "R" and "Alleyne") are one name: one stand-in, its
      // initials as initials (the "R" had become "Mante", the family name a given name: "Mr. Mante. Linnie").
      merged[merged.length - 1] = { start: prev.start, end: s.end, text: text.slice(prev.start, s.end), kind: 'person' };
    } else if (prev?.kind === 'date' && s.kind === 'date' && prev.phrase === undefined && !prev.shared && !s.shared && RANGE.test(gap)) {
      // A range of dates ("from Monday 12th February to Friday 23rd February", "dal 17 al 28 marzo") is one date:
      // one draw moves both ends, so the range keeps its length and order (drawn apart, "12th to 23rd February"
      // had gone out as "26th March to 19th January").
      merged[merged.length - 1] = { start: prev.start, end: s.end, text: text.slice(prev.start, s.end), kind: 'date' };
    } else merged.push(s);
  }
  return merged;
}

/** What a town's name says it lies on or by, between its two parts ("an der", "am", "upon", "sur", "do"). */
const TOWN_ON = /^\s+(?:an\s+der|am|an|ob\s+der|in\s+der|im|upon|on|on\s+the|sur|sous|lès|do|del|sul|sull[ae])\s+$/iu;
/** What joins the two ends of a range of dates, in the six languages. */
const RANGE =
  /^\.?\s*(?:[-–—]|to|till|until|through|thru|bis(?:\s+(?:zum|einschließlich))?|au|jusqu['’]au|al|a|hasta(?:\s+el)?|ao|até(?:\s+(?:ao|o|dia))?)\s*$/iu;
/** What the second part of such a name can have been read as. */
const NAMED_ON = new Set(['place', 'person', 'proper', 'organisation']);

/** A word joining two places in a route or a list ("Leeds to Falmouth", "Lyon et Grenoble", "von Graz nach Linz"). */
const JOIN = /^(.*?\p{Lu}[\p{L}.'’-]*)(\s+(?:to|and|or|from|via|nach|und|oder|bis|à|et|ou|vers|a|y|o|e|hacia|per)\s+)(\p{Lu}.*)$/u;

/**
 * A place mark that is two places joined by a route or list word ("Leeds to Falmouth") is two places, each
 * with its own stand-in of its own country; a place of that shape the data knows ("Trinidad and Tobago",
 * "Castilla y León") stays one.
 */
function placeParts<S extends Span>(span: S): S[] {
  if (span.kind !== 'place') return [span];
  // A town with a code in brackets after it ("Borgo Maggiore (RSM)", "Fiesole (FI)"): the town, and the code, a
  // country's or a province's, a place of its own that goes as typed as a region does (`keptByDefault`; read as
  // one with the town, "(RSM" had gone out as "Cagliari)").
  const bracketed = /^(\p{Lu}[^()]*?)(\s*\()([^()]*)\)?$/u.exec(span.text);
  if (bracketed) {
    const [, town, open, code] = bracketed as unknown as [string, string, string, string];
    const at = span.start + town.length + open.length;
    return [
      { ...span, end: span.start + town.length, text: town },
      ...(/^[A-Z]{2,3}$/.test(code) ? [{ ...span, start: at, end: at + code.length, text: code }] : []),
    ];
  }
  const m = JOIN.exec(span.text);
  if (!m || knownPlace(span.text, substitutePools())) return [span];
  const first = m[1]!;
  const at = span.start + first.length + m[2]!.length;
  return [{ ...span, end: span.start + first.length, text: first }, ...placeParts({ ...span, start: at, text: m[3]! })];
}

/**
 * A name, place or organisation read across line breaks ("Alleyne\nDeputy Principal\nCombermere School\n\nDear"
 * of a letter's head) is one per line: a name never runs on to the next line, and one stand-in for the whole had
 * replaced the letter's title and its "Dear".
 */
function lineParts<S extends Span>(span: S): S[] {
  if (!NAMED_ON.has(span.kind) || !span.text.includes('\n')) return [span];
  return [...span.text.matchAll(/[^\n]+/g)].flatMap((m) => {
    const lead = m[0].length - m[0].trimStart().length;
    const part = m[0].trim();
    const start = span.start + m.index + lead;
    return part ? [{ ...span, start, end: start + part.length, text: part }] : [];
  });
}
