/**
 * CROSS-MAP for Veil, free of browser APIs: the offline mapper with the public pools it draws from, and the
 * recoverer. `createOfflineMapper(random)` is what the CLI, the evaluation and the extension use.
 */
import places from '../../data/places.json';
import type { RandomSource } from '../core/contracts';
import { lazy } from '../domains/phrases';
import type { SubstitutePools } from './codebook';
import { detectSpans, lexiconList } from './detect';
import { offlineMapper, type Mapper } from './mapper';

export { newCodebook, type CodebookState } from './codebook';
export { detectSpans, type DetectOptions } from './detect';
export type { MapContext, MapOutcome, Mapper } from './mapper';
export { recover, type Recovered } from './recover';
export type { DictionaryEntry, MapResult, Span, SpanKind } from './types';

/** Substitute names (faker's English lists) and places (cities of 100,000+, data/places.json). */
export const substitutePools = lazy((): SubstitutePools => {
  const everyday = new Set(lexiconList('place-common'));
  return {
    givenNames: lexiconList('substitute-given'),
    familyNames: lexiconList('substitute-family'),
    // Cities whose name is not an everyday word ("Sale", "Mobile" would read as words).
    places: (places as string[][]).filter(([name, , kind]) => kind === 'c' && /^[\p{L} -]+$/u.test(name!) && !everyday.has(name!)).map(([name]) => name!),
  };
});

export function createOfflineMapper(random: RandomSource): Mapper {
  return offlineMapper(random, substitutePools(), detectSpans);
}
