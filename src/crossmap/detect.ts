/**
 * The offline detector: the sensitive spans of a prompt, in text order, never overlapping. In priority order
 * (an earlier finder wins an overlap):
 * 1. the person's own profile values and their "always map" terms;
 * 2. spans with a shape (./patterns.ts): e-mail, IDs, dates, money, phones, ages;
 * 3. capitalised phrases that name an organisation ("Leeds General Infirmary", "Barclays Bank");
 * 4. word lists (data/crossmap-lexicon.json and ./terms.ts): health conditions, medicines, finance and legal
 *    situations, places (countries, capitals, cities, regions: data/m49-countries.json, data/places.json),
 *    people's names;
 * 5. any other capitalised word inside a sentence (an unknown name: "Okafor", "Barclays").
 * A list word that is also an everyday English word ("Grace", "Reading") counts only when capitalised.
 */
import lexicon from '../../data/crossmap-lexicon.json';
import countries from '../../data/m49-countries.json';
import places from '../../data/places.json';
import { lazy } from '../domains/phrases';
import { normalizeText, stripQualifier } from '../domains/text';
import { addSpan, patternSpans } from './patterns';
import { EXTRA_TERMS, NOT_PROPER, ORGANISATION_CUES, PERSON_CUES } from './terms';
import type { Span, SpanKind } from './types';

export interface DetectOptions {
  /** The person's profile values (shared and withheld), with their fields. */
  readonly profile?: readonly { readonly field: string; readonly value: string }[];
  /** Terms the person always wants mapped. */
  readonly alwaysMap?: readonly string[];
}

interface Word {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Lower case, accents removed. */
  readonly key: string;
  readonly capital: boolean;
}

/** Word tokens with their offsets; an apostrophe inside a word stays ("O'Brien", "Crohn's"). */
function words(text: string): Word[] {
  return [...text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)].map((m) => ({
    start: m.index!,
    end: m.index! + m[0].length,
    text: m[0],
    key: normalizeText(m[0]).replace(/’/g, "'"),
    capital: /^\p{Lu}/u.test(m[0]),
  }));
}

const LIST = lexicon as Record<string, string>;
const list = (name: string) => (LIST[name] ? LIST[name]!.split('|') : []);

interface Entry { kind: SpanKind; capitalOnly: boolean }

/** Phrase (normalised words joined by spaces) → what it is. */
const table = lazy(() => {
  const map = new Map<string, Entry>();
  let longest = 1;
  const add = (phrase: string, kind: SpanKind, capitalOnly = false) => {
    const key = words(phrase).map((w) => w.key).join(' ');
    if (!key || map.has(key)) return;
    longest = Math.max(longest, key.split(' ').length);
    map.set(key, { kind, capitalOnly });
  };
  for (const kind of ['health', 'medication', 'finance', 'legal'] as const) {
    for (const term of EXTRA_TERMS[kind]) add(term, kind);
    for (const term of list(kind)) add(term, kind, /^\p{Lu}/u.test(term));
  }
  const commonPlaces = new Set(list('given-common').map((n) => n.toLowerCase()));
  for (const [, , name, short, capital] of countries as string[][]) for (const p of [stripQualifier(name!), short!, capital!]) add(p, 'place');
  for (const [name] of places as string[][]) if (name!.length > 2) add(name!, 'place', commonPlaces.has(name!.toLowerCase()) || /^[a-z]+$/i.test(name!) && name!.length <= 4);
  for (const name of list('given')) add(name, 'person');
  for (const name of list('family')) add(name, 'person');
  for (const name of list('given-common')) add(name, 'person', true);
  for (const name of list('family-common')) add(name, 'person', true);
  return { map, longest };
});

const ORG_CUES = new Set(ORGANISATION_CUES as readonly string[]);
const PERSON_CUE = new Set(PERSON_CUES as readonly string[]);
const CONNECTORS = new Set(['of', 'de', 'la', 'le', 'del', 'da', 'van', 'von', 'and', '&', 'for', 'the']);

/** Whether the word at `i` starts a sentence (first word, or after . ! ? or a line break). */
function startsSentence(text: string, ws: readonly Word[], i: number): boolean {
  if (i === 0) return true;
  return /[.!?:\n]["'”)]?\s*$/.test(text.slice(ws[i - 1]!.end, ws[i]!.start));
}

/** Phrases of the profile or the always-map list, found anywhere, any case. */
function exactSpans(text: string, terms: readonly string[], kind: (term: string) => SpanKind): Span[] {
  const out: Span[] = [];
  const lower = normalizeText(text);
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    const t = normalizeText(term.trim());
    if (t.length < 2) continue;
    let from = 0;
    for (let at = lower.indexOf(t, from); at >= 0; at = lower.indexOf(t, from)) {
      from = at + t.length;
      const edge = (c: string | undefined) => c === undefined || !/[\p{L}\p{N}]/u.test(c);
      if (edge(lower[at - 1]) && edge(lower[at + t.length])) addSpan(out, { start: at, end: at + t.length, text: text.slice(at, at + t.length), kind: kind(term) });
    }
  }
  return out;
}

function profileKind(field: string): SpanKind {
  if (/location|city|country|nationality|address|home|town/.test(field)) return 'place';
  if (/name/.test(field)) return 'person';
  if (/email/.test(field)) return 'email';
  if (/phone/.test(field)) return 'phone';
  if (/health|condition|diagnos/.test(field)) return 'health';
  return 'profile';
}

export function detectSpans(text: string, options: DetectOptions = {}): Span[] {
  const spans: Span[] = [];
  const profileKinds = new Map((options.profile ?? []).map((a) => [normalizeText(a.value.trim()), profileKind(a.field.toLowerCase())]));
  for (const s of exactSpans(text, [...profileKinds.keys()].filter((v) => v.length >= 3), (t) => profileKinds.get(normalizeText(t)) ?? 'profile')) addSpan(spans, s);
  for (const s of exactSpans(text, options.alwaysMap ?? [], () => 'custom')) addSpan(spans, s);
  for (const s of patternSpans(text, spans)) addSpan(spans, s);

  const ws = words(text);
  const taken = (w: Word) => spans.some((s) => s.start < w.end && w.start < s.end);
  const capitalised = (i: number) => ws[i]!.capital && !NOT_PROPER.has(ws[i]!.key);

  // Capitalised runs (with connectors inside): organisations when a cue word is in them.
  const runs: [number, number][] = [];
  for (let i = 0; i < ws.length; i++) {
    if (!capitalised(i) || taken(ws[i]!)) continue;
    let j = i;
    while (j + 1 < ws.length && /^[\s'’.&-]*$/.test(text.slice(ws[j]!.end, ws[j + 1]!.start)) && !taken(ws[j + 1]!)) {
      if (capitalised(j + 1)) j++;
      else if (CONNECTORS.has(ws[j + 1]!.key) && j + 2 < ws.length && capitalised(j + 2)) j += 2;
      else break;
    }
    runs.push([i, j]);
    i = j;
  }
  for (const [i, j] of runs) {
    const keys = ws.slice(i, j + 1).map((w) => w.key.replace(/['’]s$/, ''));
    if (j > i || !startsSentence(text, ws, i)) {
      if (keys.some((k, n) => ORG_CUES.has(k) || (n < keys.length - 1 && ORG_CUES.has(`${k} ${keys[n + 1]}`)))) {
        const end = /['’]$/.test(text.slice(ws[j]!.end, ws[j]!.end + 1)) && keys.at(-1)!.endsWith('s') ? ws[j]!.end + 1 : ws[j]!.end;
        addSpan(spans, { start: ws[i]!.start, end, text: text.slice(ws[i]!.start, end), kind: 'organisation' });
      }
    }
  }

  // Word lists, longest phrase first at each word.
  const { map, longest } = table();
  for (let i = 0; i < ws.length; i++) {
    for (let n = Math.min(longest, ws.length - i); n >= 1; n--) {
      const group = ws.slice(i, i + n);
      if (group.some(taken)) continue;
      // Only spaces or hyphens inside a phrase ("type 1 diabetes", "self-harm").
      if (group.some((w, k) => k > 0 && !/^[\s-]+$/.test(text.slice(group[k - 1]!.end, w.start)))) continue;
      const key = group.map((w) => w.key).join(' ');
      const bare = key.replace(/'s$/, '');
      const entry = map.get(key) ?? map.get(bare);
      if (!entry) continue;
      if ((entry.capitalOnly || entry.kind === 'person') && !group[0]!.capital) continue;
      // A name at the start of a sentence only with a cue before it is too uncertain: "Will", "Mark".
      if (entry.kind === 'person' && entry.capitalOnly && startsSentence(text, ws, i)) continue;
      const start = group[0]!.start;
      const end = group.at(-1)!.end;
      addSpan(spans, { start, end, text: text.slice(start, end), kind: entry.kind });
      i += n - 1;
      break;
    }
  }

  // Other capitalised words inside a sentence: unknown names. After a person cue, a person.
  for (const [i, j] of runs) {
    for (let k = i; k <= j; k++) {
      const w = ws[k]!;
      if (taken(w) || !capitalised(k) || (k === i && startsSentence(text, ws, k))) continue;
      if (CONNECTORS.has(w.key)) continue;
      let end = k;
      while (end + 1 <= j && !taken(ws[end + 1]!) && capitalised(end + 1)) end++;
      const before = ws[i - 1]?.key;
      const kind: SpanKind = before && PERSON_CUE.has(before) ? 'person' : 'proper';
      addSpan(spans, { start: w.start, end: ws[end]!.end, text: text.slice(w.start, ws[end]!.end), kind });
      k = end;
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}
