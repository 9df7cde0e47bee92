/**
 * The detector's candidates: what the lay phrases (./special.ts), the patterns (./patterns.ts), the capitalised
 * runs with an organisation or place cue, and the word lists (./word-lists.ts) find in a message, each with its
 * source and score, before the tagger rules on them (./tagging.ts) and ./detect.ts settles them.
 *
 * ```ts
 * candidateSpans('I take metformin and work at Leeds General Infirmary');
 * // [{ text: 'metformin', kind: 'medication', source: 'list', score: 0.6 }, { text: 'Leeds General Infirmary', kind: 'organisation', … }]
 * ```
 */
import { ibanRemainder } from './numbers';
import { addSpan, patternSpans } from './patterns';
import type { Found, Source } from './settle';
import { specialSpans } from './special';
import { HEALTH_MODIFIERS, NOT_CONDITIONS, NOT_PROPER, ORGANISATION_CUES, PERSON_CUES, PLACE_CUES } from './terms';
import type { Span, SpanKind } from './types';
import { INN_STEMS, KEPT, misspelled, table } from './word-lists';
import { words, type Word } from './words';

const ORG_CUES = new Set(ORGANISATION_CUES as readonly string[]);
const PERSON_CUE = new Set(PERSON_CUES as readonly string[]);
const PLACE_CUE = new Set(PLACE_CUES as readonly string[]);
const ORG_BEFORE = new Set(['at', 'from', 'with', 'to', 'by', 'the', 'my', 'our', 'his', 'her', 'their']);
const CONNECTORS = new Set(['of', 'de', 'la', 'le', 'del', 'da', 'van', 'von', 'and', '&', 'for', 'the']);

/** Whether the word at `i` starts a sentence (first word, or after . ! ? or a line break). */
function startsSentence(text: string, ws: readonly Word[], i: number): boolean {
  if (i === 0) return /^[\s"'“(]*$/.test(text.slice(0, ws[0]!.start));
  // "Mrs. Tanaka", "Dr. Okonkwo": the full stop of a title does not end a sentence.
  if (ABBREVIATIONS.has(ws[i - 1]!.key) && /^\.\s+$/.test(text.slice(ws[i - 1]!.end, ws[i]!.start))) return false;
  return /[.!?:\n][\s"'“”()]*$/.test(text.slice(ws[i - 1]!.end, ws[i]!.start));
}

const ABBREVIATIONS = new Set(['st', 'dr', 'mt', 'ft', 'jr', 'sr', 'mr', 'mrs', 'ms', 'co', 'inc', 'ltd']);

/** Shape kinds: identifiers whose form is the evidence, found in every language. */
const SHAPES: ReadonlySet<SpanKind> = new Set(['email', 'phone', 'id']);

/** Luhn (payment cards) and ISO 13616 mod 97 (IBAN): a number that passes is surely one. */
function checksummed(text: string): boolean {
  const compact = text.replace(/[\s-]/g, '');
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return ibanRemainder(compact) === 1;
  if (!/^\d{13,19}$/.test(compact)) return false;
  let sum = 0;
  for (let i = 0; i < compact.length; i++) {
    let d = Number(compact[compact.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * What the patterns and word lists find, with nothing decided yet: the tagger's hints (its input features)
 * and the candidates the tagger then rules on. Never the "capitalised word is a name" guess: that is the
 * tagger's to read. `language` is the message's (its lay phrases are looked for with the English ones).
 */
export function candidateSpans(text: string, language = 'en'): Found[] {
  const spans: Span[] = [];
  const found: Found[] = [];
  const add = (span: Span, source: Source, score: number) => {
    if (addSpan(spans, span)) found.push({ ...span, source, score });
  };
  // Special categories in lay wording before shapes and names: "on probation", "my PO", "5150" (and the message's
  // own language's: "krankgeschrieben", "sans papiers").
  for (const s of specialSpans(text, spans, language)) add(s, 'list', 0.7);
  for (const s of patternSpans(text, spans)) add(s, SHAPES.has(s.kind) ? 'shape' : 'pattern', SHAPES.has(s.kind) && checksummed(s.text) ? 1 : 0.8);

  const ws = words(text);
  const taken = (w: Word) => spans.some((s) => s.start < w.end && w.start < s.end);
  const capitalised = (i: number) => {
    const w = ws[i]!;
    // One capital letter is not a name ("A&E", "Plan B", "an A-number").
    if (!w.capital || w.text.length === 1 || NOT_PROPER.has(w.key.split("'")[0]!) || KEPT().has(w.key)) return false;
    // An abbreviation in capitals ("MRI", "HOA", "PO") is kept unless a list knows it, or it follows a word that
    // introduces an organisation ("at SAP", "from HSBC", "with EE").
    const acronym = w.text.length <= 5 && w.text === w.text.toUpperCase() && /\p{L}/u.test(w.text);
    return !acronym || ORG_BEFORE.has(ws[i - 1]?.key ?? '');
  };

  // Capitalised runs (with connectors inside): organisations when a cue word is in them.
  for (let i = 0; i < ws.length; i++) {
    if (!capitalised(i) || taken(ws[i]!)) continue;
    let j = i;
    const joins = (a: number) => {
      const between = text.slice(ws[a]!.end, ws[a + 1]!.start);
      return /^[\s'’&-]*$/.test(between) || (/^\.\s?$/.test(between) && ABBREVIATIONS.has(ws[a]!.key));
    };
    while (j + 1 < ws.length && joins(j) && !taken(ws[j + 1]!)) {
      if (capitalised(j + 1)) j++;
      else if (CONNECTORS.has(ws[j + 1]!.key) && j + 2 < ws.length && capitalised(j + 2)) j += 2;
      else break;
    }
    const keys = ws.slice(i, j + 1).map((w) => w.key.replace(/['’]s$/, ''));
    if (j > i || !startsSentence(text, ws, i)) {
      const org = keys.some((k, n) => ORG_CUES.has(k) || (n < keys.length - 1 && ORG_CUES.has(`${k} ${keys[n + 1]}`)));
      if (org || (j > i && keys.some((k) => PLACE_CUE.has(k)))) {
        const end = /['’]$/.test(text.slice(ws[j]!.end, ws[j]!.end + 1)) && keys.at(-1)!.endsWith('s') ? ws[j]!.end + 1 : ws[j]!.end;
        add({ start: ws[i]!.start, end, text: text.slice(ws[i]!.start, end), kind: org ? 'organisation' : 'place' }, 'list', 0.6);
      }
    }
    i = j;
  }

  // Word lists, longest phrase first at each word.
  const { map, longest } = table();
  for (let i = 0; i < ws.length; i++) {
    for (let n = Math.min(longest, ws.length - i); n >= 1; n--) {
      const group = ws.slice(i, i + n);
      // A longer list term may take in a lay-phrase span it holds ("breast cancer" over "cancer",
      // "debt consolidation loan" over "debt"); anything else taken stops it.
      const from = group[0]!.start;
      const to = group.at(-1)!.end;
      const inside = spans.filter((s) => s.start < to && from < s.end);
      if (inside.some((s) => !s.form || s.start < from || s.end > to || s.end - s.start >= to - from)) continue;
      // Only spaces or hyphens inside a phrase ("type 1 diabetes", "self-harm").
      if (group.some((w, k) => k > 0 && !/^[\s-]+$/.test(text.slice(group[k - 1]!.end, w.start)))) continue;
      const key = group.map((w) => w.key).join(' ');
      // "Leo's", "self-harming", "migraines": the term without a possessive or an ending.
      const variants = [key, key.replace(/'s$/, ''), key.replace(/(?:ing|ed|s)$/, ''), key.replace(/(?:ing|ed)$/, 'e')];
      const spelled = n === 1 && !group[0]!.capital ? misspelled(key) : undefined;
      const stem = n === 1 && !group[0]!.capital && key.length >= 8 && INN_STEMS.test(key) ? 'medication' : undefined;
      const guessed = spelled ?? stem;
      const listed = variants.map((v) => map.get(v)).find((e) => e !== undefined);
      const entry = listed ?? (guessed ? { kind: guessed, capitalOnly: false } : undefined);
      if (!entry) continue;
      if (NOT_CONDITIONS.has(key)) continue;
      if ((entry.capitalOnly || entry.kind === 'person') && !group[0]!.capital) continue;
      if (entry.allCaps && group[0]!.text !== group[0]!.text.toUpperCase()) continue;
      if ((entry.kind === 'person' || entry.kind === 'place') && n === 1 && KEPT().has(key)) continue;
      // "my son Tyler", "Uncle Reading": after a word that introduces a person, a place name is a person's.
      const personCue = PERSON_CUE.has(ws[i - 1]?.key ?? '') && /^[\s,.]+$/.test(text.slice(ws[i - 1]!.end, group[0]!.start));
      // A name at the start of a sentence only with a cue before it is too uncertain: "Will", "Mark".
      if (entry.kind === 'person' && entry.capitalOnly && startsSentence(text, ws, i)) continue;
      let start = group[0]!.start;
      const end = group.at(-1)!.end;
      // "stage 2 breast cancer", "severe peanut allergy", "opioid addiction": modifiers belong to the condition.
      if (entry.kind === 'health' || entry.kind === 'mental-health' || entry.kind === 'substance') {
        for (let k = i - 1; k >= 0 && k >= i - 3 && !taken(ws[k]!) && /^[\s-]+$/.test(text.slice(ws[k]!.end, ws[k + 1]!.start)); k--) {
          if (!HEALTH_MODIFIERS.has(ws[k]!.key) && !/^\d$/.test(ws[k]!.key)) break;
          if (/^\d$/.test(ws[k]!.key) && ws[k - 1]?.key !== 'stage' && ws[k - 1]?.key !== 'type') break;
          start = ws[k]!.start;
        }
      }
      for (const s of inside) {
        spans.splice(spans.indexOf(s), 1);
        found.splice(
          found.findIndex((f) => f.start === s.start && f.end === s.end),
          1,
        );
      }
      add(
        { start, end, text: text.slice(start, end), kind: entry.kind === 'place' && personCue && group[0]!.capital ? 'person' : entry.kind },
        'list',
        listed ? 0.6 : 0.4,
      );
      i += n - 1;
      break;
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
