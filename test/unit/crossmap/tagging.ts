/**
 * Taggings for tests. `listTagging` reads every list and pattern hit as personal (English, no model): for tests
 * of what protection does with spans, which must not move when the model is trained again. `nodeTagger` is the
 * shipped model (onnxruntime-node), for tests of what the tagger reads.
 */
import { candidateSpans } from '../../../src/crossmap/candidates';
import type { Tagging } from '../../../src/crossmap/tagging';
import type { SpanKind } from '../../../src/crossmap/types';
import type { Found } from '../../../src/crossmap/settle';
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

/** What the tagger read, as given: each part (its first occurrence) found as its kind, the whole text personal (`found` open to more). */
export function taggerRead(text: string, code: string, parts: readonly (readonly [string, SpanKind])[], score = 0.9): Tagging & { found: Found[] } {
  return {
    language: { code, name: code, read: true },
    found: parts.map(([part, kind]) => ({
      start: text.indexOf(part),
      end: text.indexOf(part) + part.length,
      text: part,
      kind,
      source: 'tagger' as const,
      score,
    })),
    personal: [{ start: 0, end: text.length, p: 1 }],
    general: 0,
    plain: plainWords(text, code),
  };
}

export const listTag = async (text: string): Promise<Tagging> => listTagging(text);

let loaded: ReturnType<typeof loadNodeTagger> | undefined;
export function nodeTagger(): ReturnType<typeof loadNodeTagger> {
  return (loaded ??= loadNodeTagger());
}
