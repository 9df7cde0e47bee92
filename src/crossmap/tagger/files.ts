/** Where the message tagger sits among the bundled models (public/models), and its id in answers. */
export const TAGGER_MODEL_ID = 'veil-tagger';
export const TAGGER_FILE = `${TAGGER_MODEL_ID}/model.onnx`;
