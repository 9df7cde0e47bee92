/**
 * The peer baseline of issue 18: two JavaScript detectors other projects use, run on the same labelled
 * prompts as Veil and scored by the same rules as `npm run eval:crossmap` (devDependencies of the
 * evaluation only, never shipped):
 *
 * - compromise (MIT, rule-based English NLP): its people(), places(), organizations(), addresses(),
 *   phoneNumbers(), emails(), urls(), money() and numbers() views and the `#Date` tag (weekdays, months,
 *   years, holidays; the separate compromise-dates plugin is not used), with character offsets from
 *   `.out('offset')`;
 * - OpenRedaction (`@openredaction/core`, MIT, regex-first PII patterns), `detect()` with its defaults;
 * - both together (the union of their spans).
 *
 *   npm run eval:crossmap -- --set eval/protect.jsonl --peers
 *
 * A labelled span is caught when the peer's spans cover every character of it (Veil's rule), caught
 * partly when they cover at least one; a detected span is correct when it overlaps a labelled one.
 * Overlapping detections of one peer are merged first, so a number found both as money and as a number
 * counts once. Time is per prompt, detection only (the same prompt objects for every peer, in turn).
 */
import { OpenRedaction } from '@openredaction/core';
import nlp from 'compromise';

export interface PeerSpan {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly kind: string;
}
interface LabelledSpan {
  readonly start: number;
  readonly end: number;
  readonly kind: string;
}
export interface PeerItem {
  readonly text: string;
  readonly spans: readonly LabelledSpan[];
}

export interface KindFigures {
  labelled: number;
  found: number;
  partly: number;
  recall: number;
  partlyRecall: number;
}
export interface PeerFigures {
  readonly peer: string;
  /** The detected spans of each prompt, in the order of `items`. */
  readonly spans: PeerSpan[][];
  readonly labelled: number;
  readonly found: number;
  readonly partly: number;
  readonly detected: number;
  readonly correct: number;
  readonly recall: number;
  readonly partlyRecall: number;
  readonly precision: number;
  readonly perKind: Record<string, KindFigures>;
  readonly msPerPrompt: number;
}

type Detector = (text: string) => Promise<PeerSpan[]> | PeerSpan[];

/** Trailing punctuation a tokenizer keeps on a term ("Tom," "2019.") is not part of what it found. */
function trimmed(text: string, start: number, end: number, kind: string): PeerSpan | undefined {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /[\s.,;:!?]/.test(text[end - 1]!)) end--;
  return end > start ? { start, end, text: text.slice(start, end), kind } : undefined;
}

/** Merges overlapping spans (the first one's kind wins), in text order. */
function merged(spans: PeerSpan[], text: string): PeerSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: PeerSpan[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) {
      if (s.end > last.end) out[out.length - 1] = { ...last, end: s.end, text: text.slice(last.start, s.end) };
    } else out.push(s);
  }
  return out;
}

interface CompromiseOffset {
  text: string;
  offset: { start: number; length: number };
}
interface CompromiseView {
  out(format: 'offset'): CompromiseOffset[];
}

const COMPROMISE_VIEWS: [kind: string, select: (doc: ReturnType<typeof nlp>) => CompromiseView][] = [
  ['person', (d) => d.people()],
  ['place', (d) => d.places()],
  ['organisation', (d) => d.organizations()],
  ['place', (d) => d.addresses()],
  ['phone', (d) => d.phoneNumbers()],
  ['email', (d) => d.emails()],
  ['url', (d) => d.urls()],
  ['money', (d) => d.money()],
  ['number', (d) => d.numbers()],
  ['date', (d) => d.match('#Date+')],
];

export const compromiseDetector: Detector = (text) => {
  const doc = nlp(text);
  const spans: PeerSpan[] = [];
  for (const [kind, select] of COMPROMISE_VIEWS) {
    for (const { offset } of select(doc).out('offset')) {
      const span = trimmed(text, offset.start, offset.start + offset.length, kind);
      if (span) spans.push(span);
    }
  }
  return merged(spans, text);
};

let openRedaction: OpenRedaction | undefined;
export const openRedactionDetector: Detector = async (text) => {
  openRedaction ??= new OpenRedaction();
  const { detections } = await openRedaction.detect(text);
  const spans: PeerSpan[] = [];
  for (const d of detections) {
    let [start, end] = d.position;
    // Positions are UTF-16 offsets into the text given; if one ever is not, find the value instead.
    if (text.slice(start, end) !== d.value) {
      const at = text.indexOf(d.value);
      if (at < 0) continue;
      [start, end] = [at, at + d.value.length];
    }
    const span = trimmed(text, start, end, d.type.toLowerCase());
    if (span) spans.push(span);
  }
  return merged(spans, text);
};

function score(peer: string, items: readonly PeerItem[], spans: PeerSpan[][], ms: number): PeerFigures {
  const perKind: Record<string, KindFigures> = {};
  let labelled = 0,
    found = 0,
    partly = 0,
    detected = 0,
    correct = 0;
  items.forEach((item, n) => {
    const got = spans[n]!;
    for (const s of item.spans) {
      const k = (perKind[s.kind] ??= { labelled: 0, found: 0, partly: 0, recall: 0, partlyRecall: 0 });
      const covered = (o: number) => got.some((d) => d.start <= o && o < d.end);
      const offsets = [...Array(s.end - s.start).keys()].map((i) => s.start + i);
      labelled++;
      k.labelled++;
      if (offsets.every(covered)) {
        found++;
        k.found++;
      }
      if (offsets.some(covered)) {
        partly++;
        k.partly++;
      }
    }
    for (const d of got) {
      detected++;
      if (item.spans.some((s) => s.start < d.end && d.start < s.end)) correct++;
    }
  });
  for (const k of Object.values(perKind)) {
    k.recall = k.found / k.labelled;
    k.partlyRecall = k.partly / k.labelled;
  }
  return {
    peer,
    spans,
    labelled,
    found,
    partly,
    detected,
    correct,
    recall: found / Math.max(1, labelled),
    partlyRecall: partly / Math.max(1, labelled),
    precision: correct / Math.max(1, detected),
    perKind,
    msPerPrompt: ms / Math.max(1, items.length),
  };
}

/** Runs each peer on each prompt's text; returns per peer its spans, recall, precision, per-kind recall and time. */
export async function peerBaselines(items: readonly PeerItem[]): Promise<PeerFigures[]> {
  const peers: [string, Detector][] = [
    ['compromise 14.17.0', compromiseDetector],
    ['openredaction 1.1.5', openRedactionDetector],
  ];
  // Loading word lists and compiling patterns is not a per-prompt cost.
  void compromiseDetector('warm up');
  await openRedactionDetector('warm up');
  const runs: { name: string; spans: PeerSpan[][]; ms: number }[] = [];
  for (const [name, detect] of peers) {
    const spans: PeerSpan[][] = [];
    let ms = 0;
    for (const item of items) {
      const t0 = performance.now();
      spans.push(await detect(item.text));
      ms += performance.now() - t0;
    }
    runs.push({ name, spans, ms });
  }
  const figures = runs.map((r) => score(r.name, items, r.spans, r.ms));
  const union = items.map((item, n) =>
    merged(
      runs.flatMap((r) => r.spans[n]!),
      item.text,
    ),
  );
  figures.push(
    score(
      'both together',
      items,
      union,
      runs.reduce((s, r) => s + r.ms, 0),
    ),
  );
  return figures;
}

/** The peers' figures in eval:crossmap's line format, and one per-kind table with a column per peer. */
export function formatPeerFigures(figures: readonly PeerFigures[], kinds: readonly string[]): string[] {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const lines = figures.map(
    (f) =>
      `${f.peer}: detection recall ${pct(f.recall)} (covered at least partly ${pct(f.partlyRecall)}), precision ${pct(f.precision)} (${f.correct} of ${f.detected} detected spans); ${f.msPerPrompt.toFixed(2)} ms per prompt`,
  );
  lines.push('', `| kind | labelled | ${figures.map((f) => `${f.peer} recall (partly)`).join(' | ')} |`, `|---|---|${figures.map(() => '---|').join('')}`);
  for (const kind of kinds) {
    const first = figures[0]?.perKind[kind];
    if (!first) continue;
    lines.push(
      `| ${kind} | ${first.labelled} | ${figures.map((f) => `${pct(f.perKind[kind]!.recall)} (${pct(f.perKind[kind]!.partlyRecall)})`).join(' | ')} |`,
    );
  }
  return lines;
}
