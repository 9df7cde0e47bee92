/**
 * Writes a static-embedding ONNX model: each token id looks up an int8 row and its float scale, giving
 * `last_hidden_state[b, s, :] = table[id] * scale[id]`. transformers.js' feature-extraction pipeline then
 * mean-pools over the attention mask, exactly as it does for a transformer encoder. Operators: Gather,
 * Cast, Mul (opset 13), which every ONNX Runtime build (node, wasm, webgpu) runs.
 */
import onnxProto, { type onnx as OnnxTypes } from 'onnx-proto';

const { onnx } = onnxProto;

export function staticEmbeddingModel(table: Int8Array, scales: Float32Array, dimension: number, docString: string): Uint8Array {
  const vocab = scales.length;
  const { DataType } = onnx.TensorProto;
  const dim = (name: string | number) => (typeof name === 'string' ? { dimParam: name } : { dimValue: name });
  const valueInfo = (name: string, elemType: number, dims: (string | number)[]) => ({
    name,
    type: { tensorType: { elemType, shape: { dim: dims.map(dim) } } },
  });
  const graph: OnnxTypes.IGraphProto = {
    name: 'static_embedding',
    initializer: [
      { name: 'table', dims: [vocab, dimension], dataType: DataType.INT8, rawData: new Uint8Array(table.buffer, table.byteOffset, table.byteLength) },
      { name: 'scales', dims: [vocab, 1], dataType: DataType.FLOAT, rawData: new Uint8Array(scales.buffer, scales.byteOffset, scales.byteLength) },
    ],
    input: [valueInfo('input_ids', DataType.INT64, ['batch', 'sequence']), valueInfo('attention_mask', DataType.INT64, ['batch', 'sequence'])],
    output: [valueInfo('last_hidden_state', DataType.FLOAT, ['batch', 'sequence', dimension])],
    node: [
      {
        opType: 'Gather',
        input: ['table', 'input_ids'],
        output: ['rows_q'],
        name: 'lookup',
        attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }],
      },
      {
        opType: 'Cast',
        input: ['rows_q'],
        output: ['rows_f'],
        name: 'dequantize',
        attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: DataType.FLOAT }],
      },
      {
        opType: 'Gather',
        input: ['scales', 'input_ids'],
        output: ['row_scales'],
        name: 'lookup_scale',
        attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }],
      },
      { opType: 'Mul', input: ['rows_f', 'row_scales'], output: ['last_hidden_state'], name: 'scale' },
    ],
  };
  return onnx.ModelProto.encode({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 13 }],
    producerName: 'veil scripts/build-model.ts',
    docString,
    graph,
  }).finish();
}
