/**
 * Category accuracy of the bundled scorer on the labelled set eval/labelled.jsonl:
 *
 *   npm run eval:domains [-- --set eval/labelled.jsonl --models public/models --json]
 *
 * Prints per-field top-1 accuracy of the highest-scoring category against the targets, every
 * confusion (value, true code, predicted code), the model's size on disk, load time and time per
 * embedding. Exit code 0 either way: this is a measurement, not a test.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { KNOWN_FIELDS } from '../src/core/profile';
import { candidateDomain } from '../src/domains';
import { BUNDLED_MODEL_ID } from '../src/embedding/bundled';
import { MODELS_DIR, loadBundledScorer } from '../src/embedding/node';
import { readSet } from './labelled-set';

/** Top-1 targets of issue 3. */
const TARGETS: Record<string, number> = {
  gender: 0.9, age: 0.9, location: 0.9, nationality: 0.9, languages: 0.9, marital_status: 0.9, children: 0.9,
  occupation: 0.8, work: 0.8, education: 0.8,
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
  const option = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] ?? fallback : fallback);
  const setPath = resolve(option('--set', 'eval/labelled.jsonl'));
  const modelsDir = resolve(option('--models', MODELS_DIR));
  const set = readSet(setPath);

  const loadStart = performance.now();
  const scorer = await loadBundledScorer(modelsDir);
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

  const modelDir = join(modelsDir, BUNDLED_MODEL_ID);
  const rows = KNOWN_FIELDS.filter((f) => perField.has(f)).map((field) => {
    const { n, correct } = perField.get(field)!;
    return { field, n, accuracy: correct / n, target: TARGETS[field]!, met: correct / n >= TARGETS[field]! };
  });
  const total = rows.reduce((s, r) => s + r.n, 0);
  const correct = rows.reduce((s, r) => s + Math.round(r.accuracy * r.n), 0);
  const report = {
    model: BUNDLED_MODEL_ID,
    set: setPath,
    values: total,
    overall: correct / total,
    fields: rows,
    modelBytes: folderBytes(modelDir),
    onnxBytes: statSync(join(modelDir, 'onnx/model.onnx')).size,
    candidateBytes: statSync(join(modelDir, 'candidates.bin')).size,
    loadMs,
    embedMsPerValue: embedMs,
    scoreMsPerValue: scoreMs / set.length,
    confusions,
  };
  if (args.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  console.log(`model ${report.model}: ${(report.modelBytes / 1e6).toFixed(2)} MB on disk (onnx ${(report.onnxBytes / 1e6).toFixed(2)} MB, candidate embeddings ${(report.candidateBytes / 1e6).toFixed(2)} MB)`);
  console.log(`load ${loadMs.toFixed(0)} ms (model + candidate embeddings); embedding ${embedMs.toFixed(2)} ms per value; full score ${report.scoreMsPerValue.toFixed(2)} ms per value`);
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
