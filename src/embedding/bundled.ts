/** The model Veil ships (public/models/veil-glove-100d, built by scripts/build-model.ts). */
export const BUNDLED_MODEL_ID = 'veil-glove-100d';
