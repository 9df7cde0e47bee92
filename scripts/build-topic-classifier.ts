/**
 * Build data/topic-classifier.json, the sentence-topic signal of src/crossmap/topics.ts:
 *
 *   npx tsx scripts/build-topic-classifier.ts [--out data/topic-classifier.json]
 *
 * Training data: the sentences of eval/crossmap.jsonl (scripts/topic-data.ts: a sentence's topics are
 * those of the spans that start in it, the set's health and legal spans split into the detector's
 * categories by their words) and the lay descriptions of data/topic-descriptions.json (each sentence
 * one topic; `none` sentences are negatives for every topic). Nothing of eval/crossmap-holdout.jsonl is
 * read. Each sentence is embedded with the shipped sentence encoder (public/models/veil-use-lite).
 *
 * Model: one L2-penalised, class-balanced logistic regression per topic (scripts/model/logistic.ts).
 * λ and the thresholds are chosen by 5-fold cross-validation over the dev set's prompts (fold = prompt
 * index mod 5; the descriptions are in every training fold): per topic with at least MIN_POSITIVES dev
 * sentences, the threshold of best F1 on its out-of-fold scores; one shared threshold for the rest (the
 * topics the dev set never or seldom marks), the one of best micro F1 at the CROSS-MAP level with the
 * others fixed. λ is the grid value of best CROSS-MAP-level micro F1. The final model is trained on
 * everything with that λ; weights are rounded to 3 decimals. Deterministic: a rebuild gives the same file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ENCODER_MODEL_ID } from '../src/embedding/bundled';
import { MODELS_DIR } from '../src/embedding/node';
import { TransformersEmbedder } from '../src/embedding/transformers-embedder';
import { predictLogistic, trainLogistic } from './model/logistic';
import { parseTopicClassifier, topicsOf, TOPICS, type Topic, type TopicClassifier } from '../src/crossmap/topics';
import { crossmapGroup, f1, fineTopicOfCrossmapSpan, formatScore, labelledSentences, readSet, score, uniq } from './topic-data';

const root = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: 'data/topic-classifier.json' },
    /** Only these λ (comma-separated), for a quick experiment. */
    lambdas: { type: 'string' },
    /** Dev sentences a topic needs for a threshold of its own. */
    'min-positives': { type: 'string', default: '8' },
  },
});

const LAMBDAS = args.lambdas ? args.lambdas.split(',').map(Number) : [1e-3, 3e-3, 1e-2, 3e-2, 1e-1];
const FOLDS = 5;
const MIN_POSITIVES = Number(args['min-positives']);
const ITERATIONS = 400;

interface Row {
  readonly text: string;
  readonly topics: readonly Topic[];
  readonly fold: number;
}

const dev = labelledSentences(readSet(resolve(root, 'eval/crossmap.jsonl')));
const devRows: Row[] = dev.map((s) => ({
  text: s.text,
  topics: uniq(s.spans.map(fineTopicOfCrossmapSpan).filter((t): t is Topic => t !== undefined)),
  fold: s.prompt % FOLDS,
}));
const descriptions = JSON.parse(readFileSync(resolve(root, 'data/topic-descriptions.json'), 'utf8')) as Record<string, string[]>;
const descRows: Row[] = Object.entries(descriptions)
  .filter(([k]) => k !== '_about')
  .flatMap(([k, texts]) => texts.map((text) => ({ text, topics: k === 'none' ? [] : [k as Topic], fold: -1 })));

const encoder = await TransformersEmbedder.load(ENCODER_MODEL_ID, { localModelPath: MODELS_DIR + '/' });
const devX = await encoder.embed(devRows.map((r) => r.text));
const descX = await encoder.embed(descRows.map((r) => r.text));
await encoder.dispose();

console.log(`dev sentences ${devRows.length} (with a topic ${devRows.filter((r) => r.topics.length > 0).length}), description sentences ${descRows.length}`);
const devCount = (t: Topic) => devRows.filter((r) => r.topics.includes(t)).length;
console.log('dev sentences per topic: ' + TOPICS.map((t) => `${t} ${devCount(t)}`).join(', '));

function train(rows: readonly Row[], x: readonly Float32Array[], lambda: number) {
  return TOPICS.map((t) =>
    trainLogistic(
      x,
      rows.map((r) => r.topics.includes(t)),
      { lambda, iterations: ITERATIONS },
    ),
  );
}

/** Out-of-fold scores of every dev sentence for every topic. */
function outOfFold(lambda: number): number[][] {
  const scores: number[][] = devRows.map(() => []);
  for (let fold = 0; fold < FOLDS; fold++) {
    const keep = devRows.map((r, i) => i).filter((i) => devRows[i]!.fold !== fold);
    const rows = [...keep.map((i) => devRows[i]!), ...descRows];
    const x = [...keep.map((i) => devX[i]!), ...descX];
    const models = train(rows, x, lambda);
    devRows.forEach((r, i) => {
      if (r.fold === fold) scores[i] = models.map((m) => predictLogistic(m, devX[i]!));
    });
  }
  return scores;
}

const GRID = Array.from({ length: 97 }, (_, i) => 0.02 + i * 0.01);
const truthCrossmap = devRows.map((r) => uniq(r.topics.map(crossmapGroup)));
const truthFine = devRows.map((r) => r.topics as string[]);

function predict(scores: readonly number[][], thresholds: readonly number[]): Topic[][] {
  return scores.map((s) => TOPICS.filter((_, k) => s[k]! >= thresholds[k]!));
}

/** Thresholds chosen on the out-of-fold scores of the dev sentences `use` (all of them by default). */
function chooseThresholds(scores: number[][], use: readonly number[] = devRows.map((_, i) => i)): number[] {
  const thresholds = TOPICS.map(() => 0.5);
  const own = TOPICS.map((t) => devCount(t) >= MIN_POSITIVES);
  TOPICS.forEach((t, k) => {
    if (!own[k]) return;
    let best = -1;
    for (const th of GRID) {
      const tally = { tp: 0, predicted: 0, actual: 0 };
      for (const i of use) {
        const p = scores[i]![k]! >= th;
        const a = devRows[i]!.topics.includes(t);
        if (p) tally.predicted++;
        if (a) tally.actual++;
        if (p && a) tally.tp++;
      }
      if (f1(tally) > best) [best, thresholds[k]] = [f1(tally), th];
    }
  });
  let best = -1;
  let shared = 0.5;
  const sub = use.map((i) => scores[i]!);
  const truth = use.map((i) => truthCrossmap[i]!);
  for (const th of GRID) {
    const trial = thresholds.map((v, k) => (own[k] ? v : th));
    const s = score(
      truth,
      predict(sub, trial).map((p) => uniq(p.map(crossmapGroup))),
    );
    if (f1(s.micro) > best) [best, shared] = [f1(s.micro), th];
  }
  return thresholds.map((v, k) => (own[k] ? v : shared));
}

/**
 * Predictions where each fold's thresholds were chosen on the other folds' out-of-fold scores only, so
 * the figures are not flattered by choosing thresholds on the sentences they score (λ is still chosen on
 * all of them).
 */
function nestedPredictions(scores: number[][]): Topic[][] {
  const out: Topic[][] = devRows.map(() => []);
  for (let fold = 0; fold < FOLDS; fold++) {
    const others = devRows.map((_, i) => i).filter((i) => devRows[i]!.fold !== fold);
    const thresholds = chooseThresholds(scores, others);
    devRows.forEach((r, i) => {
      if (r.fold === fold) out[i] = predict([scores[i]!], thresholds)[0]!;
    });
  }
  return out;
}

let chosen = { lambda: LAMBDAS[0]!, f1: -1, thresholds: [] as number[], scores: [] as number[][] };
for (const lambda of LAMBDAS) {
  const scores = outOfFold(lambda);
  const thresholds = chooseThresholds(scores);
  const s = score(
    truthCrossmap,
    predict(scores, thresholds).map((p) => uniq(p.map(crossmapGroup))),
  );
  console.log(`λ ${lambda}: CV micro F1 ${(100 * f1(s.micro)).toFixed(1)} (CROSS-MAP level; thresholds chosen inside the same out-of-fold scores)`);
  if (f1(s.micro) > chosen.f1) chosen = { lambda, f1: f1(s.micro), thresholds, scores };
}

console.log(`\nchosen λ ${chosen.lambda}; thresholds ` + TOPICS.map((t, k) => `${t} ${chosen.thresholds[k]!.toFixed(2)}`).join(', '));
const cvPredicted = nestedPredictions(chosen.scores);
console.log(
  '\n5-fold CV on eval/crossmap.jsonl (thresholds from the other folds), CROSS-MAP level (health ⊇ mental-health, pregnancy, substance; legal ⊇ criminal, immigration, employment):',
);
console.log(
  formatScore(
    score(
      truthCrossmap,
      cvPredicted.map((p) => uniq(p.map(crossmapGroup))),
    ),
    ['health', 'finance', 'legal'],
  ),
);
console.log('\nthe same, per topic (dev labels split by fineTopicOfCrossmapSpan):');
console.log(formatScore(score(truthFine, cvPredicted), TOPICS));
console.log('\nfor comparison, thresholds chosen on all out-of-fold scores (optimistic), CROSS-MAP level:');
console.log(
  formatScore(
    score(
      truthCrossmap,
      predict(chosen.scores, chosen.thresholds).map((p) => uniq(p.map(crossmapGroup))),
    ),
    ['health', 'finance', 'legal'],
  ),
);

const final = train([...devRows, ...descRows], [...devX, ...descX], chosen.lambda);
const round = (v: number, digits: number) => Number(v.toFixed(digits));
const classifier: TopicClassifier = {
  encoder: ENCODER_MODEL_ID,
  dimension: devX[0]!.length,
  topics: TOPICS.map((topic, k) => ({
    topic,
    weights: Array.from(final[k]!.weights, (w) => round(w, 3)),
    bias: round(final[k]!.bias, 4),
    threshold: round(chosen.thresholds[k]!, 2),
  })),
};
const file = {
  _about:
    'Sentence topics for src/crossmap/topics.ts: per-topic logistic regression on veil-use-lite sentence vectors, trained on eval/crossmap.jsonl sentences and data/topic-descriptions.json by scripts/build-topic-classifier.ts (λ and thresholds by 5-fold CV on the dev set). Rebuild with `npx tsx scripts/build-topic-classifier.ts`.',
  lambda: chosen.lambda,
  ...classifier,
};
parseTopicClassifier(file);
// The rounded weights give the same topics as the exact ones on the training sentences (printed, not enforced).
const rounded = parseTopicClassifier(file);
const changed = devX.filter((v) => topicsOf(v, rounded).length !== predict([final.map((m) => predictLogistic(m, v))], chosen.thresholds)[0]!.length).length;
console.log(`\nrounding changed the number of topics of ${changed} of ${devX.length} dev sentences`);
writeFileSync(resolve(root, args.out!), JSON.stringify(file) + '\n');
console.log(`wrote ${args.out}`);
