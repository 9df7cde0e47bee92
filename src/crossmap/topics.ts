/**
 * What a sentence is about, in the message detector's special-category words (health, sexuality,
 * immigration, criminal, finance, …): a second signal beside the word lists, read from a sentence encoder's
 * vector by one logistic regression per topic (data/topic-classifier.json, built by
 * scripts/build-topic-classifier.ts from eval/crossmap.jsonl and the public lay descriptions in
 * data/topic-descriptions.json). Pure and free of browser APIs: the caller computes the embedding (the
 * model host, or `TransformersEmbedder` in Node) with the encoder the classifier names.
 *
 * ```ts
 * const classifier = parseTopicClassifier(JSON.parse(readFileSync('data/topic-classifier.json', 'utf8')));
 * const [v] = await encoder.embed(['I was just diagnosed with HIV']);
 * topicsOf(v, classifier); // [{ topic: 'health', score: 0.97 }]
 * ```
 *
 * A topic says that a sentence speaks of a sensitive matter, not where: it cannot generalize a span by
 * itself. Its use is to flag a sentence the word lists found nothing in (a misspelt or unlisted
 * condition, a circumlocution such as "the clinic said my test came back positive"), to ask for review.
 */
import { sigmoid } from '../core/logistic';
import topicWeights from '../../data/topic-classifier.json';
import type { SpecialKind } from './types';

/**
 * The classifier's topics: the special categories, with medicines read as health (a sentence that names a
 * drug is about health; which words are the drug is the word lists' job).
 */
export const TOPICS = [
  'health',
  'mental-health',
  'pregnancy',
  'sexuality',
  'gender-identity',
  'immigration',
  'criminal',
  'substance',
  'religion',
  'ethnicity',
  'politics',
  'finance',
  'employment',
  'legal',
] as const satisfies readonly SpecialKind[];
export type Topic = (typeof TOPICS)[number];

/** One topic's logistic regression: score = σ(w·x + b), reported when score ≥ threshold. */
export interface TopicModel {
  readonly topic: Topic;
  readonly weights: readonly number[];
  readonly bias: number;
  readonly threshold: number;
}

export interface TopicClassifier {
  /** The sentence encoder whose unit vectors the weights read (public/models/<encoder>). */
  readonly encoder: string;
  readonly dimension: number;
  readonly topics: readonly TopicModel[];
}

export interface TopicScore {
  readonly topic: Topic;
  /** σ(w·x + b), in [0, 1]. */
  readonly score: number;
}

/** Every topic's score for one sentence vector, in the classifier's order. */
export function topicScores(vector: ArrayLike<number>, classifier: TopicClassifier): TopicScore[] {
  if (vector.length !== classifier.dimension) {
    throw new Error(`a ${vector.length}-d vector for a ${classifier.dimension}-d topic classifier (${classifier.encoder})`);
  }
  return classifier.topics.map((m) => {
    let z = m.bias;
    for (let i = 0; i < vector.length; i++) z += m.weights[i]! * vector[i]!;
    return { topic: m.topic, score: sigmoid(z) };
  });
}

/** The topics whose score reaches their threshold, highest score first (empty: no sensitive topic). */
export function topicsOf(vector: ArrayLike<number>, classifier: TopicClassifier): TopicScore[] {
  const scores = topicScores(vector, classifier);
  return scores
    .filter((s, i) => s.score >= classifier.topics[i]!.threshold)
    .sort((a, b) => b.score - a.score || TOPICS.indexOf(a.topic) - TOPICS.indexOf(b.topic));
}

/** Check the JSON of data/topic-classifier.json and give it its type; throws on any malformed part. */
export function parseTopicClassifier(json: unknown): TopicClassifier {
  const fail = (what: string): never => {
    throw new Error(`topic classifier: ${what}`);
  };
  if (typeof json !== 'object' || json === null) fail('not an object');
  const o = json as Record<string, unknown>;
  if (typeof o.encoder !== 'string' || o.encoder === '') fail('no encoder');
  const dimension = o.dimension;
  if (typeof dimension !== 'number' || !Number.isInteger(dimension) || dimension < 1) fail('bad dimension');
  if (!Array.isArray(o.topics) || o.topics.length === 0) fail('no topics');
  const seen = new Set<string>();
  const topics = (o.topics as unknown[]).map((t, i): TopicModel => {
    if (typeof t !== 'object' || t === null) fail(`topic ${i} is not an object`);
    const m = t as Record<string, unknown>;
    if (!(TOPICS as readonly unknown[]).includes(m.topic)) fail(`unknown topic ${String(m.topic)}`);
    if (seen.has(m.topic as string)) fail(`topic ${String(m.topic)} twice`);
    seen.add(m.topic as string);
    const w = m.weights;
    if (!Array.isArray(w) || w.length !== dimension || !w.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      fail(`${String(m.topic)}: weights must be ${dimension as number} finite numbers`);
    }
    if (typeof m.bias !== 'number' || !Number.isFinite(m.bias)) fail(`${String(m.topic)}: bad bias`);
    if (typeof m.threshold !== 'number' || !(m.threshold > 0 && m.threshold < 1)) fail(`${String(m.topic)}: threshold not in (0, 1)`);
    return { topic: m.topic as Topic, weights: w as number[], bias: m.bias as number, threshold: m.threshold as number };
  });
  return { encoder: o.encoder as string, dimension: dimension as number, topics };
}

/** A sentence of a message, `[start, end)` in UTF-16 code units of the message, without outer spaces. */
export interface Sentence {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Words after which a full stop does not end a sentence ("Dr. Okonkwo", "St. Mary's", "e.g. this"). */
const ABBREVIATIONS = new Set([
  'dr',
  'mr',
  'mrs',
  'ms',
  'mx',
  'prof',
  'st',
  'sr',
  'jr',
  'mt',
  'no',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'approx',
  'dept',
  'ave',
  'rd',
  'inc',
  'ltd',
  'co',
]);

/**
 * Split a message into sentences: a sentence ends at a line break, or at `.`, `!`, `?` or `…` (a run of
 * them, with any closing quote or bracket) followed by white space — except a full stop after a listed
 * abbreviation or a single letter (an initial: "J. Smith"). Decimals, times and addresses ("3.5", "10.30",
 * "example.com") have no space after the stop and stay whole. Empty pieces are dropped.
 */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  const push = (start: number, end: number) => {
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    if (end > start) out.push({ start, end, text: text.slice(start, end) });
  };
  let start = 0;
  const boundary = /\r?\n|[.!?…]+["'”’)\]]*(?=\s)/g;
  for (let m = boundary.exec(text); m !== null; m = boundary.exec(text)) {
    if (m[0] === '.') {
      const word = /([\p{L}.]+)$/u.exec(text.slice(start, m.index))?.[1]?.toLowerCase() ?? '';
      if (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word)) continue;
    }
    const end = m.index + m[0].length;
    push(start, m[0].includes('\n') ? m.index : end);
    start = end;
  }
  push(start, text.length);
  return out;
}

/** The sentences topic hints read: the first `HINTED` of the message (a long paste is not read to its end). */
export const HINTED = 64;
export function hintedSentences(text: string): Sentence[] {
  return splitSentences(text).slice(0, HINTED);
}

/** The shipped classifier (data/topic-classifier.json), checked once when first used. */
let shipped: TopicClassifier | undefined;
export function shippedTopicClassifier(): TopicClassifier {
  return (shipped ??= parseTopicClassifier(topicWeights));
}

/** A sentence of a message the encoder reads as about a sensitive matter, where the word lists marked none. */
export interface TopicHint {
  readonly sentence: string;
  readonly topic: Topic;
}

/**
 * The sentences of `text` whose topic (by `vectors`, one per `hintedSentences(text)` sentence) is a sensitive
 * matter although no special-category span (`special`: start/end in `text`) lies in them: what the word
 * lists may have missed, for the review to point out. Never a change to the text.
 */
export function topicHints(
  text: string,
  vectors: readonly ArrayLike<number>[],
  special: readonly { start: number; end: number }[],
  classifier = shippedTopicClassifier(),
): TopicHint[] {
  const sentences = hintedSentences(text);
  if (vectors.length !== sentences.length) throw new Error(`topic hints: ${vectors.length} vectors for ${sentences.length} sentences`);
  return sentences.flatMap((s, i) => {
    const [top] = topicsOf(vectors[i]!, classifier);
    if (!top || special.some((m) => m.start < s.end && m.end > s.start)) return [];
    return [{ sentence: s.text, topic: top.topic }];
  });
}
