/**
 * Mappers: a prompt `x` → (theme τ, dictionary D, mapped text y). The offline mapper is deterministic given
 * its random source: it finds the sensitive spans (./detect.ts), takes each one's substitute from the
 * conversation's codebook (./codebook.ts) and writes them in place, leaving every other character as it
 * was, so the prompt keeps its structure and the answer can be mapped back (./recover.ts).
 */
import type { RandomSource } from '../core/contracts';
import { lookupKey, type CodebookState } from './codebook';
import type { DetectOptions } from './detect';
import { personHint } from './gender';
import type { SubstitutePools } from './pools';
import { substituteFor } from './stand-ins';
import type { MapResult, Span, SpanKind } from './types';
import { textBefore } from './words';

export interface MapContext extends DetectOptions {
  /** The conversation's codebook so far (a new conversation: `newCodebook`). */
  readonly codebook: CodebookState;
  /** 'compose': Veil's private compose box, whose stand-ins are its own (./stand-ins.ts). */
  readonly scope?: 'compose';
}

export interface MapOutcome {
  readonly result: MapResult;
  /** The codebook with this prompt's new pairs; store it for the conversation. */
  readonly codebook: CodebookState;
  /** The spans found in the original, in text order. */
  readonly spans: readonly Span[];
  /** Set by the generative mapper when it used the offline mapping instead: why. */
  readonly offlineBecause?: string;
}

export interface Mapper {
  readonly id: string;
  map(text: string, context: MapContext): Promise<MapOutcome>;
}

const SHAPED: readonly SpanKind[] = ['age', 'money', 'date', 'phone', 'id', 'email'];
const DETERMINER = /(?:^|[^\p{L}])(?:my|his|her|their|our|your|its|the|a|an|this|that|these|those)\s+$/iu;
const ARTICLE = /^(?:a|an|the)\s+/i;

/** Whether `start` begins a sentence (only spaces and quotes since the last . ! ? or the start). */
function sentenceStart(text: string, start: number): boolean {
  return /(?:^|[.!?]\s+|\n\s*)["'“(]?$/.test(text.slice(Math.max(0, start - 4), start)) || start === 0;
}

/**
 * The spans of `text` in its conversation: words the conversation already mapped are found again in any
 * case ("mia" after "Mia"); numbers are found by their shape, so a mapped age "7" does not claim every "7".
 */
export function detectInConversation(detect: (text: string, options: DetectOptions) => Span[], text: string, context: MapContext): Span[] {
  const words = context.codebook.entries.filter((e) => !SHAPED.includes(e.kind));
  return detect(text, { ...context, known: [...(context.known ?? []), ...words, ...(context.codebook.generalized ?? [])] });
}

/** Write `spans`' substitutes into `text`; returns the mapped text, the codebook and where each went. */
export function applySubstitutes(
  text: string,
  spans: readonly Span[],
  codebook: CodebookState,
  random: RandomSource,
  pools: SubstitutePools,
  scope?: 'compose',
): { mapped: string; codebook: CodebookState; replaced: MapResult['replaced'] } {
  let state = codebook;
  let mapped = '';
  let last = 0;
  const replaced: (Span & { original: string })[] = [];
  for (const span of spans) {
    const next = substituteFor(state, span, random, pools, text, {
      mode: 'crossmap',
      ...(scope ? { scope } : {}),
      ...(span.kind === 'person' ? personHint(text, span) : {}),
    });
    state = next.state;
    let substitute = next.substitute;
    const before = textBefore(text, span.start);
    // "my DUI" → "my boundary hedge dispute", not "my a boundary hedge dispute".
    if (DETERMINER.test(before)) substitute = substitute.replace(ARTICLE, '');
    if (sentenceStart(text, span.start)) substitute = substitute.charAt(0).toUpperCase() + substitute.slice(1);
    const possessive = /['’]s$/.exec(span.text)?.[0] ?? '';
    if (possessive && !substitute.endsWith(possessive)) substitute += possessive;
    mapped += text.slice(last, span.start);
    replaced.push({ start: mapped.length, end: mapped.length + substitute.length, text: substitute, kind: span.kind, original: span.text });
    mapped += substitute;
    last = span.end;
  }
  mapped += text.slice(last);
  return { mapped, codebook: state, replaced };
}

/** The dictionary of this prompt: the codebook's pairs for the spans it contains, once each. */
export function promptDictionary(codebook: CodebookState, spans: readonly Span[]): MapResult['dictionary'] {
  const keys = new Set(spans.map((s) => lookupKey(s.text)));
  return codebook.entries.filter((e) => keys.has(lookupKey(e.original)));
}

export function offlineMapper(random: RandomSource, pools: SubstitutePools, detect: (text: string, options: DetectOptions) => Span[]): Mapper {
  return {
    id: 'offline',
    async map(text, context) {
      const spans = detectInConversation(detect, text, context);
      const { mapped, codebook, replaced } = applySubstitutes(text, spans, context.codebook, random, pools, context.scope);
      return { result: { theme: codebook.theme, dictionary: promptDictionary(codebook, spans), mapped, replaced }, codebook, spans };
    },
  };
}
