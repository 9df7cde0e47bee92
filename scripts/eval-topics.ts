/**
 * Sentence topics (src/crossmap/topics.ts, data/topic-classifier.json) on a labelled prompt set:
 *
 *   npx tsx scripts/eval-topics.ts [--set eval/crossmap-holdout.jsonl] [--level crossmap|topic] [--misses]
 *
 * Each prompt is cut into sentences (`splitSentences`); a sentence's true topics are those of the spans
 * starting in it (scripts/topic-data.ts), its predicted topics `topicsOf` its veil-use-lite vector. Prints
 * per-label precision and recall over sentences, the micro figures, and the share of sentences with no
 * topic that were given one. `--level crossmap` (the default) scores at the CROSS-MAP sets' coarse kinds
 * (health, finance, legal: `crossmapGroup`); `--level topic` per topic, for sets marked with the
 * detector's fine kinds (eval/protect.jsonl). `--misses` lists every sentence scored wrong.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { newCodebook, protect } from '../src/crossmap';
import { loadNodeTagger } from '../src/crossmap/tagger/node';
import { parseTopicClassifier, topicsOf, TOPICS } from '../src/crossmap/topics';
import { seededRandomSource } from '../src/dp/exact/random';
import { MODELS_DIR } from '../src/embedding/node';
import { TransformersEmbedder } from '../src/embedding/transformers-embedder';
import { crossmapGroup, formatScore, labelledSentences, readSet, score, topicOfKind, uniq } from './topic-data';

const root = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    set: { type: 'string', default: 'eval/crossmap.jsonl' },
    classifier: { type: 'string', default: 'data/topic-classifier.json' },
    level: { type: 'string', default: 'crossmap' },
    misses: { type: 'boolean', default: false },
  },
});
if (args.level !== 'crossmap' && args.level !== 'topic') throw new Error('--level is crossmap or topic');

const classifier = parseTopicClassifier(JSON.parse(readFileSync(resolve(root, args.classifier!), 'utf8')));
const prompts = readSet(resolve(root, args.set!));
const sentences = labelledSentences(prompts);
const encoder = await TransformersEmbedder.load(classifier.encoder, { localModelPath: MODELS_DIR + '/' });
const started = performance.now();
const vectors = await encoder.embed(sentences.map((s) => s.text));
const found = vectors.map((v) => topicsOf(v, classifier));
const ms = (performance.now() - started) / sentences.length;
await encoder.dispose();

const level = (topic: string) => (args.level === 'crossmap' ? crossmapGroup(topic as never) : topic);
const truth = sentences.map((s) =>
  uniq(
    s.kinds
      .map(topicOfKind)
      .filter((t) => t !== undefined)
      .map(level),
  ),
);
const predicted = found.map((f) => uniq(f.map((t) => level(t.topic))));
const order = args.level === 'crossmap' ? ['health', 'finance', 'legal'] : TOPICS;

console.log(
  `${args.set}: ${sentences.length} sentences of ${new Set(sentences.map((s) => s.prompt)).size} prompts, ${truth.filter((t) => t.length > 0).length} with a topic; ${args.level} level; ${classifier.encoder}, ${ms.toFixed(1)} ms per sentence (embedding + topics)`,
);
console.log(formatScore(score(truth, predicted), order));

// Beside the word lists: which sentences protectMessage (defaults, seeded as eval:crossmap) marks no
// special-category span in, and what the topic signal says of those.
const tagger = await loadNodeTagger();
const marks = await Promise.all(
  prompts.map(async (p, i) => {
    const random = seededRandomSource(i + 1);
    return (await protect(p.text, { codebook: newCodebook(random), random, tag: tagger.tag }, async () => undefined)).marks;
  }),
);
const listed = sentences.map((s) => {
  return uniq(
    marks[s.prompt]!.filter((m) => m.start >= s.start && m.start < s.start + s.text.length)
      .map((m) => topicOfKind(m.kind))
      .filter((t) => t !== undefined)
      .map(level),
  );
});
const unlisted = sentences.map((_, i) => i).filter((i) => truth[i]!.length > 0 && truth[i]!.some((t) => !listed[i]!.includes(t)));
const rescued = unlisted.filter((i) => truth[i]!.some((t) => !listed[i]!.includes(t) && predicted[i]!.includes(t)));
const quiet = sentences.map((_, i) => i).filter((i) => listed[i]!.length === 0);
const flaggedQuiet = quiet.filter((i) => predicted[i]!.length > 0);
const flaggedRight = flaggedQuiet.filter((i) => predicted[i]!.some((t) => truth[i]!.includes(t)));
console.log(
  `beside the word lists (protectMessage): of ${unlisted.length} sentences with a topic the lists marked no span of, the signal gives that topic to ${rescued.length}; of ${quiet.length} sentences the lists mark nothing special in, the signal flags ${flaggedQuiet.length}, ${flaggedRight.length} of them rightly`,
);

if (args.misses) {
  sentences.forEach((s, i) => {
    const t = truth[i]!;
    const p = predicted[i]!;
    if (t.length === p.length && t.every((l) => p.includes(l))) return;
    const scores = found[i]!.map((f) => `${f.topic} ${f.score.toFixed(2)}`).join(', ');
    console.log(`  [${t.join(',') || '—'}] → [${scores || '—'}]  ${s.text}`);
  });
}
