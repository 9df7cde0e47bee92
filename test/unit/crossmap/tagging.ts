/**
 * Taggings for tests. `listTagging` reads every list and pattern hit as personal (English, no model): for tests
 * of what protection does with spans, which must not move when the model is trained again. `nodeTagger` is the
 * shipped model (onnxruntime-node), for tests of what the tagger reads.
 */
import { candidateSpans } from '../../../src/crossmap/candidates';
import type { Tagging } from '../../../src/crossmap/tagging';
import { loadNodeTagger } from '../../../src/crossmap/tagger/node';
import { plainWords } from '../../../src/crossmap/tagger/tagger';

export function listTagging(text: string): Tagging {
  return {
    language: { code: 'en', name: 'English', read: true },
    found: candidateSpans(text),
    personal: [{ start: 0, end: text.length, p: 1 }],
    general: 0,
    plain: plainWords(text, 'en'),
  };
}

export const listTag = async (text: string): Promise<Tagging> => listTagging(text);

let loaded: ReturnType<typeof loadNodeTagger> | undefined;
export function nodeTagger(): ReturnType<typeof loadNodeTagger> {
  return (loaded ??= loadNodeTagger());
}
