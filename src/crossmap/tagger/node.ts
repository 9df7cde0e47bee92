/**
 * The message tagger in Node (the CLI, the evaluations, unit tests): the shipped model file
 * (public/models/veil-tagger/model.onnx) on onnxruntime-node. The extension runs the same file on
 * onnxruntime-web in its model host (src/model-host/local-host.ts).
 *
 * ```ts
 * const tagger = await loadNodeTagger();
 * const tagging = await tagger.tag('my son Leo (6) has asthma');
 * ```
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import * as ort from 'onnxruntime-node';
import { TAGGER_FILE } from './files';
import { detectLanguage } from '../language';
import { ortTagModel, type OrtLike } from './ort';
import { createTagger, type Tagger } from './tagger';

const MODELS = resolve(import.meta.dirname, '../../../public/models');

/** The model file's bytes on onnxruntime-node. */
export function openNodeTagger(bytes: Uint8Array): ReturnType<typeof ortTagModel> {
  return ortTagModel(ort as unknown as OrtLike, bytes);
}

export async function loadNodeTagger(dir = MODELS): Promise<Tagger & { release(): Promise<void> }> {
  const model = await openNodeTagger(new Uint8Array(await readFile(join(dir, TAGGER_FILE))));
  return { ...createTagger({ model, language: async (text) => detectLanguage(text) }), release: model.release };
}
