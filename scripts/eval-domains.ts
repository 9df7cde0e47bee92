/**
 * Category accuracy of the bundled scorer on the labelled set eval/labelled.jsonl:
 *
 *   npm run eval:domains [-- --set eval/labelled.jsonl --models public/models --model veil-use-lite --json]
 *
 * Prints per-field top-1 accuracy of the highest-scoring category against the targets, every
 * confusion (value, true code, predicted code), the model's size on disk, load time and time per
 * embedding. Exit code 0 either way: this is a measurement, not a test.
 *
 * `--model` scores with any model folder under `--models` (default: the bundled model, which must ship its
 * candidate embeddings). A model without candidates.json/bin gets them computed from the public
 * descriptions first, as the extension does for a downloaded model, and the time that took is printed.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { KNOWN_FIELDS } from '../src/core/profile';
import { candidateDomain } from '../src/domains';
import { BUNDLED_MODEL_ID } from '../src/embedding/bundled';
import { loadScorer } from '../src/embedding/load-scorer';
import { MODELS_DIR, fileReader, loadBundledScorer } from '../src/embedding/node';
import { encodeCandidateEmbeddings } from '../src/scoring/candidate-embeddings';
import { readSet } from './labelled-set';

/** Top-1 targets of issue 3. */
const TARGETS: Record<string, number> = {
  gender: 0.9,
  age: 0.9,
  location: 0.9,
  nationality: 0.9,
  languages: 0.9,
  marital_status: 0.9,
  children: 0.9,
  occupation: 0.8,
  work: 0.8,
  education: 0.8,
};

function folderBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return sum + (stat.isDirectory() ? folderBytes(path) : stat.size);
  }, 0);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: string) => (args.includes(name) ? (args[args.indexOf(name) + 1] ?? fallback) : fallback);
  const setPath = resolve(option('--set', 'eval/labelled.jsonl'));
  const modelsDir = resolve(option('--models', MODELS_DIR));
  const modelId = option('--model', BUNDLED_MODEL_ID);
  const set = readSet(setPath);

  const loadStart = performance.now();
  let scorer: Awaited<ReturnType<typeof loadBundledScorer>>;
  /** Set when the candidate embeddings were computed here rather than read from the model folder. */
  let computedCandidates: { ms: number; rows: number; int8Bytes: number } | undefined;
  if (modelId === BUNDLED_MODEL_ID) {
    scorer = await loadBundledScorer(modelsDir);
  } else {
    // loadScorer asks for candidates.json/bin right after the model session is up, so the time from that
    // first read to the end is the candidate computation (when the files are absent).
    const readFile = fileReader(modelsDir);
    let firstRead: number | undefined;
    const loaded = await loadScorer({
      modelId,
      modelBase: modelsDir + '/',
      readFile: (path) => {
        firstRead ??= performance.now();
        return readFile(path);
      },
    });
    if (loaded.computed) {
      // `work` shares the matrix of `occupation`: count each matrix once.
      const rows = [...new Set(Object.values(loaded.candidates.fields))].reduce((n, m) => n + m.offsets.at(-1)!, 0);
      computedCandidates = {
        ms: performance.now() - firstRead!,
        rows,
        int8Bytes: encodeCandidateEmbeddings(loaded.candidates).body.byteLength,
      };
    }
    scorer = Object.assign(loaded.scorer, { embedder: loaded.embedder });
  }
  const loadMs = performance.now() - loadStart;

  const perField = new Map<string, { n: number; correct: number }>();
  const confusions: string[] = [];
  let scoreMs = 0;
  for (const item of set) {
    const t = performance.now();
    const scores = await scorer.score(item.field, item.value);
    scoreMs += performance.now() - t;
    const categories = candidateDomain(item.field)!.categories;
    const best = categories[scores.indexOf(Math.max(...scores))]!.code;
    const stat = perField.get(item.field) ?? { n: 0, correct: 0 };
    stat.n++;
    if (best === item.code) stat.correct++;
    else confusions.push(`${item.field.padEnd(14)} ${JSON.stringify(item.value).padEnd(50)} true ${item.code.padEnd(12)} got ${best}`);
    perField.set(item.field, stat);
  }

  // Time per embedding alone, on the labelled values (after warm-up above).
  const values = set.map((s) => s.value);
  const embedStart = performance.now();
  for (const v of values) await scorer.embedder.embed([v]);
  const embedMs = (performance.now() - embedStart) / values.length;

  const modelDir = join(modelsDir, modelId);
  const rows = KNOWN_FIELDS.filter((f) => perField.has(f)).map((field) => {
    const { n, correct } = perField.get(field)!;
    return { field, n, accuracy: correct / n, target: TARGETS[field]!, met: correct / n >= TARGETS[field]! };
  });
  const total = rows.reduce((s, r) => s + r.n, 0);
  const correct = rows.reduce((s, r) => s + Math.round(r.accuracy * r.n), 0);
  const report = {
    model: modelId,
    set: setPath,
    values: total,
    overall: correct / total,
    fields: rows,
    modelBytes: folderBytes(modelDir),
    onnxBytes: statSync(join(modelDir, 'onnx/model.onnx')).size,
    candidateBytes: computedCandidates ? computedCandidates.int8Bytes : statSync(join(modelDir, 'candidates.bin')).size,
    ...(computedCandidates && { candidatesComputedMs: computedCandidates.ms, candidateRows: computedCandidates.rows }),
    loadMs,
    embedMsPerValue: embedMs,
    scoreMsPerValue: scoreMs / set.length,
    confusions,
  };
  if (args.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  if (computedCandidates) {
    console.log(
      `model ${report.model}: ${(report.modelBytes / 1e6).toFixed(2)} MB on disk (onnx ${(report.onnxBytes / 1e6).toFixed(2)} MB); no candidate embeddings shipped (${(report.candidateBytes / 1e6).toFixed(2)} MB as int8 if they were)`,
    );
    console.log(
      `candidate embeddings computed in ${computedCandidates.ms.toFixed(0)} ms (${computedCandidates.rows} description rows, ${(computedCandidates.ms / computedCandidates.rows).toFixed(2)} ms per row)`,
    );
  } else {
    console.log(
      `model ${report.model}: ${(report.modelBytes / 1e6).toFixed(2)} MB on disk (onnx ${(report.onnxBytes / 1e6).toFixed(2)} MB, candidate embeddings ${(report.candidateBytes / 1e6).toFixed(2)} MB)`,
    );
  }
  console.log(
    `load ${loadMs.toFixed(0)} ms (model + candidate embeddings); embedding ${embedMs.toFixed(2)} ms per value; full score ${report.scoreMsPerValue.toFixed(2)} ms per value`,
  );
  console.log(`\n| field | n | top-1 | target |\n|---|---|---|---|`);
  for (const r of rows) console.log(`| ${r.field} | ${r.n} | ${(100 * r.accuracy).toFixed(1)}% | ${r.met ? '✓' : '✗'} ≥ ${100 * r.target}% |`);
  console.log(`| all | ${total} | ${((100 * correct) / total).toFixed(1)}% | |`);
  console.log(`\nconfusions (${confusions.length}):`);
  for (const c of confusions) console.log('  ' + c);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
