/**
 * The models, the background's side: which embedding model releases use and which language model private
 * compose maps with, what may be installed, and a download's progress (the model host does the work).
 */
import { BUNDLED_MODEL_ID } from '../embedding/bundled';
import type { ModelOverview } from '../messaging/contract';
import { catalog, generatorCatalog } from '../model-host/catalog';
import type { ModelHost } from '../model-host/host';
import type { VeilDatabase } from '../storage/db';
import { Refusal } from '../storage/errors';
import { installedGenerators, installedModels, readActiveGenerator, readActiveModel, setActiveGenerator, setActiveModel } from '../storage/model-store';

export function createModelService({ db, model, allowModelSource }: { db: VeilDatabase; model: ModelHost; allowModelSource: boolean }) {
  async function overview(): Promise<ModelOverview> {
    const generators = generatorCatalog();
    const [status, active, installed, install, generatorsInstalled, generator] = await Promise.all([
      model.status(),
      readActiveModel(db),
      installedModels(db),
      model.install(),
      installedGenerators(
        db,
        generators.map((g) => g.id),
      ),
      readActiveGenerator(db),
    ]);
    const option = (installedIds: string[]) => (m: { id: string; label: string; files: readonly { bytes: number }[] }) => ({
      id: m.id,
      label: m.label,
      bytes: m.files.reduce((s, f) => s + f.bytes, 0),
      installed: installedIds.includes(m.id),
    });
    return {
      status,
      active,
      bundled: BUNDLED_MODEL_ID,
      options: catalog().map(option(installed)),
      install,
      generators: generators.map(option(generatorsInstalled)),
      generator,
    };
  }

  return {
    overview,
    /** Start a download the person confirmed (the contract requires it); `source` only in a test build. */
    async install(id: string, source?: string): Promise<ModelOverview> {
      if (source !== undefined && !allowModelSource) throw new Refusal('a download server can only be named in a test build');
      await model.startInstall(id, source);
      return overview();
    },
    async cancelInstall(): Promise<ModelOverview> {
      await model.cancelInstall();
      return overview();
    },
    async useGenerator(id: string | null): Promise<ModelOverview> {
      await setActiveGenerator(db, id);
      return overview();
    },
    async use(id: string): Promise<ModelOverview> {
      await setActiveModel(db, id);
      await model.reload();
      return overview();
    },
  };
}
