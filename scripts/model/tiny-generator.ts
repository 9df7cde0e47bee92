/**
 * A tiny text-generation model the project builds itself (issue 10: no instruct model can be downloaded
 * here), to test the generative mapper's plumbing end to end: transformers.js loads it as a GPT-2 causal LM
 * from a local folder, runs it on ONNX Runtime, and decodes what it generates. It is a bigram table: the
 * logits for the next token are one row of a matrix chosen by the current token, so greedy decoding walks
 * a fixed path and writes `tokens` whatever the prompt. Its output says nothing about the prompt: the
 * mapper must validate it and fall back (which is what the tests check).
 *
 * Files: config.json, generation_config.json, tokenizer.json (word level, whitespace), tokenizer_config.json,
 * onnx/model.onnx (Gather, opset 13).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

export function writeTinyGenerator(dir: string, tokens: readonly string[]): void {
  const vocab = ['<unk>', '</s>', ...new Set(tokens)];
  const id = new Map(vocab.map((t, i) => [t, i]));
  const V = vocab.length;
  // Row r: the logits after token r. Any token not on the path (the prompt's words are <unk>) starts it.
  const table = new Float32Array(V * V);
  const next = (from: number, to: number) => {
    table.fill(0, from * V, from * V + V);
    table[from * V + to] = 10;
  };
  for (let r = 0; r < V; r++) next(r, id.get(tokens[0]!)!);
  tokens.forEach((t, i) => next(id.get(t)!, i + 1 < tokens.length ? id.get(tokens[i + 1]!)! : 1));
  next(1, 1);

  const { DataType } = onnx.TensorProto;
  const dim = (d: string | number) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d });
  const info = (name: string, elemType: number, dims: (string | number)[]) => ({ name, type: { tensorType: { elemType, shape: { dim: dims.map(dim) } } } });
  const model = onnx.ModelProto.encode({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 13 }],
    producerName: 'veil scripts/model/tiny-generator.ts',
    graph: {
      name: 'bigram',
      initializer: [{ name: 'table', dims: [V, V], dataType: DataType.FLOAT, rawData: new Uint8Array(table.buffer) }],
      input: [info('input_ids', DataType.INT64, ['batch', 'sequence']), info('attention_mask', DataType.INT64, ['batch', 'sequence'])],
      output: [info('logits', DataType.FLOAT, ['batch', 'sequence', V])],
      node: [
        {
          opType: 'Gather',
          input: ['table', 'input_ids'],
          output: ['logits'],
          name: 'next',
          attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }],
        },
      ],
    },
  }).finish();

  mkdirSync(join(dir, 'onnx'), { recursive: true });
  writeFileSync(join(dir, 'onnx', 'model.onnx'), model);
  const json = (name: string, value: unknown) => writeFileSync(join(dir, name), JSON.stringify(value, null, 1));
  json('config.json', {
    model_type: 'gpt2',
    architectures: ['GPT2LMHeadModel'],
    vocab_size: V,
    n_layer: 0,
    n_head: 1,
    n_embd: 1,
    n_positions: 4096,
    bos_token_id: 1,
    eos_token_id: 1,
  });
  json('generation_config.json', { bos_token_id: 1, eos_token_id: 1, pad_token_id: 1 });
  json('tokenizer_config.json', {
    tokenizer_class: 'PreTrainedTokenizerFast',
    unk_token: '<unk>',
    eos_token: '</s>',
    bos_token: '</s>',
    model_max_length: 4096,
  });
  json('tokenizer.json', {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [
      { id: 0, content: '<unk>', single_word: false, lstrip: false, rstrip: false, normalized: false, special: true },
      { id: 1, content: '</s>', single_word: false, lstrip: false, rstrip: false, normalized: false, special: true },
    ],
    normalizer: null,
    pre_tokenizer: { type: 'WhitespaceSplit' },
    post_processor: null,
    decoder: null,
    model: { type: 'WordLevel', vocab: Object.fromEntries(vocab.map((t, i) => [t, i])), unk_token: '<unk>' },
  });
}
