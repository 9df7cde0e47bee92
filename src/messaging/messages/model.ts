/** The models: which one releases use, installing one, private compose's language model (../contract.ts). */
import { z } from 'zod';
import type { ModelStatus } from '../../core/model-status';
import { message, none, PAGES } from './spec';

/** An embedding model the person may install instead of the bundled one. */
export interface ModelOption {
  id: string;
  label: string;
  /** Download size in bytes (approximate until downloaded). */
  bytes: number;
  installed: boolean;
}

export interface ModelInstall {
  model: string;
  state: 'downloading' | 'computing' | 'done' | 'failed' | 'cancelled';
  /** 0…1 when known. */
  progress: number | null;
  detail: string;
}

export interface ModelOverview {
  status: ModelStatus;
  /** The model releases use now. */
  active: string;
  bundled: string;
  options: ModelOption[];
  /** The latest download, while it runs and after it ends. */
  install: ModelInstall | null;
  /** Language models private compose may map with, and the one it uses (null: Veil's word lists). */
  generators: ModelOption[];
  generator: string | null;
}

export const modelMessages = {
  /** The model in use, its state (loading, ready on which backend, failed), and the models one may install. */
  'model.get': message<ModelOverview>()(none, PAGES),
  /** Download and install a model from the list, only after the person confirmed; progress via model.get. */
  'model.install': message<ModelOverview>()(
    z.strictObject({
      model: z.string().min(1).max(200),
      confirmed: z.literal(true, { error: 'needs your confirmation' }),
      /** Test builds only (refused otherwise): download from this server instead of the model hub. */
      source: z.url().optional(),
    }),
    PAGES,
  ),
  'model.cancelInstall': message<ModelOverview>()(none, PAGES),
  /** Use the bundled model or an installed one for releases from now on. */
  'model.use': message<ModelOverview>()(z.strictObject({ model: z.string().min(1).max(200) }), PAGES),
  /** Map private compose with an installed language model, or (null) with Veil's word lists. */
  'model.useGenerator': message<ModelOverview>()(z.strictObject({ model: z.string().min(1).max(200).nullable() }), PAGES),
} as const;
