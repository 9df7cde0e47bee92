/**
 * The stronger embedding models a person may install instead of the bundled one: a short, fixed list of
 * sentence-embedding models that transformers.js runs (feature extraction, mean pooling), each with the
 * files Veil downloads. Downloads happen only after the person confirms (`model.install`); the files go
 * to IndexedDB and are read from there, never from the network again. Their category accuracy is NOT
 * measured here (no hub on the build machine): the options page says so.
 */

export interface CatalogModel {
  id: string;
  label: string;
  /** Files under `<host>/<id>/resolve/main/`, and their approximate sizes (for progress before headers). */
  files: readonly { path: string; bytes: number }[];
  dtype: 'fp32' | 'q8';
}

/** The public model hub; a test build may point a download at a local server instead. */
export const MODEL_HUB = 'https://huggingface.co';

const sentenceTransformer = (id: string, label: string, onnxBytes: number): CatalogModel => ({
  id,
  label,
  dtype: 'q8',
  files: [
    { path: 'config.json', bytes: 700 },
    { path: 'tokenizer.json', bytes: 700_000 },
    { path: 'tokenizer_config.json', bytes: 1_400 },
    { path: 'onnx/model_quantized.onnx', bytes: onnxBytes },
  ],
});

export const MODEL_CATALOG: readonly CatalogModel[] = [
  sentenceTransformer('Xenova/all-MiniLM-L6-v2', 'MiniLM L6 (English)', 22_900_000),
  sentenceTransformer('Xenova/bge-small-en-v1.5', 'BGE small (English)', 34_000_000),
  sentenceTransformer('Xenova/paraphrase-multilingual-MiniLM-L12-v2', 'Multilingual MiniLM L12 (50+ languages)', 118_000_000),
];

/**
 * Test builds only: a copy of the bundled model's files under another id, which the end-to-end tests
 * serve from a local server to try the whole download flow.
 */
export const TEST_CATALOG_MODEL: CatalogModel = {
  id: 'veil-test/glove-copy',
  label: 'Test copy of the bundled model',
  dtype: 'fp32',
  files: [
    { path: 'config.json', bytes: 203 },
    { path: 'tokenizer.json', bytes: 808_198 },
    { path: 'tokenizer_config.json', bytes: 181 },
    { path: 'onnx/model.onnx', bytes: 5_257_121 },
  ],
};

/**
 * Language models private compose may map with (src/crossmap/generative.ts), downloaded only after the
 * person confirms, like the embedding models. Their mapping quality is NOT measured: no such model can be
 * downloaded where Veil is built; the generative mapper checks every output and falls back to Veil's own.
 */
export interface GeneratorModel extends Omit<CatalogModel, 'dtype'> {
  dtype: 'fp32' | 'q4';
}

export const GENERATOR_CATALOG: readonly GeneratorModel[] = [
  {
    id: 'HuggingFaceTB/SmolLM2-135M-Instruct',
    label: 'SmolLM2 135M Instruct (English)',
    dtype: 'q4',
    files: [
      { path: 'config.json', bytes: 900 },
      { path: 'generation_config.json', bytes: 150 },
      { path: 'tokenizer.json', bytes: 2_100_000 },
      { path: 'tokenizer_config.json', bytes: 3_800 },
      { path: 'onnx/model_q4.onnx', bytes: 200_000_000 },
    ],
  },
];

/** Test builds only: the tiny bigram model of scripts/model/tiny-generator.ts, served by the e2e tests. */
export const TEST_GENERATOR: GeneratorModel = {
  id: 'veil-test/tiny-generator',
  label: 'Test tiny generator',
  dtype: 'fp32',
  files: [
    { path: 'config.json', bytes: 250 },
    { path: 'generation_config.json', bytes: 60 },
    { path: 'tokenizer.json', bytes: 700 },
    { path: 'tokenizer_config.json', bytes: 150 },
    { path: 'onnx/model.onnx', bytes: 600 },
  ],
};

export function generatorCatalog(): readonly GeneratorModel[] {
  return import.meta.env?.VEIL_TEST ? [...GENERATOR_CATALOG, TEST_GENERATOR] : GENERATOR_CATALOG;
}

export function generatorModel(id: string): GeneratorModel | undefined {
  return generatorCatalog().find((m) => m.id === id);
}

export function catalog(): readonly CatalogModel[] {
  return import.meta.env?.VEIL_TEST ? [...MODEL_CATALOG, TEST_CATALOG_MODEL] : MODEL_CATALOG;
}

export function catalogModel(id: string): CatalogModel | undefined {
  return catalog().find((m) => m.id === id);
}
