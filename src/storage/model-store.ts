/**
 * Which embedding model releases use, and the files and candidate embeddings of a model the person
 * downloaded (schema v4). All public model data: no personal value is stored here.
 *
 * ```ts
 * await putInstalledModel(db, 'Xenova/all-MiniLM-L6-v2', files, { header, body });  // one transaction
 * await setActiveModel(db, 'Xenova/all-MiniLM-L6-v2');
 * const bytes = await readModelFile(db, 'Xenova/all-MiniLM-L6-v2', 'onnx/model_quantized.onnx');
 * ```
 */
import { BUNDLED_MODEL_ID } from '../embedding/bundled';
import type { VeilDatabase } from './db';
import { Refusal } from './errors';
import { bumpRevision } from './revision';

/** The model releases use: the bundled one unless the person switched to an installed one. */
export async function readActiveModel(db: VeilDatabase): Promise<string> {
  const row: unknown = await db.meta.get('model');
  if (row === undefined) return BUNDLED_MODEL_ID;
  const active = (row as { active?: unknown }).active;
  if (typeof active !== 'string' || active === '') throw new Refusal('the stored choice of model is damaged');
  return active;
}

/**
 * Switch models; anything but the bundled model must be installed. Bumps the revision: scores change
 * with the model, so a release planned before the switch is planned again.
 */
export async function setActiveModel(db: VeilDatabase, model: string): Promise<void> {
  await db.transaction('rw', db.meta, db.modelFiles, db.candidateEmbeddings, async () => {
    if (model !== BUNDLED_MODEL_ID && !(await isInstalled(db, model))) throw new Refusal(`${model} is not installed`);
    if ((await readActiveModel(db)) === model) return;
    await db.meta.put({ id: 'model', active: model });
    await bumpRevision(db);
  });
}

async function isInstalled(db: VeilDatabase, model: string): Promise<boolean> {
  return (await db.candidateEmbeddings.get(model)) !== undefined && (await db.modelFiles.where('modelId').equals(model).count()) > 0;
}

/** Installed models: every file downloaded and the candidate embeddings computed. */
export async function installedModels(db: VeilDatabase): Promise<string[]> {
  return db.candidateEmbeddings.toCollection().primaryKeys();
}

/** Store a downloaded model whole (its files and the candidate embeddings computed for it), or nothing. */
export async function putInstalledModel(
  db: VeilDatabase,
  model: string,
  files: ReadonlyMap<string, Uint8Array>,
  candidates: { header: string; body: Uint8Array },
  now = Date.now(),
): Promise<void> {
  await db.transaction('rw', db.modelFiles, db.candidateEmbeddings, async () => {
    await db.modelFiles.where('modelId').equals(model).delete();
    await db.modelFiles.bulkPut([...files].map(([file, bytes]) => ({ modelId: model, file, bytes, storedAt: now })));
    await db.candidateEmbeddings.put({ modelId: model, header: candidates.header, body: candidates.body, storedAt: now });
  });
}

export async function readModelFile(db: VeilDatabase, model: string, file: string): Promise<Uint8Array | undefined> {
  return (await db.modelFiles.get([model, file]))?.bytes;
}

export async function readCandidateCache(db: VeilDatabase, model: string): Promise<{ header: string; body: Uint8Array } | undefined> {
  const row = await db.candidateEmbeddings.get(model);
  return row ? { header: row.header, body: row.body } : undefined;
}

/** The language model private compose maps with, or null (Veil's own word lists). */
export async function readActiveGenerator(db: VeilDatabase): Promise<string | null> {
  const row: unknown = await db.meta.get('generator');
  if (row === undefined) return null;
  const active = (row as { active?: unknown }).active;
  if (active !== null && (typeof active !== 'string' || active === '')) throw new Refusal('the stored choice of language model is damaged');
  return active;
}

/** Store a downloaded language model's files whole (no candidate embeddings: it does not score), and use it. */
export async function putInstalledGenerator(db: VeilDatabase, model: string, files: ReadonlyMap<string, Uint8Array>, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.modelFiles, db.meta, async () => {
    await db.modelFiles.where('modelId').equals(model).delete();
    await db.modelFiles.bulkPut([...files].map(([file, bytes]) => ({ modelId: model, file, bytes, storedAt: now })));
    await db.meta.put({ id: 'generator', active: model });
  });
}

/** Map with an installed language model (its files must be stored), or with none. */
export async function setActiveGenerator(db: VeilDatabase, model: string | null): Promise<void> {
  await db.transaction('rw', db.meta, db.modelFiles, async () => {
    if (model !== null && (await db.modelFiles.where('modelId').equals(model).count()) === 0) throw new Refusal(`${model} is not installed`);
    await db.meta.put({ id: 'generator', active: model });
  });
}

/** Installed language models (files stored, no candidate embeddings). */
export async function installedGenerators(db: VeilDatabase, ids: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const id of ids) if ((await db.modelFiles.where('modelId').equals(id).count()) > 0) out.push(id);
  return out;
}
