/**
 * CROSS-MAP for Veil, free of browser APIs: the offline mapper with the public pools it draws from, the
 * recoverer, and message protection (./protect.ts). `createOfflineMapper(random)` is the themed mapping (the
 * compose box's explicit choice); `protectMessage` is what every reviewed send uses.
 */
import type { RandomSource } from '../core/contracts';
import { detectSpans } from './detect';
import { offlineMapper, type Mapper } from './mapper';
import { substitutePools } from './pools';

export { newCodebook, type CodebookState } from './codebook';
export { detectSpans, type DetectOptions } from './detect';
export type { MapContext, MapOutcome, Mapper } from './mapper';
export { SPECIAL_DECOYS, substitutePools } from './pools';
export { DEFAULT_TREATMENT } from './default-treatment';
export { protectMessage, type Mark, type Protected } from './protect';
export type { ProtectOptions, Treatment } from './protect-options';
export { generalizationFor } from './generalization-phrases';
export { protect, type ProtectAllOptions } from './long';
export { LONGEST, tooLong } from './too-long';
export { candidateSpans } from './candidates';
export { PRECEDENCE, settle, type Found, type Source } from './settle';
export type { Tagging } from './tagging';
export { cachedTagger, createTagger, type Tagger } from './tagger/tagger';
export { recover, type Recovered } from './recover';
export type { DictionaryEntry, MapResult, Span, SpanKind } from './types';
export { IDENTIFIER_KINDS, SPAN_KINDS, SPECIAL_KINDS } from './types';

export function createOfflineMapper(random: RandomSource): Mapper {
  return offlineMapper(random, substitutePools(), detectSpans);
}
