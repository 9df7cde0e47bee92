/**
 * Sentence-level topic labels for scripts/build-topic-classifier.ts and scripts/eval-topics.ts, and the
 * counting both print. A prompt of a labelled set (`{"text", "spans": [{start, end, text, kind}]}`) is cut
 * by `splitSentences` (src/crossmap/topics.ts); a sentence's labels are the topics of the spans that start
 * inside it. Identifier kinds (person, place, organisation, date, age, money, email, phone, id) are no topic.
 *
 * The CROSS-MAP sets mark special categories coarsely: `health` (which there also covers psychiatric
 * conditions, pregnancy and addiction), `medication`, `finance` and `legal` (which covers arrests,
 * immigration and dismissal). So the sets are scored at that level (`crossmapGroup`): a topic counts as
 * the CROSS-MAP kind it falls under, for the labels and the predictions alike. Sets with the fine kinds
 * (eval/protect*.jsonl) can be scored per topic (`--level topic`).
 */
import { readFileSync } from 'node:fs';
import { parseJsonLines } from '../src/cli/args';
import { splitSentences, TOPICS, type Topic } from '../src/crossmap/topics';

export interface LabelledSpan {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly kind: string;
}
export interface Prompt {
  readonly category?: string;
  readonly text: string;
  readonly spans: readonly LabelledSpan[];
}

export interface LabelledSentence {
  /** Index of its prompt in the set (the unit of the cross-validation folds). */
  readonly prompt: number;
  /** Where the sentence starts in its prompt. */
  readonly start: number;
  readonly text: string;
  /** The spans' kinds, as the set marks them. */
  readonly kinds: readonly string[];
  readonly spans: readonly LabelledSpan[];
}

export function readSet(file: string): Prompt[] {
  return parseJsonLines(readFileSync(file, 'utf8'), file).map((l) => l.value as Prompt);
}

export function labelledSentences(set: readonly Prompt[]): LabelledSentence[] {
  const out: LabelledSentence[] = [];
  set.forEach((p, prompt) => {
    for (const s of splitSentences(p.text)) {
      const spans = p.spans.filter((sp) => sp.start >= s.start && sp.start < s.end);
      out.push({ prompt, start: s.start, text: s.text, kinds: spans.map((sp) => sp.kind), spans });
    }
  });
  return out;
}

/** A span kind's topic: the special categories are topics (a medicine is health), identifiers are none. */
export function topicOfKind(kind: string): Topic | undefined {
  if (kind === 'medication') return 'health';
  return (TOPICS as readonly string[]).includes(kind) ? (kind as Topic) : undefined;
}

/** The CROSS-MAP kind a topic is marked as in eval/crossmap*.jsonl; topics those sets never mark stay themselves. */
export function crossmapGroup(topic: Topic): string {
  switch (topic) {
    case 'mental-health':
    case 'pregnancy':
    case 'substance':
      return 'health';
    case 'criminal':
    case 'immigration':
    case 'employment':
      return 'legal';
    default:
      return topic;
  }
}

/**
 * The fine topic of a CROSS-MAP dev-set span (training labels only; never applied to the holdout): the
 * set's `health` and `legal` spans split by their words into the detector's categories, as
 * src/core/span-kinds.ts defines them. Listed in full in /work/notes/topics.md.
 */
export function fineTopicOfCrossmapSpan(span: LabelledSpan): Topic | undefined {
  const t = span.text.toLowerCase();
  if (span.kind === 'health') {
    if (/depress|anxiety|bipolar|schizo|\bocd\b|panic attack|self-harm|anorexia|adhd/.test(t)) return 'mental-health';
    if (/pregnan|miscarriage|infertility/.test(t)) return 'pregnancy';
    if (/addiction/.test(t)) return 'substance';
    return 'health';
  }
  if (span.kind === 'legal') {
    if (/\bdui\b|arrest|bail|parole|probation|warrant|shoplifting|speeding ticket/.test(t)) return 'criminal';
    if (/asylum|deport|visa/.test(t)) return 'immigration';
    if (/dismissal/.test(t)) return 'employment';
    return 'legal';
  }
  return topicOfKind(span.kind);
}

export function uniq<T>(xs: Iterable<T>): T[] {
  return [...new Set(xs)];
}

/** Counts for one label: true positives, predicted, actual. */
export interface Tally {
  tp: number;
  predicted: number;
  actual: number;
}

/**
 * Per-label precision/recall over sentences, micro over all labels, and how many sentences with no label
 * were given one. `truth` and `predicted` are label sets per sentence, already at the level being scored.
 */
export function score(truth: readonly (readonly string[])[], predicted: readonly (readonly string[])[]) {
  const tallies = new Map<string, Tally>();
  const tally = (l: string) => tallies.get(l) ?? (tallies.set(l, { tp: 0, predicted: 0, actual: 0 }), tallies.get(l)!);
  let none = 0;
  let noneFlagged = 0;
  let exact = 0;
  truth.forEach((t, i) => {
    const p = predicted[i]!;
    for (const l of t) tally(l).actual++;
    for (const l of p) {
      tally(l).predicted++;
      if (t.includes(l)) tally(l).tp++;
    }
    if (t.length === 0) {
      none++;
      if (p.length > 0) noneFlagged++;
    }
    if (t.length === p.length && t.every((l) => p.includes(l))) exact++;
  });
  const micro = { tp: 0, predicted: 0, actual: 0 };
  for (const v of tallies.values()) {
    micro.tp += v.tp;
    micro.predicted += v.predicted;
    micro.actual += v.actual;
  }
  return { tallies, micro, none, noneFlagged, exact, sentences: truth.length };
}

export type Scored = ReturnType<typeof score>;

export function f1(t: Tally): number {
  return t.tp === 0 ? 0 : (2 * t.tp) / (t.predicted + t.actual);
}

const pct = (a: number, b: number) => (b === 0 ? '   —  ' : `${((100 * a) / b).toFixed(1).padStart(5)}%`);

export function formatScore(s: Scored, order: readonly string[] = []): string {
  const labels = uniq([...order.filter((l) => s.tallies.has(l)), ...[...s.tallies.keys()].sort()]);
  const lines = labels.map((l) => {
    const t = s.tallies.get(l)!;
    return `  ${l.padEnd(16)} precision ${pct(t.tp, t.predicted)} (${t.tp}/${t.predicted})  recall ${pct(t.tp, t.actual)} (${t.tp}/${t.actual})`;
  });
  const m = s.micro;
  lines.push(
    `  ${'micro'.padEnd(16)} precision ${pct(m.tp, m.predicted)} (${m.tp}/${m.predicted})  recall ${pct(m.tp, m.actual)} (${m.tp}/${m.actual})  F1 ${(100 * f1(m)).toFixed(1)}`,
  );
  lines.push(
    `  sentences with no topic given one: ${pct(s.noneFlagged, s.none)} (${s.noneFlagged}/${s.none}); label set exactly right: ${pct(s.exact, s.sentences)} (${s.exact}/${s.sentences})`,
  );
  return lines.join('\n');
}
