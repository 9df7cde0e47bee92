/**
 * Private compose's language model in the model host (./local-host.ts): the one stored as active, loaded on
 * first use and kept for the process, its calls in the host's queue (one model call at a time).
 *
 * ```ts
 * const compose = new ComposeGenerator(deps, (task) => this.serially(task));   // in the host
 * await compose.generate('Reply with {}');   // refused when no language model is in use
 * ```
 */
import { TextGenerator } from '../crossmap/text-generator';
import type { ModelFileCache } from '../embedding/transformers-embedder';
import { readActiveGenerator } from '../storage/model-store';
import { generatorModel } from './catalog';
import type { LocalHostDeps } from './local-host-deps';
import { storedFileCache } from './model-files';

export class ComposeGenerator {
  /** Private compose's language model, loaded on first use. */
  private generator: { model: string; generator: TextGenerator } | undefined;

  constructor(
    private readonly deps: Pick<LocalHostDeps, 'db' | 'modelBase' | 'wasmUrl'>,
    /** The host's queue: model calls one at a time, in order. */
    private readonly serially: <T>(task: () => Promise<T>) => Promise<T>,
  ) {}

  /** The language model private compose uses (the one stored as active), loaded once per process. */
  async generate(prompt: string): Promise<string> {
    const active = await readActiveGenerator(this.deps.db);
    if (active === null) throw new Error('no language model is in use for private compose');
    return this.serially(async () => {
      if (this.generator?.model !== active) {
        await this.generator?.generator.dispose().catch(() => undefined);
        this.generator = undefined;
        this.generator = { model: active, generator: await this.loadGenerator(active, storedFileCache(this.deps.db, this.deps.modelBase, active)) };
      }
      return this.generator.generator.generate(prompt);
    });
  }

  loadGenerator(model: string, fileCache: ModelFileCache): Promise<TextGenerator> {
    const entry = generatorModel(model);
    return TextGenerator.load(model, {
      localModelPath: this.deps.modelBase,
      fileCache,
      ...(this.deps.wasmUrl ? { wasmUrl: this.deps.wasmUrl } : {}),
      ...(entry ? { dtype: entry.dtype } : {}),
    });
  }
}
