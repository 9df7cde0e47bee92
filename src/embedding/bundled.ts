/** The model Veil ships (public/models/veil-glove-100d, built by scripts/build-model.ts). */
export const BUNDLED_MODEL_ID = 'veil-glove-100d';

/** The sentence encoder Veil ships (public/models/veil-use-lite, built by scripts/build-use-model.ts). */
export const ENCODER_MODEL_ID = 'veil-use-lite';
