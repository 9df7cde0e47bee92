/**
 * A local text-generation model through transformers.js, for the generative mapper (generative.ts): greedy
 * decoding of a prompt into text, on the device. This is the only CROSS-MAP module that imports
 * @huggingface/transformers. In this repository it is tested on a tiny model the project builds itself
 * (scripts/model/tiny-generator.ts); with a real instruct model its quality is unmeasured.
 *
 * ```ts
 * const generator = await TextGenerator.load('veil-tiny', { localModelPath: '/models/' });
 * await generator.generate('…'); // the model's continuation only
 * ```
 */
import { env, pipeline, type TextGenerationPipeline } from '@huggingface/transformers';
import { configureBrowserRuntime, type ModelFileCache } from '../embedding/transformers-embedder';

export interface TextGeneratorOptions {
  /** Folder (Node path or URL prefix) holding `<modelId>/config.json`, tokenizer and `onnx/model.onnx`. */
  localModelPath: string;
  maxNewTokens?: number;
  progress?: (info: unknown) => void;
  dtype?: 'fp32' | 'q4';
  /** In a browser: the shipped ONNX Runtime wasm, and the model's files as stored on the device. */
  wasmUrl?: string;
  fileCache?: ModelFileCache;
}

export class TextGenerator {
  private constructor(
    readonly id: string,
    private readonly pipe: TextGenerationPipeline,
    private readonly maxNewTokens: number,
  ) {}

  static async load(modelId: string, options: TextGeneratorOptions): Promise<TextGenerator> {
    env.localModelPath = options.localModelPath;
    env.allowLocalModels = true;
    // Never the hub: the person downloads a model through Veil, which stores it on the device first.
    env.allowRemoteModels = false;
    if (options.wasmUrl !== undefined) configureBrowserRuntime(options);
    const pipe = (await pipeline('text-generation', modelId, {
      local_files_only: true,
      dtype: options.dtype ?? 'fp32',
      ...(options.wasmUrl !== undefined ? { device: 'wasm' as const } : {}),
      ...(options.progress ? { progress_callback: options.progress } : {}),
    })) as TextGenerationPipeline;
    return new TextGenerator(modelId, pipe, options.maxNewTokens ?? 768);
  }

  async dispose(): Promise<void> {
    await this.pipe.dispose();
  }

  async generate(prompt: string): Promise<string> {
    const [out] = (await this.pipe(prompt, { max_new_tokens: this.maxNewTokens, do_sample: false, return_full_text: false })) as { generated_text: string }[];
    if (!out || typeof out.generated_text !== 'string') throw new Error('the model returned no text');
    return out.generated_text;
  }
}
